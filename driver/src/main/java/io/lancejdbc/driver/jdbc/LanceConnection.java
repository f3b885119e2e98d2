package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlState;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A read-only connection: one {@link EngineSession}. {@code isReadOnly()} is always true.
 *
 * <p>What a connection guarantees (docs/jdbc-driver.md, "Transactions and consistency"): no transactions
 * ({@code TRANSACTION_NONE}); each statement reads one pinned dataset version per table reference; a later statement
 * may see a newer version once {@code cache.latest_version.ttl_seconds} has passed. The transaction and pool calls
 * tools make on every connection are accepted, since throwing there breaks HikariCP, Spring and DBeaver, but their
 * getters tell the truth instead of echoing: {@code setAutoCommit(false)}, an isolation level other than
 * {@code TRANSACTION_NONE}, {@code setReadOnly(false)} and {@code CLOSE_CURSORS_AT_COMMIT} add an SQLWarning saying
 * what the connection does instead, and {@code getAutoCommit()}, {@code getTransactionIsolation()},
 * {@code isReadOnly()} and {@code getHoldability()} report it. {@code commit}/{@code rollback} do nothing (nothing
 * is written). Network timeouts are not implemented ({@code SQLFeatureNotSupportedException}, which HikariCP
 * reads as "not supported" and then relies on {@code isValid}). Savepoints, callable statements and LOB factories
 * are not supported.
 *
 * <p>Statements of one connection run one at a time (the engine session is not re-entrant); {@code cancel()} and
 * {@code close()} work from any thread. Closing the connection closes its statements and result sets.
 */
final class LanceConnection implements Connection {
    private final EngineSession session;
    private final ConnectionSettings settings;
    private final DriverThreads threads;
    private final String catalogName;
    private final Object executionLock = new Object();
    private final Set<LanceStatement> statements = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private final Properties clientInfo = new Properties();
    private SQLWarning warnings;
    /**
     * The engine's notes already chained to {@link #warnings} (the catalog repeats a note such as "directory x is
     * not a table" each time it lists the namespace): each is reported once per connection.
     */
    private final java.util.Set<String> reportedEngineWarnings = java.util.Collections.synchronizedSet(
            new java.util.HashSet<>());

    LanceConnection(EngineSession session, ConnectionSettings settings, DriverThreads threads) {
        this.session = session;
        this.settings = settings;
        this.threads = threads;
        this.catalogName = session.catalogName();
        for (String w : settings.warnings()) {
            addWarning(w);
        }
    }

    // ------------------------------------------------------------------------------------ for the other classes

    EngineSession session() {
        return session;
    }

    String catalogName() {
        return catalogName;
    }

    DriverThreads threads() {
        return threads;
    }

    String redactedUrl() {
        return settings.redactedUrl();
    }

