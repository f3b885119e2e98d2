package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.engine.types.FloatText;
import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.Locale;
import java.util.Optional;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Casts of constants, done at planning time so that predicates carry typed literals (Lance filters need typed
 * temporal and decimal literals; docs/lance-core-notes.md §3).
 */
public final class LiteralCasts {
    private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
            .appendPattern("uuuu-MM-dd")
            .optionalStart().optionalStart().appendLiteral(' ').optionalEnd()
            .optionalStart().appendLiteral('T').optionalEnd()
            .appendPattern("HH:mm")
            .optionalStart().appendPattern(":ss").optionalEnd()
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .optionalEnd()
            .toFormatter(Locale.ROOT);

    private LiteralCasts() {
    }

    /**
     * The literal converted to {@code target}.
     *
     * @param lenient true for TRY_CAST (a value that does not convert becomes NULL)
     * @throws SqlError 22018 (bad character value), 22007 (bad datetime) or 22003 (out of range)
     */
    public static Literal cast(Literal lit, ArrowType target, boolean lenient) {
        if (lit.value() == null) {
            return Literal.nullOf(target);
        }
        try {
            Object v = convert(lit.value(), lit.type().getType(), target);
            return new Literal(v, Types.of(target, false));
        } catch (SqlError e) {
            if (lenient) {
                return Literal.nullOf(target);
            }
            throw e;
        }
    }

    /** The literal in {@code target} when the conversion loses nothing, else empty. */
    public static Optional<Literal> exact(Literal lit, ArrowType target) {
        if (lit.value() == null) {
            return Optional.of(Literal.nullOf(target));
        }
        try {
            Object v = convert(lit.value(), lit.type().getType(), target);
            Object back = convert(v, target, lit.type().getType());
            if (!sameValue(back, lit.value())) {
                return Optional.empty();
            }
            return Optional.of(new Literal(v, Types.of(target, false)));
        } catch (SqlError | ArithmeticException e) {
            return Optional.empty();
        }
    }

    private static boolean sameValue(Object a, Object b) {
        if (a instanceof BigDecimal && b instanceof BigDecimal) {
            return ((BigDecimal) a).compareTo((BigDecimal) b) == 0;
        }
        if (a instanceof Double && b instanceof Double) {
            return Double.compare((Double) a, (Double) b) == 0 || ((Double) a).equals(b);
        }
        return java.util.Objects.deepEquals(a, b);
    }

