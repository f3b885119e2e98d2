package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.Locale;
import java.util.Map;

/** Typed access to the settings a statement runs with, and their validation. */
final class SessionSettings {
    /** Bytes with an optional binary unit: {@code 1048576}, {@code 512k}, {@code 64MB}, {@code 2g}. */
    static final java.util.regex.Pattern MEMORY_SIZE =
            java.util.regex.Pattern.compile("\\s*(\\d+)\\s*([kKmMgG]?)[bB]?\\s*");

    private SessionSettings() {
    }

    /** Checks the numeric connection properties up front, so that a typo fails at connect time. */
    static void validate(EngineConfig config) {
        Map<String, String> m = config.asMap();
        parallelism(m);
        maxMemory(m);
        lazyThreshold(m);
    }

    /** Splits read at once per scan (default: available processors). */
    static int parallelism(Map<String, String> m) {
        String v = m.get(EngineProperty.SCAN_PARALLELISM.key());
        if (v == null) {
            return Math.max(1, Runtime.getRuntime().availableProcessors());
        }
        long n = parseLong(EngineProperty.SCAN_PARALLELISM.key(), v);
        if (n < 1 || n > 1024) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property 'scan.parallelism' must be between 1 and"
                    + " 1024, got " + v);
        }
        return (int) n;
    }

    /** The query memory limit in bytes (suffixes k, m, g accepted), Long.MAX_VALUE when unset. */
    static long maxMemory(Map<String, String> m) {
        String v = m.get(EngineProperty.QUERY_MAX_MEMORY.key());
        if (v == null || v.isBlank()) {
            return Long.MAX_VALUE;
        }
        java.util.regex.Matcher size = MEMORY_SIZE.matcher(v);
        if (!size.matches()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property 'query.max_memory' must be a number of"
                    + " bytes, optionally followed by k, m or g (e.g. 512m), got '" + v + "'");
        }
        long n = parseLong(EngineProperty.QUERY_MAX_MEMORY.key(), size.group(1));
        if (n < 1) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property 'query.max_memory' must be positive, got "
                    + v);
        }
        String unit = size.group(2).toLowerCase(Locale.ROOT);
        int shift = unit.equals("k") ? 10 : unit.equals("m") ? 20 : unit.equals("g") ? 30 : 0;
        // Saturates: a limit beyond what a JVM can address is no limit.
        return n > (Long.MAX_VALUE >> shift) ? Long.MAX_VALUE : n << shift;
    }

    /** vector_search two-phase read threshold (-1 disables). */
    static long lazyThreshold(Map<String, String> m) {
        String v = m.get(EngineProperty.TOPN_LAZY_MATERIALIZATION_THRESHOLD.key());
        if (v == null) {
            return Long.parseLong(EngineProperty.TOPN_LAZY_MATERIALIZATION_THRESHOLD.defaultValue());
        }
        long n = parseLong(EngineProperty.TOPN_LAZY_MATERIALIZATION_THRESHOLD.key(), v);
        if (n < -1) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'topn_lazy_materialization_threshold' must be -1 or"
                    + " more, got " + v);
        }
        return n;
    }

    private static long parseLong(String key, String v) {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property '" + key + "' must be an integer, got '" + v
                    + "'");
        }
    }
}
