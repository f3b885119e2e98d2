package io.lancejdbc.conformance.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code Statement.setQueryTimeout} and {@code Statement.cancel()} stop a query that is still running in the engine
 * (here one that would count 10^12 rows of a cross join over the demo's {@code numbers}), with the SQLStates JDBC
 * tools expect, and the statement runs again afterwards.
 */
@EngineContract
class CancelAndTimeoutTest {
    /** 10,000^3 rows: no engine finishes counting them within the test's backstop timeout. */
    private static final String ENDLESS = "SELECT count(*) FROM numbers a CROSS JOIN numbers b CROSS JOIN numbers c";

    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private Connection connection;

    @BeforeEach
    void connect() throws SQLException {
        connection = ENGINE.connect(SharedDemoWarehouse.url());
    }

    @AfterEach
    void closeConnection() throws SQLException {
        connection.close();
    }

    @Test
    void aQueryTimeoutStopsTheQueryWithHYT00() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.setQueryTimeout(1);
            long start = System.nanoTime();
            SQLException e = assertThrows(SQLException.class, () -> count(s, ENDLESS));
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertInstanceOf(SQLTimeoutException.class, e);
            assertEquals("HYT00", e.getSQLState());
            assertTrue(seconds < 30, "the timeout fired after " + seconds + " s");
            assertEquals(10_000, count(s, "SELECT count(*) FROM numbers"), "the statement runs again");
        }
    }

    @Test
    void cancelFromAnotherThreadStopsTheQueryWith57014() throws Exception {
        try (Statement s = connection.createStatement()) {
            s.setQueryTimeout(120);
            CountDownLatch finished = new CountDownLatch(1);
            // Statement.cancel() only reaches an execution that has started, so it is repeated until the query ends.
            Thread canceller = new Thread(() -> {
                try {
                    while (!finished.await(200, TimeUnit.MILLISECONDS)) {
                        s.cancel();
                    }
                } catch (SQLException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "contract-test-canceller");
            canceller.start();
            SQLException e;
            try {
                e = assertThrows(SQLException.class, () -> count(s, ENDLESS));
            } finally {
                finished.countDown();
                canceller.join();
            }
            assertInstanceOf(SQLTransientException.class, e);
            assertEquals("57014", e.getSQLState());
            assertEquals(10_000, count(s, "SELECT count(*) FROM numbers"), "the statement runs again");
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }
}