    /** Converts a value in the {@link Literal} representation of {@code from} to that of {@code to}. */
    public static Object convert(Object v, ArrowType from, ArrowType to) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long && TypeCoercion.isUint64(from) && (Long) v < 0) {
            // uint64 values above Long.MAX_VALUE are held as their two's complement bits.
            v = new BigDecimal(Long.toUnsignedString((Long) v));
        }
        if (Types.isString(to)) {
            return toText(v, from);
        }
        if (to instanceof ArrowType.Bool) {
            if (v instanceof Boolean) {
                return v;
            }
            if (v instanceof String) {
                String s = ((String) v).trim().toLowerCase(Locale.ROOT);
                if (s.equals("true") || s.equals("t") || s.equals("1") || s.equals("yes")) {
                    return Boolean.TRUE;
                }
                if (s.equals("false") || s.equals("f") || s.equals("0") || s.equals("no")) {
                    return Boolean.FALSE;
                }
                throw bad(v, to);
            }
            if (v instanceof Long) {
                return (Long) v != 0;
            }
            throw bad(v, to);
        }
        if (to instanceof ArrowType.Int) {
            BigDecimal d = toDecimal(v, from, to);
            BigInteger i;
            try {
                i = d.setScale(0, RoundingMode.HALF_UP).toBigIntegerExact();
            } catch (ArithmeticException e) {
                throw bad(v, to);
            }
            ArrowType.Int it = (ArrowType.Int) to;
            BigInteger min = it.getIsSigned() ? BigInteger.ONE.shiftLeft(it.getBitWidth() - 1).negate() : BigInteger.ZERO;
            BigInteger max = it.getIsSigned() ? BigInteger.ONE.shiftLeft(it.getBitWidth() - 1).subtract(BigInteger.ONE)
                    : BigInteger.ONE.shiftLeft(it.getBitWidth()).subtract(BigInteger.ONE);
            if (i.compareTo(min) < 0 || i.compareTo(max) > 0) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE,
                        "Value " + toText(v) + " is out of range for " + TypeCoercion.name(to));
            }
            // uint64 values above Long.MAX_VALUE keep their two's complement bits, as Arrow stores them.
            return i.longValue();
        }
        if (to instanceof ArrowType.FloatingPoint) {
            double d;
            if (v instanceof Double || v instanceof Float) {
                d = ((Number) v).doubleValue();
            } else if (v instanceof String) {
                try {
                    // A REAL is read as the float nearest to the decimal (not the double's rounding to float).
                    d = Operators.isNarrowFloat(to) ? FloatText.parseReal((String) v) : FloatText.parse((String) v);
                } catch (NumberFormatException e) {
                    throw bad(v, to);
                }
            } else {
                d = toDecimal(v, from, to).doubleValue();
            }
            return roundTo(d, ((ArrowType.FloatingPoint) to).getPrecision());
        }
        if (to instanceof ArrowType.Decimal) {
            ArrowType.Decimal d = (ArrowType.Decimal) to;
            BigDecimal bd = toDecimal(v, from, to).setScale(d.getScale(), RoundingMode.HALF_UP);
            if (bd.precision() - bd.scale() > d.getPrecision() - d.getScale()) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE,
                        "Value " + toText(v) + " does not fit " + TypeCoercion.name(to));
            }
            return bd;
        }
        if (to instanceof ArrowType.Date) {
            if (v instanceof LocalDate) {
                return v;
            }
            if (v instanceof LocalDateTime) {
                return ((LocalDateTime) v).toLocalDate();
            }
            if (v instanceof Instant) {
                return LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC).toLocalDate();
            }
            if (v instanceof String) {
                return parseDate((String) v);
            }
            throw bad(v, to);
        }
        if (to instanceof ArrowType.Timestamp) {
            boolean zoned = ((ArrowType.Timestamp) to).getTimezone() != null;
            LocalDateTime ldt;
            if (v instanceof LocalDateTime) {
                ldt = (LocalDateTime) v;
            } else if (v instanceof LocalDate) {
                ldt = ((LocalDate) v).atStartOfDay();
            } else if (v instanceof Instant) {
                return zoned ? v : LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC);
            } else if (v instanceof String) {
                String s = ((String) v).trim();
                Optional<Instant> withOffset = parseZoned(s);
                if (withOffset.isPresent()) {
                    return zoned ? withOffset.get() : LocalDateTime.ofInstant(withOffset.get(), ZoneOffset.UTC);
                }
                ldt = parseTimestamp(s);
            } else {
                throw bad(v, to);
            }
            return zoned ? ldt.toInstant(ZoneOffset.UTC) : ldt;
        }
        if (to instanceof ArrowType.Time) {
            if (v instanceof LocalTime) {
                return v;
            }
            if (v instanceof LocalDateTime) {
                return ((LocalDateTime) v).toLocalTime();
            }
            if (v instanceof String) {
                try {
                    return LocalTime.parse(((String) v).trim());
                } catch (DateTimeParseException e) {
                    throw new SqlError(SqlState.INVALID_DATETIME, "Invalid TIME value '" + v + "'; expected HH:mm:ss");
                }
            }
            throw bad(v, to);
        }
        if (Types.isBinary(to)) {
            if (v instanceof byte[]) {
                return v;
            }
            if (v instanceof String) {
                return ((String) v).getBytes(StandardCharsets.UTF_8);
            }
            throw bad(v, to);
        }
        if (Types.isNull(to)) {
            return null;
        }
        if (v instanceof float[] || v instanceof double[] || v instanceof java.util.List) {
            return v;
        }
        throw bad(v, to);
    }

    /**
     * A DOUBLE value rounded to the float type {@code precision} (a REAL value is the nearest float32, held as a
     * double; the text {@code '-2.14748365E9'} as REAL is -2147483648, not -2147483650).
     */
    private static double roundTo(double d, FloatingPointPrecision precision) {
        switch (precision) {
            case SINGLE:
                return (float) d;
            case HALF:
                return Float16.toFloat(Float16.toFloat16((float) d));
            default:
                return d;
        }
    }

    /**
     * {@code v} as a decimal for a cast to {@code to}. A float becomes its exact binary value when the target is an
     * integer (so 9.223372036854775E18 is 9223372036854774784 and rounds half away from zero by its true value), and
     * otherwise its shortest text: a REAL the digits of its float32 (so the constant -705.46 as REAL reads back as
     * -705.46 and stays exact in a comparison with a REAL column), a DOUBLE those of its double.
     */
    private static BigDecimal toDecimal(Object v, ArrowType from, ArrowType to) {
        if ((v instanceof Double || v instanceof Float) && !Double.isNaN(((Number) v).doubleValue())
                && !Double.isInfinite(((Number) v).doubleValue())) {
            double d = ((Number) v).doubleValue();
            if (to instanceof ArrowType.Int) {
                return new BigDecimal(d);
            }
            if (v instanceof Float || from instanceof ArrowType.FloatingPoint
                    && ((ArrowType.FloatingPoint) from).getPrecision() != FloatingPointPrecision.DOUBLE) {
                return new BigDecimal(Float.toString((float) d));
            }
        }
        return toDecimal(v, to);
    }

    private static BigDecimal toDecimal(Object v, ArrowType to) {
        if (v instanceof BigDecimal) {
            return (BigDecimal) v;
        }
        if (v instanceof Long) {
            return BigDecimal.valueOf((Long) v);
        }
        if (v instanceof BigInteger) {
            return new BigDecimal((BigInteger) v);
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "Value " + d + " cannot be converted to "
                        + TypeCoercion.name(to));
            }
            return BigDecimal.valueOf(d);
        }
        if (v instanceof Boolean) {
            return (Boolean) v ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (v instanceof String) {
            try {
                return new BigDecimal(((String) v).trim());
            } catch (NumberFormatException e) {
                throw bad(v, to);
            }
        }
        throw bad(v, to);
    }

    /**
     * Parses {@code yyyy-MM-dd}.
     *
     * @throws SqlError 22007 when the text is not a date
     */
    public static LocalDate parseDate(String s) {
        try {
            String t = s.trim();
            if (t.length() > 10 && (t.charAt(10) == ' ' || t.charAt(10) == 'T')) {
                return parseTimestamp(t).toLocalDate();
            }
            return LocalDate.parse(t);
        } catch (DateTimeParseException e) {
            throw new SqlError(SqlState.INVALID_DATETIME, "Invalid DATE value '" + s + "'; expected yyyy-MM-dd");
        }
    }

    /**
     * Parses {@code yyyy-MM-dd[ HH:mm[:ss[.fffffffff]]]} (a {@code T} may separate date and time).
     *
     * @throws SqlError 22007 when the text is not a timestamp
     */
    public static LocalDateTime parseTimestamp(String s) {
        try {
            String t = s.trim();
            if (t.length() == 10) {
                return LocalDate.parse(t).atStartOfDay();
            }
            return LocalDateTime.parse(t, TIMESTAMP_TEXT);
        } catch (DateTimeParseException e) {
            throw new SqlError(SqlState.INVALID_DATETIME,
                    "Invalid TIMESTAMP value '" + s + "'; expected yyyy-MM-dd HH:mm:ss[.ffffff]");
        }
    }

    static Optional<Instant> parseZoned(String s) {
        if (s.endsWith("Z") || s.matches(".*[+-]\\d{2}:?\\d{2}$")) {
            try {
                String t = s.replace(' ', 'T');
                if (t.matches(".*[+-]\\d{4}$")) {
                    t = t.substring(0, t.length() - 2) + ":" + t.substring(t.length() - 2);
                }
                return Optional.of(OffsetDateTime.parse(t).toInstant());
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Text of a literal value (as CAST(... AS VARCHAR) shows it). */
    public static String toText(Object v) {
        return toText(v, null);
    }

    /**
     * The text of a value as CAST(... AS VARCHAR) gives it: timestamps as {@code yyyy-MM-dd HH:mm:ss} with the
     * fraction of a second only as far as it is not zero, zoned ones in their column's zone with {@code +HH:MM}.
     *
     * @param from the value's type (its zone places an instant), or null (instants then print in UTC)
     */
    public static String toText(Object v, ArrowType from) {
        if (v instanceof java.util.List || v instanceof float[] || v instanceof double[]) {
            return nestedText(v, null);
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).toPlainString();
        }
        if (v instanceof LocalDateTime) {
            LocalDateTime t = (LocalDateTime) v;
            return t.toLocalDate() + " " + timeText(t.toLocalTime());
        }
        if (v instanceof LocalTime) {
            return timeText((LocalTime) v);
        }
        if (v instanceof Instant) {
            String zone = from instanceof ArrowType.Timestamp ? ((ArrowType.Timestamp) from).getTimezone() : null;
            java.time.ZonedDateTime z = ((Instant) v).atZone(zone == null ? ZoneOffset.UTC : zoneOf(zone));
            String offset = z.getOffset().getTotalSeconds() == 0 ? "+00:00" : z.getOffset().getId();
            return z.toLocalDate() + " " + timeText(z.toLocalTime()) + offset;
        }
        if (v instanceof byte[]) {
            return new String((byte[]) v, StandardCharsets.UTF_8);
        }
        if (v instanceof Double || v instanceof Float) {
            boolean single = v instanceof Float || from instanceof ArrowType.FloatingPoint
                    && ((ArrowType.FloatingPoint) from).getPrecision() != FloatingPointPrecision.DOUBLE;
            return floatText(((Number) v).doubleValue(), single);
        }
        return String.valueOf(v);
    }

    /**
     * The text of a value of {@code type} as CAST(... AS VARCHAR) gives it, nested values included: a list or
     * fixed-size list prints as {@code [e1, e2, ...]} and a struct as {@code [f1, f2, ...]}, each element by the
     * scalar rule of its own type ({@link #toText(Object, ArrowType)}: a REAL element with its own shortest digits
     * of {@link FloatText}, a DOUBLE with its own, a timestamp as {@code yyyy-MM-dd HH:mm:ss}), a NULL element as
     * {@code null}.
     *
     * @param v a value as the executor reads it ({@code List} for lists and structs), or null
     * @param type the value's field (its children type the elements), or null for untyped elements (a float element
     *     is then a DOUBLE)
     */
    public static String nestedText(Object v, org.apache.arrow.vector.types.pojo.Field type) {
        StringBuilder out = new StringBuilder();
        appendText(out, v, type);
        return out.toString();
    }

    private static void appendText(StringBuilder out, Object v, org.apache.arrow.vector.types.pojo.Field type) {
        if (v == null) {
            out.append("null");
            return;
        }
        if (v instanceof float[]) {
            float[] a = (float[]) v;
            out.append('[');
            for (int i = 0; i < a.length; i++) {
                out.append(i == 0 ? "" : ", ").append(FloatText.format(a[i]));
            }
            out.append(']');
            return;
        }
        if (v instanceof double[]) {
            double[] a = (double[]) v;
            out.append('[');
            for (int i = 0; i < a.length; i++) {
                out.append(i == 0 ? "" : ", ").append(FloatText.format(a[i]));
            }
            out.append(']');
            return;
        }
        ArrowType t = type == null ? null : type.getType();
        if (v instanceof java.util.List) {
            java.util.List<?> items = (java.util.List<?>) v;
            java.util.List<org.apache.arrow.vector.types.pojo.Field> children = type == null ? java.util.List.of()
                    : type.getChildren();
            boolean struct = t instanceof ArrowType.Struct;
            out.append('[');
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                org.apache.arrow.vector.types.pojo.Field child = struct ? (i < children.size() ? children.get(i) : null)
                        : (children.isEmpty() ? null : children.get(0));
                appendText(out, items.get(i), child);
            }
            out.append(']');
            return;
        }
        out.append(toText(v, t));
    }

    /** The text of a float value: {@link FloatText}'s digits and notation (a REAL's own digits, not its widening's). */
    private static String floatText(double d, boolean single) {
        return single ? FloatText.format((float) d) : FloatText.format(d);
    }

    private static String timeText(LocalTime t) {
        String hms = String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return hms;
        }
        String fraction = String.format(Locale.ROOT, "%09d", t.getNano());
        int end = fraction.length();
        while (fraction.charAt(end - 1) == '0') {
            end--;
        }
        return hms + "." + fraction.substring(0, end);
    }

    private static java.time.ZoneId zoneOf(String zone) {
        try {
            return java.time.ZoneId.of(zone);
        } catch (java.time.DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    private static SqlError bad(Object v, ArrowType to) {
        return new SqlError(SqlState.INVALID_CAST,
                "Cannot convert '" + toText(v) + "' to " + TypeCoercion.name(to));
    }
}
