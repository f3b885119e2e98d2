package io.lancejdbc.driver.jdbc;

import java.math.BigDecimal;
import org.apache.arrow.vector.BitVector;

/** bool → BOOLEAN; numeric getters read true as 1 and false as 0. */
final class BooleanAccessor extends ArrowAccessor {
    private final BitVector vector;

    BooleanAccessor(BitVector vector, String column) {
        super(vector, column, ArrowTypeMapping.BOOLEAN);
        this.vector = vector;
    }

    @Override
    boolean getBoolean(int row) {
        return vector.get(row) != 0;
    }

    @Override
    Object getObject(int row) {
        return getBoolean(row);
    }

    @Override
    String getString(int row) {
        return getBoolean(row) ? "true" : "false";
    }

    @Override
    long getLong(int row) {
        return vector.get(row);
    }

    @Override
    double getDouble(int row) {
        return vector.get(row);
    }

    @Override
    BigDecimal getBigDecimal(int row) {
        return getBoolean(row) ? BigDecimal.ONE : BigDecimal.ZERO;
    }

    @Override
    void appendNested(StringBuilder out, int row) {
        out.append(getString(row));
    }
}
