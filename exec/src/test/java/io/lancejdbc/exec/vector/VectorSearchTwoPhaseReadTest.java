package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ExactKnn;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.engine.SqlError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The two-phase read (phase 1: _distance and row id; phase 2: the projected columns by row id) against the
 * one-phase read: the same rows in the same order, and the threshold deciding which runs.
 */
@ExtendWith(SharedDatasetsExtension.class)
class VectorSearchTwoPhaseReadTest {
    private static final VectorSearchSettings ONE_PHASE = new VectorSearchSettings(-1);

    private static VectorSearchRunner runner;

    @BeforeAll
    static void start() {
        runner = new VectorSearchRunner();
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    private static VectorTable table(SharedDatasets datasets) {
        return datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2)
                .withDeltaRows(250).withUnindexedRows(250).withDeletion(5, 2).withNullVectors(17));
    }

    @Test
    void bothReadsReturnTheSameRowsInTheSameOrder(SharedDatasets datasets) {
        VectorTable t = table(datasets);
        for (int q = 0; q < 4; q++) {
            Search s = Search.on("embedding", t.queryVector(q)).topK(30).offset(4).nprobes(4).refine(3)
                    .filter("category IS NOT NULL");
            VectorSearchRunner.Result two = runner.run(t.path(), s, "category", "embedding", "id");
            VectorSearchRunner.Result one = runner.run(t.path(), s, ONE_PHASE, "category", "embedding", "id");
            assertEquals("ROW_ID_FETCH", two.explain().get(0));
            assertEquals("PROJECT", one.explain().get(0));
            assertEquals(30, two.rows().size());
            assertEquals(one.rows().toString(), two.rows().toString());
            assertEquals(List.of("category", "embedding", "id", "_distance"), List.copyOf(two.rows().get(0).keySet()));
        }
    }

    @Test
    void phaseTwoReturnsTheStoredValuesOfEachRow(SharedDatasets datasets) {
        VectorTable t = table(datasets);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", t.queryVector(1)).topK(50)
                .useIndex(false), "id", "category", "embedding");
        for (Map<String, Object> row : r.rows()) {
            long id = (Long) row.get("id");
            assertEquals(String.valueOf(VectorTable.category(id)), String.valueOf(row.get("category")));
            List<?> vector = (List<?>) row.get("embedding");
            double[] stored = t.vector(id);
            for (int j = 0; j < stored.length; j++) {
                assertEquals(stored[j], ((Number) vector.get(j)).doubleValue(), 0.0, "id " + id + " element " + j);
            }
        }
    }

    @Test
    void aSearchAboveTheThresholdReadsInOnePhase(SharedDatasets datasets) {
        VectorTable t = table(datasets);
        Search s = Search.on("embedding", t.queryVector(2)).topK(8).offset(3);
        assertEquals("PROJECT", runner.run(t.path(), s, new VectorSearchSettings(10), "id").explain().get(0));
        assertEquals("ROW_ID_FETCH", runner.run(t.path(), s, new VectorSearchSettings(11), "id").explain().get(0));
        assertEquals("PROJECT", runner.run(t.path(), s, new VectorSearchSettings(0), "id").explain().get(0));
    }

    @Test
    void aSingleSplitReadsItsColumnsDirectly(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_FLAT,
                VectorMetric.L2));
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", t.queryVector(1)).nprobes(4),
                "id", "category");
        assertEquals("PROJECT", r.explain().get(0));
        assertTrue(r.explainLines().contains("splits=1"), r.explain().toString());
        assertEquals(ExactKnn.ids(t.exactTopK(t.queryVector(1), 10, VectorMetric.L2)), r.ids());
    }

    @Test
    void withoutProjectedColumnsThereIsNothingToFetch(SharedDatasets datasets) {
        VectorTable t = table(datasets);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", t.queryVector(3)));
        assertEquals("PROJECT", r.explain().get(0));
        assertEquals(10, r.rows().size());
        assertEquals(List.of("_distance"), List.copyOf(r.rows().get(0).keySet()));
    }

    @Test
    void theThresholdSettingIsReadFromSessionSettings() {
        assertEquals(new VectorSearchSettings(1024), VectorSearchSettings.from(Map.of()));
        assertEquals(new VectorSearchSettings(-1),
                VectorSearchSettings.from(Map.of("topn_lazy_materialization_threshold", "-1")));
        assertEquals(new VectorSearchSettings(50),
                VectorSearchSettings.from(Map.of("topn_lazy_materialization_threshold", " 50 ")));
        SqlError e = assertThrows(SqlError.class,
                () -> VectorSearchSettings.from(Map.of("topn_lazy_materialization_threshold", "-2")));
        assertEquals("22023", e.sqlState());
        assertEquals("'topn_lazy_materialization_threshold' must be an integer >= -1 (-1 disables the two-phase"
                + " read), got '-2'", e.getMessage());
        assertTrue(assertThrows(SqlError.class, () -> VectorSearchSettings.from(
                Map.of("topn_lazy_materialization_threshold", "many"))).getMessage().contains("got 'many'"));
    }
}
