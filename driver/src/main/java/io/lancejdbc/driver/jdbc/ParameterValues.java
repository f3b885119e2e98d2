package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.types.FloatText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Calendar;
import java.util.Locale;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Turns the values of {@code PreparedStatement} setters into {@link ParameterValue}s, typed the way the engine
 * types literals (see the {@link ParameterValue} class comment for the Java value of each Arrow type).
 *
 * <p>Date/time rules (JDBC 4.2): {@code java.sql.Date/Time/Timestamp} are read in the Calendar's zone, or the JVM
 * default zone without one, giving a zone-less LocalDate/LocalTime/LocalDateTime, except that a Date or Timestamp
 * compared with a zoned timestamp binds as its instant (the context-aware overloads); {@code OffsetDateTime},
 * {@code ZonedDateTime} and {@code Instant} are instants (a timestamp with zone UTC). Sub-microsecond digits keep a
 * nanosecond unit; other values use microseconds. Vectors bind as {@code float[]}/{@code double[]} with a
 * FixedSizeList type of their length. A value the driver cannot bind is 22023 (invalid parameter value), not
 * 0A000: pools evict a connection on 0A000, and the statement, not the connection, is at fault.
 */
final class ParameterValues {
    static final ArrowType NULL = ArrowType.Null.INSTANCE;
    static final ArrowType BOOL = ArrowType.Bool.INSTANCE;
    static final ArrowType INT8 = new ArrowType.Int(8, true);
    static final ArrowType INT16 = new ArrowType.Int(16, true);
    static final ArrowType INT32 = new ArrowType.Int(32, true);
    static final ArrowType INT64 = new ArrowType.Int(64, true);
    static final ArrowType UINT64 = new ArrowType.Int(64, false);
    static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
    static final ArrowType FLOAT64 = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
    static final ArrowType BINARY = ArrowType.Binary.INSTANCE;
    static final ArrowType DATE = new ArrowType.Date(DateUnit.DAY);
    static final ArrowType TIME_MILLI = new ArrowType.Time(TimeUnit.MILLISECOND, 32);
    static final ArrowType TIME_MICRO = new ArrowType.Time(TimeUnit.MICROSECOND, 64);
    static final ArrowType TIME_NANO = new ArrowType.Time(TimeUnit.NANOSECOND, 64);
    static final ArrowType TIMESTAMP_MICRO = new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
    static final ArrowType TIMESTAMP_NANO = new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
    static final ArrowType INSTANT_MICRO = new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
    static final ArrowType INSTANT_NANO = new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC");
    private static final BigInteger UINT64_LIMIT = BigInteger.ONE.shiftLeft(64);

    private ParameterValues() {
    }

    /** A NULL typed by a {@link Types} code ({@code setNull}); OTHER, NULL and unknown codes give an untyped NULL. */
    static ParameterValue nullOf(int sqlType) {
        return new ParameterValue(null, arrowTypeOf(sqlType));
    }

    static ArrowType arrowTypeOf(int sqlType) {
        switch (sqlType) {
            case Types.BIT:
            case Types.BOOLEAN:
                return BOOL;
            case Types.TINYINT:
                return INT8;
            case Types.SMALLINT:
                return INT16;
            case Types.INTEGER:
                return INT32;
            case Types.BIGINT:
                return INT64;
            case Types.REAL:
                return FLOAT32;
            case Types.FLOAT:
            case Types.DOUBLE:
                return FLOAT64;
            case Types.DECIMAL:
            case Types.NUMERIC:
                return new ArrowType.Decimal(38, 0, 128);
            case Types.CHAR:
            case Types.VARCHAR:
            case Types.LONGVARCHAR:
            case Types.NCHAR:
            case Types.NVARCHAR:
            case Types.LONGNVARCHAR:
            case Types.CLOB:
            case Types.NCLOB:
                return UTF8;
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
            case Types.BLOB:
                return BINARY;
            case Types.DATE:
                return DATE;
            case Types.TIME:
                return TIME_MICRO;
            case Types.TIMESTAMP:
                return TIMESTAMP_MICRO;
            case Types.TIMESTAMP_WITH_TIMEZONE:
                return INSTANT_MICRO;
            case Types.ARRAY:
                return ArrowType.List.INSTANCE;
            default:
                return NULL;
        }
    }

