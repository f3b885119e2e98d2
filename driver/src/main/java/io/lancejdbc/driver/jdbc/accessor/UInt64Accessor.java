package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import org.apache.arrow.vector.UInt8Vector;

/**
 * uint64 → DECIMAL(20,0) read as {@link BigDecimal} (the JDBC class of DECIMAL; {@code getObject(i,
 * BigInteger.class)} gives the integer). {@code getLong} works up to {@link Long#MAX_VALUE} and fails with 22003
 * above it, rather than returning a negative number.
 */
public final class UInt64Accessor extends ArrowAccessor {
    private final UInt8Vector vector;

    UInt64Accessor(UInt8Vector vector, String column) {
        super(vector, column, ArrowTypeMapping.UINT64);
        this.vector = vector;
    }

    private long raw(int row) {
        return vector.get(row);
    }

    @Override
    public long getLong(int row) throws SQLException {
        long raw = raw(row);
        if (raw < 0) {
            throw outOfRange(Long.toUnsignedString(raw), "long; read it with getBigDecimal or getObject(i, "
                    + "BigInteger.class)");
        }
        return raw;
    }

    @Override
    public double getDouble(int row) {
        long raw = raw(row);
        // Two halves, because the unsigned value does not fit a signed long.
        return raw >= 0 ? raw : ((raw >>> 1) * 2.0 + (raw & 1));
    }

    @Override
    public BigDecimal getBigDecimal(int row) {
        long raw = raw(row);
        return raw >= 0 ? BigDecimal.valueOf(raw) : new BigDecimal(new BigInteger(Long.toUnsignedString(raw)));
    }

    @Override
    public boolean getBoolean(int row) {
        return raw(row) != 0;
    }

    @Override
    public String getString(int row) {
        return Long.toUnsignedString(raw(row));
    }

    @Override
    public Object getObject(int row) {
        return getBigDecimal(row);
    }

    @Override
    public void appendNested(StringBuilder out, int row) {
        out.append(getString(row));
    }
}
