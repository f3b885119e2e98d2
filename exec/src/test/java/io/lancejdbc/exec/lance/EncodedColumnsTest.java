package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.EncodedColumnsTable;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Dictionary-encoded and JSON columns of {@link EncodedColumnsTable}, written by lance-core in storage formats 2.0,
 * 2.1 and 2.2: a dictionary column reads as its values (text), never as its keys, with predicates on the values
 * pushed into Lance from 2.1 on and evaluated by lance-jdbc in 2.0; a 2.0 dictionary that lance-core misreads is
 * refused; JSON columns read as JSON text.
 */
class EncodedColumnsTest {
    static final int DISTINCT = 10;

    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;
    static EngineSession residual;

    @BeforeAll
    static void write() {
        Path wh = dir.resolve("wh");
        try (BufferAllocator allocator = new RootAllocator()) {
            for (String format : List.of("2.0", "2.1", "2.2")) {
                EncodedColumnsTable.write(allocator, wh.resolve(table(format) + ".lance"), format,
                        new ArrowType.Int(8, true), DISTINCT);
            }
            // uint8 keys with 256 values: storage format 2.0 needs a 257th entry for NULL.
            EncodedColumnsTable.write(allocator, wh.resolve("full20.lance"), "2.0", new ArrowType.Int(8, false), 256);
            EncodedColumnsTable.write(allocator, wh.resolve("full21.lance"), "2.1", new ArrowType.Int(8, false), 256);
            EncodedColumnsTable.writeStructOfDictionary(allocator, wh.resolve("nested.lance"));
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString())));
        residual = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString(),
                "scan.predicate_pushdown", "false")));
    }

    @AfterAll
    static void close() {
        session.close();
        residual.close();
        long leaked = engine.rootAllocator().getAllocatedMemory();
        engine.close();
        assertEquals(0, leaked, "Arrow memory leaked");
    }

    private static String table(String format) {
        return "e" + format.replace(".", "");
    }

    static List<List<Object>> rows(EngineSession s, String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = s.execute(sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (FieldVector v : batch.getFieldVectors()) {
                            row.add(ArrowLogicalValues.read(v, i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    private static List<Object> column(EngineSession s, String sql) {
        return rows(s, sql).stream().map(r -> r.get(0)).toList();
    }

    @ParameterizedTest(name = "storage format {0}")
    @ValueSource(strings = {"2.0", "2.1", "2.2"})
    void aDictionaryColumnReadsAsItsValues(String format) {
        String t = table(format);
        List<List<Object>> rows = rows(session, "SELECT id, c FROM " + t + " ORDER BY id");
        assertEquals(EncodedColumnsTable.ROWS, rows.size());
        for (List<Object> r : rows) {
            assertEquals(EncodedColumnsTable.dictionaryValue((Long) r.get(0), DISTINCT), r.get(1), "id " + r.get(0));
        }
        List<List<Object>> desc = rows(session, "DESC " + t);
        assertEquals(List.of("c", "text"), List.of(desc.get(1).get(0), desc.get(1).get(1)));
    }

    @ParameterizedTest(name = "storage format {0}")
    @ValueSource(strings = {"2.0", "2.1", "2.2"})
    void predicatesOnADictionaryColumnCompareValues(String format) {
        String t = table(format);
        for (String where : List.of("c = 's005'", "c IN ('s001', 's009')", "c < 's002'", "c LIKE 's00%'",
                "c IS NULL", "NOT (c = 's003')", "c <> 's004' AND id < 100")) {
            List<Object> pushed = column(session, "SELECT id FROM " + t + " WHERE " + where + " ORDER BY id");
            List<Object> ours = column(residual, "SELECT id FROM " + t + " WHERE " + where + " ORDER BY id");
            assertEquals(ours, pushed, where);
        }
        assertEquals(new ArrayList<Object>(EncodedColumnsTable.idsWith("s005", DISTINCT)),
                column(session, "SELECT id FROM " + t + " WHERE c = 's005' ORDER BY id"));
        assertEquals(List.of(List.of("s001", (long) EncodedColumnsTable.idsWith("s001", DISTINCT).size())),
                rows(session, "SELECT c, count(*) FROM " + t + " WHERE c = 's001' GROUP BY c"));
    }

    @Test
    void predicatesOnDictionaryValuesAreEvaluatedByLanceFromStorageFormat21() {
        String plan21 = String.join("\n", column(session, "EXPLAIN SELECT id FROM e21 WHERE c = 's005'").stream()
                .map(String::valueOf).toList());
        assertTrue(plan21.contains("lancePushdownPredicate=(CAST(`c` AS STRING) = 's005')"), plan21);
        String plan20 = String.join("\n", column(session, "EXPLAIN SELECT id FROM e20 WHERE c = 's005'").stream()
                .map(String::valueOf).toList());
        assertTrue(!plan20.contains("lancePushdownPredicate") && plan20.contains("predicates: c = 's005'"), plan20);
    }

    @Test
    void aDictionaryThatStorageFormat20MisreadsIsRefusedNamingTheColumn() {
        SqlError e = assertThrows(SqlError.class, () -> rows(session, "SELECT id, c FROM full20"));
        assertEquals("22000", e.sqlState());
        assertTrue(e.getMessage().contains("Column 'c'") && e.getMessage().contains("257 dictionary entries for uint8"
                + " keys") && e.getMessage().contains("storage format 2.1 or later"), e.getMessage());
        // A predicate on it stays residual, so no row slips through a misread filter either.
        assertEquals("22000", assertThrows(SqlError.class,
                () -> rows(session, "SELECT id FROM full20 WHERE c IS NULL")).sqlState());
        assertEquals(EncodedColumnsTable.ROWS, rows(session, "SELECT id FROM full20").size());
        List<List<Object>> ok = rows(session, "SELECT id, c FROM full21 WHERE id IN (255, 16, 300) ORDER BY id");
        assertEquals(List.of(Arrays.asList(16L, null), List.of(255L, "s255"), List.of(300L, "s044")), ok);
    }

    @ParameterizedTest(name = "storage format {0}")
    @ValueSource(strings = {"2.0", "2.1", "2.2"})
    void aJsonColumnReadsAsJsonText(String format) {
        String t = table(format);
        List<List<Object>> desc = rows(session, "DESC " + t);
        assertEquals(List.of("j", "json"), List.of(desc.get(2).get(0), desc.get(2).get(1)));
        for (List<Object> r : rows(session, "SELECT id, j FROM " + t + " WHERE id < 30 ORDER BY id")) {
            assertEquals(EncodedColumnsTable.jsonValue((Long) r.get(0)), r.get(1), "id " + r.get(0));
        }
        assertEquals(List.of(7L), column(session, "SELECT id FROM " + t + " WHERE j = '{\"id\":7,\"tag\":\"t1\"}'"));
    }

    @Test
    void aDictionaryInsideAStructIsRefusedAsAType() {
        List<List<Object>> desc = rows(session, "DESC nested");
        assertEquals(List.of("s", "UNSUPPORTED_TYPE"), List.of(desc.get(1).get(0), desc.get(1).get(1)));
        SqlError e = assertThrows(SqlError.class, () -> rows(session, "SELECT s FROM nested"));
        assertEquals("42000", e.sqlState());
        assertTrue(e.getMessage().contains("SELECT * EXCEPT (s)"), e.getMessage());
        assertEquals(List.of(0L, 1L), column(session, "SELECT id FROM nested ORDER BY id"));
    }

    @ParameterizedTest(name = "storage format {0}")
    @ValueSource(strings = {"2.0", "2.1", "2.2"})
    void aVectorSearchReadsDictionaryAndJsonColumnsInItsSecondPhase(String format) {
        // Three fragments and top_k below topn_lazy_materialization_threshold: the columns are taken by row id.
        String plan = String.join("\n", column(session, "EXPLAIN SELECT id, c, j FROM vector_search(\"table\" = \""
                + table(format) + "\", \"column\" = \"vec\", \"query_vector\" = \"[300, 0]\", \"top_k\" = \"3\","
                + " \"use_index\" = \"false\")").stream().map(String::valueOf).toList());
        assertTrue(plan.contains("ROW_ID_FETCH") && plan.contains("columns: _distance, _rowid"), plan);
        List<List<Object>> rows = rows(session, "SELECT id, c, j FROM vector_search(\"table\" = \"" + table(format)
                + "\", \"column\" = \"vec\", \"query_vector\" = \"[300, 0]\", \"top_k\" = \"3\","
                + " \"use_index\" = \"false\") ORDER BY id");
        List<List<Object>> expected = new ArrayList<>();
        for (long id = 299; id <= 301; id++) {
            expected.add(Arrays.asList(id, EncodedColumnsTable.dictionaryValue(id, DISTINCT),
                    EncodedColumnsTable.jsonValue(id)));
        }
        assertEquals(expected, rows);
    }
}
