package io.lancejdbc.engine;

import java.util.Map;
import java.util.Objects;

/**
 * Per-execution options that come from the JDBC statement.
 *
 * @param maxRows the most rows the result may have ({@code Statement.setMaxRows}); 0 means no limit
 * @param fetchSize a hint for the batch size in rows; 0 means the engine default
 * @param timeoutMillis the statement's query timeout in milliseconds, 0 for none. The engine bounds the planning
 *     steps that wait on storage by it (listing and opening the datasets of a file TVF) but does not end a running
 *     query by it: the caller owns the deadline and cancels {@code cancellation} with a reason that starts with
 *     {@code "Query timeout"} when it passes (the JDBC statement's timer, the Flight call deadline), which the
 *     engine reports as SQLState HYT00.
 * @param cancellation the cancellation signal of this execution, not null
 * @param datasetVersions dataset versions to read instead of the latest, by dataset URI (as
 *     {@link QueryResult#datasetVersions()} reports them), for a re-run of one execution that must read what the
 *     first run read (a Flight ticket run again on a restarted server); empty for the latest versions, not null.
 *     Time-travel references ({@code FOR VERSION AS OF}) are not affected.
 */
public record QueryOptions(long maxRows, int fetchSize, long timeoutMillis, Cancellation cancellation,
        Map<String, Long> datasetVersions) {
    public QueryOptions {
        if (maxRows < 0 || fetchSize < 0 || timeoutMillis < 0) {
            throw new IllegalArgumentException("maxRows, fetchSize and timeoutMillis must be >= 0");
        }
        Objects.requireNonNull(cancellation, "cancellation");
        datasetVersions = Map.copyOf(datasetVersions);
    }

    /** Options that read the latest dataset versions. */
    public QueryOptions(long maxRows, int fetchSize, long timeoutMillis, Cancellation cancellation) {
        this(maxRows, fetchSize, timeoutMillis, cancellation, Map.of());
    }

    /** These options, reading {@code versions} (dataset URI to version) instead of the latest versions. */
    public QueryOptions withDatasetVersions(Map<String, Long> versions) {
        return new QueryOptions(maxRows, fetchSize, timeoutMillis, cancellation, versions);
    }

    /** No row limit, default batch size, no timeout, a fresh cancellation signal. */
    public static QueryOptions defaults() {
        return new QueryOptions(0, 0, 0, new Cancellation());
    }
}
