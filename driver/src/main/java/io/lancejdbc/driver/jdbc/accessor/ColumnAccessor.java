package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ColumnType;
import io.lancejdbc.driver.jdbc.NestedText;
import io.lancejdbc.driver.jdbc.SqlExceptions;
import io.lancejdbc.driver.jdbc.TemporalConversions;
import io.lancejdbc.engine.SqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Calendar;

/**
 * Reads one column of the current batch for the {@code ResultSet} getters: one accessor object per column and
 * batch, reading row {@code row} straight from its Arrow vector (or, for in-memory results, from a Java array),
 * so that {@code getLong}/{@code getDouble}/{@code getString} box nothing on the way.
 *
 * <p>Callers check {@link #isNull} first; every other method assumes a non-null value. The defaults here reject
 * a conversion with SQLState 07006; subclasses override what their type supports. Range failures are 22003,
 * unparsable text 22018.
 */
public abstract class ColumnAccessor {
    /** The column label, for messages. */
    public final String column;
    public final ColumnType type;

    ColumnAccessor(String column, ColumnType type) {
        this.column = column;
        this.type = type;
    }

    public abstract boolean isNull(int row);

    /** The value as the class {@link ColumnType#className()} names. */
    public abstract Object getObject(int row) throws SQLException;

    public String getString(int row) throws SQLException {
        return String.valueOf(getObject(row));
    }

    public boolean getBoolean(int row) throws SQLException {
        throw conversion("boolean");
    }

    public long getLong(int row) throws SQLException {
        throw conversion("long");
    }

    public int getInt(int row) throws SQLException {
        long v = getLong(row);
        if ((int) v != v) {
            throw outOfRange(Long.toString(v), "int");
        }
        return (int) v;
    }

    public short getShort(int row) throws SQLException {
        long v = getLong(row);
        if ((short) v != v) {
            throw outOfRange(Long.toString(v), "short");
        }
        return (short) v;
    }

    public byte getByte(int row) throws SQLException {
        long v = getLong(row);
        if ((byte) v != v) {
            throw outOfRange(Long.toString(v), "byte");
        }
        return (byte) v;
    }

    public double getDouble(int row) throws SQLException {
        throw conversion("double");
    }

    public float getFloat(int row) throws SQLException {
        double d = getDouble(row);
        float f = (float) d;
        if (Float.isInfinite(f) && !Double.isInfinite(d)) {
            throw outOfRange(Double.toString(d), "float");
        }
        return f;
    }

    public BigDecimal getBigDecimal(int row) throws SQLException {
        throw conversion("BigDecimal");
    }

    public byte[] getBytes(int row) throws SQLException {
        throw conversion("byte[]");
    }

    public LocalDate getLocalDate(int row) throws SQLException {
        throw conversion("LocalDate");
    }

    public LocalTime getLocalTime(int row) throws SQLException {
        throw conversion("LocalTime");
    }

    public LocalDateTime getLocalDateTime(int row) throws SQLException {
        throw conversion("LocalDateTime");
    }

    public OffsetDateTime getOffsetDateTime(int row) throws SQLException {
        throw conversion("OffsetDateTime");
    }

    public ZonedDateTime getZonedDateTime(int row) throws SQLException {
        return getOffsetDateTime(row).toZonedDateTime();
    }

    /** Only values that are instants (zoned timestamps) convert; a naive timestamp has no instant. */
    public Instant getInstant(int row) throws SQLException {
        throw conversion("Instant");
    }

    public Array getArray(int row) throws SQLException {
        throw conversion("java.sql.Array");
    }

    /** A list value as a primitive array ({@code float[]}, {@code double[]}, {@code long[]}, {@code int[]}). */
    public Object getPrimitiveArray(int row, Class<?> arrayClass) throws SQLException {
        throw conversion(arrayClass.getSimpleName());
    }

    /** {@code java.sql.Date} at midnight of the value's date in the calendar's zone (JVM zone when null). */
    public Date getDate(int row, Calendar calendar) throws SQLException {
        return TemporalConversions.toSqlDate(getLocalDate(row), calendar);
    }

    public Time getTime(int row, Calendar calendar) throws SQLException {
        return TemporalConversions.toSqlTime(getLocalTime(row), calendar);
    }

    /** A naive value is read as a wall-clock time in the calendar's zone (JVM zone when null). */
    public Timestamp getTimestamp(int row, Calendar calendar) throws SQLException {
        return TemporalConversions.toSqlTimestamp(getLocalDateTime(row), calendar);
    }

    /** Appends the value as it appears inside a rendered ARRAY, STRUCT or MAP: text quoted, numbers bare. */
    public void appendNested(StringBuilder out, int row) throws SQLException {
        NestedText.appendQuoted(out, getString(row));
    }

    /** {@code ResultSet.getObject(int, Class)}: JDBC 4.2 target classes plus primitive arrays for vectors. */
    public Object getObject(int row, Class<?> target) throws SQLException {
        if (target == String.class) {
            return getString(row);
        } else if (target == Boolean.class) {
            return getBoolean(row);
        } else if (target == Integer.class) {
            return getInt(row);
        } else if (target == Long.class) {
            return getLong(row);
        } else if (target == Short.class) {
            return getShort(row);
        } else if (target == Byte.class) {
            return getByte(row);
        } else if (target == Double.class) {
            return getDouble(row);
        } else if (target == Float.class) {
            return getFloat(row);
        } else if (target == BigDecimal.class) {
            return getBigDecimal(row);
        } else if (target == BigInteger.class) {
            return getBigDecimal(row).setScale(0, RoundingMode.DOWN).toBigIntegerExact();
        } else if (target == byte[].class) {
            return getBytes(row);
        } else if (target == LocalDate.class) {
            return getLocalDate(row);
        } else if (target == LocalTime.class) {
            return getLocalTime(row);
        } else if (target == LocalDateTime.class) {
            return getLocalDateTime(row);
        } else if (target == OffsetDateTime.class) {
            return getOffsetDateTime(row);
        } else if (target == ZonedDateTime.class) {
            return getZonedDateTime(row);
        } else if (target == Instant.class) {
            return getInstant(row);
        } else if (target == Date.class) {
            return getDate(row, null);
        } else if (target == Time.class) {
            return getTime(row, null);
        } else if (target == Timestamp.class || target == java.util.Date.class) {
            return getTimestamp(row, null);
        } else if (target == Array.class) {
            return getArray(row);
        } else if (target.isArray() && target.getComponentType().isPrimitive() && target != byte[].class) {
            return getPrimitiveArray(row, target);
        }
        Object value = getObject(row);
        if (target.isInstance(value)) {
            return value;
        }
        throw conversion(target.getName());
    }

    public final SQLException conversion(String target) {
        return SqlExceptions.of(SqlExceptions.INVALID_CONVERSION,
                "Cannot read column '" + column + "' of type " + type.sqlName() + " as " + target);
    }

    public final SQLException outOfRange(String value, String target) {
        return SqlExceptions.of(SqlState.NUMERIC_OUT_OF_RANGE,
                "Value " + value + " of column '" + column + "' is out of range for " + target);
    }

    public final SQLException unparsable(String value, String target) {
        String shown = value.length() > 64 ? value.substring(0, 64) + "..." : value;
        return SqlExceptions.of(SqlState.INVALID_CAST,
                "Value '" + shown + "' of column '" + column + "' is not a valid " + target);
    }
}