    /**
     * {@code setObject(i, x)} for a {@code ?} whose context type is {@code context}: as {@link #of(Object, int)},
     * except that {@code java.sql.Date}, {@code Timestamp} and {@code java.util.Date} take their context's side (see
     * {@link #ofTimestamp(Timestamp, Calendar, ArrowType)}).
     */
    static ParameterValue of(Object x, int index, ArrowType context) throws SQLException {
        if (x instanceof java.sql.Date) {
            return ofDate((java.sql.Date) x, null, context);
        } else if (x instanceof Timestamp) {
            return ofTimestamp((Timestamp) x, null, context);
        } else if (x instanceof java.util.Date && !(x instanceof Time)) {
            return ofTimestamp(new Timestamp(((java.util.Date) x).getTime()), null, context);
        }
        return of(x, index);
    }

    /** {@code setObject(i, x)}: the type follows the value's class. */
    static ParameterValue of(Object x, int index) throws SQLException {
        if (x == null) {
            return new ParameterValue(null, NULL);
        } else if (x instanceof Boolean) {
            return new ParameterValue(x, BOOL);
        } else if (x instanceof Byte) {
            return new ParameterValue(((Byte) x).longValue(), INT8);
        } else if (x instanceof Short) {
            return new ParameterValue(((Short) x).longValue(), INT16);
        } else if (x instanceof Integer) {
            return new ParameterValue(((Integer) x).longValue(), INT32);
        } else if (x instanceof Long) {
            return new ParameterValue(x, INT64);
        } else if (x instanceof BigInteger) {
            return ofBigInteger((BigInteger) x, index);
        } else if (x instanceof Float) {
            return new ParameterValue(x, FLOAT32);
        } else if (x instanceof Double) {
            return new ParameterValue(x, FLOAT64);
        } else if (x instanceof BigDecimal) {
            return ofDecimal((BigDecimal) x, index);
        } else if (x instanceof String) {
            return new ParameterValue(x, UTF8);
        } else if (x instanceof Character) {
            return new ParameterValue(x.toString(), UTF8);
        } else if (x instanceof byte[]) {
            return new ParameterValue(((byte[]) x).clone(), BINARY);
        } else if (x instanceof java.sql.Date) {
            return ofDate((java.sql.Date) x, null);
        } else if (x instanceof Time) {
            return ofTime((Time) x, null);
        } else if (x instanceof Timestamp) {
            return ofTimestamp((Timestamp) x, null);
        } else if (x instanceof java.util.Date) {
            return ofTimestamp(new Timestamp(((java.util.Date) x).getTime()), null);
        } else if (x instanceof LocalDate) {
            return new ParameterValue(x, DATE);
        } else if (x instanceof LocalTime) {
            LocalTime t = (LocalTime) x;
            return new ParameterValue(t, t.getNano() % 1000 == 0 ? TIME_MICRO : TIME_NANO);
        } else if (x instanceof LocalDateTime) {
            LocalDateTime t = (LocalDateTime) x;
            return new ParameterValue(t, t.getNano() % 1000 == 0 ? TIMESTAMP_MICRO : TIMESTAMP_NANO);
        } else if (x instanceof Instant) {
            Instant t = (Instant) x;
            return new ParameterValue(t, t.getNano() % 1000 == 0 ? INSTANT_MICRO : INSTANT_NANO);
        } else if (x instanceof OffsetDateTime) {
            return of(((OffsetDateTime) x).toInstant(), index);
        } else if (x instanceof ZonedDateTime) {
            return of(((ZonedDateTime) x).toInstant(), index);
        } else if (x instanceof float[]) {
            float[] v = ((float[]) x).clone();
            return new ParameterValue(v, new ArrowType.FixedSizeList(v.length));
        } else if (x instanceof double[]) {
            double[] v = ((double[]) x).clone();
            return new ParameterValue(v, new ArrowType.FixedSizeList(v.length));
        } else if (x instanceof Float[] || x instanceof Double[]) {
            return ofElements((Object[]) x, x instanceof Float[] ? Types.REAL : Types.DOUBLE, index);
        } else if (x instanceof Array) {
            return ofArray((Array) x, index);
        }
        throw SqlExceptions.of(SqlState.INVALID_PARAMETER_VALUE, "Parameter " + index + ": values of class "
                + x.getClass().getName() + " are not supported; use a number, String, byte[], java.time value, "
                + "java.sql date/time value, float[]/double[] or java.sql.Array");
    }

