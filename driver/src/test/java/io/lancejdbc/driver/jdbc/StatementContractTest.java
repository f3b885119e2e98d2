package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.batch;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.schema;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.sql.BatchUpdateException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The Statement execution contract (JDBC 4.3 §13.1) and cancellation, timeouts and errors. */
class StatementContractTest extends FixedEngineTestBase {

    @Test
    void executeOfAQueryReturnsTrueAndOneResultSet() throws SQLException {
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        Statement s = connection.createStatement();
        assertTrue(s.execute("SELECT 1"));
        ResultSet rs = s.getResultSet();
        assertNotNull(rs);
        assertEquals(-1, s.getUpdateCount());
        assertFalse(s.getMoreResults());
        assertTrue(rs.isClosed(), "getMoreResults closes the current result set");
        assertNull(s.getResultSet());
        assertEquals(-1, s.getUpdateCount());
    }

    @Test
    void executeOfUseReturnsFalseAndAnUpdateCountOfZero() throws SQLException {
        engine.updateCount("USE shop", 0);
        Statement s = connection.createStatement();
        assertFalse(s.execute("USE shop"));
        assertNull(s.getResultSet());
        assertEquals(0, s.getUpdateCount());
        assertFalse(s.getMoreResults());
        assertEquals(-1, s.getUpdateCount());
    }

    @Test
    void executeQueryOfAStatementWithoutRowsFailsWith02000() throws SQLException {
        engine.updateCount("SET x = 1", 0);
        SQLException e = assertThrows(SQLException.class, () -> connection.createStatement().executeQuery("SET x = 1"));
        assertEquals("02000", e.getSQLState());
    }

    @Test
    void executeUpdateOfAQueryFailsWith0100E() throws SQLException {
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        SQLException e = assertThrows(SQLException.class, () -> connection.createStatement().executeUpdate("SELECT 1"));
        assertEquals("0100E", e.getSQLState());
    }

    @Test
    void executeUpdateOfSetReturnsZero() throws SQLException {
        engine.updateCount("SET x = 1", 0);
        assertEquals(0, connection.createStatement().executeUpdate("SET x = 1"));
    }

    @Test
    void reExecutingClosesThePreviousResultSet() throws SQLException {
        engine.rows("q", schema(int64("x")), batch(int64("x", 1L)));
        Statement s = connection.createStatement();
        ResultSet first = s.executeQuery("q");
        ResultSet second = s.executeQuery("q");
        assertTrue(first.isClosed());
        assertFalse(second.isClosed());
    }

    @Test
    void optionsReachTheEngine() throws SQLException {
        engine.rows("q", schema(int64("x")));
        Statement s = connection.createStatement();
        s.setMaxRows(10);
        s.setFetchSize(500);
        s.setQueryTimeout(30);
        s.executeQuery("q").close();
        assertEquals(10, engine.lastExecution().options().maxRows());
        assertEquals(500, engine.lastExecution().options().fetchSize());
        assertEquals(30_000, engine.lastExecution().options().timeoutMillis());
        s.setLargeMaxRows(7);
        assertEquals(7L, s.getLargeMaxRows());
    }

    @Test
    void negativeLimitsAreRejected() throws SQLException {
        Statement s = connection.createStatement();
        assertEquals("HY024", assertThrows(SQLException.class, () -> s.setMaxRows(-1)).getSQLState());
        assertEquals("HY024", assertThrows(SQLException.class, () -> s.setFetchSize(-1)).getSQLState());
        assertEquals("HY024", assertThrows(SQLException.class, () -> s.setQueryTimeout(-1)).getSQLState());
    }

    @Test
    void engineErrorsKeepTheirSqlStateAndClass() throws SQLException {
        engine.error("SELECT * FROM nope", "42S02", "Table 'default.nope' not found (tables: items)");
        engine.error("bad", "42000", "Syntax error at position 5");
        engine.error("conn", "08000", "storage unreachable");
        engine.error("div", "22012", "Division by zero");
        Statement s = connection.createStatement();
        SQLException notFound = assertThrows(SQLSyntaxErrorException.class, () -> s.executeQuery("SELECT * FROM nope"));
        assertEquals("42S02", notFound.getSQLState());
        assertEquals("Table 'default.nope' not found (tables: items)", notFound.getMessage());
        assertInstanceOf(SqlError.class, notFound.getCause());
        assertThrows(SQLSyntaxErrorException.class, () -> s.executeQuery("bad"));
        assertThrows(SQLNonTransientConnectionException.class, () -> s.executeQuery("conn"));
        assertEquals("22012", assertThrows(java.sql.SQLDataException.class, () -> s.executeQuery("div")).getSQLState());
    }

