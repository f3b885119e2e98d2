package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.config.EngineConfig;
import io.lancejdbc.exec.config.EngineProperty;
import io.lancejdbc.sql.SqlError;
import io.lancejdbc.sql.SqlState;
import java.util.Locale;
import java.util.Map;

/** Typed access to the settings a statement runs with, and their validation. */
final class SessionSettings {
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
        String t = v.trim().toLowerCase(Locale.ROOT).replace("b", "");
        long mul = 1;
        if (t.endsWith("k")) {
            mul = 1L << 10;
        } else if (t.endsWith("m")) {
            mul = 1L << 20;
        } else if (t.endsWith("g")) {
            mul = 1L << 30;
        }
        if (mul > 1) {
            t = t.substring(0, t.length() - 1);
        }
        long n = parseLong(EngineProperty.QUERY_MAX_MEMORY.key(), t.trim());
        if (n < 1) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property 'query.max_memory' must be positive, got "
                    + v);
        }
        return Math.multiplyHigh(n, mul) != 0 ? Long.MAX_VALUE : n * mul;
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
