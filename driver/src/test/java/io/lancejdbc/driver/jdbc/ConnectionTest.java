package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.batch;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.schema;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** Connection: read-only, accepted no-op transaction/pool calls, schema switching, validity, closing. */
class ConnectionTest extends FixedEngineTestBase {

    @Test
    void connectionIsReadOnlyWhateverIsAsked() throws SQLException {
        assertTrue(connection.isReadOnly());
        connection.clearWarnings();
        connection.setReadOnly(false);
        assertTrue(connection.isReadOnly());
        assertEquals("The connection stays read-only: lance-jdbc runs no writes (they fail with 25006)",
                connection.getWarnings().getMessage());
    }

    @Test
    void transactionCallsOfPoolsAndToolsAreAcceptedAndTheGettersTellWhatTheConnectionDoes() throws SQLException {
        connection.clearWarnings();
        connection.setAutoCommit(false);
        assertTrue(connection.getAutoCommit(), "no transactions: every statement is its own unit");
        connection.commit();
        connection.rollback();
        connection.setAutoCommit(true);
        assertEquals(Connection.TRANSACTION_NONE, connection.getTransactionIsolation());
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        assertEquals(Connection.TRANSACTION_NONE, connection.getTransactionIsolation(),
                "what DatabaseMetaData.supportsTransactionIsolationLevel says, not an echo");
        assertTrue(connection.getMetaData().supportsTransactionIsolationLevel(connection.getTransactionIsolation()));
        connection.setHoldability(java.sql.ResultSet.CLOSE_CURSORS_AT_COMMIT);
        assertEquals(java.sql.ResultSet.HOLD_CURSORS_OVER_COMMIT, connection.getHoldability());
        java.sql.SQLWarning w = connection.getWarnings();
        assertEquals("Auto-commit stays on: lance-jdbc has no transactions (TRANSACTION_NONE); every statement runs"
                + " on its own, reading one pinned dataset version per table reference, and a later statement may see"
                + " a newer version after cache.latest_version.ttl_seconds", w.getMessage());
        assertEquals("01000", w.getSQLState());
        assertEquals("Transaction isolation level 4 is not provided; the connection stays at TRANSACTION_NONE"
                + " (DatabaseMetaData.supportsTransactionIsolationLevel): each statement reads one pinned dataset"
                + " version per table reference, and a later statement may see a newer version after"
                + " cache.latest_version.ttl_seconds", w.getNextWarning().getMessage());
        assertEquals("Result sets are held over commit: commit() does nothing (nothing is written) and closes no"
                + " result set; the holdability stays HOLD_CURSORS_OVER_COMMIT",
                w.getNextWarning().getNextWarning().getMessage());
        connection.setClientInfo("ApplicationName", "DBeaver");
        assertEquals("DBeaver", connection.getClientInfo("ApplicationName"));
        java.sql.SQLFeatureNotSupportedException timeout = assertThrows(java.sql.SQLFeatureNotSupportedException.class,
                () -> connection.setNetworkTimeout(Executors.newSingleThreadExecutor(), 5000));
        assertEquals("HYC00", timeout.getSQLState(), "not 0A000, on which HikariCP evicts the connection");
        assertEquals("HYC00", assertThrows(java.sql.SQLFeatureNotSupportedException.class,
                connection::getNetworkTimeout).getSQLState());
        connection.clearWarnings();
        assertThrows(SQLFeatureNotSupportedException.class, connection::setSavepoint);
        assertThrows(SQLFeatureNotSupportedException.class, () -> connection.prepareCall("CALL p()"));
    }

    @Test
    void schemaSwitchesThroughTheSession() throws SQLException {
        engine.catalog.schema("shop");
        assertEquals("default", connection.getSchema());
        connection.setSchema("shop");
        assertEquals("shop", connection.getSchema());
        SQLException e = assertThrows(SQLException.class, () -> connection.setSchema("nope"));
        assertEquals("3F000", e.getSQLState());
    }

    @Test
    void catalogIsTheConnectionsOnlyCatalog() throws SQLException {
        connection.setCatalog("lance");
        connection.setCatalog(null);
        assertEquals("lance", connection.getCatalog());
        assertEquals("3D000", assertThrows(SQLException.class, () -> connection.setCatalog("other")).getSQLState());
    }

    @Test
    void isValidAsksTheCatalog() throws SQLException {
        assertTrue(connection.isValid(2));
        engine.catalog.unreachable = true;
        assertFalse(connection.isValid(2));
        assertThrows(SQLException.class, () -> connection.isValid(-1));
    }

