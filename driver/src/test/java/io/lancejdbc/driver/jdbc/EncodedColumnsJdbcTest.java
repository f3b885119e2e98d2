package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.EncodedColumnsTable;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON, dictionary-encoded and struct columns written by lance-core, read end to end through JDBC: a JSON column is
 * VARCHAR named JSON in ResultSetMetaData, DESC and getColumns; a dictionary column is VARCHAR holding its values;
 * a NULL struct selected under a pushed filter is NULL ({@code wasNull()}).
 */
class EncodedColumnsJdbcTest {
    @TempDir
    static Path work;
    private static EmbeddedQueryEngine engine;
    private static LanceDriver driver;
    private static Connection connection;

    @BeforeAll
    static void writeFixture() throws SQLException {
        try (RootAllocator allocator = new RootAllocator()) {
            EncodedColumnsTable.write(allocator, work.resolve("encoded.lance"), "2.2", new ArrowType.Int(16, true), 40);
            Schema s = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                    new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                            Field.nullable("a", new ArrowType.Int(32, true)),
                            Field.nullable("b", ArrowType.Utf8.INSTANCE)))));
            GeneratedDatasetWriter.to(work.resolve("structs.lance"), s).storageVersion("2.1").rows(0, 10)
                    .write(allocator, (root, first, n) -> {
                        for (int i = 0; i < n; i++) {
                            long id = first + i;
                            ArrowLogicalValues.write(root.getVector(0), i, id);
                            Map<String, Object> st = new LinkedHashMap<>();
                            st.put("a", (int) id);
                            st.put("b", "b" + id);
                            ArrowLogicalValues.write(root.getVector(1), i, id % 3 == 1 ? null : st);
                        }
                    });
        }
        engine = new EmbeddedQueryEngine();
        driver = new LanceDriver(() -> engine);
        connection = driver.connect("jdbc:lance:" + work, new Properties());
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        driver.shutdown();
    }

    @Test
    void aJsonColumnIsVarcharNamedJsonAndReadsAsText() throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT id, j FROM encoded WHERE id IN (7, 10) ORDER BY id")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(Types.VARCHAR, md.getColumnType(2));
            assertEquals("JSON", md.getColumnTypeName(2));
            assertEquals(String.class.getName(), md.getColumnClassName(2));
            assertTrue(rs.next());
            assertEquals("{\"id\":7,\"tag\":\"t1\"}", rs.getObject(2));
            assertEquals("{\"id\":7,\"tag\":\"t1\"}", rs.getString("j"));
            assertTrue(rs.next());
            assertNull(rs.getString(2));
            assertTrue(rs.wasNull());
            assertFalse(rs.next());
        }
    }

    @Test
    void descAndGetColumnsNameTheJsonAndDictionaryTypes() throws SQLException {
        List<List<String>> desc = new ArrayList<>();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("DESC encoded")) {
            while (rs.next()) {
                desc.add(List.of(rs.getString("Field"), rs.getString("Type")));
            }
        }
        assertEquals(List.of(List.of("id", "bigint"), List.of("c", "text"), List.of("j", "json"),
                List.of("vec", "array<float>")), desc);
        List<List<Object>> columns = new ArrayList<>();
        try (ResultSet rs = connection.getMetaData().getColumns(null, "default", "encoded", "%")) {
            while (rs.next()) {
                columns.add(List.of(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME")));
            }
        }
        assertEquals(List.of(List.of("id", Types.BIGINT, "BIGINT"), List.of("c", Types.VARCHAR, "VARCHAR"),
                List.of("j", Types.VARCHAR, "JSON"), List.of("vec", Types.ARRAY, "ARRAY<REAL>")), columns);
    }

    @Test
    void aDictionaryColumnIsVarcharWithItsValuesAndFiltersOnThem() throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT id, c FROM encoded WHERE c = 's005' ORDER BY id")) {
            assertEquals(Types.VARCHAR, rs.getMetaData().getColumnType(2));
            List<Long> ids = new ArrayList<>();
            while (rs.next()) {
                assertEquals("s005", rs.getString(2));
                ids.add(rs.getLong(1));
            }
            assertEquals(EncodedColumnsTable.idsWith("s005", 40), ids);
        }
    }

    @Test
    void aNullStructUnderAPushedFilterIsNull() throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT st FROM structs WHERE id = 4")) {
            assertTrue(rs.next());
            assertNull(rs.getObject(1));
            assertTrue(rs.wasNull());
        }
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM structs WHERE id IN (4, 7) AND st IS NULL")) {
            assertTrue(rs.next());
            assertEquals(2, rs.getLong(1));
        }
    }
}
