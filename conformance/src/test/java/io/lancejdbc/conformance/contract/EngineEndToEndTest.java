package io.lancejdbc.conformance.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.sql.Struct;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The driver over the real engine and the real demo warehouse (Lance datasets written with lance-core): the JDBC
 * calls a user or tool makes, with exact values from the warehouse's documented contents.
 */
@EngineContract
class EngineEndToEndTest {
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

    private List<List<Object>> rows(String sql) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getObject(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    @Test
    void showDatabasesListsTheRootAndTheChildNamespace() throws SQLException {
        assertEquals(List.of(List.of("default"), List.of("analytics")), rows("SHOW DATABASES"));
    }

    @Test
    void numbersReadThroughTypedGetters() throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(
                "SELECT id, x, label, even, day FROM numbers WHERE id >= 365 AND id < 368 ORDER BY id")) {
            assertTrue(rs.next());
            assertEquals(365L, rs.getLong("id"));
            assertEquals(182.5, rs.getDouble("x"));
            assertEquals("n5", rs.getString("label"));
            assertFalse(rs.getBoolean("even"));
            assertEquals(LocalDate.of(2024, 12, 31), rs.getObject("day", LocalDate.class));
            assertTrue(rs.next());
            assertEquals(LocalDate.of(2024, 1, 1), rs.getDate("day").toLocalDate(), "day wraps after 366 days");
            assertTrue(rs.next());
            assertFalse(rs.next());
        }
    }

    @Test
    void itemsHaveNullPricesAndEightDimensionalEmbeddings() throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(
                "SELECT id, name, category, price, embedding FROM items WHERE id IN (13, 14) ORDER BY id")) {
            assertTrue(rs.next());
            assertEquals("item-0013", rs.getString("name"));
            assertEquals("toys", rs.getString("category"));
            assertEquals(0.0, rs.getDouble("price"));
            assertTrue(rs.wasNull(), "price is NULL where id % 97 == 13");
            assertTrue(rs.next());
            assertEquals((14 * 37 % 10_000) / 100.0, rs.getDouble("price"));
            float[] embedding = rs.getObject("embedding", float[].class);
            assertEquals(8, embedding.length);
            Array array = rs.getArray("embedding");
            assertEquals(Types.REAL, array.getBaseType());
            assertEquals(8, ((Float[]) array.getArray()).length);
        }
    }

    @Test
    void resultMetadataNamesTheSourceTable() throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery("SELECT id, price AS p, upper(name) FROM items")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals("p", md.getColumnLabel(2));
            assertEquals("price", md.getColumnName(2));
            assertEquals("items", md.getTableName(2));
            assertEquals("default", md.getSchemaName(2));
            assertEquals("lance", md.getCatalogName(2));
            assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(1));
            assertEquals(Types.BIGINT, md.getColumnType(1));
            assertEquals("", md.getTableName(3));
            assertEquals(Types.VARCHAR, md.getColumnType(3));
        }
    }

    @Test
    void resultMetadataNamesTheCatalogTheConnectionNamed() throws SQLException {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("catalog", "warehouse_b");
        try (Connection c = ENGINE.connect("jdbc:lance:" + warehouse, p); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, upper(name) FROM warehouse_b.default.items WHERE id = 1")) {
            assertEquals("warehouse_b", c.getCatalog());
            ResultSetMetaData md = rs.getMetaData();
            assertEquals("warehouse_b", md.getCatalogName(1));
            assertEquals("default", md.getSchemaName(1));
            assertEquals("items", md.getTableName(1));
            // A computed column belongs to no table, so to no catalog.
            assertEquals("", md.getCatalogName(2));
            assertTrue(rs.next());
            assertEquals(1L, rs.getLong(1));
        }
        try (Connection c = ENGINE.connect("jdbc:lance:" + warehouse, p);
                PreparedStatement ps = c.prepareStatement("SELECT price FROM items WHERE id = ?")) {
            assertEquals("warehouse_b", ps.getMetaData().getCatalogName(1));
        }
    }

    @Test
    void nestedColumnsReadAsStructArrayAndMap() throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(
                "SELECT address, tags, phones, attributes FROM people WHERE id = 1")) {
            assertTrue(rs.next());
            assertArrayEquals(new Object[] {"12 Analytical Way", "London", "N1 9GU"},
                    ((Struct) rs.getObject("address")).getAttributes());
            assertArrayEquals(new String[] {"math", "engines"}, (String[]) rs.getArray("tags").getArray());
            Object[] phones = (Object[]) rs.getArray("phones").getArray();
            assertArrayEquals(new Object[] {"home", "+44 20 7946 0001"}, ((Struct) phones[0]).getAttributes());
            assertEquals(Map.of("team", "research"), rs.getObject("attributes"));
            assertEquals("{\"street\": \"12 Analytical Way\", \"city\": \"London\", \"zip\": \"N1 9GU\"}",
                    rs.getString("address"));
        }
    }

    @Test
    void zonedTimestampsAndDecimalsKeepTheirValues() throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(
                "SELECT ts, amount FROM events WHERE id = 102")) {
            assertTrue(rs.next());
            Instant expected = Instant.parse("2024-06-01T00:00:00Z").plusSeconds(97 * 102);
            assertEquals(OffsetDateTime.ofInstant(expected, ZoneOffset.UTC), rs.getObject("ts"));
            assertEquals(expected, rs.getTimestamp("ts").toInstant());
            assertEquals(Types.TIMESTAMP_WITH_TIMEZONE, rs.getMetaData().getColumnType(1));
            BigDecimal amount = rs.getBigDecimal("amount");
            assertEquals(2, amount.scale());
            assertEquals(Types.DECIMAL, rs.getMetaData().getColumnType(2));
            assertEquals(10, rs.getMetaData().getPrecision(2));
        }
    }

    @Test
    void preparedStatementBindsParametersAndReportsTheirTypes() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT name FROM items WHERE id = ?")) {
            assertEquals(Types.BIGINT, ps.getParameterMetaData().getParameterType(1));
            assertEquals("name", ps.getMetaData().getColumnLabel(1));
            for (long id : new long[] {42, 1199}) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(String.format("item-%04d", id), rs.getString(1));
                    assertFalse(rs.next());
                }
            }
        }
    }

    @Test
    void maxRowsLimitsTheResult() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.setMaxRows(7);
            int n = 0;
            try (ResultSet rs = s.executeQuery("SELECT id FROM numbers")) {
                while (rs.next()) {
                    n++;
                }
            }
            assertEquals(7, n);
        }
    }

    @Test
    void useAndSetSchemaSwitchTheDefaultSchema() throws SQLException {
        try (Statement s = connection.createStatement()) {
            assertFalse(s.execute("USE analytics"));
            assertEquals(0, s.getUpdateCount());
        }
        assertEquals("analytics", connection.getSchema());
        assertEquals(List.of(List.of(120L)), rows("SELECT count(*) FROM daily_sales"));
        connection.setSchema("default");
        assertEquals(List.of(List.of(10_000L)), rows("SELECT count(*) FROM numbers"));
        assertEquals("3F000", assertThrows(SQLException.class, () -> connection.setSchema("nope")).getSQLState());
    }

    @Test
    void unknownTableIsASyntaxErrorNamingTheTablesThatExist() {
        SQLSyntaxErrorException e = assertThrows(SQLSyntaxErrorException.class,
                () -> connection.createStatement().executeQuery("SELECT * FROM nope"));
        assertEquals("42S02", e.getSQLState());
        assertTrue(e.getMessage().contains("articles, events, items, numbers, people"), e.getMessage());
    }

    @Test
    void unknownColumnIs42S22() {
        assertEquals("42S22", assertThrows(SQLSyntaxErrorException.class,
                () -> connection.createStatement().executeQuery("SELECT nope FROM items")).getSQLState());
    }

    @Test
    void metadataDescribesTheWarehouse() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        List<String> schemas = new ArrayList<>();
        try (ResultSet rs = md.getSchemas()) {
            while (rs.next()) {
                schemas.add(rs.getString("TABLE_SCHEM"));
            }
        }
        assertEquals(List.of("analytics", "default"), schemas);
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = md.getTables("lance", null, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
            }
        }
        assertEquals(List.of("analytics.daily_sales", "default.articles", "default.events", "default.items",
                "default.numbers", "default.people"), tables);
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, "default", "items", "%")) {
            while (rs.next()) {
                columns.add(rs.getString("COLUMN_NAME") + ":" + rs.getString("TYPE_NAME") + ":"
                        + rs.getString("IS_NULLABLE"));
            }
        }
        assertEquals(List.of("id:BIGINT:NO", "name:VARCHAR:YES", "category:VARCHAR:YES", "price:DOUBLE:YES",
                "embedding:ARRAY<REAL>:YES"), columns);
        try (ResultSet rs = md.getIndexInfo(null, "default", "items", false, true)) {
            assertTrue(rs.next());
            assertEquals("embedding_idx", rs.getString("INDEX_NAME"));
            assertEquals("embedding", rs.getString("COLUMN_NAME"));
            assertNull(rs.getString("ASC_OR_DESC"));
            assertFalse(rs.next());
        }
    }

    /** Every function DatabaseMetaData advertises is one the engine runs. */
    @Test
    void advertisedFunctionsAreKnownToTheEngine() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        List<String> names = new ArrayList<>();
        for (String list : new String[] {md.getNumericFunctions(), md.getStringFunctions(), md.getSystemFunctions(),
            md.getTimeDateFunctions()}) {
            names.addAll(List.of(list.split(",")));
        }
        java.util.Set<String> noArguments = java.util.Set.of("PI", "NOW", "CURRENT_DATE", "CURRENT_TIMESTAMP", "CURDATE",
                "TODAY");
        for (String name : names) {
            try (Statement s = connection.createStatement()) {
                if (noArguments.contains(name)) {
                    try (java.sql.ResultSet rs = s.executeQuery("SELECT " + name + "() FROM numbers LIMIT 1")) {
                        assertTrue(rs.next(), name);
                        assertTrue(rs.getObject(1) != null, name + "() has a value");
                    }
                    continue;
                }
                SQLException e = assertThrows(SQLException.class,
                        () -> s.executeQuery("SELECT " + name + "() FROM numbers LIMIT 1"), name);
                // Known and called with too few arguments: the arity error, nothing else.
                assertEquals("42883", e.getSQLState(), name + ": " + e.getMessage());
                assertTrue(e.getMessage().matches("Function [a-z_0-9]+\\(\\) takes (\\d+|\\d+ to \\d+|at least 1)"
                        + " argument\\(s\\)"), name + ": " + e.getMessage());
            }
        }
    }

    @Test
    void readOnlyDriverRejectsWrites() throws SQLException {
        Statement s = connection.createStatement();
        for (String sql : new String[] {"DELETE FROM items", "INSERT INTO t VALUES (1)", "  update t set a = 1",
            "/* c */ DELETE FROM t", "-- x\nCREATE TABLE t (a INT)", "(DROP TABLE t)", "merge into t using s on 1=1"}) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(sql), sql);
            assertEquals("25006", e.getSQLState(), "read-only SQL transaction, not 0A000 on which pools evict");
        }
        assertEquals("lance-jdbc is read-only: INSERT statements are not supported (only SELECT, WITH, SHOW, DESC, "
                + "EXPLAIN, USE and SET run)", assertThrows(SQLException.class,
                        () -> s.execute("insert into t values (1)")).getMessage());
        assertEquals("25006", assertThrows(SQLException.class,
                () -> connection.prepareStatement("INSERT INTO t VALUES (?)")).getSQLState());
    }

    @Test
    void aWriteInABatchStopsTheBatchWith25006() throws SQLException {
        Statement s = connection.createStatement();
        s.addBatch("USE analytics");
        s.addBatch("DROP TABLE items");
        BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
        assertEquals("25006", e.getSQLState());
        assertArrayEquals(new long[] {0}, e.getLargeUpdateCounts());
    }

    @Test
    void explainShowsThePinnedVersionTheFragmentsAndThePushedPredicate() throws SQLException {
        List<String> lines = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN SELECT id FROM items WHERE id < 10 AND category = 'books'")) {
            assertEquals("Explain String", rs.getMetaData().getColumnLabel(1));
            while (rs.next()) {
                lines.add(rs.getString(1).strip());
            }
        }
        // The scan's 5 fragment splits are read by the split stage above it (PARALLEL_SPLITS, docs/sql-reference.md).
        assertTrue(lines.get(0).startsWith("PARALLEL_SPLITS splits=5 degree="), lines.toString());
        assertEquals("delivery: split order", lines.get(1));
        assertEquals("LANCE_SCAN lance.default.items", lines.get(2));
        assertTrue(lines.contains("columns: id"), lines.toString());
        assertTrue(lines.contains("lanceVersion=3"), lines.toString());
        assertTrue(lines.contains("lanceFragments=5"), lines.toString());
        assertTrue(lines.contains("lancePushdownPredicate=(`id` < 10) AND (`category` = 'books')"), lines.toString());
    }

    @Test
    void closingAResultEarlyReleasesTheScan() throws SQLException {
        try (Statement s = connection.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT * FROM numbers");
            assertTrue(rs.next());
            rs.close();
        }
        assertEquals(0, ENGINE.allocatedBytes());
    }
}
