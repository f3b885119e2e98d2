package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import java.math.BigDecimal;
import org.apache.arrow.vector.BitVector;

/** bool → BOOLEAN; numeric getters read true as 1 and false as 0. */
public final class BooleanAccessor extends ArrowAccessor {
    private final BitVector vector;

    BooleanAccessor(BitVector vector, String column) {
        super(vector, column, ArrowTypeMapping.BOOLEAN);
        this.vector = vector;
    }

    @Override
    public boolean getBoolean(int row) {
        return vector.get(row) != 0;
    }

    @Override
    public Object getObject(int row) {
        return getBoolean(row);
    }

    @Override
    public String getString(int row) {
        return getBoolean(row) ? "true" : "false";
    }

    @Override
    public long getLong(int row) {
        return vector.get(row);
    }

    @Override
    public double getDouble(int row) {
        return vector.get(row);
    }

    @Override
    public BigDecimal getBigDecimal(int row) {
        return getBoolean(row) ? BigDecimal.ONE : BigDecimal.ZERO;
    }

    @Override
    public void appendNested(StringBuilder out, int row) {
        out.append(getString(row));
    }
}
