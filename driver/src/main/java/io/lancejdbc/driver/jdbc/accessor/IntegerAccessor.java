package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.ColumnType;
import java.math.BigDecimal;
import java.sql.Types;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;

/**
 * Integer vectors up to 64 signed or 32 unsigned bits; each subclass reads its vector's buffer directly. The
 * value always fits a Java long: unsigned values are widened (uint8 → SMALLINT, uint16 → INTEGER, uint32 →
 * BIGINT), so {@code getObject} is an Integer for TINYINT/SMALLINT/INTEGER and a Long for BIGINT.
 */
public abstract class IntegerAccessor extends ArrowAccessor {
    private final boolean boxAsLong;

    IntegerAccessor(FieldVector vector, String column, ColumnType type) {
        super(vector, column, type);
        this.boxAsLong = type.jdbcType() == Types.BIGINT;
    }

    /** The value of {@code row}, widened to long. */
    public abstract long value(int row);

    @Override
    public final long getLong(int row) {
        return value(row);
    }

    @Override
    public final double getDouble(int row) {
        return value(row);
    }

    @Override
    public final BigDecimal getBigDecimal(int row) {
        return BigDecimal.valueOf(value(row));
    }

    @Override
    public final boolean getBoolean(int row) {
        return value(row) != 0;
    }

    @Override
    public final String getString(int row) {
        return Long.toString(value(row));
    }

    @Override
    public final Object getObject(int row) {
        long v = value(row);
        return boxAsLong ? (Object) v : (Object) (int) v;
    }

    @Override
    public final void appendNested(StringBuilder out, int row) {
        out.append(value(row));
    }

    static final class OfTinyInt extends IntegerAccessor {
        private final ArrowBuf data;

        OfTinyInt(TinyIntVector vector, String column) {
            super(vector, column, ArrowTypeMapping.TINYINT);
            this.data = vector.getDataBuffer();
        }

        @Override
        public long value(int row) {
            return TinyIntVector.get(data, row);
        }
    }

    static final class OfSmallInt extends IntegerAccessor {
        private final ArrowBuf data;

        OfSmallInt(SmallIntVector vector, String column) {
            super(vector, column, ArrowTypeMapping.SMALLINT);
            this.data = vector.getDataBuffer();
        }

        @Override
        public long value(int row) {
            return SmallIntVector.get(data, row);
        }
    }

    static final class OfInt extends IntegerAccessor {
        private final ArrowBuf data;

        OfInt(IntVector vector, String column) {
            super(vector, column, ArrowTypeMapping.INTEGER);
            this.data = vector.getDataBuffer();
        }

        @Override
        public long value(int row) {
            return IntVector.get(data, row);
        }
    }

    static final class OfBigInt extends IntegerAccessor {
        private final ArrowBuf data;

        OfBigInt(BigIntVector vector, String column) {
            super(vector, column, ArrowTypeMapping.BIGINT);
            this.data = vector.getDataBuffer();
        }

        @Override
        public long value(int row) {
            return BigIntVector.get(data, row);
        }
    }

    static final class OfUInt1 extends IntegerAccessor {
        private final UInt1Vector vector;

        OfUInt1(UInt1Vector vector, String column) {
            super(vector, column, ArrowTypeMapping.SMALLINT);
            this.vector = vector;
        }

        @Override
        public long value(int row) {
            return vector.getValueAsLong(row);
        }
    }

    static final class OfUInt2 extends IntegerAccessor {
        private final ArrowBuf data;

        OfUInt2(UInt2Vector vector, String column) {
            super(vector, column, ArrowTypeMapping.INTEGER);
            this.data = vector.getDataBuffer();
        }

        @Override
        public long value(int row) {
            return UInt2Vector.get(data, row);
        }
    }

    static final class OfUInt4 extends IntegerAccessor {
        private final UInt4Vector vector;

        OfUInt4(UInt4Vector vector, String column) {
            super(vector, column, ArrowTypeMapping.BIGINT);
            this.vector = vector;
        }

        @Override
        public long value(int row) {
            return vector.getValueAsLong(row);
        }
    }
}