    boolean localWarehouse() {
        return settings.localWarehouse();
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.of(SqlState.CONNECTION_CLOSED, "The connection is closed");
        }
    }

    /** Runs one engine execution; executions of one connection are serialised. */
    QueryResult execute(LanceStatement.Execution execution, QueryOptions options) throws SQLException {
        checkOpen();
        synchronized (executionLock) {
            return execution.run(options);
        }
    }

    void forget(LanceStatement statement) {
        statements.remove(statement);
    }

    /** A metadata result set, owned by an internal statement that closes with it. */
    ResultSet metadataResult(List<ColumnInfo> columns, List<Object[]> rows) throws SQLException {
        checkOpen();
        LanceStatement owner = register(new LanceStatement(this));
        owner.closeOnCompletion();
        LanceResultSet rs = LanceResultSet.inMemory(owner, columns, rows);
        owner.adopt(rs);
        return rs;
    }

    private <T extends LanceStatement> T register(T statement) {
        statements.add(statement);
        return statement;
    }

    /** Chains an SQLWarning (01000) to {@link #getWarnings()}. */
    void addWarning(String message) {
        SQLWarning w = new SQLWarning(message, "01000");
        if (warnings == null) {
            warnings = w;
        } else {
            warnings.setNextWarning(w);
        }
    }

    // ------------------------------------------------------------------------------------------ statements

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return register(new LanceStatement(this));
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        return createStatement(resultSetType, resultSetConcurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
    }

    /** A scrollable or updatable request is downgraded to forward-only, read-only with a warning (JDBC allows it). */
    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        checkResultSetOptions(resultSetType, resultSetConcurrency, resultSetHoldability);
        return createStatement();
    }

    private void checkResultSetOptions(int type, int concurrency, int holdability) throws SQLException {
        checkOpen();
        if (type != ResultSet.TYPE_FORWARD_ONLY && type != ResultSet.TYPE_SCROLL_INSENSITIVE
                && type != ResultSet.TYPE_SCROLL_SENSITIVE) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Unknown result set type " + type + "; use"
                    + " ResultSet.TYPE_FORWARD_ONLY");
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY && concurrency != ResultSet.CONCUR_UPDATABLE) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Unknown result set concurrency " + concurrency
                    + "; use ResultSet.CONCUR_READ_ONLY");
        }
        if (type != ResultSet.TYPE_FORWARD_ONLY) {
            addWarning("Result set type " + type + " is not supported; TYPE_FORWARD_ONLY is used");
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            addWarning("Result set concurrency " + concurrency + " is not supported; CONCUR_READ_ONLY is used");
        }
        if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT && holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Unknown result set holdability " + holdability);
        }
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        LanceStatement.checkSql(sql);
        PreparedQuery prepared;
        try {
            synchronized (executionLock) {
                prepared = session.prepare(sql);
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
        return register(new LancePreparedStatement(this, prepared));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        return prepareStatement(sql, resultSetType, resultSetConcurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        checkResultSetOptions(resultSetType, resultSetConcurrency, resultSetHoldability);
        return prepareStatement(sql);
    }

    /** Nothing is inserted, so no keys are ever generated; the argument changes nothing. */
    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw SqlExceptions.unsupported("CallableStatement (there are no stored procedures)");
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        return prepareCall(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        return prepareCall(sql);
    }

    /** SQL is passed to the engine unchanged (JDBC escape syntax is not rewritten). */
    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
    }

    // ------------------------------------------------------------------------------------------ transactions

    /** Accepted; {@code false} adds a warning, since there are no transactions to group statements into. */
    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        if (!autoCommit) {
            addWarning("Auto-commit stays on: lance-jdbc has no transactions (TRANSACTION_NONE); every statement"
                    + " runs on its own, reading one pinned dataset version per table reference, and a later"
                    + " statement may see a newer version after cache.latest_version.ttl_seconds");
        }
    }

    /** Always true: every statement is its own unit of work. */
    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return true;
    }

    /** Nothing is written, so there is nothing to commit. */
    @Override
    public void commit() throws SQLException {
        checkOpen();
    }

    /** Nothing is written, so there is nothing to roll back. */
    @Override
    public void rollback() throws SQLException {
        checkOpen();
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        if (level != TRANSACTION_NONE && level != TRANSACTION_READ_UNCOMMITTED && level != TRANSACTION_READ_COMMITTED
                && level != TRANSACTION_REPEATABLE_READ && level != TRANSACTION_SERIALIZABLE) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Unknown transaction isolation level " + level);
        }
        if (level != TRANSACTION_NONE) {
            addWarning("Transaction isolation level " + level + " is not provided; the connection stays at"
                    + " TRANSACTION_NONE (DatabaseMetaData.supportsTransactionIsolationLevel): each statement reads"
                    + " one pinned dataset version per table reference, and a later statement may see a newer version"
                    + " after cache.latest_version.ttl_seconds");
        }
    }

    /** Always TRANSACTION_NONE, what DatabaseMetaData reports as the only level (see the class comment). */
    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return TRANSACTION_NONE;
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw SqlExceptions.unsupported("Savepoints");
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        throw SqlExceptions.unsupported("Savepoints");
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        throw SqlExceptions.unsupported("Savepoints");
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        throw SqlExceptions.unsupported("Savepoints");
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkResultSetOptions(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY, holdability);
        if (holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            addWarning("Result sets are held over commit: commit() does nothing (nothing is written) and closes no"
                    + " result set; the holdability stays HOLD_CURSORS_OVER_COMMIT");
        }
    }

    /** Always HOLD_CURSORS_OVER_COMMIT: commit closes nothing. */
    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    // ------------------------------------------------------------------------------------------ read-only

    /** A hint (JDBC): the connection stays read-only whatever is asked; {@code false} adds a warning saying so. */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        if (!readOnly) {
            addWarning("The connection stays read-only: lance-jdbc runs no writes (they fail with 25006)");
        }
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return true;
    }

    // ------------------------------------------------------------------------------------------ catalog, schema

    /** The connection has exactly one catalog; asking for it (or null/"") is accepted, another name is 3D000. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
        if (catalog != null && !catalog.isEmpty() && !catalog.equals(catalogName)) {
            throw SqlExceptions.of("3D000", "Catalog '" + catalog + "' does not exist; this connection has the one "
                    + "catalog '" + catalogName + "' (set another name with the 'catalog' property)");
        }
    }

    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return catalogName;
    }

    /** Switches the current schema like {@code USE}; 3F000 when it does not exist. */
    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
        if (schema == null) {
            throw SqlExceptions.of(SqlState.SCHEMA_NOT_FOUND, "The schema name must not be null");
        }
        try {
            synchronized (executionLock) {
                session.setCurrentSchema(schema);
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        try {
            return session.currentSchema();
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new LanceDatabaseMetaData(this);
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return new HashMap<>();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        checkOpen();
        if (map != null && !map.isEmpty()) {
            throw SqlExceptions.unsupported("Custom type maps");
        }
    }

    // ------------------------------------------------------------------------------------------ values

    /**
     * An array to bind as a parameter (vectors: {@code createArrayOf("REAL", floats)}). Element types: REAL
     * (also FLOAT, FLOAT4), DOUBLE (FLOAT8), TINYINT, SMALLINT, INTEGER (INT), BIGINT, BOOLEAN, VARCHAR (STRING,
     * TEXT); elements are converted to the element type's Java class.
     */
    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        checkOpen();
        if (typeName == null || elements == null) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "createArrayOf needs a type name and elements");
        }
        ColumnType type = elementType(typeName);
        Object[] converted = new Object[elements.length];
        for (int i = 0; i < elements.length; i++) {
            converted[i] = convertElement(elements[i], type, i);
        }
        return new LanceArray(type, converted);
    }

    private static ColumnType elementType(String typeName) throws SQLException {
        switch (typeName.trim().toUpperCase(Locale.ROOT)) {
            case "REAL":
            case "FLOAT":
            case "FLOAT4":
                return ArrowTypeMapping.REAL;
            case "DOUBLE":
            case "DOUBLE PRECISION":
            case "FLOAT8":
                return ArrowTypeMapping.DOUBLE;
            case "TINYINT":
                return ArrowTypeMapping.TINYINT;
            case "SMALLINT":
                return ArrowTypeMapping.SMALLINT;
            case "INT":
            case "INTEGER":
                return ArrowTypeMapping.INTEGER;
            case "BIGINT":
                return ArrowTypeMapping.BIGINT;
            case "BOOLEAN":
                return ArrowTypeMapping.BOOLEAN;
            case "VARCHAR":
            case "STRING":
            case "TEXT":
                return ArrowTypeMapping.VARCHAR;
            default:
                throw SqlExceptions.unsupported("Arrays of " + typeName + " (use REAL, DOUBLE, TINYINT, SMALLINT, "
                        + "INTEGER, BIGINT, BOOLEAN or VARCHAR)");
        }
    }

    private static Object convertElement(Object e, ColumnType type, int index) throws SQLException {
        if (e == null) {
            return null;
        }
        switch (type.jdbcType()) {
            case Types.VARCHAR:
                return e.toString();
            case Types.BOOLEAN:
                if (e instanceof Boolean) {
                    return e;
                }
                break;
            default:
                if (e instanceof Number) {
                    Number n = (Number) e;
                    switch (type.jdbcType()) {
                        case Types.REAL:
                            return n.floatValue();
                        case Types.DOUBLE:
                            return n.doubleValue();
                        case Types.BIGINT:
                            return n.longValue();
                        default:
                            return n.intValue();
                    }
                }
        }
        throw SqlExceptions.of(SqlState.INVALID_CAST, "Element " + (index + 1) + " of createArrayOf is a "
                + e.getClass().getSimpleName() + ", not a " + type.typeName());
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw SqlExceptions.unsupported("STRUCT parameters");
    }

    @Override
    public Clob createClob() throws SQLException {
        throw SqlExceptions.unsupported("Clob");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw SqlExceptions.unsupported("Blob");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw SqlExceptions.unsupported("NClob");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw SqlExceptions.unsupported("SQLXML");
    }

    // ------------------------------------------------------------------------------------------ client info

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        if (closed) {
            throw new SQLClientInfoException("The connection is closed", SqlState.CONNECTION_CLOSED, Map.of());
        }
        if (name == null) {
            return;
        }
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        if (closed) {
            throw new SQLClientInfoException("The connection is closed", SqlState.CONNECTION_CLOSED, Map.of());
        }
        clientInfo.clear();
        if (properties != null) {
            for (String name : properties.stringPropertyNames()) {
                clientInfo.setProperty(name, properties.getProperty(name));
            }
        }
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        Properties copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }

    // ------------------------------------------------------------------------------------------ lifecycle

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        List<String> engineWarnings;
        try {
            engineWarnings = session.takeWarnings();
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
        for (String w : engineWarnings) {
            if (reportedEngineWarnings.add(w)) {
                addWarning(w);
            }
        }
        return warnings;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings = null;
    }

    /**
     * True when the connection is open and its catalog answers (the schema list is read) within {@code timeout}
     * seconds; 0 waits as long as that takes.
     */
    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "isValid: the timeout must be >= 0 s, was "
                    + timeout);
        }
        if (closed) {
            return false;
        }
        Future<?> check = threads.checks().submit(() -> session.metadata().schemaNames());
        try {
            if (timeout == 0) {
                check.get();
            } else {
                check.get(timeout, TimeUnit.SECONDS);
            }
            return !closed;
        } catch (TimeoutException e) {
            check.cancel(true);
            return false;
        } catch (ExecutionException e) {
            // The catalog cannot be reached or read: exactly what "not valid" means.
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Closes every statement (cancelling what runs), then the engine session; idempotent. */
    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        for (LanceStatement statement : new ArrayList<>(statements)) {
            statement.close();
        }
        statements.clear();
        try {
            session.close();
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "abort needs an executor");
        }
        if (closed) {
            return;
        }
        for (LanceStatement statement : new ArrayList<>(statements)) {
            statement.cancelQuietly();
        }
        executor.execute(() -> {
            try {
                close();
            } catch (SQLException e) {
                // abort() has already returned; the failure can only be reported through the engine's logging.
                org.slf4j.LoggerFactory.getLogger(LanceConnection.class).warn("Closing an aborted connection failed", e);
            }
        });
    }

    /**
     * Not implemented (JDBC allows SQLFeatureNotSupportedException here): nothing would enforce it. An embedded
     * engine has no connection to time out; storage and REST requests have their own timeouts (lance.storage.* and
     * lance.rest.* properties), and {@code Statement.setQueryTimeout} bounds a statement. HikariCP then marks
     * network timeouts unsupported and validates connections with {@code isValid}.
     */
    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        throw networkTimeoutsUnsupported();
    }

    /**
     * SQLState HYC00 (optional feature not implemented), not 0A000: HikariCP evicts a connection on 0A000 when the
     * application's call goes through the pool.
     */
    private static SQLException networkTimeoutsUnsupported() {
        return new java.sql.SQLFeatureNotSupportedException("Connection network timeouts are not supported by"
                + " lance-jdbc: storage and REST requests have their own timeout properties (lance.storage.*,"
                + " lance.rest.*); use Statement.setQueryTimeout to bound a statement", "HYC00");
    }

    /** Not implemented, like {@link #setNetworkTimeout}. */
    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        throw networkTimeoutsUnsupported();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Connection does not implement " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    /** Never shows secrets. */
    @Override
    public String toString() {
        return "LanceConnection{" + settings.redactedUrl() + (closed ? ", closed" : "") + "}";
    }
}
