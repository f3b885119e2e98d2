package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.conformance.reliability.FaultInjectingProxy.Rule;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16: a storage read that stalls inside lance-core (the {@link FaultInjectingProxy} holds every data file GET
 * for 60 s) does not hold the statement. A query timeout, {@code Statement.cancel()} and {@code Statement.close()}
 * from another thread end the statement within the timeout plus a small margin (a behaviour bound, asserted
 * loosely, not a benchmark), for a scan, an aggregation and a vector_search; the split worker stuck in the read
 * frees the query's Arrow memory when the read returns (the stall is ended), and the connection answers afterwards.
 */
@ExtendWith(SharedS3Proxy.class)
class StalledReadTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    /** The stall: far longer than any bound below, ended by {@link FaultInjectingProxy#clear()}. */
    private static final long STALL_MILLIS = 60_000;
    /** What a statement may take beyond its timeout or the cancel (scheduling, the 50 ms polls, a loaded CI box). */
    private static final long MARGIN_MILLIS = 3_000;

    @TempDir
    static Path local;
    static FaultProxiedWarehouse warehouse;
    static String bucket;
    static FaultInjectingProxy proxy;

    @BeforeAll
    static void setUp(S3TestServer server) throws IOException {
        try (BufferAllocator a = new RootAllocator()) {
            warehouse = FaultProxiedWarehouse.create(server, "stall", a, local);
            bucket = warehouse.bucket();
        }
        proxy = warehouse.proxy();
    }

    @AfterAll
    static void tearDown() throws IOException {
        warehouse.close();
    }

    @AfterEach
    void endTheStall() {
        proxy.clear();
    }

    private static Connection connect() throws SQLException {
        Properties p = warehouse.connectionProperties();
        return ENGINE.connect(warehouse.url(), p);
    }

    private static void stallDataReads() {
        proxy.add(Rule.stall("^GET /" + bucket + "/wh/[^ ]*\\.lance/data/", STALL_MILLIS, Integer.MAX_VALUE));
    }

    private static String vectorSql() {
        return warehouse.vectorSql();
    }

    /** Reads every row; the number of rows. */
    private static long drain(Statement s, String sql) throws SQLException {
        long rows = 0;
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rs.getObject(1);
                rows++;
            }
        }
        return rows;
    }

    /** Ends the stall, then waits until the worker that was stuck has freed the query's memory. */
    private static void endStallAndExpectNoArrowMemory(Connection c, String sql, long expectedRows) throws Exception {
        proxy.clear();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (ENGINE.allocatedBytes() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, ENGINE.allocatedBytes(), "Arrow bytes held after the stall ended");
        try (Statement s = c.createStatement()) {
            assertEquals(expectedRows, drain(s, sql), "the connection answers after the stall");
        }
    }

    private void timeoutEndsTheStatementDuringAStalledRead(String sql, long expectedRows) throws Exception {
        try (Connection c = connect()) {
            try (Statement before = c.createStatement()) {
                assertEquals(expectedRows, drain(before, sql));
            }
            stallDataReads();
            long start = System.nanoTime();
            try (Statement s = c.createStatement()) {
                s.setQueryTimeout(2);
                SQLException e = assertThrows(SQLException.class, () -> drain(s, sql));
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                System.out.println("stalled read: " + sql.substring(0, Math.min(40, sql.length())) + ": "
                        + e.getSQLState() + " after " + millis + " ms (2 s timeout)");
                assertEquals("HYT00", e.getSQLState(), e.getMessage());
                assertTrue(millis < 2_000 + MARGIN_MILLIS, "HYT00 after " + millis + " ms with a 2 s timeout");
            }
            long closed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(closed < 2_000 + MARGIN_MILLIS, "the statement closed after " + closed + " ms");
            endStallAndExpectNoArrowMemory(c, sql, expectedRows);
        }
    }

    @Test
    void timeoutEndsAScanDuringAStalledRead() throws Exception {
        timeoutEndsTheStatementDuringAStalledRead("SELECT id, i32 FROM numbers", 20_000);
    }

    @Test
    void timeoutEndsAnAggregationDuringAStalledRead() throws Exception {
        timeoutEndsTheStatementDuringAStalledRead("SELECT id % 7, count(*), sum(i32) FROM numbers GROUP BY 1", 7);
    }

    @Test
    void timeoutEndsAVectorSearchDuringAStalledRead() throws Exception {
        timeoutEndsTheStatementDuringAStalledRead(vectorSql(), 5);
    }

    @Test
    void cancelFromAnotherThreadEndsTheStatementDuringAStalledRead() throws Exception {
        String sql = "SELECT id, i32 FROM numbers";
        try (Connection c = connect()) {
            stallDataReads();
            try (Statement s = c.createStatement()) {
                CompletableFuture<SQLException> failure = CompletableFuture.supplyAsync(() -> {
                    SQLException e = assertThrows(SQLException.class, () -> drain(s, sql));
                    return e;
                });
                Thread.sleep(1_000);
                long cancelled = System.nanoTime();
                s.cancel();
                long cancelMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelled);
                SQLException e = failure.get(MARGIN_MILLIS, TimeUnit.MILLISECONDS);
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelled);
                System.out.println("stalled read: cancel() returned in " + cancelMillis + " ms, " + e.getSQLState()
                        + " after " + millis + " ms");
                assertEquals("57014", e.getSQLState(), e.getMessage());
                assertTrue(cancelMillis < MARGIN_MILLIS, "cancel() returned after " + cancelMillis + " ms");
                assertTrue(millis < MARGIN_MILLIS, "57014 " + millis + " ms after cancel()");
            }
            endStallAndExpectNoArrowMemory(c, sql, 20_000);
        }
    }

    @Test
    void closeFromAnotherThreadEndsTheStatementDuringAStalledRead() throws Exception {
        String sql = "SELECT count(*), sum(id) FROM numbers WHERE i32 >= 0";
        try (Connection c = connect()) {
            stallDataReads();
            Statement s = c.createStatement();
            CompletableFuture<SQLException> failure = CompletableFuture.supplyAsync(() -> {
                SQLException e = assertThrows(SQLException.class, () -> drain(s, sql));
                return e;
            });
            Thread.sleep(1_000);
            long closing = System.nanoTime();
            s.close();
            long closeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closing);
            SQLException e = failure.get(MARGIN_MILLIS, TimeUnit.MILLISECONDS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closing);
            System.out.println("stalled read: close() returned in " + closeMillis + " ms, " + e.getSQLState()
                    + " after " + millis + " ms");
            assertEquals("57014", e.getSQLState(), e.getMessage());
            assertTrue(closeMillis < MARGIN_MILLIS, "close() returned after " + closeMillis + " ms");
            assertTrue(millis < MARGIN_MILLIS, "the statement failed " + millis + " ms after close()");
            endStallAndExpectNoArrowMemory(c, sql, 1);
        }
    }
}
