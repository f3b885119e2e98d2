package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.SqlState;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A statement parsed and bound once ({@code EngineSession.prepare}) and run many times with {@code ?} values.
 * Syntax and name errors surface from {@code Connection.prepareStatement}.
 *
 * <p>Parameters: every setter turns its value into a {@link ParameterValue} ({@link ParameterValues} has the
 * rules); {@code setObject} accepts {@code float[]}/{@code double[]} and {@code java.sql.Array} for vectors.
 * Values stay bound across executions until {@code clearParameters}; running with an unset parameter fails with
 * 07001. {@link #getParameterMetaData()} reports the types the engine inferred from each marker's context.
 *
 * <p>Batches: {@code addBatch()} records the current values; {@code executeBatch} accepts only statements without
 * rows (USE, SET) and fails with a {@code BatchUpdateException} for a query, as JDBC forbids result sets in a batch.
 * Run a query once per value set with {@code executeQuery} instead; the statement is parsed only once.
 */
final class LancePreparedStatement extends LanceStatement implements PreparedStatement {
    private final PreparedQuery prepared;
    private final ParameterValue[] parameters;
    private final List<ParameterValue[]> batches = new ArrayList<>();

    LancePreparedStatement(LanceConnection connection, PreparedQuery prepared) {
        super(connection);
        this.prepared = prepared;
        this.parameters = new ParameterValue[prepared.parameterCount()];
    }

    private List<ParameterValue> boundValues(ParameterValue[] values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw SqlExceptions.of(SqlExceptions.WRONG_PARAMETER_COUNT, "No value is bound to parameter " + (i + 1)
                        + " of " + values.length + "; call a setter (setNull for NULL) before executing");
            }
        }
        return Arrays.asList(values.clone());
    }

    @Override
    public boolean execute() throws SQLException {
        checkOpen();
        List<ParameterValue> values = boundValues(parameters);
        return run(options -> prepared.execute(values, options));
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return rowsOf(execute());
    }

    @Override
    public int executeUpdate() throws SQLException {
        return (int) Math.min(executeLargeUpdate(), Integer.MAX_VALUE);
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        return updateCountOf(execute());
    }

    private static SQLException notOnPrepared() {
        return SqlExceptions.of(SqlState.GENERAL_ERROR,
                "Methods taking SQL text cannot be called on a PreparedStatement; use execute(), executeQuery() "
                        + "or executeUpdate() without arguments");
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw notOnPrepared();
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw notOnPrepared();
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        throw notOnPrepared();
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw notOnPrepared();
    }

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        batches.add(boundValues(parameters).toArray(new ParameterValue[0]));
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batches.clear();
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        List<ParameterValue[]> sets = new ArrayList<>(batches);
        batches.clear();
        long[] counts = new long[sets.size()];
        if (!sets.isEmpty() && prepared.resultSchema() != null) {
            throw batchFailure(counts, 0, "executeBatch cannot run a query that returns rows (JDBC forbids result "
                    + "sets in a batch); run executeQuery once per parameter set", SqlExceptions.RESULT_NOT_EXPECTED,
                    null);
        }
        for (int i = 0; i < sets.size(); i++) {
            List<ParameterValue> values = Arrays.asList(sets.get(i));
            boolean rows;
            try {
                rows = run(options -> prepared.execute(values, options));
            } catch (SQLException e) {
                throw batchFailure(counts, i, e.getMessage(), e.getSQLState(), e);
            }
            if (rows) {
                getMoreResults();
                throw batchFailure(counts, i, "Parameter set " + (i + 1) + " of the batch produced rows; "
                        + "executeBatch runs only statements without rows", SqlExceptions.RESULT_NOT_EXPECTED, null);
            }
            counts[i] = getLargeUpdateCount();
        }
        getMoreResults();
        return counts;
    }

    // ------------------------------------------------------------------------------------------ metadata

    /**
     * The columns of the result before execution when the engine knows them ({@code PreparedQuery.resultSchema}),
     * else null (JDBC allows that).
     */
    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        ResultSet current = getResultSet();
        if (current != null) {
            return current.getMetaData();
        }
        if (prepared.resultSchema() == null) {
            return null;
        }
        List<ColumnInfo> columns = new ArrayList<>();
        for (Field field : prepared.resultSchema().getFields()) {
            columns.add(ColumnInfo.of(field, connection.catalogName()));
        }
        return new LanceResultSetMetaData(columns);
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkOpen();
        return new LanceParameterMetaData(prepared.parameterTypes());
    }

    // ------------------------------------------------------------------------------------------ parameters

    /**
     * The type the engine inferred for parameter {@code index} from its context (ArrowType.Null when undecided): a
     * Timestamp or Date binds as an instant against a zoned timestamp and as a wall clock otherwise.
     */
    private ArrowType context(int index) {
        List<ArrowType> types = prepared.parameterTypes();
        return index - 1 < types.size() ? types.get(index - 1) : ArrowType.Null.INSTANCE;
    }

    private void bind(int index, ParameterValue value) throws SQLException {
        checkIndex(index);
        parameters[index - 1] = value;
    }

    /** Checked before converting a value, so that a bad index is reported as such rather than as a bad value. */
    private void checkIndex(int index) throws SQLException {
        checkOpen();
        if (index < 1 || index > parameters.length) {
            throw SqlExceptions.of(SqlExceptions.INVALID_COLUMN_INDEX, "Parameter index " + index
                    + " is out of range: the statement has " + parameters.length + " parameters (indexes start at 1)");
        }
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(parameters, null);
    }

    @Override
    public void setNull(int parameterIndex, int sqlType) throws SQLException {
        bind(parameterIndex, ParameterValues.nullOf(sqlType));
    }

    @Override
    public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
        setNull(parameterIndex, sqlType);
    }

    @Override
    public void setBoolean(int parameterIndex, boolean x) throws SQLException {
        bind(parameterIndex, new ParameterValue(x, ParameterValues.BOOL));
    }

    @Override
    public void setByte(int parameterIndex, byte x) throws SQLException {
        bind(parameterIndex, new ParameterValue((long) x, ParameterValues.INT8));
    }

    @Override
    public void setShort(int parameterIndex, short x) throws SQLException {
        bind(parameterIndex, new ParameterValue((long) x, ParameterValues.INT16));
    }

    @Override
    public void setInt(int parameterIndex, int x) throws SQLException {
        bind(parameterIndex, new ParameterValue((long) x, ParameterValues.INT32));
    }

    @Override
    public void setLong(int parameterIndex, long x) throws SQLException {
        bind(parameterIndex, new ParameterValue(x, ParameterValues.INT64));
    }

    @Override
    public void setFloat(int parameterIndex, float x) throws SQLException {
        bind(parameterIndex, new ParameterValue(x, ParameterValues.FLOAT32));
    }

    @Override
    public void setDouble(int parameterIndex, double x) throws SQLException {
        bind(parameterIndex, new ParameterValue(x, ParameterValues.FLOAT64));
    }

    @Override
    public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
        checkIndex(parameterIndex);
        bind(parameterIndex, x == null ? ParameterValues.nullOf(Types.DECIMAL)
                : ParameterValues.ofDecimal(x, parameterIndex));
    }

    @Override
    public void setString(int parameterIndex, String x) throws SQLException {
        bind(parameterIndex, new ParameterValue(x, ParameterValues.UTF8));
    }

    @Override
    public void setNString(int parameterIndex, String value) throws SQLException {
        setString(parameterIndex, value);
    }

    @Override
    public void setBytes(int parameterIndex, byte[] x) throws SQLException {
        bind(parameterIndex, new ParameterValue(x == null ? null : x.clone(), ParameterValues.BINARY));
    }

    @Override
    public void setDate(int parameterIndex, Date x) throws SQLException {
        setDate(parameterIndex, x, null);
    }

    @Override
    public void setDate(int parameterIndex, Date x, Calendar cal) throws SQLException {
        checkIndex(parameterIndex);
        bind(parameterIndex, x == null ? ParameterValues.nullOf(Types.DATE)
                : ParameterValues.ofDate(x, cal, context(parameterIndex)));
    }

    @Override
    public void setTime(int parameterIndex, Time x) throws SQLException {
        setTime(parameterIndex, x, null);
    }

    @Override
    public void setTime(int parameterIndex, Time x, Calendar cal) throws SQLException {
        bind(parameterIndex, x == null ? ParameterValues.nullOf(Types.TIME) : ParameterValues.ofTime(x, cal));
    }

    @Override
    public void setTimestamp(int parameterIndex, Timestamp x) throws SQLException {
        setTimestamp(parameterIndex, x, null);
    }

    @Override
    public void setTimestamp(int parameterIndex, Timestamp x, Calendar cal) throws SQLException {
        checkIndex(parameterIndex);
        bind(parameterIndex, x == null ? ParameterValues.nullOf(Types.TIMESTAMP)
                : ParameterValues.ofTimestamp(x, cal, context(parameterIndex)));
    }

    @Override
    public void setObject(int parameterIndex, Object x) throws SQLException {
        checkIndex(parameterIndex);
        bind(parameterIndex, ParameterValues.of(x, parameterIndex, context(parameterIndex)));
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
        setObject(parameterIndex, x, targetSqlType, 0);
    }

    @Override
    public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        checkIndex(parameterIndex);
        if (targetSqlType == Types.TIMESTAMP && x instanceof java.util.Date && !(x instanceof Time)
                && !(x instanceof Date)) {
            // what setTimestamp does: a Timestamp (java.util.Date) takes its context's side
            Timestamp t = x instanceof Timestamp ? (Timestamp) x : new Timestamp(((java.util.Date) x).getTime());
            bind(parameterIndex, ParameterValues.ofTimestamp(t, null, context(parameterIndex)));
            return;
        }
        bind(parameterIndex, ParameterValues.of(x, targetSqlType, scaleOrLength, parameterIndex));
    }

    @Override
    public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
        setObject(parameterIndex, x, targetSqlType, 0);
    }

    @Override
    public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength)
            throws SQLException {
        Integer code = targetSqlType == null ? null : targetSqlType.getVendorTypeNumber();
        if (code == null) {
            throw SqlExceptions.unsupported("SQLType " + targetSqlType);
        }
        setObject(parameterIndex, x, code, scaleOrLength);
    }

    @Override
    public void setArray(int parameterIndex, Array x) throws SQLException {
        checkIndex(parameterIndex);
        bind(parameterIndex, x == null ? ParameterValues.nullOf(Types.ARRAY)
                : ParameterValues.ofArray(x, parameterIndex));
    }

    @Override
    public void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
        setAsciiStream(parameterIndex, x, (long) length);
    }

    @Override
    public void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
        byte[] bytes = readBytes(x, length);
        setString(parameterIndex, bytes == null ? null : new String(bytes, StandardCharsets.US_ASCII));
    }

    @Override
    public void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
        setAsciiStream(parameterIndex, x, -1L);
    }

    /** @deprecated as in {@link PreparedStatement}. */
    @Override
    @Deprecated
    public void setUnicodeStream(int parameterIndex, InputStream x, int length) throws SQLException {
        throw SqlExceptions.unsupported("setUnicodeStream (deprecated; use setCharacterStream)");
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
        setBinaryStream(parameterIndex, x, (long) length);
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
        setBytes(parameterIndex, readBytes(x, length));
    }

    @Override
    public void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
        setBinaryStream(parameterIndex, x, -1L);
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader, int length) throws SQLException {
        setCharacterStream(parameterIndex, reader, (long) length);
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
        setString(parameterIndex, readChars(reader, length));
    }

    @Override
    public void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
        setCharacterStream(parameterIndex, reader, -1L);
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
        setCharacterStream(parameterIndex, value, length);
    }

    @Override
    public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
        setCharacterStream(parameterIndex, value);
    }

    /** Reads a stream parameter into memory; {@code length < 0} reads to the end. */
    private static byte[] readBytes(InputStream in, long length) throws SQLException {
        if (in == null) {
            return null;
        }
        try {
            if (length >= 0) {
                return in.readNBytes(Math.toIntExact(length));
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toByteArray();
        } catch (IOException | ArithmeticException e) {
            throw SqlExceptions.of(SqlState.DATA_EXCEPTION, "Reading a stream parameter failed: " + e,
                    e);
        }
    }

    private static String readChars(Reader in, long length) throws SQLException {
        if (in == null) {
            return null;
        }
        try {
            if (length >= 0) {
                char[] buffer = new char[Math.toIntExact(length)];
                int read = 0;
                while (read < buffer.length) {
                    int n = in.read(buffer, read, buffer.length - read);
                    if (n < 0) {
                        break;
                    }
                    read += n;
                }
                return new String(buffer, 0, read);
            }
            StringWriter out = new StringWriter();
            in.transferTo(out);
            return out.toString();
        } catch (IOException | ArithmeticException e) {
            throw SqlExceptions.of(SqlState.DATA_EXCEPTION, "Reading a stream parameter failed: " + e,
                    e);
        }
    }

    @Override
    public void setRef(int parameterIndex, Ref x) throws SQLException {
        throw SqlExceptions.unsupported("REF parameters");
    }

    @Override
    public void setBlob(int parameterIndex, Blob x) throws SQLException {
        throw SqlExceptions.unsupported("Blob parameters (use setBytes)");
    }

    @Override
    public void setBlob(int parameterIndex, InputStream inputStream, long length) throws SQLException {
        setBinaryStream(parameterIndex, inputStream, length);
    }

    @Override
    public void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
        setBinaryStream(parameterIndex, inputStream);
    }

    @Override
    public void setClob(int parameterIndex, Clob x) throws SQLException {
        throw SqlExceptions.unsupported("Clob parameters (use setString)");
    }

    @Override
    public void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
        setCharacterStream(parameterIndex, reader, length);
    }

    @Override
    public void setClob(int parameterIndex, Reader reader) throws SQLException {
        setCharacterStream(parameterIndex, reader);
    }

    @Override
    public void setNClob(int parameterIndex, NClob value) throws SQLException {
        throw SqlExceptions.unsupported("NClob parameters (use setString)");
    }

    @Override
    public void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
        setCharacterStream(parameterIndex, reader, length);
    }

    @Override
    public void setNClob(int parameterIndex, Reader reader) throws SQLException {
        setCharacterStream(parameterIndex, reader);
    }

    @Override
    public void setURL(int parameterIndex, URL x) throws SQLException {
        setString(parameterIndex, x == null ? null : x.toString());
    }

    @Override
    public void setRowId(int parameterIndex, RowId x) throws SQLException {
        throw SqlExceptions.unsupported("ROWID parameters");
    }

    @Override
    public void setSQLXML(int parameterIndex, SQLXML xmlObject) throws SQLException {
        throw SqlExceptions.unsupported("SQLXML parameters");
    }
}
