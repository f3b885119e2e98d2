package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Bodies of the row-wise scalar functions, by name (see {@code FunctionRegistry} for their typing). */
final class ScalarFunctions {
    private ScalarFunctions() {
    }

    /** Whether a NULL argument makes the result NULL without calling the body. */
    static boolean isStrict(String name) {
        switch (name) {
            case "concat":
            case "coalesce":
            case "nullif":
            case "greatest":
            case "least":
            case "array_contains":
                return false;
            default:
                return true;
        }
    }

    /**
     * @param argTypes the argument types, for functions whose behaviour depends on them
     * @param resultType the result type
     * @return the body, or null when the name is not a row-wise function
     */
    static RowFunctionExpr.RowFunction of(String name, List<ArrowType> argTypes, ArrowType resultType) {
        switch (name) {
            case "upper":
                return a -> ((String) a[0]).toUpperCase(Locale.ROOT);
            case "lower":
                return a -> ((String) a[0]).toLowerCase(Locale.ROOT);
            case "trim":
                return a -> ((String) a[0]).strip();
            case "ltrim":
                return a -> ((String) a[0]).stripLeading();
            case "rtrim":
                return a -> ((String) a[0]).stripTrailing();
            case "reverse":
                return a -> new StringBuilder((String) a[0]).reverse().toString();
            case "length":
                return a -> (long) ((String) a[0]).codePointCount(0, ((String) a[0]).length());
            case "concat":
                return a -> {
                    StringBuilder sb = new StringBuilder();
                    for (Object o : a) {
                        if (o != null) {
                            sb.append((String) o);
                        }
                    }
                    return sb.toString();
                };
            case "||":
                return a -> (String) a[0] + a[1];
            case "substring":
                return a -> substring((String) a[0], (Long) a[1], a.length > 2 ? (Long) a[2] : null);
            case "replace":
                // An empty search string matches nothing (MySQL, DuckDB), not every position (Java).
                return a -> ((String) a[1]).isEmpty() ? (String) a[0]
                        : ((String) a[0]).replace((String) a[1], (String) a[2]);
            case "split_part":
                return a -> splitPart((String) a[0], (String) a[1], (Long) a[2]);
            case "starts_with":
                return a -> ((String) a[0]).startsWith((String) a[1]);
            case "ends_with":
                return a -> ((String) a[0]).endsWith((String) a[1]);
            case "regexp_like":
                return new RowFunctionExpr.RowFunction() {
                    private String lastPattern;
                    private Pattern compiled;

                    @Override
                    public Object apply(Object[] a) {
                        String p = (String) a[1];
                        if (!p.equals(lastPattern)) {
                            try {
                                compiled = Pattern.compile(p);
                            } catch (java.util.regex.PatternSyntaxException e) {
                                throw new SqlError("2201B", "Invalid regular expression '" + p + "': "
                                        + e.getDescription());
                            }
                            lastPattern = p;
                        }
                        return compiled.matcher((String) a[0]).find();
                    }
                };
            case "position":
                return a -> {
                    int idx = ((String) a[1]).indexOf((String) a[0]);
                    return idx < 0 ? 0L : (long) ((String) a[1]).codePointCount(0, idx) + 1;
                };
            case "left":
                return a -> substring((String) a[0], 1L, Math.max(0, (Long) a[1]));
            case "right":
                return a -> {
                    String s = (String) a[0];
                    int len = s.codePointCount(0, s.length());
                    long k = Math.max(0, Math.min((Long) a[1], len));
                    return substring(s, len - k + 1, k);
                };
            case "repeat":
                return a -> {
                    long k = (Long) a[1];
                    if (k <= 0) {
                        return "";
                    }
                    if (k * ((String) a[0]).length() > 100_000_000L) {
                        throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "repeat() result would exceed 100 MB");
                    }
                    return ((String) a[0]).repeat((int) k);
                };
            case "lpad":
            case "rpad":
                return a -> pad((String) a[0], (Long) a[1], (String) a[2], name.equals("lpad"));
            case "abs":
                return a -> a[0] instanceof Long ? (Object) exactAbs((Long) a[0]) : a[0] instanceof BigDecimal
                        ? ((BigDecimal) a[0]).abs() : (Object) Math.abs((Double) a[0]);
            case "ceil":
                return a -> a[0] instanceof BigDecimal ? ((BigDecimal) a[0]).setScale(0, RoundingMode.CEILING)
                        : (Object) Math.ceil((Double) a[0]);
            case "floor":
                return a -> a[0] instanceof BigDecimal ? ((BigDecimal) a[0]).setScale(0, RoundingMode.FLOOR)
                        : (Object) Math.floor((Double) a[0]);
            case "round":
                return a -> round(a[0], a.length > 1 ? (Long) a[1] : 0L, resultType);
            case "sqrt":
                return a -> Math.sqrt((Double) a[0]);
            case "cbrt":
                return a -> Math.cbrt((Double) a[0]);
            case "exp":
                return a -> Math.exp((Double) a[0]);
            case "ln":
                return a -> Math.log((Double) a[0]);
            case "log10":
                return a -> Math.log10((Double) a[0]);
            case "log2":
                return a -> Math.log((Double) a[0]) / Math.log(2);
            case "log":
                return a -> Math.log((Double) a[1]) / Math.log((Double) a[0]);
            case "sin":
                return a -> Math.sin((Double) a[0]);
            case "cos":
                return a -> Math.cos((Double) a[0]);
            case "tan":
                return a -> Math.tan((Double) a[0]);
            case "asin":
                return a -> Math.asin((Double) a[0]);
            case "acos":
                return a -> Math.acos((Double) a[0]);
            case "atan":
                return a -> Math.atan((Double) a[0]);
            case "atan2":
                return a -> Math.atan2((Double) a[0], (Double) a[1]);
            case "degrees":
                return a -> Math.toDegrees((Double) a[0]);
            case "radians":
                return a -> Math.toRadians((Double) a[0]);
            case "sign":
                return a -> (long) Math.signum((Double) a[0]);
            case "power":
                return a -> Math.pow((Double) a[0], (Double) a[1]);
            case "greatest":
            case "least":
                return a -> {
                    Object best = null;
                    for (Object o : a) {
                        if (o != null && (best == null || compare(o, best) * (name.equals("greatest") ? 1 : -1) > 0)) {
                            best = o;
                        }
                    }
                    return best;
                };
            case "coalesce":
                return a -> {
                    for (Object o : a) {
                        if (o != null) {
                            return o;
                        }
                    }
                    return null;
                };
            case "nullif":
                return a -> a[0] != null && a[1] != null && compare(a[0], a[1]) == 0 ? null : a[0];
            case "extract":
                return a -> extract((String) a[0], a[1]);
            case "date_add":
                return a -> dateAdd(a[0], (Long) a[1], (String) a[2]);
            case "datediff":
                return a -> ChronoUnit.DAYS.between((LocalDate) a[1], (LocalDate) a[0]);
            case "timestamp_diff_us":
                return a -> micros(a[0]) - micros(a[1]);
            case "date_trunc":
                return a -> dateTrunc((String) a[0], a[1]);
            case "date_format":
                return a -> dateFormat(a[0], (String) a[1]);
            case "epoch":
                return a -> Math.floorDiv(micros(a[0]), 1_000_000L);
            case "element_at":
                return a -> {
                    List<?> l = (List<?>) a[0];
                    long i = (Long) a[1];
                    if (i < 0) {
                        i = l.size() + i + 1;
                    }
                    return i >= 1 && i <= l.size() ? l.get((int) (i - 1)) : null;
                };
            case "map_value":
                return a -> {
                    for (Map.Entry<?, ?> e : ((Map<?, ?>) a[0]).entrySet()) {
                        if (e.getKey() != null && compare(e.getKey(), a[1]) == 0) {
                            return e.getValue();
                        }
                    }
                    return null;
                };
            case "struct_field":
                return a -> ((List<?>) a[0]).get(((Long) a[1]).intValue());
            case "cardinality":
                return a -> a[0] instanceof Map ? (long) ((Map<?, ?>) a[0]).size() : (long) ((List<?>) a[0]).size();
            case "array_contains":
                return a -> {
                    if (a[0] == null || a[1] == null) {
                        return null;
                    }
                    boolean sawNull = false;
                    for (Object o : (List<?>) a[0]) {
                        if (o == null) {
                            sawNull = true;
                        } else if (compare(o, a[1]) == 0) {
                            return true;
                        }
                    }
                    return sawNull ? null : false;
                };
            case "l2_distance":
            case "cosine_distance":
            case "inner_product":
            case "dot_distance":
            case "hamming_distance":
                return a -> VectorDistances.distance(name, toDoubles(a[0]), toDoubles(a[1]));
            default:
                return null;
        }
    }

    private static long exactAbs(long x) {
        if (x == Long.MIN_VALUE) {
            throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT value out of range: abs(" + x + ")");
        }
        return Math.abs(x);
    }

    /**
     * {@code substring(s, start[, length])} over code points: a negative start counts from the end (MySQL, Doris,
     * DuckDB); a start before the first character (0, or negative beyond the length) counts against the length (SQL
     * standard, DuckDB), so {@code substring('apple', 0, 2)} is {@code 'a'}.
     */
    static String substring(String s, Long start, Long length) {
        if (length != null && length < 0) {
            throw new SqlError(SqlState.DATA_EXCEPTION, "substring length must not be negative, got " + length);
        }
        int[] cps = s.codePoints().toArray();
        long from = start < 0 ? cps.length + start + 1 : start;
        long end = length == null || from > 0 && length > Long.MAX_VALUE - from ? Long.MAX_VALUE : from + length;
        int b = (int) Math.min(Math.max(from - 1, 0), cps.length);
        int e = (int) Math.min(Math.max(end - 1, 0), cps.length);
        if (e <= b) {
            return "";
        }
        return new String(cps, b, e - b);
    }

    private static String splitPart(String s, String delimiter, long index) {
        if (index == 0) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "split_part field position must not be 0");
        }
        String[] parts = delimiter.isEmpty() ? new String[] {s} : s.split(Pattern.quote(delimiter), -1);
        long i = index > 0 ? index - 1 : parts.length + index;
        return i >= 0 && i < parts.length ? parts[(int) i] : "";
    }

    private static String pad(String s, long length, String fill, boolean left) {
        if (length < 0) {
            return "";
        }
        if (length > 100_000_000L) {
            throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "pad length " + length + " is too large");
        }
        int[] cps = s.codePoints().toArray();
        if (cps.length >= length) {
            return new String(cps, 0, (int) length);
        }
        if (fill.isEmpty()) {
            return s;
        }
        int[] f = fill.codePoints().toArray();
        StringBuilder padding = new StringBuilder();
        for (int i = 0; i < length - cps.length; i++) {
            padding.appendCodePoint(f[i % f.length]);
        }
        return left ? padding + s : s + padding;
    }

    private static Object round(Object v, long digits, ArrowType resultType) {
        if (v instanceof Long) {
            if (digits >= 0) {
                return v;
            }
            BigDecimal r = BigDecimal.valueOf((Long) v).setScale((int) Math.max(digits, -20), RoundingMode.HALF_UP);
            try {
                return r.longValueExact();
            } catch (ArithmeticException e) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT value out of range: round(" + v + ", "
                        + digits + ") is " + r.toBigInteger());
            }
        }
        if (v instanceof BigDecimal) {
            return ((BigDecimal) v).setScale((int) Math.max(Math.min(digits, 38), -38), RoundingMode.HALF_UP);
        }
        double d = (Double) v;
        if (!Double.isFinite(d)) {
            return d;
        }
        return BigDecimal.valueOf(d).setScale((int) Math.max(Math.min(digits, 300), -300), RoundingMode.HALF_UP)
                .doubleValue();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        if (a instanceof Number && b instanceof Number && !(a instanceof BigDecimal && b instanceof BigDecimal)) {
            if (a instanceof Double || b instanceof Double) {
                return ComparisonExpr.compareDoubles(((Number) a).doubleValue(), ((Number) b).doubleValue());
            }
            return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
        }
        if (a instanceof byte[] && b instanceof byte[]) {
            return java.util.Arrays.compareUnsigned((byte[]) a, (byte[]) b);
        }
        if (a instanceof String && b instanceof String) {
            return java.util.Arrays.compareUnsigned(((String) a).getBytes(StandardCharsets.UTF_8),
                    ((String) b).getBytes(StandardCharsets.UTF_8));
        }
        if (a instanceof Comparable && a.getClass() == b.getClass()) {
            return ((Comparable) a).compareTo(b);
        }
        return java.util.Objects.deepEquals(a, b) ? 0 : 1;
    }

    static long micros(Object v) {
        if (v instanceof LocalDate) {
            return ((LocalDate) v).toEpochDay() * 86_400_000_000L;
        }
        Instant inst = v instanceof Instant ? (Instant) v : ((LocalDateTime) v).toInstant(ZoneOffset.UTC);
        return Math.addExact(Math.multiplyExact(inst.getEpochSecond(), 1_000_000L), inst.getNano() / 1000L);
    }

    private static LocalDateTime naive(Object v) {
        if (v instanceof LocalDate) {
            return ((LocalDate) v).atStartOfDay();
        }
        if (v instanceof Instant) {
            return LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC);
        }
        if (v instanceof LocalTime) {
            return LocalDate.EPOCH.atTime((LocalTime) v);
        }
        return (LocalDateTime) v;
    }

    private static Object back(LocalDateTime t, Object like) {
        if (like instanceof LocalDate) {
            return t.toLocalDate();
        }
        if (like instanceof Instant) {
            return t.toInstant(ZoneOffset.UTC);
        }
        return t;
    }

    static Object extract(String part, Object v) {
        LocalDateTime t = naive(v);
        switch (part) {
            case "year":
                return (long) t.getYear();
            case "quarter":
                return (long) ((t.getMonthValue() - 1) / 3 + 1);
            case "month":
                return (long) t.getMonthValue();
            case "week":
                return (long) t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
            case "day":
                return (long) t.getDayOfMonth();
            case "dayofweek":
            case "dow":
                // Sunday = 0 ... Saturday = 6 (PostgreSQL/DuckDB convention).
                return (long) (t.getDayOfWeek().getValue() % 7);
            case "dayofyear":
            case "doy":
                return (long) t.getDayOfYear();
            case "hour":
                return (long) t.getHour();
            case "minute":
                return (long) t.getMinute();
            case "second":
                return (long) t.getSecond();
            case "millisecond":
                return (long) (t.getSecond() * 1000 + t.getNano() / 1_000_000);
            case "microsecond":
                return (long) (t.getSecond() * 1_000_000 + t.getNano() / 1000);
            case "epoch":
                return micros(v) / 1_000_000.0;
            default:
                throw new SqlError(SqlState.SYNTAX_ERROR, "Unknown date part " + part);
        }
    }

    static Object dateAdd(Object v, long amount, String unit) {
        LocalDateTime t = naive(v);
        LocalDateTime r;
        try {
            switch (unit) {
                case "year":
                    r = t.plusYears(amount);
                    break;
                case "quarter":
                    r = t.plusMonths(Math.multiplyExact(amount, 3));
                    break;
                case "month":
                    r = t.plusMonths(amount);
                    break;
                case "week":
                    r = t.plusWeeks(amount);
                    break;
                case "day":
                    r = t.plusDays(amount);
                    break;
                case "hour":
                    r = t.plusHours(amount);
                    break;
                case "minute":
                    r = t.plusMinutes(amount);
                    break;
                case "second":
                    r = t.plusSeconds(amount);
                    break;
                case "millisecond":
                    r = t.plus(amount, ChronoUnit.MILLIS);
                    break;
                default:
                    r = t.plus(amount, ChronoUnit.MICROS);
            }
        } catch (java.time.DateTimeException | ArithmeticException e) {
            throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "Date arithmetic out of range: " + v + " + " + amount
                    + " " + unit);
        }
        return back(r, v);
    }

    static Object dateTrunc(String unit, Object v) {
        LocalDateTime t = naive(v);
        LocalDateTime r;
        switch (unit.toLowerCase(Locale.ROOT)) {
            case "year":
                r = t.toLocalDate().withDayOfYear(1).atStartOfDay();
                break;
            case "quarter":
                r = LocalDate.of(t.getYear(), (t.getMonthValue() - 1) / 3 * 3 + 1, 1).atStartOfDay();
                break;
            case "month":
                r = t.toLocalDate().withDayOfMonth(1).atStartOfDay();
                break;
            case "week":
                r = t.toLocalDate().with(java.time.temporal.TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                        .atStartOfDay();
                break;
            case "day":
                r = t.toLocalDate().atStartOfDay();
                break;
            case "hour":
                r = t.truncatedTo(ChronoUnit.HOURS);
                break;
            case "minute":
                r = t.truncatedTo(ChronoUnit.MINUTES);
                break;
            case "second":
                r = t.truncatedTo(ChronoUnit.SECONDS);
                break;
            case "millisecond":
                r = t.truncatedTo(ChronoUnit.MILLIS);
                break;
            default:
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Unknown date_trunc unit '" + unit
                        + "'; use year, quarter, month, week, day, hour, minute, second or millisecond");
        }
        return back(r, v);
    }

    /** MySQL/Doris {@code date_format} specifiers: %Y %y %m %c %d %e %H %h %i %s %f %p %M %b %W %a %j %%. */
    static String dateFormat(Object v, String format) {
        LocalDateTime t = naive(v);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%' || i + 1 >= format.length()) {
                sb.append(c);
                continue;
            }
            char s = format.charAt(++i);
            switch (s) {
                case 'Y':
                    sb.append(String.format("%04d", t.getYear()));
                    break;
                case 'y':
                    sb.append(String.format("%02d", t.getYear() % 100));
                    break;
                case 'm':
                    sb.append(String.format("%02d", t.getMonthValue()));
                    break;
                case 'c':
                    sb.append(t.getMonthValue());
                    break;
                case 'd':
                    sb.append(String.format("%02d", t.getDayOfMonth()));
                    break;
                case 'e':
                    sb.append(t.getDayOfMonth());
                    break;
                case 'H':
                    sb.append(String.format("%02d", t.getHour()));
                    break;
                case 'h':
                case 'I':
                    sb.append(String.format("%02d", (t.getHour() + 11) % 12 + 1));
                    break;
                case 'i':
                    sb.append(String.format("%02d", t.getMinute()));
                    break;
                case 's':
                case 'S':
                    sb.append(String.format("%02d", t.getSecond()));
                    break;
                case 'f':
                    sb.append(String.format("%06d", t.getNano() / 1000));
                    break;
                case 'p':
                    sb.append(t.getHour() < 12 ? "AM" : "PM");
                    break;
                case 'M':
                    sb.append(t.format(DateTimeFormatter.ofPattern("MMMM", Locale.ENGLISH)));
                    break;
                case 'b':
                    sb.append(t.format(DateTimeFormatter.ofPattern("MMM", Locale.ENGLISH)));
                    break;
                case 'W':
                    sb.append(t.format(DateTimeFormatter.ofPattern("EEEE", Locale.ENGLISH)));
                    break;
                case 'a':
                    sb.append(t.format(DateTimeFormatter.ofPattern("EEE", Locale.ENGLISH)));
                    break;
                case 'j':
                    sb.append(String.format("%03d", t.getDayOfYear()));
                    break;
                case 'T':
                    sb.append(String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond()));
                    break;
                case '%':
                    sb.append('%');
                    break;
                default:
                    sb.append('%').append(s);
            }
        }
        return sb.toString();
    }

    static double[] toDoubles(Object v) {
        if (v instanceof double[]) {
            return (double[]) v;
        }
        if (v instanceof float[]) {
            float[] f = (float[]) v;
            double[] d = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                d[i] = f[i];
            }
            return d;
        }
        List<?> l = (List<?>) v;
        double[] d = new double[l.size()];
        for (int i = 0; i < d.length; i++) {
            Object o = l.get(i);
            if (o == null) {
                return null;
            }
            d[i] = ((Number) o).doubleValue();
        }
        return d;
    }
}
