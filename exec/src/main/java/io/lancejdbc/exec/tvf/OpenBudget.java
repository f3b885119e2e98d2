package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import java.time.Duration;
import java.util.Map;

/**
 * The planning budgets of a {@code uris} call that apply once the datasets are known (design "Revised Design —
 * Phase 1" §4b, §10); the listing budgets are {@link io.lancejdbc.exec.tvf.glob.ExpansionBudget}'s.
 *
 * @param maxFragments most fragments summed over every dataset of the call, default 100000
 *        ({@code lance.glob.max_fragments})
 * @param maxFieldsPerSchema most fields of one dataset's schema, nested fields counted, default 1000
 *        ({@code lance.glob.max_fields_per_schema})
 * @param maxConcurrentOpens datasets opened (and, before that, matches probed for {@code _versions/}) at the same
 *        time, default 4 ({@code lance.glob.max_concurrent_opens}); also bounded by the engine's open pool
 *        ({@link DatasetOpenPool#THREADS} threads)
 * @param deadline how long opening the datasets may take in all: the query timeout when there is one, at most
 *        60 s (design §10: {@code min(query_timeout, 60s)}); new opens stop when it passes
 */
public record OpenBudget(int maxFragments, int maxFieldsPerSchema, int maxConcurrentOpens, Duration deadline) {
    /** The cap of the opening deadline (design §10). */
    public static final Duration MAX_DEADLINE = Duration.ofSeconds(60);

    public OpenBudget {
        if (maxFragments < 1 || maxFieldsPerSchema < 1 || maxConcurrentOpens < 1) {
            throw new IllegalArgumentException("budgets must be at least 1");
        }
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive");
        }
    }

    /**
     * The budget from connection or call properties.
     *
     * @param queryTimeoutMillis the statement's timeout, 0 for none
     * @throws SqlError 22023 when a value is not a positive whole number
     */
    public static OpenBudget fromProperties(Map<String, String> properties, long queryTimeoutMillis) {
        Duration deadline = queryTimeoutMillis > 0 && queryTimeoutMillis < MAX_DEADLINE.toMillis()
                ? Duration.ofMillis(queryTimeoutMillis) : MAX_DEADLINE;
        return new OpenBudget(EngineProperty.GLOB_MAX_FRAGMENTS.positiveInt(properties),
                EngineProperty.GLOB_MAX_FIELDS_PER_SCHEMA.positiveInt(properties),
                EngineProperty.GLOB_MAX_CONCURRENT_OPENS.positiveInt(properties), deadline);
    }
}
