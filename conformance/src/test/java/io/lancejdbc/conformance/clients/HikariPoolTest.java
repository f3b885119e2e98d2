package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real HikariCP over the demo warehouse. HikariCP evicts a connection whose SQLException carries SQLState
 * 0A000 or an 08xxx state (its ProxyConnection.checkException list), and so does DBCP's fast-fail validation: a
 * statement the engine refuses (a write on this read-only driver: 25006; an unsupported construct: 42000) must leave
 * the pooled connection, and the USE/SET state the application gave it, in place. Then eight threads run 50 mixed
 * statements each through a pool of four with each kind of validation ({@code isValid} and a
 * {@code connectionTestQuery}), and no physical connection is ever replaced.
 */
@EngineContract
class HikariPoolTest {
    private static final String TOP_K_PARAMETER = "SELECT id FROM vector_search(\"table\" = \"items\", \"column\" ="
            + " \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\", \"top_k\" = ?)";

    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static HikariDataSource pool(String name, int size, String testQuery) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(ENGINE.dataSource(SharedDemoWarehouse.url()));
        config.setPoolName(name);
        config.setMinimumIdle(size);
        config.setMaximumPoolSize(size);
        config.setConnectionTimeout(30_000);
        if (testQuery != null) {
            config.setConnectionTestQuery(testQuery);
        }
        return new HikariDataSource(config);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private static String explain(Connection c, String sql) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
        }
        return plan.toString();
    }

    @Test
    void refusedWritesAndUnsupportedConstructsKeepThePooledConnectionAndItsState() throws SQLException {
        String filtered = "SELECT count(*) FROM daily_sales WHERE orders > 5";
        try (HikariDataSource pool = pool("lance-refusals", 1, null)) {
            Connection physical;
            String defaultPlan;
            try (Connection c = pool.getConnection()) {
                physical = c.unwrap(Connection.class);
                try (Statement s = c.createStatement()) {
                    s.execute("USE analytics");
                    defaultPlan = explain(c, filtered);
                    s.execute("SET scan.predicate_pushdown = false");
                }
                assertFalse(explain(c, filtered).equals(defaultPlan), "SET changes the plan: " + defaultPlan);
                try (Statement s = c.createStatement()) {
                    SQLException write = assertThrows(SQLException.class,
                            () -> s.executeUpdate("DELETE FROM daily_sales WHERE orders > 5"));
                    assertEquals("25006", write.getSQLState(), write.getMessage());
                    SQLException insert = assertThrows(SQLException.class,
                            () -> c.prepareStatement("INSERT INTO daily_sales VALUES (?, ?, ?, ?)"));
                    assertEquals("25006", insert.getSQLState(), insert.getMessage());
                }
                SQLException topK = assertThrows(SQLException.class, () -> {
                    try (PreparedStatement ps = c.prepareStatement(TOP_K_PARAMETER)) {
                        ps.setInt(1, 3);
                        ps.executeQuery().close();
                    }
                });
                assertEquals("42000", topK.getSQLState(), topK.getMessage());
                SQLException unsupported = assertThrows(SQLException.class,
                        () -> count(c, "SELECT count(*) FILTER (WHERE orders > 5) FROM daily_sales"));
                assertEquals("42000", unsupported.getSQLState(), unsupported.getMessage());
            }
            try (Connection c = pool.getConnection()) {
                assertSame(physical, c.unwrap(Connection.class), "the refusals did not evict the connection");
                assertEquals(120, count(c, "SELECT count(*) FROM daily_sales"), "USE analytics is still in effect");
                String plan = explain(c, filtered);
                assertFalse(plan.equals(defaultPlan), "SET scan.predicate_pushdown is still in effect: " + plan);
            }
            assertEquals(1, pool.getHikariPoolMXBean().getTotalConnections());
        }
    }

    /** One of the mixed statements, chosen by {@code n}; returns a value checked against the demo's contents. */
    private static void mixedStatement(Connection c, int n) throws SQLException {
        switch (n % 8) {
            case 0 -> assertEquals(10_000, count(c, "SELECT count(*) FROM numbers"));
            case 1 -> {
                try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM numbers WHERE id < ?")) {
                    ps.setLong(1, n);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        assertEquals(n, rs.getLong(1));
                    }
                }
            }
            case 2 -> assertEquals(725, count(c, "SELECT count(*) FROM events"));
            case 3 -> {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("SELECT id FROM vector_search(\"table\" = \"items\","
                                + " \"column\" = \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\","
                                + " \"top_k\" = 5)")) {
                    int rows = 0;
                    while (rs.next()) {
                        assertEquals(0, rs.getLong(1) % 5, "a nearest neighbour of the books direction is a book");
                        rows++;
                    }
                    assertEquals(5, rows);
                }
            }
            case 4 -> assertEquals("25006", assertThrows(SQLException.class,
                    () -> c.createStatement().executeUpdate("UPDATE numbers SET x = 0")).getSQLState());
            case 5 -> {
                try (ResultSet rs = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
                    int tables = 0;
                    while (rs.next()) {
                        tables++;
                    }
                    assertEquals(6, tables, "the demo warehouse's five default tables and analytics.daily_sales");
                }
            }
            case 6 -> assertEquals("42000", assertThrows(SQLException.class,
                    () -> count(c, "SELECT count(*) FILTER (WHERE id > 5) FROM numbers")).getSQLState());
            default -> {
                try (Statement s = c.createStatement()) {
                    s.setMaxRows(7);
                    s.setFetchSize(3);
                    try (ResultSet rs = s.executeQuery("SELECT id, name FROM items ORDER BY id")) {
                        int rows = 0;
                        while (rs.next()) {
                            assertEquals(rows, rs.getLong(1));
                            rows++;
                        }
                        assertEquals(7, rows);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "validation by {0}")
    @ValueSource(strings = {"isValid", "connectionTestQuery"})
    void eightThreadsRunFiftyMixedStatementsEachWithoutReplacingAConnection(String validation) throws Exception {
        Set<Connection> physical = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        try (HikariDataSource pool = pool("lance-mixed-" + validation, 4,
                validation.equals("isValid") ? null : "SELECT 1")) {
            ExecutorService threads = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> work = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int thread = t;
                    work.add(threads.submit(() -> {
                        for (int i = 0; i < 50; i++) {
                            try (Connection c = pool.getConnection()) {
                                physical.add(c.unwrap(Connection.class));
                                mixedStatement(c, thread * 50 + i);
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : work) {
                    f.get(90, TimeUnit.SECONDS);
                }
            } finally {
                threads.shutdownNow();
            }
            assertTrue(physical.size() <= 4, "connections were replaced: " + physical.size() + " physical ones");
            assertEquals(4, pool.getHikariPoolMXBean().getTotalConnections());
        }
    }
}
