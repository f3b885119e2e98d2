package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.lance.TestDatasets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.Version;

/**
 * Time travel through {@code java.sql} (issue 13 §1: {@code ?} for the version, the tag and the timestamp) and
 * connections without a catalog (§5: {@code jdbc:lance:} with nothing after it). {@code items}: v1 ids 0..49,
 * v2 + ids 50..79, v3 + ids 80..99; tag {@code 'gold'} on v2.
 */
class TimeTravelJdbcTest {
    @TempDir
    static Path work;
    private static EmbeddedQueryEngine engine;
    private static LanceDriver driver;
    private static Connection warehouse;
    private static List<Instant> committed;

    @BeforeAll
    static void open() throws SQLException, InterruptedException {
        Path items = work.resolve("wh").resolve("items.lance");
        TestDatasets.create(items, 0, 50, 50);
        Thread.sleep(20);
        TestDatasets.append(items, 50, 30, 50);
        Thread.sleep(20);
        TestDatasets.append(items, 80, 20, 50);
        try (BufferAllocator a = new RootAllocator();
             Dataset ds = Dataset.open().uri(items.toString()).allocator(a).build()) {
            ds.tags().create("gold", 2);
            committed = new ArrayList<>();
            for (Version v : ds.listVersions()) {
                committed.add(v.getDataTime().toInstant());
            }
        }
        engine = new EmbeddedQueryEngine();
        driver = new LanceDriver(() -> engine);
        warehouse = driver.connect("jdbc:lance:" + work.resolve("wh"), new Properties());
    }

    @AfterAll
    static void close() throws SQLException {
        warehouse.close();
        driver.shutdown();
    }

    private static long count(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void preparedStatementBindsVersionTagAndTimestamp() throws SQLException {
        try (PreparedStatement ps = warehouse.prepareStatement("SELECT count(*) FROM items FOR VERSION AS OF ?")) {
            ps.setLong(1, 1);
            assertEquals(50, count(ps));
            ps.setInt(1, 3);
            assertEquals(100, count(ps));
            ps.setString(1, "gold");
            assertEquals(80, count(ps));
            ps.setLong(1, 7);
            SQLException e = assertThrows(SQLException.class, ps::executeQuery);
            assertEquals("22023", e.getSQLState());
            assertEquals("Table default.items has no version 7 (the latest version is 3; versions 1 to 3 exist)",
                    e.getMessage());
        }
        try (PreparedStatement ps = warehouse.prepareStatement("SELECT count(*) FROM items FOR TIMESTAMP AS OF ?")) {
            ps.setTimestamp(1, Timestamp.from(committed.get(1)));
            assertEquals(80, count(ps));
            ps.setObject(1, committed.get(0).atOffset(java.time.ZoneOffset.ofHours(3)));
            assertEquals(50, count(ps));
            ps.setString(1, committed.get(2).toString());
            assertEquals(100, count(ps));
        }
    }

    @Test
    void showVersionsThroughJdbcHasNamedTypedColumns() throws SQLException {
        try (Statement st = warehouse.createStatement(); ResultSet rs = st.executeQuery("SHOW VERSIONS FROM items")) {
            assertEquals("version", rs.getMetaData().getColumnLabel(1));
            assertEquals(java.sql.Types.TIMESTAMP_WITH_TIMEZONE, rs.getMetaData().getColumnType(2));
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(rs.getLong("version") + ":" + rs.getLong("total_rows") + ":" + rs.getString("tags"));
            }
            assertEquals(List.of("1:50:null", "2:80:gold", "3:100:null"), rows);
        }
    }

    @Test
    void aUrlWithoutAWarehouseOpensASessionWithoutACatalog() throws SQLException {
        String path = work.resolve("wh").resolve("items.lance").toString();
        try (Connection c = driver.connect("jdbc:lance:", new Properties()); Statement st = c.createStatement()) {
            try (ResultSet rs = c.getMetaData().getSchemas()) {
                assertFalse(rs.next());
            }
            try (ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
                assertFalse(rs.next());
            }
            try (ResultSet rs = st.executeQuery("SHOW DATABASES")) {
                assertFalse(rs.next());
            }
            try (ResultSet rs = st.executeQuery("SELECT 1 + 2, 'x'")) {
                assertTrue(rs.next());
                assertEquals(3, rs.getLong(1));
                assertEquals("x", rs.getString(2));
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*), sum(id) FROM local(\"file_path\" = \"" + path
                    + "\", \"format\" = \"lance\")")) {
                assertTrue(rs.next());
                assertEquals(100, rs.getLong(1));
                assertEquals(4950, rs.getLong(2));
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM local(\"file_path\" = \"" + path
                    + "\", \"format\" = \"lance\", \"version\" = \"gold\")")) {
                assertTrue(rs.next());
                assertEquals(80, rs.getLong(1));
            }
            StringBuilder v = new StringBuilder("[");
            for (int j = 0; j < TestDatasets.DIMENSION; j++) {
                v.append(j == 0 ? "" : ",").append(TestDatasets.vectorValue(42, j));
            }
            try (ResultSet rs = st.executeQuery("SELECT id, _distance FROM vector_search(\"file_path\" = \"" + path
                    + "\", \"column\" = \"vec\", \"query_vector\" = \"" + v + "]\", \"top_k\" = \"3\")")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getLong(1));
                assertEquals(0.0, rs.getDouble(2), 0.0);
            }
            try (ResultSet rs = st.executeQuery("SELECT id FROM full_text_search(\"file_path\" = \"" + path
                    + "\", \"column\" = \"name\", \"query\" = \"n42\", \"version\" = \"1\")")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getLong(1));
                assertFalse(rs.next());
            }
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT * FROM items"));
            assertEquals("42S02", e.getSQLState());
            assertTrue(e.getMessage().contains("this connection has no catalog"), e.getMessage());
        }
    }

    @Test
    void allowedRootsStillConfineLocalWithoutACatalog() throws SQLException {
        String path = work.resolve("wh").resolve("items.lance").toString();
        Properties p = new Properties();
        p.setProperty("lance.local.allowed_roots", work.resolve("elsewhere").toString());
        try (Connection c = driver.connect("jdbc:lance:", p); Statement st = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT count(*) FROM local("
                    + "\"file_path\" = \"" + path + "\", \"format\" = \"lance\")"));
            assertEquals("42501", e.getSQLState(), e.getMessage());
        }
    }
}