    /**
     * {@code setObject(i, x, targetSqlType[, scaleOrLength])}: converts {@code x} to the target type first
     * (strings are parsed, numbers converted with a range check); for DECIMAL/NUMERIC {@code scaleOrLength} is the
     * scale (rounded half-up), otherwise it is ignored.
     */
    static ParameterValue of(Object x, int targetSqlType, int scaleOrLength, int index) throws SQLException {
        try {
            java.sql.JDBCType.valueOf(targetSqlType);
        } catch (IllegalArgumentException e) {
            throw new SQLException("Parameter " + index + ": " + targetSqlType + " is not a java.sql.Types constant;"
                    + " pass one of them (e.g. Types.VARCHAR) or call setObject without a target type", "HY004", e);
        }
        if (x == null) {
            return nullOf(targetSqlType);
        }
        switch (targetSqlType) {
            case Types.BIT:
            case Types.BOOLEAN:
                return new ParameterValue(toBoolean(x, index), BOOL);
            case Types.TINYINT:
                return new ParameterValue(toLong(x, Byte.MIN_VALUE, Byte.MAX_VALUE, "TINYINT", index), INT8);
            case Types.SMALLINT:
                return new ParameterValue(toLong(x, Short.MIN_VALUE, Short.MAX_VALUE, "SMALLINT", index), INT16);
            case Types.INTEGER:
                return new ParameterValue(toLong(x, Integer.MIN_VALUE, Integer.MAX_VALUE, "INTEGER", index), INT32);
            case Types.BIGINT:
                return new ParameterValue(toLong(x, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT", index), INT64);
            case Types.REAL:
                return new ParameterValue(x instanceof String ? toReal((String) x, index)
                        : (float) toDouble(x, "REAL", index), FLOAT32);
            case Types.FLOAT:
            case Types.DOUBLE:
                return new ParameterValue(toDouble(x, "DOUBLE", index), FLOAT64);
            case Types.DECIMAL:
            case Types.NUMERIC: {
                BigDecimal d = toBigDecimal(x, index);
                return ofDecimal(scaleOrLength > 0 ? d.setScale(scaleOrLength, RoundingMode.HALF_UP) : d, index);
            }
            case Types.CHAR:
            case Types.VARCHAR:
            case Types.LONGVARCHAR:
            case Types.NCHAR:
            case Types.NVARCHAR:
            case Types.LONGNVARCHAR:
                return new ParameterValue(x instanceof BigDecimal ? ((BigDecimal) x).toPlainString() : x.toString(),
                        UTF8);
            case Types.DATE:
                return new ParameterValue(toLocalDate(x, index), DATE);
            case Types.TIME:
                return of(toLocalTime(x, index), index);
            case Types.TIMESTAMP:
                return of(toLocalDateTime(x, index), index);
            case Types.TIMESTAMP_WITH_TIMEZONE:
                return of(toInstant(x, index), index);
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
                if (x instanceof byte[]) {
                    return of(x, index);
                }
                throw cannotConvert(x, "BINARY", index);
            default:
                return of(x, index);
        }
    }

    static ParameterValue ofDate(java.sql.Date x, Calendar calendar) {
        return new ParameterValue(TemporalConversions.fromSqlDate(x, calendar), DATE);
    }

    /**
     * A {@code java.sql.Date} for a {@code ?} whose context type is {@code context} ({@code PreparedQuery
     * .parameterTypes}): against a zoned timestamp it is the instant of its midnight in the Calendar's zone (the JVM
     * zone without one), otherwise its calendar date in that zone (see {@link #ofTimestamp(Timestamp, Calendar,
     * ArrowType)}).
     */
    static ParameterValue ofDate(java.sql.Date x, Calendar calendar, ArrowType context) {
        if (isZoned(context)) {
            ZoneId zone = calendar == null ? ZoneId.systemDefault() : calendar.getTimeZone().toZoneId();
            return of(TemporalConversions.fromSqlDate(x, calendar).atStartOfDay(zone).toInstant());
        }
        return ofDate(x, calendar);
    }

    /**
     * A {@code java.sql.Timestamp} (or {@code java.util.Date}) for a {@code ?} whose context type is {@code context}.
     * A Timestamp is an instant that JDBC also reads as a wall clock in the Calendar's (else the JVM's) zone, and the
     * parameter takes the side its context asks for, as pgjdbc does: against a {@code TIMESTAMP WITH TIME ZONE}
     * it is the instant (the same rows in every JVM zone, the Calendar changes nothing), against anything else (a
     * naive timestamp, a date, an undecided context) it is the wall clock. Naive values of every other kind
     * (literals, {@code LocalDateTime}, strings without an offset) meet zoned columns as UTC wall clocks.
     */
    static ParameterValue ofTimestamp(Timestamp x, Calendar calendar, ArrowType context) {
        if (isZoned(context)) {
            return of(x.toInstant());
        }
        return ofTimestamp(x, calendar);
    }

    private static boolean isZoned(ArrowType context) {
        return context instanceof ArrowType.Timestamp && ((ArrowType.Timestamp) context).getTimezone() != null;
    }

    private static ParameterValue of(Instant t) {
        return new ParameterValue(t, t.getNano() % 1000 == 0 ? INSTANT_MICRO : INSTANT_NANO);
    }

    static ParameterValue ofTime(Time x, Calendar calendar) {
        return new ParameterValue(TemporalConversions.fromSqlTime(x, calendar), TIME_MILLI);
    }

    static ParameterValue ofTimestamp(Timestamp x, Calendar calendar) {
        LocalDateTime t = TemporalConversions.fromSqlTimestamp(x, calendar);
        return new ParameterValue(t, t.getNano() % 1000 == 0 ? TIMESTAMP_MICRO : TIMESTAMP_NANO);
    }

    /** DECIMAL(p,s) with p the digits the value needs (at least s); at most 76 digits (decimal256). */
    static ParameterValue ofDecimal(BigDecimal x, int index) throws SQLException {
        BigDecimal v = x.scale() < 0 ? x.setScale(0) : x;
        int precision = Math.max(1, Math.max(v.precision(), v.scale()));
        if (precision > 76) {
            throw SqlExceptions.of(SqlState.NUMERIC_OUT_OF_RANGE, "Parameter " + index + ": " + precision
                    + " digits exceed the largest DECIMAL precision (76)");
        }
        return new ParameterValue(v, new ArrowType.Decimal(precision, v.scale(), precision <= 38 ? 128 : 256));
    }

    private static ParameterValue ofBigInteger(BigInteger x, int index) throws SQLException {
        if (x.bitLength() < 64) {
            return new ParameterValue(x.longValue(), INT64);
        }
        if (x.signum() > 0 && x.compareTo(UINT64_LIMIT) < 0) {
            return new ParameterValue(x, UINT64);
        }
        return ofDecimal(new BigDecimal(x), index);
    }

    /** A {@code java.sql.Array} of REAL/FLOAT/DOUBLE numbers (a vector) binds as float[] or double[]. */
    static ParameterValue ofArray(Array x, int index) throws SQLException {
        Object[] elements = x instanceof LanceArray ? ((LanceArray) x).elements() : toObjects(x.getArray(), index);
        return ofElements(elements, x.getBaseType(), index);
    }

    private static Object[] toObjects(Object array, int index) throws SQLException {
        if (array instanceof Object[]) {
            return (Object[]) array;
        } else if (array instanceof float[]) {
            float[] f = (float[]) array;
            Object[] out = new Object[f.length];
            for (int i = 0; i < f.length; i++) {
                out[i] = f[i];
            }
            return out;
        } else if (array instanceof double[]) {
            double[] d = (double[]) array;
            Object[] out = new Object[d.length];
            for (int i = 0; i < d.length; i++) {
                out[i] = d[i];
            }
            return out;
        }
        throw SqlExceptions.of(SqlState.INVALID_PARAMETER_VALUE, "Parameter " + index
                + ": java.sql.Array.getArray() returned " + (array == null ? "null" : array.getClass().getName())
                + "; arrays of REAL or DOUBLE elements are supported");
    }

    private static ParameterValue ofElements(Object[] elements, int baseType, int index) throws SQLException {
        boolean single = baseType == Types.REAL;
        if (!single && baseType != Types.DOUBLE && baseType != Types.FLOAT) {
            throw SqlExceptions.of(SqlState.INVALID_PARAMETER_VALUE, "Parameter " + index
                    + ": arrays of JDBC type " + baseType + " are not supported; bind vectors as REAL or DOUBLE"
                    + " arrays (float[], double[], Connection.createArrayOf(\"REAL\", ...))");
        }
        float[] f = single ? new float[elements.length] : null;
        double[] d = single ? null : new double[elements.length];
        for (int i = 0; i < elements.length; i++) {
            if (!(elements[i] instanceof Number)) {
                throw SqlExceptions.of(SqlExceptions.NULL_NOT_ALLOWED, "Parameter " + index + ": element " + (i + 1)
                        + " of the array is " + (elements[i] == null ? "NULL" : "not a number")
                        + "; a vector needs a number in every element");
            }
            if (single) {
                f[i] = ((Number) elements[i]).floatValue();
            } else {
                d[i] = ((Number) elements[i]).doubleValue();
            }
        }
        return new ParameterValue(single ? f : d, new ArrowType.FixedSizeList(elements.length));
    }

    // ----------------------------------------------------------------------------------------------- conversions

    private static SQLException cannotConvert(Object x, String target, int index) {
        String shown = x instanceof String ? "'" + x + "'" : x.getClass().getSimpleName() + " " + x;
        return SqlExceptions.of(SqlState.INVALID_CAST, "Parameter " + index + ": cannot convert " + shown + " to "
                + target);
    }

    private static boolean toBoolean(Object x, int index) throws SQLException {
        if (x instanceof Boolean) {
            return (Boolean) x;
        } else if (x instanceof Number) {
            return ((Number) x).doubleValue() != 0;
        } else if (x instanceof String) {
            switch (((String) x).trim().toLowerCase(Locale.ROOT)) {
                case "true":
                case "1":
                    return true;
                case "false":
                case "0":
                    return false;
                default:
                    break;
            }
        }
        throw cannotConvert(x, "BOOLEAN", index);
    }

    private static long toLong(Object x, long min, long max, String target, int index) throws SQLException {
        BigDecimal d;
        if (x instanceof Long || x instanceof Integer || x instanceof Short || x instanceof Byte) {
            d = BigDecimal.valueOf(((Number) x).longValue());
        } else if (x instanceof Boolean) {
            d = (Boolean) x ? BigDecimal.ONE : BigDecimal.ZERO;
        } else {
            d = toBigDecimal(x, index);
        }
        BigDecimal whole = d.setScale(0, RoundingMode.DOWN);
        if (whole.compareTo(BigDecimal.valueOf(min)) < 0 || whole.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw SqlExceptions.of(SqlState.NUMERIC_OUT_OF_RANGE, "Parameter " + index + ": " + d.toPlainString()
                    + " is out of range for " + target);
        }
        return whole.longValueExact();
    }

    private static float toReal(String x, int index) throws SQLException {
        try {
            return FloatText.parseReal(x);
        } catch (NumberFormatException e) {
            throw cannotConvert(x, "REAL", index);
        }
    }

    /** A number; text as {@code CAST(text AS DOUBLE)} reads it, inf/infinity/nan included. */
    private static double toDouble(Object x, String target, int index) throws SQLException {
        if (x instanceof Number) {
            return ((Number) x).doubleValue();
        } else if (x instanceof String) {
            try {
                return FloatText.parse((String) x);
            } catch (NumberFormatException e) {
                throw cannotConvert(x, target, index);
            }
        }
        throw cannotConvert(x, target, index);
    }

    private static BigDecimal toBigDecimal(Object x, int index) throws SQLException {
        if (x instanceof BigDecimal) {
            return (BigDecimal) x;
        } else if (x instanceof BigInteger) {
            return new BigDecimal((BigInteger) x);
        } else if (x instanceof Double || x instanceof Float) {
            double d = ((Number) x).doubleValue();
            if (!Double.isFinite(d)) {
                throw cannotConvert(x, "DECIMAL", index);
            }
            return x instanceof Float ? new BigDecimal(x.toString()) : BigDecimal.valueOf(d);
        } else if (x instanceof Number) {
            return BigDecimal.valueOf(((Number) x).longValue());
        } else if (x instanceof String) {
            try {
                return new BigDecimal(((String) x).trim());
            } catch (NumberFormatException e) {
                throw cannotConvert(x, "DECIMAL", index);
            }
        }
        throw cannotConvert(x, "DECIMAL", index);
    }

    private static LocalDate toLocalDate(Object x, int index) throws SQLException {
        try {
            if (x instanceof LocalDate) {
                return (LocalDate) x;
            } else if (x instanceof java.sql.Date) {
                return ((java.sql.Date) x).toLocalDate();
            } else if (x instanceof LocalDateTime) {
                return ((LocalDateTime) x).toLocalDate();
            } else if (x instanceof Timestamp) {
                return ((Timestamp) x).toLocalDateTime().toLocalDate();
            } else if (x instanceof String) {
                return LocalDate.parse(((String) x).trim());
            }
        } catch (DateTimeParseException e) {
            throw cannotConvert(x, "DATE (yyyy-MM-dd)", index);
        }
        throw cannotConvert(x, "DATE", index);
    }

    private static LocalTime toLocalTime(Object x, int index) throws SQLException {
        try {
            if (x instanceof LocalTime) {
                return (LocalTime) x;
            } else if (x instanceof Time) {
                return TemporalConversions.fromSqlTime((Time) x, null);
            } else if (x instanceof LocalDateTime) {
                return ((LocalDateTime) x).toLocalTime();
            } else if (x instanceof String) {
                return LocalTime.parse(((String) x).trim());
            }
        } catch (DateTimeParseException e) {
            throw cannotConvert(x, "TIME (HH:mm:ss[.fraction])", index);
        }
        throw cannotConvert(x, "TIME", index);
    }

    private static LocalDateTime toLocalDateTime(Object x, int index) throws SQLException {
        try {
            if (x instanceof LocalDateTime) {
                return (LocalDateTime) x;
            } else if (x instanceof Timestamp) {
                return ((Timestamp) x).toLocalDateTime();
            } else if (x instanceof java.sql.Date) {
                return ((java.sql.Date) x).toLocalDate().atStartOfDay();
            } else if (x instanceof LocalDate) {
                return ((LocalDate) x).atStartOfDay();
            } else if (x instanceof java.util.Date) {
                return LocalDateTime.ofInstant(((java.util.Date) x).toInstant(), ZoneId.systemDefault());
            } else if (x instanceof String) {
                String s = ((String) x).trim();
                return s.length() == 10 ? LocalDate.parse(s).atStartOfDay() : LocalDateTime.parse(s.replace(' ', 'T'));
            }
        } catch (DateTimeParseException e) {
            throw cannotConvert(x, "TIMESTAMP (yyyy-MM-dd HH:mm:ss[.fraction])", index);
        }
        throw cannotConvert(x, "TIMESTAMP", index);
    }

    private static Instant toInstant(Object x, int index) throws SQLException {
        try {
            if (x instanceof Instant) {
                return (Instant) x;
            } else if (x instanceof OffsetDateTime) {
                return ((OffsetDateTime) x).toInstant();
            } else if (x instanceof ZonedDateTime) {
                return ((ZonedDateTime) x).toInstant();
            } else if (x instanceof java.util.Date) {
                return x instanceof Timestamp ? ((Timestamp) x).toInstant() : ((java.util.Date) x).toInstant();
            } else if (x instanceof String) {
                return OffsetDateTime.parse(((String) x).trim().replace(' ', 'T')).toInstant();
            }
        } catch (DateTimeParseException e) {
            throw cannotConvert(x, "TIMESTAMP WITH TIME ZONE (yyyy-MM-dd HH:mm:ss[.fraction]+HH:MM)", index);
        }
        throw cannotConvert(x, "TIMESTAMP WITH TIME ZONE", index);
    }
}
