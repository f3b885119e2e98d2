package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import org.apache.arrow.vector.FieldVector;

/**
 * decimal128 and decimal256 → DECIMAL(p,s): {@code getBigDecimal} returns the value with exactly scale s
 * ({@code 1.50} stays {@code 1.50}); integer getters truncate toward zero and fail with 22003 when out of range.
 */
public final class DecimalAccessor extends ArrowAccessor {
    private final FieldVector vector;

    DecimalAccessor(FieldVector vector, String column) {
        super(vector, column, ArrowTypeMapping.of(vector.getField()));
        this.vector = vector;
    }

    @Override
    public BigDecimal getBigDecimal(int row) {
        // DecimalVector and Decimal256Vector both return a BigDecimal carrying the vector's scale.
        return (BigDecimal) vector.getObject(row);
    }

    @Override
    public Object getObject(int row) {
        return getBigDecimal(row);
    }

    @Override
    public long getLong(int row) throws SQLException {
        BigDecimal v = getBigDecimal(row);
        try {
            return v.setScale(0, RoundingMode.DOWN).longValueExact();
        } catch (ArithmeticException e) {
            throw outOfRange(v.toPlainString(), "long");
        }
    }

    @Override
    public double getDouble(int row) {
        return getBigDecimal(row).doubleValue();
    }

    @Override
    public boolean getBoolean(int row) {
        return getBigDecimal(row).signum() != 0;
    }

    @Override
    public String getString(int row) {
        return getBigDecimal(row).toPlainString();
    }

    @Override
    public void appendNested(StringBuilder out, int row) {
        out.append(getString(row));
    }
}