    @Test
    void closedConnectionIsNotValidAndRejectsWork() throws SQLException {
        connection.close();
        assertFalse(connection.isValid(1));
        assertTrue(connection.isClosed());
        SQLException e = assertThrows(SQLException.class, connection::createStatement);
        assertEquals("08003", e.getSQLState());
        connection.close();
    }

    @Test
    void closeClosesStatementsResultSetsAndTheSession() throws SQLException {
        engine.rows("q", schema(int64("x")), batch(int64("x", 1L, 2L)));
        Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("q");
        rs.next();
        PreparedStatement idle = prepareAnything();
        connection.close();
        assertTrue(rs.isClosed());
        assertTrue(s.isClosed());
        assertTrue(idle.isClosed());
        assertEquals(1, engine.closedSessions);
        assertEquals(0, allocator.getAllocatedMemory());
    }

    private PreparedStatement prepareAnything() throws SQLException {
        engine.prepared("p", java.util.List.of(), null);
        return connection.prepareStatement("p");
    }

    @Test
    void scrollableRequestIsDowngradedWithAWarning() throws SQLException {
        Statement s = connection.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE);
        assertEquals(ResultSet.TYPE_FORWARD_ONLY, s.getResultSetType());
        SQLWarning w = connection.getWarnings();
        assertEquals("Result set type 1004 is not supported; TYPE_FORWARD_ONLY is used", w.getMessage());
        assertEquals("Result set concurrency 1008 is not supported; CONCUR_READ_ONLY is used",
                w.getNextWarning().getMessage());
    }

    @Test
    void resultSetConstantsThatDoNotExistAreInvalidArguments() {
        SQLException type = assertThrows(SQLException.class, () -> connection.createStatement(12345,
                ResultSet.CONCUR_READ_ONLY));
        assertEquals("HY024", type.getSQLState());
        assertEquals("Unknown result set type 12345; use ResultSet.TYPE_FORWARD_ONLY", type.getMessage());
        SQLException concurrency = assertThrows(SQLException.class, () -> connection.prepareStatement("SELECT 1",
                ResultSet.TYPE_FORWARD_ONLY, 67890));
        assertEquals("HY024", concurrency.getSQLState());
    }

    @Test
    void engineWarningsJoinTheWarningChain() throws SQLException {
        assertNull(connection.getWarnings());
        engine.sessionWarnings.add("dataset 'x' uses a deprecated format");
        assertEquals("dataset 'x' uses a deprecated format", connection.getWarnings().getMessage());
        connection.clearWarnings();
        assertNull(connection.getWarnings());
    }

    @Test
    void createArrayOfBuildsAVectorArray() throws SQLException {
        Array a = connection.createArrayOf("real", new Object[] {1, 2.5d, 3f});
        assertEquals(Types.REAL, a.getBaseType());
        assertArrayEquals(new Float[] {1f, 2.5f, 3f}, (Float[]) a.getArray());
        assertThrows(SQLFeatureNotSupportedException.class, () -> connection.createArrayOf("GEOMETRY", new Object[0]));
        assertEquals("22018", assertThrows(SQLException.class,
                () -> connection.createArrayOf("INTEGER", new Object[] {"x"})).getSQLState());
    }

    @Test
    void toStringNeverShowsSecrets() throws SQLException {
        Connection c = driver.connect("jdbc:lance:/w?s3.secret_key=topsecret", null);
        assertEquals("LanceConnection{jdbc:lance:/w?s3.secret_key=****}", c.toString());
        assertEquals("jdbc:lance:/w?s3.secret_key=****", c.getMetaData().getURL());
        c.close();
    }

    @Test
    void abortClosesFromAnotherThread() throws Exception {
        java.util.concurrent.ExecutorService pool = Executors.newSingleThreadExecutor();
        connection.abort(pool);
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(connection.isClosed());
    }

    @Test
    void nativeSqlIsUnchanged() throws SQLException {
        assertEquals("SELECT {fn NOW()}", connection.nativeSQL("SELECT {fn NOW()}"));
    }

    @Test
    void aReverseFetchDirectionIsAHintTheForwardOnlyStatementReportsItIgnores() throws SQLException {
        try (java.sql.Statement st = connection.createStatement()) {
            st.setFetchDirection(java.sql.ResultSet.FETCH_REVERSE);
            assertEquals(java.sql.ResultSet.FETCH_FORWARD, st.getFetchDirection());
            assertEquals("Result sets are forward-only: rows come in order (FETCH_FORWARD); FETCH_REVERSE is a hint"
                    + " this driver cannot follow", st.getWarnings().getMessage());
        }
    }
}
