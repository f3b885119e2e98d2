package io.lancejdbc.engine;

import java.util.Objects;

/**
 * Per-execution options that come from the JDBC statement.
 *
 * @param maxRows the most rows the result may have ({@code Statement.setMaxRows}); 0 means no limit
 * @param fetchSize a hint for the batch size in rows; 0 means the engine default
 * @param timeoutMillis the query timeout in milliseconds; 0 means none
 * @param cancellation the cancellation signal of this execution, not null
 */
public record QueryOptions(long maxRows, int fetchSize, long timeoutMillis, Cancellation cancellation) {
    public QueryOptions {
        if (maxRows < 0 || fetchSize < 0 || timeoutMillis < 0) {
            throw new IllegalArgumentException("maxRows, fetchSize and timeoutMillis must be >= 0");
        }
        Objects.requireNonNull(cancellation, "cancellation");
    }

    /** No row limit, default batch size, no timeout, a fresh cancellation signal. */
    public static QueryOptions defaults() {
        return new QueryOptions(0, 0, 0, new Cancellation());
    }
}
