package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.ColumnType;
import io.lancejdbc.engine.types.FloatText;
import java.math.BigDecimal;
import java.sql.SQLException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;

/**
 * float16 and float32 → REAL ({@code getObject} a Float), float64 → DOUBLE (a Double). {@code getLong} and the
 * other integer getters truncate toward zero and fail with 22003 for NaN, infinities and values out of range;
 * {@code getBigDecimal} uses the shortest decimal that reads back as the same float (0.1f is 0.1, 1.0E23 is 1E+23), and
 * {@code getString} the text {@code CAST(x AS VARCHAR)} gives: both from {@link FloatText}.
 */
public abstract class FloatingAccessor extends ArrowAccessor {
    FloatingAccessor(FieldVector vector, String column, ColumnType type) {
        super(vector, column, type);
    }

    @Override
    public abstract double getDouble(int row);

    @Override
    public abstract String getString(int row);

    @Override
    public final long getLong(int row) throws SQLException {
        double d = getDouble(row);
        // Compare against 2^63 as a double: Long.MAX_VALUE itself is not representable.
        if (Double.isNaN(d) || d >= 0x1p63 || d < -0x1p63) {
            throw outOfRange(getString(row), "long");
        }
        return (long) d;
    }

    @Override
    public final boolean getBoolean(int row) {
        return getDouble(row) != 0;
    }

    @Override
    public final void appendNested(StringBuilder out, int row) {
        out.append(getString(row));
    }

    public final SQLException notFinite(int row) {
        return outOfRange(getString(row), "BigDecimal");
    }

    /** float16 and float32: the value is a float. */
    abstract static class OfReal extends FloatingAccessor {
        OfReal(FieldVector vector, String column) {
            super(vector, column, ArrowTypeMapping.REAL);
        }

        @Override
        public abstract float getFloat(int row);

        @Override
        public final double getDouble(int row) {
            return getFloat(row);
        }

        @Override
        public final BigDecimal getBigDecimal(int row) throws SQLException {
            float f = getFloat(row);
            if (!Float.isFinite(f)) {
                throw notFinite(row);
            }
            return FloatText.shortestDecimal(f);
        }

        @Override
        public final String getString(int row) {
            return FloatText.format(getFloat(row));
        }

        @Override
        public final Object getObject(int row) {
            return getFloat(row);
        }
    }

    static final class OfFloat2 extends OfReal {
        private final Float2Vector vector;

        OfFloat2(Float2Vector vector, String column) {
            super(vector, column);
            this.vector = vector;
        }

        @Override
        public float getFloat(int row) {
            return vector.getValueAsFloat(row);
        }
    }

    static final class OfFloat4 extends OfReal {
        private final ArrowBuf data;

        OfFloat4(Float4Vector vector, String column) {
            super(vector, column);
            this.data = vector.getDataBuffer();
        }

        @Override
        public float getFloat(int row) {
            return Float4Vector.get(data, row);
        }
    }

    static final class OfFloat8 extends FloatingAccessor {
        private final ArrowBuf data;

        OfFloat8(Float8Vector vector, String column) {
            super(vector, column, ArrowTypeMapping.DOUBLE);
            this.data = vector.getDataBuffer();
        }

        @Override
        public double getDouble(int row) {
            return Float8Vector.get(data, row);
        }

        @Override
        public BigDecimal getBigDecimal(int row) throws SQLException {
            double d = getDouble(row);
            if (!Double.isFinite(d)) {
                throw notFinite(row);
            }
            return FloatText.shortestDecimal(d);
        }

        @Override
        public String getString(int row) {
            return FloatText.format(getDouble(row));
        }

        @Override
        public Object getObject(int row) {
            return getDouble(row);
        }
    }
}
