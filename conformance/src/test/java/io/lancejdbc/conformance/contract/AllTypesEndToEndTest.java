package io.lancejdbc.conformance.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.AllTypesTable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every column of the {@code all_types} fixture (one column per row of the manual's Type Mapping table, written
 * with lance-core, edge values included) read through {@code SELECT *} over the real engine: each value equals the
 * fixture's logical value in its JDBC form, with nanoseconds truncated to microseconds as the manual specifies.
 */
@EngineContract
class AllTypesEndToEndTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    static Path work;
    private Connection connection;

    @BeforeAll
    static void writeFixture() {
        try (RootAllocator allocator = new RootAllocator()) {
            AllTypesTable.write(allocator, work.resolve("all_types.lance"));
        }
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = ENGINE.connect("jdbc:lance:" + work);
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
    }

    @Test
    void everyValueOfEveryColumnMatchesTheFixture() throws SQLException {
        int rows = 0;
        try (ResultSet rs = connection.createStatement().executeQuery("SELECT * FROM all_types ORDER BY id")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(AllTypesTable.columnNames(AllTypesTable.DEFAULT_STORAGE_VERSION).size(), md.getColumnCount());
            while (rs.next()) {
                long id = rs.getLong("id");
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    String column = md.getColumnLabel(i);
                    Object expected = AllTypesTable.value(column, id);
                    Object actual = rs.getObject(i);
                    String where = column + " at id " + id;
                    if (expected == null) {
                        assertNull(actual, where);
                        assertTrue(rs.wasNull(), where);
                        continue;
                    }
                    assertTrue(Class.forName(md.getColumnClassName(i), false, getClass().getClassLoader())
                            .isInstance(actual), where + ": " + actual.getClass());
                    assertSameValue(expected, actual, where);
                    rs.getString(i);
                }
                rows++;
            }
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
        assertEquals(AllTypesTable.ROWS, rows);
    }

    /** Compares a fixture's logical value with what JDBC returned, recursively for nested values. */
    private static void assertSameValue(Object expected, Object actual, String where) throws SQLException {
        if (expected == null) {
            assertNull(actual, where);
        } else if (actual instanceof Struct) {
            List<Object> fields = new ArrayList<>(((Map<?, ?>) expected).values());
            Object[] attributes = ((Struct) actual).getAttributes();
            assertEquals(fields.size(), attributes.length, where);
            for (int i = 0; i < attributes.length; i++) {
                assertSameValue(fields.get(i), attributes[i], where + "." + i);
            }
        } else if (actual instanceof Array) {
            List<?> elements = (List<?>) expected;
            Object[] values = (Object[]) ((Array) actual).getArray();
            assertEquals(elements.size(), values.length, where);
            for (int i = 0; i < values.length; i++) {
                assertSameValue(elements.get(i), values[i], where + "[" + i + "]");
            }
        } else if (actual instanceof Map) {
            Iterator<? extends Map.Entry<?, ?>> e = ((Map<?, ?>) expected).entrySet().iterator();
            for (Map.Entry<?, ?> a : ((Map<?, ?>) actual).entrySet()) {
                Map.Entry<?, ?> x = e.next();
                assertSameValue(x.getKey(), a.getKey(), where + " key");
                assertSameValue(x.getValue(), a.getValue(), where + " value");
            }
            assertTrue(!e.hasNext(), where);
        } else if (actual instanceof byte[]) {
            assertArrayEquals((byte[]) expected, (byte[]) actual, where);
        } else if (expected instanceof BigInteger) {
            assertEquals(new BigDecimal((BigInteger) expected), actual, where);
        } else if (expected instanceof Byte || expected instanceof Short) {
            assertEquals(((Number) expected).intValue(), actual, where);
        } else if (expected instanceof LocalTime) {
            assertEquals(((LocalTime) expected).truncatedTo(ChronoUnit.MICROS), actual, where);
        } else if (expected instanceof LocalDateTime) {
            assertEquals(((LocalDateTime) expected).truncatedTo(ChronoUnit.MICROS), actual, where);
        } else if (expected instanceof Instant) {
            assertEquals(((Instant) expected).truncatedTo(ChronoUnit.MICROS),
                    assertInstanceOf(OffsetDateTime.class, actual, where).toInstant(), where);
        } else {
            assertEquals(expected, actual, where);
        }
    }

    @Test
    void columnTypesFollowTheTypeMappingTable() throws SQLException {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("c_bool", "BOOLEAN");
        expected.put("c_i8", "TINYINT");
        expected.put("c_u8", "SMALLINT");
        expected.put("c_i16", "SMALLINT");
        expected.put("c_u16", "INTEGER");
        expected.put("c_i32", "INTEGER");
        expected.put("c_u32", "BIGINT");
        expected.put("c_i64", "BIGINT");
        expected.put("c_u64", "DECIMAL(20,0)");
        expected.put("c_f16", "REAL");
        expected.put("c_f32", "REAL");
        expected.put("c_f64", "DOUBLE");
        expected.put("c_dec", "DECIMAL(10,2)");
        expected.put("c_dec76", "DECIMAL(76,10)");
        expected.put("c_large_utf8", "VARCHAR");
        expected.put("c_large_binary", "VARBINARY");
        expected.put("c_fsb", "BINARY(4)");
        expected.put("c_date64", "DATE");
        expected.put("c_time32_ms", "TIME(3)");
        expected.put("c_time64_ns", "TIME(6)");
        expected.put("c_ts_s", "TIMESTAMP(0)");
        expected.put("c_ts_ns", "TIMESTAMP(6)");
        expected.put("c_ts_us_ny", "TIMESTAMP WITH TIME ZONE(6)");
        expected.put("c_struct", "STRUCT<a:INTEGER,b:VARCHAR>");
        expected.put("c_large_list", "ARRAY<BIGINT>");
        expected.put("c_fsl", "ARRAY<REAL>");
        expected.put("c_map", "MAP<VARCHAR,INTEGER>");
        Map<String, String> actual = new LinkedHashMap<>();
        try (ResultSet rs = connection.createStatement().executeQuery("SELECT * FROM all_types LIMIT 1")) {
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                String name = md.getColumnLabel(i);
                if (expected.containsKey(name)) {
                    String type = md.getColumnTypeName(i);
                    int t = md.getColumnType(i);
                    if (t == Types.DECIMAL || t == Types.BINARY) {
                        type += "(" + md.getPrecision(i) + (t == Types.DECIMAL ? "," + md.getScale(i) : "") + ")";
                    } else if (t == Types.TIME || t == Types.TIMESTAMP || t == Types.TIMESTAMP_WITH_TIMEZONE) {
                        type += "(" + md.getScale(i) + ")";
                    }
                    actual.put(name, type);
                }
            }
        }
        assertEquals(expected.keySet().stream().sorted().toList(), actual.keySet().stream().sorted().toList());
        for (String name : expected.keySet()) {
            assertEquals(expected.get(name), actual.get(name), name);
        }
    }

    @Test
    void newYorkTimestampsShowTheirLocalOffsetAcrossTheDstChange() throws SQLException {
        try (ResultSet rs = connection.createStatement().executeQuery(
                "SELECT c_ts_ms_ny FROM all_types WHERE id IN (1, 5) ORDER BY id")) {
            rs.next();
            assertEquals(ZoneOffset.ofHours(-5), rs.getObject(1, OffsetDateTime.class).getOffset());
            rs.next();
            assertEquals(ZoneOffset.ofHours(-4), rs.getObject(1, OffsetDateTime.class).getOffset());
        }
    }
}
