package io.lancejdbc.conformance.isolated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.flight.client.FlightQueryEngine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The isolated mode ({@code engine=isolated}) against real child deaths: a native abort inside lance-core in the
 * child (through the test-only {@link NativeAbortPlannerExtension}, which only a child on the test class path has),
 * a kill -9, a child that cannot start; and the hand-over that keeps secrets off the child's command line. This JVM
 * (the Surefire fork) running the assertions after each death is the proof that the host lives on.
 */
class IsolatedEngineCrashTest {
    private static final String ABORT_SQL = "SELECT id FROM vector_search(\"table\" = \""
            + NativeAbortPlannerExtension.TABLE + "\", \"column\" = \"embedding\", \"query_vector\" = \"["
            + "1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]\", \"top_k\" = \"5\")";

    @TempDir
    static Path warehouse;

    private FlightQueryEngine client;
    private LanceDriver driver;

    @BeforeAll
    static void writeWarehouse() {
        try (BufferAllocator a = new RootAllocator()) {
            TestDatasets.numbers(a, warehouse.resolve("numbers.lance"), 100, 2);
            TestDatasets.vectors(a, warehouse.resolve(NativeAbortPlannerExtension.TABLE + ".lance"),
                    VectorTableSpec.defaults().withRows(300, 300).withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2));
        }
    }

    @BeforeEach
    void newDriver() {
        client = new FlightQueryEngine();
        driver = EngineDrivers.isolatedOver(client, 500);
    }

    @AfterEach
    void shutDown() {
        EngineDrivers.shutdown(driver);
        assertEquals(0, client.rootAllocator().getAllocatedMemory());
        client.close();
    }

    private Connection connect() throws SQLException {
        return connect(new Properties());
    }

    private Connection connect(Properties p) throws SQLException {
        return driver.connect("jdbc:lance:" + warehouse + "?engine=isolated", p);
    }

    private static long count(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM numbers")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private long onlyChild() {
        List<Long> pids = EngineDrivers.isolatedProcessIds(driver);
        assertEquals(1, pids.size(), "isolated engine processes: " + pids);
        return pids.get(0);
    }

    @Test
    void aNativeAbortInTheChildFailsTheStatementWith08006AndTheNextConnectionGetsANewChild() throws Exception {
        try (Connection c = connect(); Connection other = connect()) {
            assertEquals(100, count(c));
            long pid = onlyChild();
            SQLException e;
            try (Statement s = c.createStatement()) {
                e = assertThrows(SQLException.class, () -> s.executeQuery(ABORT_SQL));
            }
            assertEquals("08006", e.getSQLState(), e.toString());
            assertTrue(e.getMessage().contains("The isolated engine process (pid " + pid + ") died (exit code 134: "
                    + "SIGABRT"), e.getMessage());
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
            assertFalse(other.isValid(5));
            assertFalse(c.isValid(5));
            SQLException again = assertThrows(SQLException.class, () -> count(other));
            assertEquals("08006", again.getSQLState());
        }
        try (Connection fresh = connect()) {
            assertEquals(100, count(fresh));
            assertTrue(fresh.isValid(5));
        }
    }

    @Test
    void aKilledChildFailsTheOpenConnectionWith08006NamingSigkill() throws Exception {
        try (Connection c = connect()) {
            assertEquals(100, count(c));
            long pid = onlyChild();
            ProcessHandle child = ProcessHandle.of(pid).orElseThrow();
            assertTrue(child.destroyForcibly());
            child.onExit().get(30, TimeUnit.SECONDS);
            SQLException e = assertThrows(SQLException.class, () -> count(c));
            assertEquals("08006", e.getSQLState());
            assertTrue(e.getMessage().contains("exit code 137: SIGKILL"), e.getMessage());
        }
        try (Connection fresh = connect()) {
            assertEquals(100, count(fresh));
        }
    }

    @Test
    void connectionsWithTheSameEngineConfigurationShareOneChildThatStopsAfterTheLastCloses() throws Exception {
        long pid;
        try (Connection a = connect(); Connection b = connect()) {
            assertEquals(100, count(a));
            assertEquals(100, count(b));
            pid = onlyChild();
        }
        ProcessHandle child = ProcessHandle.of(pid).orElseThrow();
        child.onExit().get(30, TimeUnit.SECONDS);
        assertEquals(List.of(), EngineDrivers.isolatedProcessIds(driver));
    }

    @Test
    void anotherJvmOptionGetsAnotherChild() throws Exception {
        Properties p = new Properties();
        p.setProperty("isolated.jvm_options", "-Xmx256m");
        try (Connection a = connect(); Connection b = connect(p)) {
            assertEquals(100, count(a));
            assertEquals(100, count(b));
            List<Long> pids = EngineDrivers.isolatedProcessIds(driver);
            assertEquals(2, pids.size());
            assertNotEquals(pids.get(0), pids.get(1));
        }
    }

    @Test
    void aChildThatCannotStartFailsTheConnectionWith08001AndItsStderr() {
        Properties p = new Properties();
        p.setProperty("isolated.jvm_options", "-XX:+LanceJdbcNoSuchOption");
        SQLException e = assertThrows(SQLException.class, () -> connect(p));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().startsWith("The isolated engine process failed to start (exit code 1)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("Unrecognized VM option 'LanceJdbcNoSuchOption'"), e.getMessage());
    }

    @Test
    void credentialsStayOffTheChildsCommandLine() throws Exception {
        String secret = "canary-secret-" + System.nanoTime();
        Properties p = new Properties();
        p.setProperty("s3.secret_key", secret);
        p.setProperty("s3.access_key", "canary-access");
        try (Connection c = connect(p)) {
            assertEquals(100, count(c));
            // What ps shows every user of the machine: the whole command line, from /proc (Linux).
            String line = new String(java.nio.file.Files.readAllBytes(Path.of("/proc/" + onlyChild() + "/cmdline")),
                    java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
            assertTrue(line.strip().endsWith("io.lancejdbc.server.IsolatedEngineCommand"), line);
            assertFalse(line.contains(secret), line);
            assertFalse(line.contains("canary-access"), line);
        }
    }
}
