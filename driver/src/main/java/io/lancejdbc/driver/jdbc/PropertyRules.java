package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlState;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The allowed values of the connection properties that have a fixed set of values or must be numbers: the
 * choices {@code Driver.getPropertyInfo} shows, and the checks made before a connection is opened so that a typo
 * is reported by name instead of surfacing later inside the engine.
 */
final class PropertyRules {
    private PropertyRules() {
    }

    /** The fixed values of a property, or null when any value of its kind is allowed. */
    static String[] choices(EngineProperty property) {
        switch (property) {
            case CATALOG_TYPE:
                return new String[] {"filesystem", "rest", "none"};
            case USE_PATH_STYLE:
                return new String[] {"true", "false"};
            case REST_SECURITY_TYPE:
                return new String[] {"none", "bearer", "api_key"};
            case ENGINE:
                return new String[] {"embedded", "isolated"};
            default:
                return null;
        }
    }

    /**
     * @return the value to use (choices in lower case)
     * @throws SQLException 08001 naming the property, the value (unless secret) and what is allowed
     */
    static String check(EngineProperty property, String value) throws SQLException {
        String[] choices = choices(property);
        if (choices != null) {
            String v = value.trim().toLowerCase(Locale.ROOT);
            for (String c : choices) {
                if (c.equals(v)) {
                    return c;
                }
            }
            throw invalid(property, value, "one of " + String.join(", ", choices));
        }
        switch (property) {
            case SCAN_PARALLELISM:
                // The engine's bound (SessionSettings): checked here too so that connect fails with 08001.
                return integer(property, value, 1, 1024, "a whole number from 1 to 1024");
            case METADATA_CACHE_TTL:
            case LATEST_VERSION_TTL:
                return integer(property, value, 0, Integer.MAX_VALUE, "seconds, a whole number >= 0");
            case GLOB_MAX_DIRECTORY_CANDIDATES:
            case GLOB_MAX_LISTING_REQUESTS:
            case GLOB_MAX_DATASETS:
            case GLOB_LISTING_TIMEOUT:
                return integer(property, value, 1, Integer.MAX_VALUE, "a whole number >= 1");
            case QUERY_MAX_MEMORY:
                // The engine's syntax (SessionSettings.maxMemory), which SET query.max_memory = '512m' accepts too.
                java.util.regex.Matcher m = MEMORY_SIZE.matcher(value);
                if (m.matches() && m.group(1).length() <= 18 && Long.parseLong(m.group(1)) >= 1) {
                    return value.strip();
                }
                throw invalid(property, value, "bytes, a whole number >= 1, optionally followed by k, m or g (512m)");
            case TOPN_LAZY_MATERIALIZATION_THRESHOLD:
                return integer(property, value, -1, Integer.MAX_VALUE, "a whole number >= -1 (-1 disables)");
            default:
                return value;
        }
    }

    private static final java.util.regex.Pattern MEMORY_SIZE =
            java.util.regex.Pattern.compile("\\s*(\\d+)\\s*([kKmMgG]?)[bB]?\\s*");

    private static String integer(EngineProperty property, String value, long min, long max, String expected)
            throws SQLException {
        try {
            long v = Long.parseLong(value.trim());
            if (v >= min && v <= max) {
                return Long.toString(v);
            }
        } catch (NumberFormatException e) {
            // Reported below with the expected form.
        }
        throw invalid(property, value, expected);
    }

    private static SQLException invalid(EngineProperty property, String value, String expected) {
        String shown = property.secret() ? "****" : "'" + value + "'";
        return SqlExceptions.of(SqlState.CONNECTION_FAILURE, "Connection property '" + property.key() + "' is "
                + shown + "; expected " + expected);
    }
}
