package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.sql.Struct;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A replay of what DBeaver and DataGrip call when they connect to the demo warehouse, browse it and open every
 * table (shared notes jdbc-clients.md §1): every DatabaseMetaData call of their introspectors with the argument
 * shapes they use (null and "%" patterns, escaped names, type filters, "%" where the spec wants a name), then each
 * table read with setMaxRows and setFetchSize, every getter on every column (each answers a value or an
 * SQLException with a JDBC state — never an internal HY000 or a RuntimeException), Array and Struct navigation, and
 * the stop paths: cancel, query timeout and a close while the query runs.
 */
@EngineContract
class IdeReplayTest {
    private static final List<String> TABLES = List.of("default.articles", "default.events", "default.items",
            "default.numbers", "default.people", "analytics.daily_sales");

    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private Connection connection;

    @BeforeEach
    void connect() throws SQLException {
        connection = ENGINE.connect(SharedDemoWarehouse.url());
        connection.setReadOnly(true);
        connection.setAutoCommit(true);
    }

    @AfterEach
    void disconnect() throws SQLException {
        connection.close();
    }

    /** Reads every row and column of a metadata result, checking each column label is readable. */
    private static List<Map<String, Object>> rows(ResultSet rs) throws SQLException {
        List<Map<String, Object>> out = new ArrayList<>();
        try (rs) {
            ResultSetMetaData md = rs.getMetaData();
            assertNotNull(rs.getStatement(), "DBeaver asks metadata results for their statement");
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    row.put(md.getColumnLabel(i), rs.getObject(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static List<Object> column(List<Map<String, Object>> rows, String label) {
        List<Object> out = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            out.add(r.get(label));
        }
        return out;
    }

    @Test
    void browsingCallsAnswerWithSpecShapedResults() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        assertEquals(List.of("lance"), column(rows(md.getCatalogs()), "TABLE_CAT"));
        String catalog = connection.getCatalog();
        assertEquals("lance", catalog);
        assertEquals(List.of("analytics", "default"), column(rows(md.getSchemas()), "TABLE_SCHEM"));
        assertEquals(List.of("analytics"), column(rows(md.getSchemas(catalog, "ana%")), "TABLE_SCHEM"));
        assertEquals(List.of(), rows(md.getSchemas("other_catalog", "%")));
        List<Map<String, Object>> tables = rows(md.getTables(null, null, "%", null));
        List<String> qualified = new ArrayList<>();
        for (Map<String, Object> t : tables) {
            assertEquals(catalog, t.get("TABLE_CAT"));
            assertEquals("TABLE", t.get("TABLE_TYPE"));
            qualified.add(t.get("TABLE_SCHEM") + "." + t.get("TABLE_NAME"));
        }
        assertEquals(TABLES.stream().sorted((a, b) -> {
            int bySchema = a.substring(0, a.indexOf('.')).compareTo(b.substring(0, b.indexOf('.')));
            return bySchema != 0 ? bySchema : a.compareTo(b);
        }).toList(), qualified);
        // DataGrip asks by type; DBeaver passes escaped patterns (getSearchStringEscape is \)
        assertEquals(TABLES.size(), rows(md.getTables(catalog, "%", "%", new String[] {"TABLE", "VIEW"})).size());
        assertEquals(List.of(), rows(md.getTables(catalog, "%", "%", new String[] {"VIEW", "SYSTEM TABLE"})));
        assertEquals(List.of("daily_sales"), column(rows(md.getTables(catalog, "analytics", "daily\\_sales",
                null)), "TABLE_NAME"));
        assertEquals(List.of(), rows(md.getTables(catalog, "analytics", "daily\\%", null)),
                "an escaped % matches only a percent sign");
        for (String table : TABLES) {
            String schema = table.substring(0, table.indexOf('.'));
            String name = table.substring(table.indexOf('.') + 1);
            List<Map<String, Object>> columns = rows(md.getColumns(catalog, schema, name.replace("_", "\\_"), "%"));
            assertFalse(columns.isEmpty(), table);
            int position = 1;
            for (Map<String, Object> c : columns) {
                assertEquals(position++, ((Number) c.get("ORDINAL_POSITION")).intValue(), table);
                assertNotNull(c.get("TYPE_NAME"), table + "." + c.get("COLUMN_NAME"));
                assertTrue(c.get("IS_AUTOINCREMENT").equals("NO") && c.get("IS_GENERATEDCOLUMN").equals("NO"));
            }
            rows(md.getPrimaryKeys(catalog, schema, name));
            assertEquals(List.of(), rows(md.getImportedKeys(catalog, schema, name)));
            assertEquals(List.of(), rows(md.getExportedKeys(catalog, schema, name)));
            rows(md.getIndexInfo(catalog, schema, name, false, true));
            assertEquals(List.of(), rows(md.getTablePrivileges(catalog, schema, name)));
            assertEquals(List.of(), rows(md.getColumnPrivileges(catalog, schema, name, "%")));
            rows(md.getBestRowIdentifier(catalog, schema, name, DatabaseMetaData.bestRowSession, true));
            assertEquals(List.of(), rows(md.getVersionColumns(catalog, schema, name)));
            assertEquals(List.of(), rows(md.getPseudoColumns(catalog, schema, name, "%")));
            assertEquals(List.of(), rows(md.getSuperTables(catalog, schema, name)));
        }
        // DBeaver's whole-schema cache passes "%" where the spec wants a table name
        assertEquals(List.of("body_idx", "embedding_idx"), column(rows(md.getIndexInfo(catalog, "default", "%", false,
                true)), "INDEX_NAME"));
        List<Map<String, Object>> types = rows(md.getTypeInfo());
        assertTrue(column(types, "TYPE_NAME").containsAll(List.of("BIGINT", "DOUBLE", "TIMESTAMP", "DATE")),
                String.valueOf(column(types, "TYPE_NAME")));
        assertEquals(List.of(), rows(md.getFunctions(catalog, "default", "%")));
        assertEquals(List.of(), rows(md.getFunctionColumns(catalog, "default", "%", "%")));
        assertEquals(List.of(), rows(md.getProcedures(catalog, "default", "%")));
        assertEquals(List.of(), rows(md.getProcedureColumns(catalog, "default", "%", "%")));
        assertEquals(List.of(), rows(md.getUDTs(catalog, "default", "%", null)));
        assertEquals(List.of(), rows(md.getSuperTypes(catalog, "default", "%")));
        assertEquals(List.of(), rows(md.getAttributes(catalog, "default", "%", "%")));
        List<Map<String, Object>> clientInfo = rows(md.getClientInfoProperties());
        assertTrue(column(clientInfo, "NAME").contains("ApplicationName"), String.valueOf(clientInfo));
        assertEquals(List.of(), rows(md.getCrossReference(catalog, "default", "items", catalog, "default",
                "events")));
        assertTrue(md.isReadOnly());
        assertNotNull(md.getSQLKeywords());
        for (String functions : new String[] {md.getNumericFunctions(), md.getStringFunctions(),
            md.getSystemFunctions(), md.getTimeDateFunctions()}) {
            assertFalse(functions.isBlank());
        }
    }

    /** Every getter on the current row's column: a value, or an SQLException with a JDBC state (not HY000). */
    private static int callEveryGetter(ResultSet rs, int i, String where) throws SQLException {
        int answered = 0;
        List<Getter> getters = List.of(rs::getString, rs::getObject, rs::getBoolean, rs::getByte, rs::getShort,
                rs::getInt, rs::getLong, rs::getFloat, rs::getDouble, rs::getBigDecimal, rs::getBytes, rs::getDate,
                rs::getTime, rs::getTimestamp, rs::getArray, rs::getCharacterStream, rs::getAsciiStream,
                rs::getBinaryStream, rs::getNString, rs::getURL,
                c -> rs.getObject(c, String.class), c -> rs.getObject(c, Long.class),
                c -> rs.getObject(c, Double.class), c -> rs.getObject(c, BigDecimal.class),
                c -> rs.getObject(c, LocalDate.class), c -> rs.getObject(c, LocalDateTime.class),
                c -> rs.getObject(c, LocalTime.class), c -> rs.getObject(c, OffsetDateTime.class),
                c -> rs.getObject(c, Instant.class), c -> rs.getObject(c, float[].class),
                c -> rs.getObject(c, Map.class), c -> rs.getObject(c, List.class));
        for (Getter g : getters) {
            try {
                Object v = g.get(i);
                if (v instanceof Reader) {
                    ((Reader) v).close();
                } else if (v instanceof InputStream) {
                    ((InputStream) v).close();
                }
                answered++;
            } catch (SQLException e) {
                assertNotEquals("HY000", e.getSQLState(), where + ": " + e.getMessage());
                assertNotNull(e.getSQLState(), where + ": " + e.getMessage());
            } catch (java.io.IOException e) {
                throw new AssertionError(where, e);
            }
        }
        return answered;
    }

    @FunctionalInterface
    interface Getter {
        Object get(int column) throws SQLException;
    }

    @Test
    void openingEveryTableCallsEveryGetterOnEveryColumn() throws SQLException {
        for (String table : TABLES) {
            try (Statement s = connection.createStatement()) {
                s.setMaxRows(200);
                s.setFetchSize(50);
                assertTrue(s.execute("SELECT x.* FROM " + table + " x"));
                try (ResultSet rs = s.getResultSet()) {
                    ResultSetMetaData md = rs.getMetaData();
                    int rows = 0;
                    while (rs.next()) {
                        rows++;
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            String where = table + "." + md.getColumnLabel(i) + " (" + md.getColumnTypeName(i) + ")";
                            md.getColumnDisplaySize(i);
                            md.getPrecision(i);
                            md.getScale(i);
                            md.getColumnClassName(i);
                            assertTrue(callEveryGetter(rs, i, where) >= 2, where + ": getString and getObject");
                            Object value = rs.getObject(i);
                            if (value instanceof Array) {
                                navigate((Array) value, where);
                            } else if (value instanceof Struct) {
                                assertEquals(md.getColumnTypeName(i).isEmpty(), false);
                                assertNotNull(((Struct) value).getAttributes(), where);
                            }
                        }
                    }
                    assertEquals(Math.min(200, expectedRows(table)), rows, table);
                }
            }
        }
    }

    private static int expectedRows(String table) {
        return switch (table) {
            case "default.articles" -> 24;
            case "default.events" -> 725;
            case "default.items" -> 1200;
            case "default.numbers" -> 10_000;
            case "default.people" -> 12;
            case "analytics.daily_sales" -> 120;
            default -> throw new IllegalArgumentException(table);
        };
    }

    /** DBeaver's array editor: the base type, getArray(), and getResultSet() with its two columns. */
    private static void navigate(Array array, String where) throws SQLException {
        assertNotNull(array.getBaseTypeName(), where);
        Object[] elements = (Object[]) array.getArray();
        int n = 0;
        try (ResultSet rs = array.getResultSet()) {
            assertEquals(2, rs.getMetaData().getColumnCount(), where);
            while (rs.next()) {
                n++;
                assertEquals(n, rs.getInt(1), where + ": INDEX counts from 1");
                Object element = rs.getObject(2);
                if (element instanceof Struct) {
                    assertNotNull(((Struct) element).getAttributes(), where);
                }
            }
        }
        assertEquals(elements.length, n, where);
        if (elements.length > 1) {
            assertEquals(elements.length - 1, ((Object[]) array.getArray(2, elements.length - 1)).length, where);
        }
        array.free();
    }

    @Test
    void cancelTimeoutAndCloseMidQueryStopTheQueryAndTheConnectionLivesOn() throws Exception {
        String endless = "SELECT count(*) FROM numbers a CROSS JOIN numbers b CROSS JOIN numbers c";
        try (Statement s = connection.createStatement()) {
            s.setQueryTimeout(1);
            assertInstanceOf(SQLTimeoutException.class, assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery(endless)) {
                    rs.next();
                }
            }));
        }
        for (String stop : new String[] {"cancel", "close"}) {
            Statement s = connection.createStatement();
            CountDownLatch started = new CountDownLatch(1);
            AtomicReference<Throwable> outcome = new AtomicReference<>();
            Thread query = new Thread(() -> {
                started.countDown();
                try (ResultSet rs = s.executeQuery(endless)) {
                    rs.next();
                } catch (Throwable t) {
                    outcome.set(t);
                }
            });
            query.start();
            assertTrue(started.await(10, TimeUnit.SECONDS));
            Thread.sleep(300);
            if (stop.equals("cancel")) {
                s.cancel();
            } else {
                s.close();
            }
            query.join(30_000);
            assertFalse(query.isAlive(), stop);
            assertInstanceOf(SQLException.class, outcome.get(), stop);
            assertEquals("57014", ((SQLException) outcome.get()).getSQLState(), stop);
            s.close();
        }
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM items")) {
            rs.next();
            assertEquals(1200, rs.getLong(1), "the connection serves the next tab");
        }
    }
}
