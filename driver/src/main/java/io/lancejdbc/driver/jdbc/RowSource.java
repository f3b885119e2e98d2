package io.lancejdbc.driver.jdbc;

import java.sql.SQLException;
import java.util.List;

/** Where a {@link LanceResultSet} pulls its rows from: an engine result or rows built in memory. */
interface RowSource extends AutoCloseable {

    /** The columns, known before the first batch. */
    List<ColumnInfo> columns();

    /**
     * The next batch with at least one row, owned by the caller; null at the end.
     *
     * @throws SQLException when the query fails, times out (SQLTimeoutException) or was cancelled
     */
    RowBatch next() throws SQLException;

    /** Releases the source; idempotent, never throws. */
    @Override
    void close();
}
