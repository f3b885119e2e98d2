package io.lancejdbc.exec.tvf.glob;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The limits one expansion of {@code uris} runs under, counted across the whole call (every element, every
 * level), and checked as each listing page arrives so that a huge prefix is abandoned part-way (design "Revised
 * Design — Phase 1" §4b).
 *
 * @param maxDirectoryCandidates most directory entries (S3 common prefixes, local subdirectories) all wildcard
 *        listings may return together, counted before deciding whether each matches or is a dataset; default 1000
 * @param maxListingRequests most listing requests (wildcard pages and dataset probes), default 1000
 * @param maxListingTime most wall-clock time spent in listing requests, default 20 s (a third of the query
 *        timeout when there is one); also caps each single request
 * @param maxDatasets most distinct matched locations (after deduplication) that are probed and read, default 500
 * @param pageSize entries asked for per listing request, 1 to 1000 (S3's maximum), default 1000
 */
public record ExpansionBudget(int maxDirectoryCandidates, int maxListingRequests, Duration maxListingTime,
                              int maxDatasets, int pageSize) {
    public static final int DEFAULT_MAX_DIRECTORY_CANDIDATES = 1000;
    public static final int DEFAULT_MAX_LISTING_REQUESTS = 1000;
    public static final Duration DEFAULT_MAX_LISTING_TIME = Duration.ofSeconds(20);
    public static final int DEFAULT_MAX_DATASETS = 500;
    public static final int DEFAULT_PAGE_SIZE = 1000;

    public ExpansionBudget {
        Objects.requireNonNull(maxListingTime, "maxListingTime");
        if (maxDirectoryCandidates < 1 || maxListingRequests < 1 || maxDatasets < 1) {
            throw new IllegalArgumentException("budgets must be at least 1");
        }
        if (maxListingTime.isNegative() || maxListingTime.isZero()) {
            throw new IllegalArgumentException("maxListingTime must be positive");
        }
        if (pageSize < 1 || pageSize > 1000) {
            throw new IllegalArgumentException("pageSize must be 1..1000: " + pageSize);
        }
    }

    /** The defaults of the design: 1000 candidates, 1000 requests, 20 s, 500 datasets, pages of 1000. */
    public static ExpansionBudget defaults() {
        return new ExpansionBudget(DEFAULT_MAX_DIRECTORY_CANDIDATES, DEFAULT_MAX_LISTING_REQUESTS,
                DEFAULT_MAX_LISTING_TIME, DEFAULT_MAX_DATASETS, DEFAULT_PAGE_SIZE);
    }

    /**
     * The budget from connection or TVF properties ({@code lance.glob.*} of {@link EngineProperty}).
     *
     * @param properties property name to value, not null
     * @param queryTimeoutMillis the statement's timeout, 0 for none; without
     *        {@code lance.glob.listing_timeout_seconds} the listing time is a third of it (20 s when 0)
     * @throws SqlError 22023 when a value is not a positive integer
     */
    public static ExpansionBudget fromProperties(Map<String, String> properties, long queryTimeoutMillis) {
        int candidates = EngineProperty.GLOB_MAX_DIRECTORY_CANDIDATES.positiveInt(properties);
        int requests = EngineProperty.GLOB_MAX_LISTING_REQUESTS.positiveInt(properties);
        int datasets = EngineProperty.GLOB_MAX_DATASETS.positiveInt(properties);
        Duration time;
        if (properties.get(EngineProperty.GLOB_LISTING_TIMEOUT.key()) != null) {
            time = Duration.ofSeconds(EngineProperty.GLOB_LISTING_TIMEOUT.positiveInt(properties));
        } else if (queryTimeoutMillis > 0) {
            time = Duration.ofMillis(Math.max(1, queryTimeoutMillis / 3));
        } else {
            time = DEFAULT_MAX_LISTING_TIME;
        }
        return new ExpansionBudget(candidates, requests, time, datasets, DEFAULT_PAGE_SIZE);
    }

    /** This budget with another page size (tests use small pages to exercise pagination). */
    public ExpansionBudget withPageSize(int size) {
        return new ExpansionBudget(maxDirectoryCandidates, maxListingRequests, maxListingTime, maxDatasets, size);
    }
}
