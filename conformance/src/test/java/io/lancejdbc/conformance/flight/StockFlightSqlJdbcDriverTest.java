package io.lancejdbc.conformance.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import io.lancejdbc.server.LanceFlightServer;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The stock Arrow Flight SQL JDBC driver 18.3.0 (the one DBeaver ships) against our server over the demo warehouse:
 * what an IDE does when it browses and queries. That driver sends every statement through
 * CreatePreparedStatement, reads all SqlInfo keys, and builds ResultSetMetaData from the ARROW:FLIGHT:SQL field
 * metadata; these tests check what a user sees through it.
 */
class StockFlightSqlJdbcDriverTest {
    private static final String TOKEN = "stock-driver-token";
    private static LanceFlightServer server;
    private static Driver stock;
    private Connection connection;

    @BeforeAll
    static void start() throws Exception {
        server = LanceFlightServer.builder().property("warehouse", SharedDemoWarehouse.path().toString())
                .token(TOKEN).port(0).start();
        stock = (Driver) Class.forName("org.apache.arrow.driver.jdbc.ArrowFlightJdbcDriver").getDeclaredConstructor()
                .newInstance();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("token", TOKEN);
        p.setProperty("useEncryption", "false");
        connection = stock.connect("jdbc:arrow-flight-sql://127.0.0.1:" + server.port(), p);
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    private static List<String> column(ResultSet rs, String name) throws SQLException {
        List<String> out = new ArrayList<>();
        while (rs.next()) {
            out.add(rs.getString(name));
        }
        return out;
    }

    @Test
    void browsesSchemasTablesAndColumns() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        try (ResultSet rs = md.getSchemas()) {
            assertEquals(List.of("default", "analytics"), column(rs, "TABLE_SCHEM"));
        }
        try (ResultSet rs = md.getTables(null, "default", "%", null)) {
            List<String> tables = column(rs, "TABLE_NAME");
            assertTrue(tables.containsAll(List.of("items", "numbers", "people")), tables.toString());
        }
        try (ResultSet rs = md.getColumns(null, "default", "items", "%")) {
            List<String> names = new ArrayList<>();
            List<Integer> types = new ArrayList<>();
            while (rs.next()) {
                names.add(rs.getString("COLUMN_NAME"));
                types.add(rs.getInt("DATA_TYPE"));
            }
            assertEquals(List.of("id", "name", "category", "price", "embedding"), names);
            assertEquals(List.of(Types.BIGINT, Types.VARCHAR, Types.VARCHAR, Types.DOUBLE), types.subList(0, 4));
        }
    }

    @Test
    void runsAQueryWithColumnLabelsAndTypes() throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, name AS item_name, price FROM items WHERE id IN (13, 14)"
                        + " ORDER BY id")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals("id", md.getColumnLabel(1));
            assertEquals("item_name", md.getColumnLabel(2));
            assertEquals(Types.BIGINT, md.getColumnType(1));
            assertEquals(Types.VARCHAR, md.getColumnType(2));
            assertEquals(Types.DOUBLE, md.getColumnType(3));
            assertEquals("items", md.getTableName(1));
            assertTrue(rs.next());
            assertEquals(13L, rs.getLong(1));
            assertEquals("item-0013", rs.getString(2));
            rs.getDouble(3);
            assertTrue(rs.wasNull(), "price is NULL where id % 97 == 13");
            assertTrue(rs.next());
            assertEquals(14L, rs.getLong("id"));
            assertEquals((14 * 37 % 10_000) / 100.0, rs.getDouble("price"));
            assertFalse(rs.next());
        }
    }

    @Test
    void runsAPreparedStatementWithAParameter() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT name FROM items WHERE id = ?")) {
            ps.setLong(1, 14);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("item-0014", rs.getString(1));
                assertFalse(rs.next());
            }
            ps.setLong(1, 15);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("item-0015", rs.getString(1));
            }
        }
    }

    @Test
    void runsAVectorSearch() throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, _distance FROM vector_search(\"table\" = \"items\","
                        + " \"column\" = \"embedding\", \"query_vector\" = \"[1, 0, 0, 0, 0, 0, 0, 0]\","
                        + " \"top_k\" = \"3\", \"use_index\" = \"false\")")) {
            assertEquals("_distance", rs.getMetaData().getColumnLabel(2));
            // float32: the stock driver reports FLOAT for it (our driver reports REAL, see shared/STYLE.md).
            assertEquals(Types.FLOAT, rs.getMetaData().getColumnType(2));
            int n = 0;
            float previous = -1;
            while (rs.next()) {
                float d = rs.getFloat(2);
                assertTrue(d >= previous, "ordered by distance");
                previous = d;
                n++;
            }
            assertEquals(3, n);
        }
    }

    @Test
    void showAndDescribeWork() throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW DATABASES")) {
            assertEquals(List.of("default", "analytics"), column(rs, "Database"));
        }
    }

    @Test
    void anUnknownTableFailsWithItsSqlStateInTheMessage() {
        SQLException e = assertThrows(SQLException.class, () -> {
            try (Statement s = connection.createStatement()) {
                s.executeQuery("SELECT * FROM nope");
            }
        });
        assertTrue(e.getMessage().contains("[SQLState 42S02] Table 'default.nope' not found"), e.getMessage());
    }

    @Test
    void aWrongTokenIsRefused() {
        Properties p = new Properties();
        p.setProperty("token", "wrong");
        p.setProperty("useEncryption", "false");
        SQLException e = assertThrows(SQLException.class,
                () -> stock.connect("jdbc:arrow-flight-sql://127.0.0.1:" + server.port(), p).close());
        assertFalse(e.getMessage().contains("wrong"), e.getMessage());
    }
}
