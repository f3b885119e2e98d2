package io.lancejdbc.driver.jdbc;

import io.lancejdbc.driver.jdbc.accessor.ColumnAccessor;
import io.lancejdbc.engine.SqlState;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A forward-only, read-only {@link ResultSet} over Arrow batches pulled from the engine one at a time (or over
 * rows built in memory for metadata). Each batch is closed as soon as the cursor leaves it, so a result of any size
 * holds at most one batch (two while {@link #isLast()} looks ahead).
 *
 * <p>Getters read the current row straight from the batch's vectors through one accessor per column;
 * {@link #wasNull()} reports the validity bit of the last column read. Value classes of {@code getObject} follow
 * the type mapping of issue 2 §5 (java.time classes for date/time, BigDecimal for DECIMAL and uint64,
 * {@link Array} for lists, {@link java.sql.Struct} for structs, {@link Map} for maps).
 *
 * <p>Arrow escape hatch: {@code rs.unwrap(LanceResultSet.class).nextArrowBatch()} hands the remaining rows over
 * batch by batch without converting them, for Arrow-aware callers; it cannot be mixed with {@link #next()}.
 *
 * <p>Not thread-safe, like every JDBC result set; {@code Statement.cancel()} from another thread is the supported
 * way to stop it, and {@code close()} of the result set, its statement or its connection from another thread
 * cancels, waits for the running {@code next()} to end (it then fails with 57014) and frees every batch.
 */
public final class LanceResultSet implements ResultSet {
    private final LanceStatement statement;
    private final RowSource source;
    private final List<ColumnInfo> columns;
    private final long maxRows;
    private final int maxFieldSize;
    private Map<String, Integer> columnsByLabel;
    private ResultSetMetaData metaData;

    private RowBatch batch;
    private RowBatch lookahead;
    private boolean sourceDone;
    /** The current row's accessors; null whenever the cursor is not on a row (before first, after last, closed). */
    private ColumnAccessor[] accessors;
    private int row = -1;
    private long rowNumber;
    private boolean afterLast;
    /** Volatile: a close from another thread is seen by the reading thread's next getter. */
    private volatile boolean closed;
    /** close() was called; the freeing may still wait for a call in progress on another thread. */
    private volatile boolean closeRequested;
    private boolean wasNull;
    private boolean rowMode;
    private boolean arrowMode;
    private int fetchSize;
    private SQLWarning warnings;

    /**
     * @param statement the owning statement, told when the result is exhausted or closed; null for
     *     {@code Array.getResultSet()} results
     * @param maxRows the most rows to return, 0 for all
     * @param maxFieldSize the most characters/bytes {@code getString}/{@code getBytes} return for text and binary
     *     columns, 0 for no limit
     */
    LanceResultSet(LanceStatement statement, RowSource source, long maxRows, int maxFieldSize, int fetchSize) {
        this.statement = statement;
        this.source = source;
        this.columns = source.columns();
        this.maxRows = maxRows;
        this.maxFieldSize = maxFieldSize;
        this.fetchSize = fetchSize;
    }

    /** A result over rows built in memory (each {@code Object[]} holds one value per column, as its JDBC class). */
    static LanceResultSet inMemory(LanceStatement statement, List<ColumnInfo> columns, List<Object[]> rows) {
        return new LanceResultSet(statement, new InMemoryRowSource(columns, rows), 0, 0, 0);
    }

    List<ColumnInfo> columns() {
        return columns;
    }

    // ---------------------------------------------------------------------------------------------- navigation

    @Override
    public boolean next() throws SQLException {
        // A step inside the current batch touches only this result set's own fields, so it takes no lock (the lock
        // makes a close from another thread wait for a call that fetches or frees batches; the getters do not take
        // it either). One lock and unlock per row was a third of a one-column scan's getter time.
        RowBatch current = batch;
        if (rowMode && !closed && !afterLast && current != null && row + 1 < current.rowCount()
                && (maxRows <= 0 || rowNumber < maxRows)) {
            row++;
            rowNumber++;
            return true;
        }
        if (statement == null) {
            return advance();
        }
        statement.enterCall();
        try {
            return advance();
        } finally {
            statement.exitCall();
        }
    }

    private boolean advance() throws SQLException {
        checkOpen();
        if (arrowMode) {
            throw SqlExceptions.of(SqlExceptions.INVALID_CURSOR_STATE,
                    "next() cannot follow nextArrowBatch() on the same result set");
        }
        rowMode = true;
        if (afterLast) {
            return false;
        }
        if (maxRows > 0 && rowNumber >= maxRows) {
            finish();
            return false;
        }
        if (batch != null && row + 1 < batch.rowCount()) {
            row++;
            rowNumber++;
            return true;
        }
        closeBatch();
        RowBatch next = lookahead != null ? takeLookahead() : fetch();
        if (next == null) {
            finish();
            return false;
        }
        batch = next;
        accessors = next.accessors();
        row = 0;
        rowNumber++;
        return true;
    }

    private RowBatch takeLookahead() {
        RowBatch b = lookahead;
        lookahead = null;
        return b;
    }

    private RowBatch fetch() throws SQLException {
        if (sourceDone) {
            return null;
        }
        try {
            RowBatch b = source.next();
            if (b == null) {
                sourceDone = true;
                source.close();
            }
            return b;
        } catch (SQLException e) {
            finish();
            throw e;
        }
    }

    /** Past the last row: releases the batches and the engine stream, and tells the statement. */
    private void finish() {
        afterLast = true;
        accessors = null;
        closeBatch();
        if (lookahead != null) {
            lookahead.close();
            lookahead = null;
        }
        sourceDone = true;
        source.close();
        if (statement != null) {
            statement.resultSetExhausted(this);
        }
    }

    private void closeBatch() {
        accessors = null;
        if (batch != null) {
            batch.close();
            batch = null;
        }
    }

    /**
     * Closes the result set and frees its batches and engine stream. Called from another thread while this result
     * set's {@code next()} runs (a statement or connection closed by an IDE), it first waits for that call to end:
     * the caller cancels the execution before, so the call ends promptly with 57014 and nothing is freed under it.
     * A call that has not ended within the statement's wait frees the result set itself as it returns
     * ({@link CallGuard}); {@link #isClosed()} is true from this call on either way.
     */
    @Override
    public void close() {
        if (statement == null) {
            release();
            return;
        }
        closeRequested = true;
        statement.releaseAfterCall(this::release);
    }

    private void release() {
        if (closed) {
            return;
        }
        closed = true;
        accessors = null;
        closeBatch();
        if (lookahead != null) {
            lookahead.close();
            lookahead = null;
        }
        source.close();
        if (statement != null) {
            statement.resultSetClosed(this);
        }
    }

    @Override
    public boolean isClosed() {
        return closed || closeRequested;
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw closedError();
        }
    }

    /**
     * Why this result set cannot be read: the cancellation (57014, HYT00) when its execution was cancelled, e.g. by
     * a close of its statement or connection from another thread while rows were being read; else HY010.
     */
    private SQLException closedError() {
        SQLException cancelled = source instanceof ArrowRowSource ? ((ArrowRowSource) source).cancelled() : null;
        return cancelled != null ? cancelled : SqlExceptions.closed("ResultSet");
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        if (rowNumber > 0 || afterLast) {
            return false;
        }
        // JDBC: false for an empty result, so find out whether there is a first row without moving.
        return hasRowAfterCurrent();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return afterLast && rowNumber > 0;
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return !afterLast && rowNumber == 1;
    }

    @Override
    public boolean isLast() throws SQLException {
        checkOpen();
        if (afterLast || rowNumber == 0) {
            return false;
        }
        return !hasRowAfterCurrent();
    }

    /** Looks ahead (fetching one batch and keeping it) to see whether next() would find a row. */
    private boolean hasRowAfterCurrent() throws SQLException {
        if (maxRows > 0 && rowNumber >= maxRows) {
            return false;
        }
        if (batch != null && row + 1 < batch.rowCount()) {
            return true;
        }
        if (lookahead == null) {
            lookahead = fetch();
        }
        return lookahead != null;
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return afterLast ? 0 : (int) Math.min(rowNumber, Integer.MAX_VALUE);
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw forwardOnly("beforeFirst");
    }

    @Override
    public void afterLast() throws SQLException {
        throw forwardOnly("afterLast");
    }

    @Override
    public boolean first() throws SQLException {
        throw forwardOnly("first");
    }

    @Override
    public boolean last() throws SQLException {
        throw forwardOnly("last");
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        throw forwardOnly("absolute");
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        throw forwardOnly("relative");
    }

    @Override
    public boolean previous() throws SQLException {
        throw forwardOnly("previous");
    }

    private SQLException forwardOnly(String method) {
        return SqlExceptions.unsupported("ResultSet." + method + " on a TYPE_FORWARD_ONLY result set");
    }

    // ------------------------------------------------------------------------------------------ Arrow escape hatch

    /**
     * The Arrow schema of the rows.
     *
     * @throws SQLException 0A000 for results the driver built in memory (metadata)
     */
    public Schema getArrowSchema() throws SQLException {
        checkOpen();
        return arrowSource().schema();
    }

    /**
     * The next batch of rows as Arrow vectors, without conversion. The caller owns the batch and must close it.
     * {@code Statement.setMaxRows} still applies (the last batch is cut). Once called, {@link #next()} is not
     * allowed on this result set, and vice versa.
     *
     * @return the next batch (possibly with zero rows), or null at the end
     * @throws SQLException when the query fails, times out or is cancelled; 24000 after {@link #next()} was used
     */
    public VectorSchemaRoot nextArrowBatch() throws SQLException {
        if (statement == null) {
            return advanceArrow();
        }
        statement.enterCall();
        try {
            return advanceArrow();
        } finally {
            statement.exitCall();
        }
    }

    private VectorSchemaRoot advanceArrow() throws SQLException {
        checkOpen();
        ArrowRowSource arrow = arrowSource();
        if (rowMode) {
            throw SqlExceptions.of(SqlExceptions.INVALID_CURSOR_STATE,
                    "nextArrowBatch() cannot follow next() on the same result set");
        }
        arrowMode = true;
        if (afterLast) {
            return null;
        }
        if (maxRows > 0 && rowNumber >= maxRows) {
            finish();
            return null;
        }
        VectorSchemaRoot root;
        try {
            root = arrow.nextRoot();
        } catch (SQLException e) {
            finish();
            throw e;
        }
        if (root == null) {
            finish();
            return null;
        }
        if (maxRows > 0 && rowNumber + root.getRowCount() > maxRows) {
            VectorSchemaRoot cut = root.slice(0, (int) (maxRows - rowNumber));
            root.close();
            root = cut;
        }
        rowNumber += root.getRowCount();
        return root;
    }

    private ArrowRowSource arrowSource() throws SQLException {
        if (!(source instanceof ArrowRowSource)) {
            throw SqlExceptions.unsupported("Arrow access to a metadata result set");
        }
        return (ArrowRowSource) source;
    }

    // ------------------------------------------------------------------------------------------ column access

    private ColumnAccessor accessor(int columnIndex) throws SQLException {
        ColumnAccessor[] current = accessors;
        if (current == null || columnIndex < 1 || columnIndex > current.length) {
            throw notReadable(columnIndex);
        }
        return current[columnIndex - 1];
    }

    private SQLException notReadable(int columnIndex) {
        if (closed) {
            return closedError();
        }
        if (columnIndex < 1 || columnIndex > columns.size()) {
            return SqlExceptions.of(SqlExceptions.INVALID_COLUMN_INDEX, "Column index " + columnIndex
                    + " is out of range: the result has " + columns.size() + " columns (indexes start at 1)");
        }
        return SqlExceptions.of(SqlExceptions.INVALID_CURSOR_STATE, afterLast
                ? "The cursor is after the last row" : "The cursor is before the first row; call next() first");
    }

    /**
     * A getter that met a freed Arrow buffer: the result set was closed by another thread (its statement or
     * connection closed mid-read), so the call ends as cancelled (57014); anything else is rethrown. A freed buffer
     * shows as an IllegalStateException (its reference count) or, read through a vector whose buffers were emptied,
     * an IndexOutOfBoundsException (Arrow's bounds check).
     */
    private SQLException readFailure(RuntimeException e) {
        if (!closed) {
            throw e;
        }
        SQLException failure = closedError();
        failure.addSuppressed(e);
        return failure;
    }

    /** The accessor of a non-null value, or null when the value is SQL NULL (recorded for wasNull). */
    private ColumnAccessor value(int columnIndex) throws SQLException {
        ColumnAccessor a = accessor(columnIndex);
        if (a.isNull(row)) {
            wasNull = true;
            return null;
        }
        wasNull = false;
        return a;
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return wasNull;
    }

    @Override
    public int findColumn(String columnLabel) throws SQLException {
        checkOpen();
        if (columnsByLabel == null) {
            Map<String, Integer> byLabel = new HashMap<>();
            for (int i = columns.size() - 1; i >= 0; i--) {
                // Exact labels win over case-insensitive matches; the first column wins among duplicates.
                byLabel.put(columns.get(i).label().toLowerCase(Locale.ROOT), i + 1);
            }
            for (int i = columns.size() - 1; i >= 0; i--) {
                byLabel.put("\0" + columns.get(i).label(), i + 1);
            }
            columnsByLabel = byLabel;
        }
        if (columnLabel != null) {
            Integer exact = columnsByLabel.get("\0" + columnLabel);
            if (exact != null) {
                return exact;
            }
            Integer folded = columnsByLabel.get(columnLabel.toLowerCase(Locale.ROOT));
            if (folded != null) {
                return folded;
            }
        }
        StringBuilder labels = new StringBuilder();
        for (ColumnInfo c : columns) {
            labels.append(labels.length() == 0 ? "" : ", ").append(c.label());
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_COLUMN_INDEX,
                "Column '" + columnLabel + "' is not in the result (columns: " + labels + ")");
    }

    @Override
    public String getString(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            if (a == null) {
                return null;
            }
            String s = a.getString(row);
            if (maxFieldSize > 0 && a.type.textual() && s.length() > maxFieldSize) {
                return s.substring(0, maxFieldSize);
            }
            return s;
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public boolean getBoolean(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a != null && a.getBoolean(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public byte getByte(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? 0 : a.getByte(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public short getShort(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? 0 : a.getShort(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? 0 : a.getInt(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? 0 : a.getLong(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public float getFloat(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? 0 : a.getFloat(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public double getDouble(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? 0 : a.getDouble(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? null : a.getBigDecimal(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    /** @deprecated as in {@link ResultSet}; rounds half-up to {@code scale}. */
    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
        BigDecimal v = getBigDecimal(columnIndex);
        return v == null ? null : v.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public byte[] getBytes(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            if (a == null) {
                return null;
            }
            byte[] b = a.getBytes(row);
            if (maxFieldSize > 0 && b.length > maxFieldSize) {
                return Arrays.copyOf(b, maxFieldSize);
            }
            return b;
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public Date getDate(int columnIndex) throws SQLException {
        return getDate(columnIndex, (Calendar) null);
    }

    @Override
    public Time getTime(int columnIndex) throws SQLException {
        return getTime(columnIndex, (Calendar) null);
    }

    @Override
    public Timestamp getTimestamp(int columnIndex) throws SQLException {
        return getTimestamp(columnIndex, (Calendar) null);
    }

    @Override
    public Date getDate(int columnIndex, Calendar cal) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? null : a.getDate(row, cal);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public Time getTime(int columnIndex, Calendar cal) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? null : a.getTime(row, cal);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? null : a.getTimestamp(row, cal);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public InputStream getAsciiStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    /** @deprecated as in {@link ResultSet}. */
    @Override
    @Deprecated
    public InputStream getUnicodeStream(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("getUnicodeStream (deprecated; use getCharacterStream)");
    }

    @Override
    public InputStream getBinaryStream(int columnIndex) throws SQLException {
        byte[] b = getBytes(columnIndex);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public Reader getCharacterStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Object getObject(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            if (a == null) {
                return null;
            }
            if (maxFieldSize > 0 && a.type.textual()) {
                return a.type.javaClass() == String.class ? getString(columnIndex) : getBytes(columnIndex);
            }
            return a.getObject(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) {
            throw SqlExceptions.unsupported("Custom type maps");
        }
        return getObject(columnIndex);
    }

    @Override
    public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
        try {
            if (type == null) {
                throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "getObject: the target class must not be null");
            }
            ColumnAccessor a = value(columnIndex);
            if (a == null) {
                return null;
            }
            return type.cast(a.getObject(row, type));
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public Array getArray(int columnIndex) throws SQLException {
        try {
            ColumnAccessor a = value(columnIndex);
            return a == null ? null : a.getArray(row);
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw readFailure(e);
        }
    }

    @Override
    public URL getURL(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        if (s == null) {
            return null;
        }
        try {
            return new URI(s).toURL();
        } catch (MalformedURLException | URISyntaxException | IllegalArgumentException e) {
            throw SqlExceptions.of(SqlState.INVALID_CAST,
                    "Value '" + s + "' of column " + columnIndex + " is not a URL", e);
        }
    }

    @Override
    public String getNString(int columnIndex) throws SQLException {
        return getString(columnIndex);
    }

    @Override
    public Reader getNCharacterStream(int columnIndex) throws SQLException {
        return getCharacterStream(columnIndex);
    }

    @Override
    public Ref getRef(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("REF values");
    }

    @Override
    public Blob getBlob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("Blob (read binary columns with getBytes or getBinaryStream)");
    }

    @Override
    public Clob getClob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("Clob (read text columns with getString or getCharacterStream)");
    }

    @Override
    public NClob getNClob(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("NClob (read text columns with getString or getCharacterStream)");
    }

    @Override
    public RowId getRowId(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("ROWID values");
    }

    @Override
    public SQLXML getSQLXML(int columnIndex) throws SQLException {
        throw SqlExceptions.unsupported("SQLXML values");
    }

    // ----------------------------------------------------------------------------------------- getters by label

    @Override
    public String getString(String columnLabel) throws SQLException {
        return getString(findColumn(columnLabel));
    }

    @Override
    public boolean getBoolean(String columnLabel) throws SQLException {
        return getBoolean(findColumn(columnLabel));
    }

    @Override
    public byte getByte(String columnLabel) throws SQLException {
        return getByte(findColumn(columnLabel));
    }

    @Override
    public short getShort(String columnLabel) throws SQLException {
        return getShort(findColumn(columnLabel));
    }

    @Override
    public int getInt(String columnLabel) throws SQLException {
        return getInt(findColumn(columnLabel));
    }

    @Override
    public long getLong(String columnLabel) throws SQLException {
        return getLong(findColumn(columnLabel));
    }

    @Override
    public float getFloat(String columnLabel) throws SQLException {
        return getFloat(findColumn(columnLabel));
    }

    @Override
    public double getDouble(String columnLabel) throws SQLException {
        return getDouble(findColumn(columnLabel));
    }

    /** @deprecated as in {@link ResultSet}. */
    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String columnLabel, int scale) throws SQLException {
        return getBigDecimal(findColumn(columnLabel), scale);
    }

    @Override
    public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
        return getBigDecimal(findColumn(columnLabel));
    }

    @Override
    public byte[] getBytes(String columnLabel) throws SQLException {
        return getBytes(findColumn(columnLabel));
    }

    @Override
    public Date getDate(String columnLabel) throws SQLException {
        return getDate(findColumn(columnLabel));
    }

    @Override
    public Time getTime(String columnLabel) throws SQLException {
        return getTime(findColumn(columnLabel));
    }

    @Override
    public Timestamp getTimestamp(String columnLabel) throws SQLException {
        return getTimestamp(findColumn(columnLabel));
    }

    @Override
    public Date getDate(String columnLabel, Calendar cal) throws SQLException {
        return getDate(findColumn(columnLabel), cal);
    }

    @Override
    public Time getTime(String columnLabel, Calendar cal) throws SQLException {
        return getTime(findColumn(columnLabel), cal);
    }

    @Override
    public Timestamp getTimestamp(String columnLabel, Calendar cal) throws SQLException {
        return getTimestamp(findColumn(columnLabel), cal);
    }

    @Override
    public InputStream getAsciiStream(String columnLabel) throws SQLException {
        return getAsciiStream(findColumn(columnLabel));
    }

    /** @deprecated as in {@link ResultSet}. */
    @Override
    @Deprecated
    public InputStream getUnicodeStream(String columnLabel) throws SQLException {
        return getUnicodeStream(findColumn(columnLabel));
    }

    @Override
    public InputStream getBinaryStream(String columnLabel) throws SQLException {
        return getBinaryStream(findColumn(columnLabel));
    }

    @Override
    public Reader getCharacterStream(String columnLabel) throws SQLException {
        return getCharacterStream(findColumn(columnLabel));
    }

    @Override
    public Object getObject(String columnLabel) throws SQLException {
        return getObject(findColumn(columnLabel));
    }

    @Override
    public Object getObject(String columnLabel, Map<String, Class<?>> map) throws SQLException {
        return getObject(findColumn(columnLabel), map);
    }

    @Override
    public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
        return getObject(findColumn(columnLabel), type);
    }

    @Override
    public Array getArray(String columnLabel) throws SQLException {
        return getArray(findColumn(columnLabel));
    }

    @Override
    public URL getURL(String columnLabel) throws SQLException {
        return getURL(findColumn(columnLabel));
    }

    @Override
    public String getNString(String columnLabel) throws SQLException {
        return getNString(findColumn(columnLabel));
    }

    @Override
    public Reader getNCharacterStream(String columnLabel) throws SQLException {
        return getNCharacterStream(findColumn(columnLabel));
    }

    @Override
    public Ref getRef(String columnLabel) throws SQLException {
        return getRef(findColumn(columnLabel));
    }

    @Override
    public Blob getBlob(String columnLabel) throws SQLException {
        return getBlob(findColumn(columnLabel));
    }

    @Override
    public Clob getClob(String columnLabel) throws SQLException {
        return getClob(findColumn(columnLabel));
    }

    @Override
    public NClob getNClob(String columnLabel) throws SQLException {
        return getNClob(findColumn(columnLabel));
    }

    @Override
    public RowId getRowId(String columnLabel) throws SQLException {
        return getRowId(findColumn(columnLabel));
    }

    @Override
    public SQLXML getSQLXML(String columnLabel) throws SQLException {
        return getSQLXML(findColumn(columnLabel));
    }

    // ------------------------------------------------------------------------------------------ properties

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        if (metaData == null) {
            metaData = new LanceResultSetMetaData(columns);
        }
        return metaData;
    }

    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return statement;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings = null;
    }

    @Override
    public String getCursorName() throws SQLException {
        throw SqlExceptions.unsupported("Named cursors (positioned updates)");
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != FETCH_FORWARD && direction != FETCH_UNKNOWN) {
            throw SqlExceptions.unsupported("Fetch direction " + direction + " on a TYPE_FORWARD_ONLY result set");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return FETCH_FORWARD;
    }

    /** A hint only: batch sizes are chosen by the engine when the statement runs. */
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
    public int getType() throws SQLException {
        checkOpen();
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        checkOpen();
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "LanceResultSet does not implement " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    // --------------------------------------------------------------------------------- updates: read-only driver

    @Override
    public boolean rowUpdated() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public boolean rowInserted() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        checkOpen();
        return false;
    }

    private static SQLException readOnly() {
        return SqlExceptions.unsupported("Updating a result set (CONCUR_READ_ONLY)");
    }

    @Override
    public void insertRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public void deleteRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public void refreshRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw readOnly();
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNull(int columnIndex) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBoolean(int columnIndex, boolean x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateByte(int columnIndex, byte x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateShort(int columnIndex, short x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateInt(int columnIndex, int x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateLong(int columnIndex, long x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateFloat(int columnIndex, float x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateDouble(int columnIndex, double x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBigDecimal(int columnIndex, BigDecimal x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateString(int columnIndex, String x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBytes(int columnIndex, byte[] x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateDate(int columnIndex, Date x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateTime(int columnIndex, Time x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateTimestamp(int columnIndex, Timestamp x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateAsciiStream(int columnIndex, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBinaryStream(int columnIndex, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateCharacterStream(int columnIndex, Reader x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateObject(int columnIndex, Object x, int scaleOrLength) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateObject(int columnIndex, Object x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNull(String columnLabel) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBoolean(String columnLabel, boolean x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateByte(String columnLabel, byte x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateShort(String columnLabel, short x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateInt(String columnLabel, int x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateLong(String columnLabel, long x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateFloat(String columnLabel, float x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateDouble(String columnLabel, double x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBigDecimal(String columnLabel, BigDecimal x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateString(String columnLabel, String x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBytes(String columnLabel, byte[] x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateDate(String columnLabel, Date x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateTime(String columnLabel, Time x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateTimestamp(String columnLabel, Timestamp x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateAsciiStream(String columnLabel, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBinaryStream(String columnLabel, InputStream x, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateCharacterStream(String columnLabel, Reader reader, int length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateObject(String columnLabel, Object x, int scaleOrLength) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateObject(String columnLabel, Object x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateRef(int columnIndex, Ref x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateRef(String columnLabel, Ref x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBlob(int columnIndex, Blob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBlob(String columnLabel, Blob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateClob(int columnIndex, Clob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateClob(String columnLabel, Clob x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateArray(int columnIndex, Array x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateArray(String columnLabel, Array x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateRowId(int columnIndex, RowId x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateRowId(String columnLabel, RowId x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNString(int columnIndex, String nString) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNString(String columnLabel, String nString) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNClob(int columnIndex, NClob nClob) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNClob(String columnLabel, NClob nClob) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateSQLXML(int columnIndex, SQLXML xmlObject) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateSQLXML(String columnLabel, SQLXML xmlObject) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNCharacterStream(String columnLabel, Reader reader, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateAsciiStream(int columnIndex, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBinaryStream(int columnIndex, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateAsciiStream(String columnLabel, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBinaryStream(String columnLabel, InputStream x, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateCharacterStream(String columnLabel, Reader reader, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBlob(int columnIndex, InputStream inputStream, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBlob(String columnLabel, InputStream inputStream, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateClob(int columnIndex, Reader reader, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateClob(String columnLabel, Reader reader, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNClob(int columnIndex, Reader reader, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNClob(String columnLabel, Reader reader, long length) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNCharacterStream(int columnIndex, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNCharacterStream(String columnLabel, Reader reader) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateAsciiStream(int columnIndex, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBinaryStream(int columnIndex, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateCharacterStream(int columnIndex, Reader x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateAsciiStream(String columnLabel, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBinaryStream(String columnLabel, InputStream x) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateCharacterStream(String columnLabel, Reader reader) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBlob(int columnIndex, InputStream inputStream) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateBlob(String columnLabel, InputStream inputStream) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateClob(int columnIndex, Reader reader) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateClob(String columnLabel, Reader reader) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNClob(int columnIndex, Reader reader) throws SQLException {
        throw readOnly();
    }

    @Override
    public void updateNClob(String columnLabel, Reader reader) throws SQLException {
        throw readOnly();
    }
}
