package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlState;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A statement of a read-only connection. SELECT, WITH, SHOW, DESC and EXPLAIN return rows; USE and SET return an
 * update count of 0; data- and schema-changing statements fail with {@code SQLFeatureNotSupportedException}.
 *
 * <p>Execution contract (JDBC 4.3 §13.1): {@code execute} returns true for rows and false for an update count;
 * {@code getResultSet}/{@code getUpdateCount} give the one result, and {@code getMoreResults()} closes it and
 * returns false with {@code getUpdateCount() == -1}. Running again closes the previous result set.
 *
 * <p>{@code setMaxRows} goes to the engine ({@code QueryOptions.maxRows}) and is also enforced while reading.
 * {@code setQueryTimeout} starts a timer when the statement runs that cancels the execution (also while its rows
 * are read) through its {@link Cancellation}; the caller sees an {@code SQLTimeoutException} (HYT00).
 * {@code cancel()} may be called from any thread; {@code close()} cancels what is still running and, called from
 * another thread, waits for the running call (which then fails with 57014) before freeing its Arrow memory.
 */
class LanceStatement implements Statement {
    final LanceConnection connection;
    private volatile boolean closed;
    private long maxRows;
    private int fetchSize;
    private int maxFieldSize;
    private int queryTimeoutSeconds;
    private boolean closeOnCompletion;
    private boolean poolable;
    private LanceResultSet resultSet;
    private long updateCount = -1;
    private SQLWarning warnings;
    private final List<String> batch = new ArrayList<>();

    /** The signal of the execution in progress (statement running or its rows being read); null when idle. */
    private volatile Cancellation running;
    /**
     * Held by the thread inside an execution or a {@code next()} of this statement's result set, so that a close
     * from another thread (which cancels first) never frees the Arrow memory that call uses: it waits up to
     * {@link #CLOSE_WAIT_SECONDS} for the call to end, then leaves the freeing to the call's thread.
     */
    private final CallGuard calls = new CallGuard(TimeUnit.SECONDS.toNanos(CLOSE_WAIT_SECONDS));
    /** How long a close from another thread waits for a cancelled call to end before returning. */
    private static final long CLOSE_WAIT_SECONDS = 60;
    private ScheduledFuture<?> timeout;

    LanceStatement(LanceConnection connection) {
        this.connection = connection;
    }

