package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.time.Clock;
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

/**
 * Kernels of the date and time functions (typing: {@code sql.bind.TemporalFunctionTyping}). Timestamps are naive
 * (no zone) or UTC instants; every computation is on the proleptic Gregorian calendar in UTC, so the JVM time zone
 * never changes an answer.
 */
final class TemporalKernels {
    private TemporalKernels() {
    }

    static void register(ScalarKernels.Registry r) {
        r.add(ScalarFunctionKey.NOW, new StatementClockKernel(true));
        r.add(ScalarFunctionKey.CURRENT_DATE, new StatementClockKernel(false));
        r.row(ScalarFunctionKey.EXTRACT, a -> extract((String) a[0], a[1]));
        r.raisingRow(ScalarFunctionKey.DATE_ADD, a -> dateAdd(a[0], (Long) a[1], (String) a[2]));
        r.row(ScalarFunctionKey.DATEDIFF, a -> ChronoUnit.DAYS.between((LocalDate) a[1], (LocalDate) a[0]));
        r.row(ScalarFunctionKey.TIMESTAMP_DIFF_US, a -> micros(a[0]) - micros(a[1]));
        r.row(ScalarFunctionKey.DATE_TRUNC, a -> dateTrunc((String) a[0], a[1]));
        r.row(ScalarFunctionKey.DATE_FORMAT, a -> dateFormat(a[0], (String) a[1]));
        r.row(ScalarFunctionKey.EPOCH, a -> Math.floorDiv(micros(a[0]), 1_000_000L));
    }

    /** NOW() (microsecond precision) or CURRENT_DATE: a constant read once from the statement clock. */
    private static final class StatementClockKernel implements ScalarKernel {
        private final boolean timestamp;

        StatementClockKernel(boolean timestamp) {
            this.timestamp = timestamp;
        }

        @Override
        public CompiledExpr compile(Call call, List<CompiledExpr> args, Clock clock) {
            if (!timestamp) {
                return new ConstantExpr(LocalDate.now(clock), call.type());
            }
            LocalDateTime now = LocalDateTime.now(clock);
            return new ConstantExpr(now.withNano(now.getNano() / 1000 * 1000), call.type());
        }

        @Override
        public boolean mayRaise() {
            return false;
        }
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
            case "week_sunday":
                // MySQL/Doris WEEK(x) in its default mode 0: weeks start on Sunday, the days before the year's first
                // Sunday are week 0, range 0..53 (C's strftime %U).
                return (long) ((t.getDayOfYear() - 1 + 7 - t.getDayOfWeek().getValue() % 7) / 7);
            case "day":
                return (long) t.getDayOfMonth();
            case "dayofweek":
                // Sunday = 1 ... Saturday = 7 (Doris, MySQL and the JDBC escape function DAYOFWEEK).
                return (long) (t.getDayOfWeek().getValue() % 7 + 1);
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
}
