package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a careless or hostile user can feed the driver: each failure is an SQLException with a fitting SQLState,
 * the connection stays usable and no Arrow memory is left behind.
 */
class HostileInputTest {
    private static Path warehouse;
    private static EmbeddedQueryEngine engine;
    private static LanceDriver driver;
    private Connection connection;

    @BeforeAll
    static void createWarehouse() {
        warehouse = SharedDemoWarehouse.path();
        engine = new EmbeddedQueryEngine();
        driver = new LanceDriver(() -> engine);
    }

    @AfterAll
    static void stopEngine() {
        driver.shutdown();
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = driver.connect("jdbc:lance:" + warehouse, new Properties());
    }

    @AfterEach
    void closeAndCheckMemory() throws SQLException {
        connection.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory held after the connection closed");
    }

    private SQLException failure(String sql) {
        return assertThrows(SQLException.class, () -> {
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    rs.getObject(1);
                }
            }
        });
    }

    private long count(String sql) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void anEmptyAllowedRootsPropertyDisablesLocal() throws SQLException {
        Properties p = new Properties();
        p.setProperty("lance.local.allowed_roots", "");
        try (Connection c = driver.connect("jdbc:lance:" + warehouse, p); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT count(*) FROM local("
                    + "\"file_path\" = \"" + warehouse.resolve("items.lance") + "\", \"format\" = \"lance\")"));
            assertEquals("42501", e.getSQLState());
            assertTrue(e.getMessage().contains("local() is disabled"), e.getMessage());
        }
    }

    @Test
    void twoStatementsInOneExecuteAreRefused() throws SQLException {
        SQLException e = failure("SELECT count(*) FROM numbers; SELECT 2");
        assertInstanceOf(SQLSyntaxErrorException.class, e);
        assertEquals("42000", e.getSQLState());
        assertTrue(e.getMessage().contains("Only one statement"), e.getMessage());
        assertEquals(10_000, count("SELECT count(*) FROM numbers;"));
    }

    @Test
    void deeplyNestedParenthesesFailFastWith54001() throws SQLException {
        long start = System.nanoTime();
        SQLException e = failure("SELECT count(*) FROM numbers WHERE " + "(".repeat(300) + "id = 1" + ")".repeat(300));
        assertEquals("54001", e.getSQLState());
        assertTrue(System.nanoTime() - start < 10_000_000_000L);
        assertEquals(1, count("SELECT count(*) FROM numbers WHERE " + "(".repeat(30) + "id = 1" + ")".repeat(30)));
    }

    @Test
    void aLongOrChainFailsWith54001() throws InterruptedException {
        // On a 512 KB stack, so that the depth that overflows does not depend on what the JIT has compiled.
        SQLException[] thrown = new SQLException[1];
        Thread t = new Thread(null, () -> thrown[0] = failure("SELECT count(*) FROM numbers WHERE "
                + "id = 1 OR ".repeat(20_000) + "false"), "small-stack", 512 * 1024);
        t.start();
        t.join();
        assertEquals("54001", thrown[0].getSQLState());
    }

    @Test
    void aTimestampParameterBeyondTheMicrosecondRangeIsADatetimeOverflow() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT ?")) {
            ps.setObject(1, LocalDateTime.MAX);
            SQLException e = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                }
            });
            assertEquals("22008", e.getSQLState(), e.getMessage());
        }
    }
}
