package io.lancejdbc.driver.jdbc;

import java.sql.Types;

/**
 * How one column (or parameter) looks through JDBC: the {@link Types} code, the type name, the sizes JDBC asks
 * for and the Java class {@code getObject} returns.
 *
 * @param jdbcType a {@link Types} constant
 * @param typeName the SQL type name ({@code INTEGER}, {@code DECIMAL}, {@code ARRAY<REAL>}, ...); never null
 * @param precision decimal digits for numbers, characters for text and date/time values, bytes for binary,
 *     0 when not applicable (JDBC {@code COLUMN_SIZE} / {@code getPrecision})
 * @param scale digits after the decimal point for DECIMAL, fractional-second digits for TIME and TIMESTAMP, else 0
 * @param displaySize the widest rendering of a value by {@code getString}, in characters
 * @param javaClass the class {@code getObject} returns, e.g. {@code java.time.LocalDate}
 * @param signed true for signed numbers
 * @param numeric true when {@code NUM_PREC_RADIX} is 10 (numbers)
 * @param textual true when values are characters or bytes (they have a {@code CHAR_OCTET_LENGTH})
 */
public record ColumnType(
        int jdbcType,
        String typeName,
        int precision,
        int scale,
        int displaySize,
        Class<?> javaClass,
        boolean signed,
        boolean numeric,
        boolean textual) {

    /** The name {@code ResultSetMetaData.getColumnClassName} reports ({@code [B} for byte arrays). */
    public String className() {
        return javaClass.getName();
    }

    /** True for the date/time types whose {@code DECIMAL_DIGITS} is a fractional-seconds precision. */
    public boolean temporal() {
        return jdbcType == Types.DATE || jdbcType == Types.TIME || jdbcType == Types.TIMESTAMP
                || jdbcType == Types.TIMESTAMP_WITH_TIMEZONE;
    }

    /** The type as written in SQL text: the type name, with {@code (p,s)} for DECIMAL and {@code (n)} for BINARY. */
    public String sqlName() {
        if (jdbcType == Types.DECIMAL) {
            return "DECIMAL(" + precision + "," + scale + ")";
        }
        if (jdbcType == Types.BINARY) {
            return "BINARY(" + precision + ")";
        }
        return typeName;
    }
}
