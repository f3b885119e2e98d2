package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.ExactKnn;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * vector_search through SQL on the embedded engine: the relation composes with WHERE, ORDER BY, LIMIT, GROUP BY and
 * CTEs like any table, {@code ?} query vectors, the session threshold, EXPLAIN and errors. The warehouse holds
 * {@code items}: an IVF_FLAT index over ids 0..999, a delta segment over 1000..1249, unindexed 1250..1499, ids
 * {@code % 10 = 3} deleted.
 */
class VectorSearchSqlTest {
    @TempDir
    static Path dir;
    static VectorTable items;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() {
        try (RootAllocator allocator = new RootAllocator()) {
            items = TestDatasets.vectors(allocator, dir.resolve("wh/items.lance"), VectorTableSpec.defaults()
                    .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withDeltaRows(250).withUnindexedRows(250)
                    .withDeletion(10, 3));
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.resolve("wh").toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
    }

    static List<List<Object>> rows(String sql, List<ParameterValue> params) {
        try (QueryResult r = session.execute(sql, params, QueryOptions.defaults())) {
            return collect(r);
        }
    }

    static List<List<Object>> rows(String sql) {
        return rows(sql, List.of());
    }

    private static List<List<Object>> collect(QueryResult r) {
        List<List<Object>> out = new ArrayList<>();
        VectorSchemaRoot b;
        while ((b = r.nextBatch()) != null) {
            try (VectorSchemaRoot batch = b) {
                List<ValueAccess.Getter> g = new ArrayList<>();
                batch.getFieldVectors().forEach(v -> g.add(ValueAccess.getter(v)));
                for (int i = 0; i < batch.getRowCount(); i++) {
                    List<Object> row = new ArrayList<>();
                    for (ValueAccess.Getter x : g) {
                        row.add(x.get(i));
                    }
                    out.add(row);
                }
            }
        }
        return out;
    }

    static String explain(String sql) {
        StringBuilder sb = new StringBuilder();
        rows("EXPLAIN " + sql).forEach(r -> sb.append(r.get(0)).append('\n'));
        return sb.toString();
    }

    static String json(float[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(v[i]);
        }
        return sb.append(']').toString();
    }

    static String search(float[] query, String extra) {
        return "vector_search(\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"" + json(query)
                + "\", \"nprobes\" = \"4\"" + extra + ")";
    }

    static List<Long> longs(List<List<Object>> rows, int column) {
        return rows.stream().map(r -> ((Number) r.get(column)).longValue()).toList();
    }

    @Test
    void rowsComeNearestFirstWithLanceDistances() {
        float[] q = items.queryVector(0);
        List<List<Object>> rows = rows("SELECT id, _distance FROM " + search(q, ", \"top_k\" = \"12\""));
        List<ExactKnn.Neighbor> exact = items.exactTopK(q, 12, VectorMetric.L2);
        assertEquals(ExactKnn.ids(exact), longs(rows, 0));
        for (int i = 0; i < exact.size(); i++) {
            assertEquals(exact.get(i).distance(), ((Number) rows.get(i).get(1)).doubleValue(),
                    1e-4 * Math.max(1, exact.get(i).distance()));
        }
    }

    @ParameterizedTest
    @CsvSource({"l2, l2_distance", "cosine, cosine_distance", "dot, dot_distance"})
    void theSqlDistanceFunctionsEqualLanceDistances(String metric, String function) {
        float[] q = items.queryVector(7);
        String v = json(q);
        List<List<Object>> rows = rows("SELECT id, _distance, " + function + "(embedding, " + v + "), inner_product("
                + "embedding, " + v + ") FROM " + search(q, ", \"top_k\" = \"20\", \"metric\" = \"" + metric
                + "\", \"use_index\" = \"false\""));
        assertEquals(20, rows.size());
        for (List<Object> r : rows) {
            double lance = ((Number) r.get(1)).doubleValue();
            double sql = ((Number) r.get(2)).doubleValue();
            assertEquals(lance, sql, 1e-4 * Math.max(1, Math.abs(sql)), metric + " distance of id " + r.get(0));
            if (metric.equals("dot")) {
                assertEquals(1 - sql, ((Number) r.get(3)).doubleValue(), 1e-9, "inner_product is the dot product");
            }
        }
    }

    @Test
    void anOuterWhereFiltersTheTopKSoFewerRowsMayComeBack() {
        float[] q = items.queryVector(1);
        List<Long> top = ExactKnn.ids(items.exactTopK(q, 10, VectorMetric.L2));
        List<Long> books = top.stream().filter(id -> "book".equals(VectorTable.category(id))).toList();
        assertEquals(books, longs(rows("SELECT id FROM " + search(q, "") + " WHERE category = 'book'"), 0));
        assertTrue(books.size() < 10);
    }

    @Test
    void theTvfFilterSelectsAmongMatchingRowsBeforeTheTopK() {
        float[] q = items.queryVector(1);
        List<Long> expected = ExactKnn.ids(items.exactTopK(q, 10, VectorMetric.L2,
                id -> "book".equals(VectorTable.category(id))));
        assertEquals(expected, longs(rows("SELECT id FROM " + search(q, ", \"filter\" = \"category = 'book'\"")), 0));
    }

    @Test
    void outerOrderByAndLimitApplyToTheTopK() {
        float[] q = items.queryVector(2);
        List<Long> top = new ArrayList<>(ExactKnn.ids(items.exactTopK(q, 10, VectorMetric.L2)));
        top.sort((a, b) -> Long.compare(b, a));
        assertEquals(top.subList(1, 4), longs(rows("SELECT id FROM " + search(q, "")
                + " ORDER BY id DESC LIMIT 3 OFFSET 1"), 0));
    }

    @Test
    void aggregatesAndCtesComposeWithTheSearch() {
        float[] q = items.queryVector(3);
        Map<String, Long> expected = new TreeMap<>();
        for (long id : ExactKnn.ids(items.exactTopK(q, 40, VectorMetric.L2))) {
            expected.merge(String.valueOf(VectorTable.category(id)), 1L, Long::sum);
        }
        List<List<Object>> rows = rows("WITH near AS (SELECT id, category FROM " + search(q, ", \"top_k\" = \"40\"")
                + ") SELECT coalesce(category, 'null'), count(*) FROM near GROUP BY category ORDER BY 1");
        Map<String, Long> actual = new TreeMap<>();
        rows.forEach(r -> actual.put(r.get(0).toString(), ((Number) r.get(1)).longValue()));
        assertEquals(expected, actual);
    }

    @Test
    void aQueryVectorParameterGivesTheSameRowsAsTheLiteral() {
        float[] q = items.queryVector(4);
        String sql = "SELECT id, category FROM vector_search(\"table\" = \"lance.default.items\","
                + " \"column\" = \"embedding\", \"query_vector\" = ?, \"nprobes\" = \"4\", \"offset\" = \"2\")";
        ArrowType f32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        List<List<Object>> viaParam = rows(sql, List.of(new ParameterValue(q, f32)));
        assertEquals(rows("SELECT id, category FROM " + search(q, ", \"offset\" = \"2\"")), viaParam);
        assertEquals(ExactKnn.ids(items.exactTopK(q, 12, VectorMetric.L2)).subList(2, 12), longs(viaParam, 0));

        PreparedQuery prepared = session.prepare(sql);
        assertEquals(List.of("id", "category"), prepared.resultSchema().getFields().stream().map(f -> f.getName())
                .toList());
        try (QueryResult r = prepared.execute(List.of(new ParameterValue(q, f32)), QueryOptions.defaults())) {
            assertEquals(viaParam, collect(r));
        }
    }

    @Test
    void theSessionThresholdSwitchesTheTwoPhaseReadWithoutChangingRows() {
        float[] q = items.queryVector(5);
        String sql = "SELECT id, category, embedding FROM " + search(q, ", \"top_k\" = \"20\"");
        List<List<Object>> twoPhase = rows(sql);
        assertTrue(explain(sql).contains("ROW_ID_FETCH"), explain(sql));
        rows("SET topn_lazy_materialization_threshold = -1");
        try {
            assertFalse(explain(sql).contains("ROW_ID_FETCH"), explain(sql));
            assertEquals(twoPhase.toString(), rows(sql).toString());
        } finally {
            rows("SET topn_lazy_materialization_threshold = 1024");
        }
    }

    @Test
    void explainShowsTheSearchPlanAndNeverTheQueryVector() {
        float[] q = items.queryVector(6);
        String plan = explain("SELECT id FROM " + search(q, ", \"top_k\" = \"5\", \"offset\" = \"1\"")
                + " WHERE id > 10");
        for (String line : List.of("externalSearchType=VECTOR", "lanceVectorIndexStatus=USED",
                "lanceVectorColumn=embedding", "lanceMetric=l2", "lanceTopK=5", "lanceOffset=1",
                "lanceVersion=" + items.version(), "lanceSearchFragments=6", "lanceSearchUnindexedFragments=1",
                "lanceSearchIndexSegments=2", "lanceSearchIndexFragments=5")) {
            assertTrue(plan.contains(line + "\n"), line + " in\n" + plan);
        }
        assertTrue(plan.contains("FILTER"), plan);
        for (float v : q) {
            assertFalse(plan.contains(Float.toString(v)), plan);
        }
    }

    @Test
    void argumentErrorsAreSqlErrorsWithTheirState() {
        Function<String, SqlError> fail = sql -> assertThrows(SqlError.class, () -> rows(sql));
        SqlError dim = fail.apply("SELECT id FROM vector_search(\"table\" = \"items\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"[1, 2]\")");
        assertEquals("22023", dim.sqlState());
        assertEquals("Query vector dimension 2 does not match Lance column 'embedding' dimension 16",
                dim.getMessage());
        SqlError table = fail.apply("SELECT id FROM vector_search(\"table\" = \"nope\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"[1]\")");
        assertEquals("42S02", table.sqlState());
        SqlError filter = fail.apply("SELECT id FROM " + search(items.queryVector(0), ", \"filter\" = \"nope = 1\""));
        assertEquals("42S22", filter.sqlState());
    }

    @Test
    void selectStarGivesEveryColumnAndDistance() {
        List<List<Object>> rows = rows("SELECT * FROM " + search(items.queryVector(7), ", \"top_k\" = \"1\""));
        assertEquals(1, rows.size());
        assertEquals(4, rows.get(0).size());
        long id = ((Number) rows.get(0).get(0)).longValue();
        assertEquals(ExactKnn.ids(items.exactTopK(items.queryVector(7), 1, VectorMetric.L2)), List.of(id));
        assertEquals(String.valueOf(VectorTable.category(id)), String.valueOf(rows.get(0).get(1)));
        List<?> vector = (List<?>) rows.get(0).get(2);
        double[] stored = items.vector(id);
        for (int j = 0; j < stored.length; j++) {
            assertEquals(stored[j], ((Number) vector.get(j)).doubleValue(), 0.0);
        }
        var distance = session.prepare("SELECT * FROM " + search(items.queryVector(7), "")).resultSchema()
                .getFields().get(3);
        assertEquals("_distance", distance.getName());
        assertEquals(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), distance.getType());
        assertFalse(distance.isNullable());
    }
}