    @Test
    void queryTimeoutCancelsAResultBeingReadWithSqlTimeoutException() throws SQLException {
        CountDownLatch blocked = new CountDownLatch(1);
        engine.blockingRows("slow", schema(int64("x")), batch(int64("x", 1L)), blocked);
        Statement s = connection.createStatement();
        s.setQueryTimeout(1);
        ResultSet rs = s.executeQuery("slow");
        assertTrue(rs.next());
        long start = System.nanoTime();
        SQLTimeoutException e = assertThrows(SQLTimeoutException.class, rs::next);
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals("HYT00", e.getSQLState());
        assertEquals("Query timeout of 1 s expired (Statement.setQueryTimeout)", e.getMessage());
        assertTrue(waitedMillis < 5_000, "timed out after " + waitedMillis + " ms");
    }

    @Test
    void cancelFromAnotherThreadStopsAResultBeingRead() throws Exception {
        CountDownLatch blocked = new CountDownLatch(1);
        engine.blockingRows("slow", schema(int64("x")), batch(int64("x", 1L)), blocked);
        Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("slow");
        rs.next();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<SQLException> reader = pool.submit(() -> assertThrows(SQLException.class, rs::next));
            assertTrue(blocked.await(10, TimeUnit.SECONDS));
            s.cancel();
            SQLException e = reader.get(10, TimeUnit.SECONDS);
            assertInstanceOf(SQLTransientException.class, e);
            assertEquals("57014", e.getSQLState());
            assertEquals("Query was cancelled (Statement.cancel)", e.getMessage());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void cancelWithNothingRunningDoesNothing() throws SQLException {
        engine.rows("q", schema(int64("x")), batch(int64("x", 1L)));
        Statement s = connection.createStatement();
        s.cancel();
        ResultSet rs = s.executeQuery("q");
        assertTrue(rs.next());
    }

    @Test
    void closeCancelsRunningWorkAndClosesTheResult() throws Exception {
        CountDownLatch blocked = new CountDownLatch(1);
        engine.blockingRows("slow", schema(int64("x")), batch(int64("x", 1L)), blocked);
        Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("slow");
        rs.next();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<SQLException> reader = pool.submit(() -> assertThrows(SQLException.class, rs::next));
            assertTrue(blocked.await(10, TimeUnit.SECONDS));
            s.close();
            assertEquals("57014", reader.get(10, TimeUnit.SECONDS).getSQLState());
            assertTrue(rs.isClosed());
            assertTrue(s.isClosed());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void closeOnCompletionClosesTheStatementWithItsResult() throws SQLException {
        engine.rows("q", schema(int64("x")), batch(int64("x", 1L)));
        Statement s = connection.createStatement();
        s.closeOnCompletion();
        ResultSet rs = s.executeQuery("q");
        rs.close();
        assertTrue(s.isClosed());
    }

    @Test
    void closedStatementRejectsExecution() throws SQLException {
        Statement s = connection.createStatement();
        s.close();
        assertEquals("HY010", assertThrows(SQLException.class, () -> s.execute("q")).getSQLState());
    }

    @Test
    void batchRunsStatementsWithoutRows() throws SQLException {
        engine.updateCount("USE shop", 0);
        engine.updateCount("SET a = 1", 0);
        Statement s = connection.createStatement();
        s.addBatch("USE shop");
        s.addBatch("SET a = 1");
        assertArrayEquals(new int[] {0, 0}, s.executeBatch());
        assertArrayEquals(new int[0], s.executeBatch(), "the batch is cleared after running");
    }

    @Test
    void batchStopsAtAStatementWithRows() throws SQLException {
        engine.updateCount("USE shop", 0);
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        Statement s = connection.createStatement();
        s.addBatch("USE shop");
        s.addBatch("SELECT 1");
        BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
        assertArrayEquals(new int[] {0}, e.getUpdateCounts());
        assertEquals("0100E", e.getSQLState());
    }

    @Test
    void emptySqlIsASyntaxError() throws SQLException {
        assertEquals("42000", assertThrows(SQLSyntaxErrorException.class,
                () -> connection.createStatement().execute("  ")).getSQLState());
    }

    @Test
    void identifiersAreQuotedWithBackticks() throws SQLException {
        Statement s = connection.createStatement();
        assertEquals("items", s.enquoteIdentifier("items", false));
        assertEquals("`my table`", s.enquoteIdentifier("my table", false));
        assertEquals("`a``b`", s.enquoteIdentifier("a`b", true));
        assertEquals("`x`", s.enquoteIdentifier("`x`", true));
    }

    @Test
    void propertiesDescribeAForwardOnlyStatement() throws SQLException {
        Statement s = connection.createStatement();
        assertEquals(ResultSet.TYPE_FORWARD_ONLY, s.getResultSetType());
        assertEquals(ResultSet.CONCUR_READ_ONLY, s.getResultSetConcurrency());
        assertEquals(connection, s.getConnection());
        assertEquals(0, s.getQueryTimeout());
        assertEquals(0, s.getMaxRows());
        assertEquals(0, s.getFetchSize());
        assertFalse(s.isCloseOnCompletion());
        assertThrows(SQLFeatureNotSupportedException.class, () -> s.getMoreResults(Statement.KEEP_CURRENT_RESULT));
    }
}
