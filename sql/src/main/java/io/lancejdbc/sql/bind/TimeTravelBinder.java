package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.VersionSpec;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.SqlParser;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the version a table reference asks for from the named arguments of a table function: {@code "version"}
 * (a number, or a tag name when it is not all digits), {@code "tag"} and {@code "timestamp"}; at most one of them
 * (docs/time-travel.md). {@code FOR VERSION AS OF} / {@code FOR TIMESTAMP AS OF} arrive here in the same form
 * (see the parser's time-travel rewrite).
 *
 * <p>Timestamps: a literal with a zone or offset ({@code 2024-05-01 10:00:00+02:00}, {@code ...Z}) names that
 * instant; a naive one ({@code 2024-05-01 10:00:00}) is read in the session time zone, the zone of the statement
 * clock (the JVM default zone), as a naive TIMESTAMP literal is compared with a zoned column. A bound
 * {@code java.sql.Timestamp} arrives naive and is read the same way; an {@code Instant} or
 * {@code OffsetDateTime} is taken as is.
 */
final class TimeTravelBinder {
    static final String VERSION = "version";
    static final String TAG = "tag";
    static final String TIMESTAMP = "timestamp";

    private TimeTravelBinder() {
    }

    /**
     * Removes the version arguments from {@code args} and returns what they ask for ({@link VersionSpec#latest()}
     * when there is none, and in prepare mode when the value is a {@code ?} not bound yet).
     *
     * @param args the call's arguments; the version keys are removed
     * @param function the function name for messages
     * @throws SqlError 42000 for two version arguments; 22023 for a value that is not a version, tag or timestamp
     */
    static VersionSpec take(Map<String, String> args, BindContext ctx, String function) {
        String version = args.remove(VERSION);
        String tag = args.remove(TAG);
        String timestamp = args.remove(TIMESTAMP);
        int given = (version != null ? 1 : 0) + (tag != null ? 1 : 0) + (timestamp != null ? 1 : 0);
        if (given == 0) {
            return VersionSpec.latest();
        }
        if (given > 1) {
            throw new SqlError(SqlState.SYNTAX_ERROR, function + "() takes one of \"version\", \"tag\" and"
                    + " \"timestamp\", not several");
        }
        String key = version != null ? VERSION : tag != null ? TAG : TIMESTAMP;
        String text = version != null ? version : tag != null ? tag : timestamp;
        if (text.startsWith(SqlParser.PARAMETER_MARKER)) {
            int index = Integer.parseInt(text.substring(SqlParser.PARAMETER_MARKER.length())) - 1;
            Expr p = ctx.parameter(index);
            if (!(p instanceof Literal)) {
                // Prepare mode: the result schema is the latest version's; the bound value pins at execution.
                return VersionSpec.latest();
            }
            return fromParameter(key, ((Literal) p).value(), index + 1, ctx.clock.getZone());
        }
        return fromText(key, text, ctx.clock.getZone());
    }

    private static VersionSpec fromText(String key, String text, ZoneId zone) {
        switch (key) {
            case TAG:
                return tag(text);
            case TIMESTAMP:
                return new VersionSpec.AsOf(instant(text, zone));
            default:
                String t = text.strip();
                if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
                    return number(t);
                }
                return tag(text);
        }
    }

    private static VersionSpec fromParameter(String key, Object value, int position, ZoneId zone) {
        if (value == null) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Parameter " + position + " (the " + key + " of a"
                    + " time-travel reference) is NULL; bind a version number, a tag name or a timestamp");
        }
        if (key.equals(TIMESTAMP)) {
            if (value instanceof Instant) {
                return new VersionSpec.AsOf((Instant) value);
            }
            if (value instanceof LocalDateTime) {
                return new VersionSpec.AsOf(((LocalDateTime) value).atZone(zone).toInstant());
            }
            if (value instanceof LocalDate) {
                return new VersionSpec.AsOf(((LocalDate) value).atStartOfDay(zone).toInstant());
            }
            if (value instanceof OffsetDateTime) {
                return new VersionSpec.AsOf(((OffsetDateTime) value).toInstant());
            }
            if (value instanceof ZonedDateTime) {
                return new VersionSpec.AsOf(((ZonedDateTime) value).toInstant());
            }
            if (value instanceof String) {
                return new VersionSpec.AsOf(instant((String) value, zone));
            }
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Parameter " + position + " of FOR TIMESTAMP AS OF"
                    + " must be a timestamp (setTimestamp, setObject with an Instant or OffsetDateTime) or a string,"
                    + " got " + value.getClass().getSimpleName());
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long v = ((Number) value).longValue();
            if (key.equals(TAG)) {
                return tag(Long.toString(v));
            }
            return number(Long.toString(v));
        }
        if (value instanceof java.math.BigInteger || value instanceof java.math.BigDecimal) {
            return number(value instanceof java.math.BigDecimal ? ((java.math.BigDecimal) value).toPlainString()
                    : value.toString());
        }
        if (value instanceof String) {
            return key.equals(TAG) ? tag((String) value) : fromText(VERSION, (String) value, zone);
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Parameter " + position + " of FOR VERSION AS OF must be"
                + " a version number (setLong, setInt) or a tag name (setString), got "
                + value.getClass().getSimpleName());
    }

    private static VersionSpec number(String digits) {
        long v;
        try {
            v = Long.parseLong(digits.strip());
        } catch (NumberFormatException e) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Version " + digits + " is not a valid dataset"
                    + " version: versions are whole numbers from 1 to " + Long.MAX_VALUE);
        }
        if (v < 1) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Version " + v + " is not a valid dataset version:"
                    + " Lance numbers versions from 1");
        }
        return new VersionSpec.Number(v);
    }

    private static VersionSpec tag(String name) {
        if (name.isEmpty()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "The tag name is empty; write the name of a tag of"
                    + " the table (SHOW TAGS FROM t lists them)");
        }
        return new VersionSpec.Tag(name);
    }

    /**
     * The instant a timestamp text names.
     *
     * @throws SqlError 22007 when the text is not a timestamp
     */
    static Instant instant(String text, ZoneId zone) {
        String t = text.strip();
        Optional<Instant> zoned = LiteralCasts.parseZoned(t);
        if (zoned.isPresent()) {
            return zoned.get();
        }
        int space = t.lastIndexOf(' ');
        if (space > 10) {
            // "2024-05-01 10:00:00 Europe/Berlin" or "... UTC"
            String region = t.substring(space + 1);
            if (region.chars().anyMatch(Character::isLetter)) {
                try {
                    ZoneId z = ZoneId.of(region);
                    return LiteralCasts.parseTimestamp(t.substring(0, space)).atZone(z).toInstant();
                } catch (java.time.DateTimeException e) {
                    throw new SqlError(SqlState.INVALID_DATETIME, "Unknown time zone '" + region + "' in timestamp '"
                            + text + "'", e);
                }
            }
        }
        try {
            return LiteralCasts.parseTimestamp(t).atZone(zone).toInstant();
        } catch (SqlError e) {
            throw new SqlError(SqlState.INVALID_DATETIME, "Invalid timestamp '" + text + "' for time travel; expected"
                    + " yyyy-MM-dd HH:mm:ss[.ffffff] with an optional zone (Z, +02:00, Europe/Berlin)", e);
        }
    }
}