    /** One engine call, made with this execution's options. */
    @FunctionalInterface
    interface Execution {
        QueryResult run(QueryOptions options);
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("Statement");
        }
        connection.checkOpen();
    }

    // ----------------------------------------------------------------------------------------------- execution

    /**
     * Runs one execution: closes the previous result, starts the timeout, and keeps the rows as the current
     * result set or the update count.
     *
     * @return true when the statement produced rows
     */
    final boolean run(Execution execution) throws SQLException {
        checkOpen();
        enterCall();
        try {
            return runEntered(execution);
        } finally {
            exitCall();
        }
    }

    /** Enters a call that uses Arrow memory of this statement (an execution, a result set's next()). */
    final void enterCall() {
        calls.enter();
    }

    final void exitCall() {
        calls.exit();
    }

    /**
     * Runs {@code release} (which frees Arrow memory of this statement) once no call of another thread is in
     * progress: now, after waiting for the call in progress (already cancelled by the closer), or, when that call
     * has not ended within {@link #CLOSE_WAIT_SECONDS}, on the call's thread as it leaves the call.
     */
    final void releaseAfterCall(Runnable release) {
        calls.release(release);
    }

    private boolean runEntered(Execution execution) throws SQLException {
        checkOpen();
        closeResult();
        updateCount = -1;
        Cancellation cancellation = new Cancellation();
        QueryOptions options = new QueryOptions(maxRows, fetchSize, queryTimeoutSeconds * 1000L, cancellation);
        running = cancellation;
        if (closed) {
            // close() on another thread set closed before it read running: it did not see this execution
            cancellation.cancel("Query was cancelled because its statement was closed");
        }
        startTimeout(cancellation);
        QueryResult result;
        try {
            result = connection.execute(execution, options);
            if (cancellation.isCancelled()) {
                result.close();
                cancellation.throwIfCancelled();
            }
        } catch (RuntimeException e) {
            executionDone(cancellation);
            throw SqlExceptions.from(e);
        } catch (SQLException e) {
            executionDone(cancellation);
            throw e;
        }
        if (result.hasRows()) {
            resultSet = new LanceResultSet(this, new ArrowRowSource(result, cancellation, connection.catalogName()),
                    maxRows, maxFieldSize, fetchSize);
            return true;
        }
        updateCount = Math.max(0, result.updateCount());
        result.close();
        executionDone(cancellation);
        return false;
    }

    private synchronized void startTimeout(Cancellation cancellation) {
        stopTimeout();
        if (queryTimeoutSeconds > 0) {
            int seconds = queryTimeoutSeconds;
            // The engine maps a reason starting with "Query timeout" to SQLState HYT00.
            timeout = connection.threads().timer().schedule(
                    () -> cancellation.cancel("Query timeout of " + seconds + " s expired (Statement.setQueryTimeout)"),
                    seconds, TimeUnit.SECONDS);
        }
    }

    private synchronized void stopTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
            timeout = null;
        }
    }

    /** The execution finished (failed, produced an update count, or its rows were read or closed). */
    private void executionDone(Cancellation cancellation) {
        if (running == cancellation) {
            running = null;
            stopTimeout();
        }
    }

    /** Called by the result set when its rows are exhausted: nothing runs any more. */
    final void resultSetExhausted(LanceResultSet rs) {
        if (rs == resultSet) {
            Cancellation c = running;
            if (c != null) {
                executionDone(c);
            }
        }
    }

    /** Called by the result set when it is closed. */
    final void resultSetClosed(LanceResultSet rs) {
        if (rs == resultSet) {
            resultSet = null;
            Cancellation c = running;
            if (c != null) {
                executionDone(c);
            }
            if (closeOnCompletion) {
                close();
            }
        }
    }

    /** Makes {@code rs} this statement's result (metadata results owned by an internal statement). */
    final void adopt(LanceResultSet rs) {
        resultSet = rs;
    }

    /** Cancels the running execution, if any (Connection.abort). */
    final void cancelQuietly() {
        Cancellation c = running;
        if (c != null) {
            c.cancel("Query was cancelled because the connection was aborted");
        }
    }

    private void closeResult() {
        LanceResultSet rs = resultSet;
        if (rs != null) {
            // Re-executing closes the previous result without letting closeOnCompletion close the statement.
            resultSet = null;
            rs.close();
            Cancellation c = running;
            if (c != null) {
                executionDone(c);
            }
        }
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        checkOpen();
        checkSql(sql);
        return run(options -> connection.session().execute(sql, List.of(), options));
    }

    static void checkSql(String sql) throws SQLException {
        if (sql == null || sql.isBlank()) {
            throw SqlExceptions.of(SqlState.SYNTAX_ERROR, "The SQL statement is empty");
        }
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        return rowsOf(execute(sql));
    }

    /** The rows of an execution that must produce rows (executeQuery). */
    final ResultSet rowsOf(boolean hasRows) throws SQLException {
        if (!hasRows) {
            throw SqlExceptions.of(SqlExceptions.NO_DATA, "executeQuery ran a statement that returns no rows "
                    + "(USE or SET); run it with execute or executeUpdate");
        }
        ResultSet rows = resultSet;
        if (rows == null) {
            // close() on another thread took the rows between the execution and this return
            throw SqlExceptions.of(SqlState.QUERY_CANCELED, "Query was cancelled because its statement was closed");
        }
        return rows;
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return (int) Math.min(executeLargeUpdate(sql), Integer.MAX_VALUE);
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        return updateCountOf(execute(sql));
    }

    /** The update count of an execution that must not produce rows (executeUpdate). */
    final long updateCountOf(boolean hasRows) throws SQLException {
        if (hasRows) {
            closeResult();
            throw SqlExceptions.of(SqlExceptions.RESULT_NOT_EXPECTED,
                    "executeUpdate ran a statement that returns rows; run it with executeQuery or execute");
        }
        return updateCount;
    }

    /** Keys are never generated (nothing is inserted), so the key arguments change nothing. */
    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        return execute(sql);
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        checkOpen();
        return LanceResultSet.inMemory(this, List.of(), List.of());
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return resultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return (int) Math.min(getLargeUpdateCount(), Integer.MAX_VALUE);
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return resultSet != null ? -1 : updateCount;
    }

    /** Every statement has exactly one result, so there is never a next one. */
    @Override
    public boolean getMoreResults() throws SQLException {
        checkOpen();
        closeResult();
        updateCount = -1;
        return false;
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        if (current != CLOSE_CURRENT_RESULT) {
            throw SqlExceptions.unsupported("getMoreResults(KEEP_CURRENT_RESULT | CLOSE_ALL_RESULTS) "
                    + "(supportsMultipleOpenResults is false)");
        }
        return getMoreResults();
    }

    // ----------------------------------------------------------------------------------------------- batches

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        checkSql(sql);
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    /**
     * Runs the batched statements in order. Only statements without rows (USE, SET) may be batched: JDBC forbids
     * result sets in a batch, so a statement that returns rows stops the batch with a
     * {@link BatchUpdateException} carrying the counts of the statements before it.
     */
    @Override
    public int[] executeBatch() throws SQLException {
        long[] counts = executeLargeBatch();
        int[] out = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            out[i] = (int) Math.min(counts[i], Integer.MAX_VALUE);
        }
        return out;
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        List<String> statements = new ArrayList<>(batch);
        batch.clear();
        long[] counts = new long[statements.size()];
        for (int i = 0; i < statements.size(); i++) {
            String sql = statements.get(i);
            boolean rows;
            try {
                rows = run(options -> connection.session().execute(sql, List.of(), options));
            } catch (SQLException e) {
                throw batchFailure(counts, i, e.getMessage(), e.getSQLState(), e);
            }
            if (rows) {
                closeResult();
                throw batchFailure(counts, i, "Statement " + (i + 1) + " of the batch returns rows; executeBatch runs "
                        + "only statements without rows (JDBC forbids result sets in a batch)",
                        SqlExceptions.RESULT_NOT_EXPECTED, null);
            }
            counts[i] = updateCount;
        }
        updateCount = -1;
        return counts;
    }

    static BatchUpdateException batchFailure(long[] counts, int failed, String message, String state,
            Throwable cause) {
        long[] done = Arrays.copyOf(counts, failed);
        return new BatchUpdateException(message, state, 0, done, cause);
    }

    // ----------------------------------------------------------------------------------------------- control

    @Override
    public void cancel() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("Statement");
        }
        Cancellation c = running;
        if (c != null) {
            c.cancel("Query was cancelled (Statement.cancel)");
        }
    }

    /** Closes the statement: cancels what still runs, closes its result set; idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        Cancellation c = running;
        if (c != null) {
            c.cancel("Query was cancelled because its statement was closed");
        }
        // A call in progress on another thread ends promptly (cancelled) and frees what it holds; the result set and
        // the execution are released after it, never under it.
        releaseAfterCall(this::releaseResult);
        connection.forget(this);
    }

    private void releaseResult() {
        LanceResultSet rs = resultSet;
        resultSet = null;
        if (rs != null) {
            rs.close();
        }
        Cancellation c = running;
        if (c != null) {
            executionDone(c);
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        checkOpen();
        return maxFieldSize;
    }

    /** Cuts text and binary values of later results to {@code max} characters or bytes; 0 means no limit. */
    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Max field size must be >= 0, was " + max);
        }
        maxFieldSize = max;
    }

    @Override
    public int getMaxRows() throws SQLException {
        return (int) Math.min(getLargeMaxRows(), Integer.MAX_VALUE);
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Max rows must be >= 0, was " + max);
        }
        maxRows = max;
    }

    /** JDBC escape syntax ({@code {d '...'}}, {@code {fn ...}}) is not rewritten; the flag is recorded only. */
    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeoutSeconds;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Query timeout must be >= 0 s, was " + seconds);
        }
        queryTimeoutSeconds = seconds;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings;
    }

    /** Adds a warning (SQLState 01000) to this statement's chain. */
    void addWarning(String message) {
        SQLWarning w = new SQLWarning(message, "01000");
        if (warnings == null) {
            warnings = w;
        } else {
            warnings.setNextWarning(w);
        }
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings = null;
    }

    @Override
    public void setCursorName(String name) throws SQLException {
        throw SqlExceptions.unsupported("Named cursors (positioned updates)");
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD && direction != ResultSet.FETCH_REVERSE
                && direction != ResultSet.FETCH_UNKNOWN) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Unknown fetch direction " + direction);
        }
        if (direction == ResultSet.FETCH_REVERSE) {
            addWarning("Result sets are forward-only: rows come in order (FETCH_FORWARD); FETCH_REVERSE is a hint"
                    + " this driver cannot follow");
        }
    }

    /** Always FETCH_FORWARD: every result set is TYPE_FORWARD_ONLY. */
    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    /** A batch-size hint passed to the engine ({@code QueryOptions.fetchSize}); 0 lets the engine choose. */
    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        if (rows < 0) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Fetch size must be >= 0, was " + rows);
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
        this.poolable = poolable;
    }

    @Override
    public boolean isPoolable() throws SQLException {
        checkOpen();
        return poolable;
    }

    /** Backticks, the identifier quote of the SQL dialect (Doris style), doubling embedded backticks. */
    @Override
    public String enquoteIdentifier(String identifier, boolean alwaysQuote) throws SQLException {
        return SqlIdentifiers.enquote(identifier, alwaysQuote);
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Statement does not implement " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
