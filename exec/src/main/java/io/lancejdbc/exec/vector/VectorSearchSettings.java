package io.lancejdbc.exec.vector;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.Map;

/**
 * Session settings that shape {@code vector_search} execution.
 *
 * @param lazyMaterializationThreshold {@code topn_lazy_materialization_threshold}: when {@code top_k + offset} is
 *     at most this, the search reads only {@code _distance} and the row id, and the projected columns of the
 *     surviving rows are fetched by row id afterwards (two-phase read; Doris Lance Catalog manual, "Two-Phase TopN
 *     Read and Lazy Materialization"); {@code -1} disables it. Default 1024.
 */
public record VectorSearchSettings(long lazyMaterializationThreshold) {
    /** The default threshold (the manual's default). */
    public static final long DEFAULT_LAZY_MATERIALIZATION_THRESHOLD = 1024;
    /** The defaults. */
    public static final VectorSearchSettings DEFAULTS =
            new VectorSearchSettings(DEFAULT_LAZY_MATERIALIZATION_THRESHOLD);

    public VectorSearchSettings {
        if (lazyMaterializationThreshold < -1) {
            throw new IllegalArgumentException("the threshold is -1 or >= 0, got " + lazyMaterializationThreshold);
        }
    }

    /**
     * The settings from connection properties or {@code SET} variables (keys as in {@link EngineProperty}); absent
     * keys take their defaults.
     *
     * @throws SqlError 22023 when {@code topn_lazy_materialization_threshold} is not an integer &gt;= -1
     */
    public static VectorSearchSettings from(Map<String, String> settings) {
        String key = EngineProperty.TOPN_LAZY_MATERIALIZATION_THRESHOLD.key();
        String v = settings.get(key);
        if (v == null) {
            return DEFAULTS;
        }
        long n;
        try {
            n = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw invalid(key, v);
        }
        if (n < -1) {
            throw invalid(key, v);
        }
        return new VectorSearchSettings(n);
    }

    /** True when a search returning {@code candidates} rows reads in two phases. */
    public boolean twoPhase(long candidates) {
        return lazyMaterializationThreshold >= 0 && candidates <= lazyMaterializationThreshold;
    }

    private static SqlError invalid(String key, String value) {
        return new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + key + "' must be an integer >= -1 (-1 disables"
                + " the two-phase read), got '" + value + "'");
    }
}
