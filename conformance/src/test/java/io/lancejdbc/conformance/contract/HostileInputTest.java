package io.lancejdbc.conformance.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a careless or hostile user can feed the driver: each failure is an SQLException with a fitting SQLState,
 * the connection stays usable and no Arrow memory is left behind.
 */
@EngineContract
class HostileInputTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static Path warehouse;
    private Connection connection;

    @BeforeAll
    static void createWarehouse() {
        warehouse = SharedDemoWarehouse.path();
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = ENGINE.connect("jdbc:lance:" + warehouse);
    }

    @AfterEach
    void closeConnection() throws SQLException {
        connection.close();
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
        try (Connection c = ENGINE.connect("jdbc:lance:" + warehouse, p); Statement s = c.createStatement()) {
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
    void aLongOrChainFailsWith54001() throws InterruptedException, SQLException {
        String chain = "SELECT count(*) FROM numbers WHERE " + "id = 1 OR ".repeat(20_000) + "false";
        if (io.lancejdbc.conformance.EngineMode.current() != io.lancejdbc.conformance.EngineMode.EMBEDDED) {
            // The limit is the stack of the thread that plans. Through a server (remote, isolated) the server's own
            // threads plan with their own stacks: the chain is refused as too complex or answered right, and the
            // connection goes on either way.
            try {
                assertEquals(1, count(chain));
            } catch (SQLException e) {
                assertEquals("54001", e.getSQLState(), e.getMessage());
            }
            assertEquals(1, count("SELECT count(*) FROM numbers WHERE id = 1"));
            return;
        }
        // On a 512 KB stack, so that the depth that overflows does not depend on what the JIT has compiled.
        SQLException[] thrown = new SQLException[1];
        Thread t = new Thread(null, () -> thrown[0] = failure(chain), "small-stack", 512 * 1024);
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
