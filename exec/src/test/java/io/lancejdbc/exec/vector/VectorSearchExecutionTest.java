package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ExactKnn;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import io.lancejdbc.exec.testing.VectorElementType;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * vector_search results against the exact top-k computed independently by {@link ExactKnn} over the stored values
 * (Lance's distance conventions: squared l2, 1 - cos, 1 - dot, differing bits).
 */
@ExtendWith(SharedDatasetsExtension.class)
class VectorSearchExecutionTest {
    /** Relative tolerance: Lance computes in float32, the oracle in double. */
    private static final double TOLERANCE = 1e-4;

    private static VectorSearchRunner runner;

    @BeforeAll
    static void start() {
        runner = new VectorSearchRunner();
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    static void assertExact(List<ExactKnn.Neighbor> expected, VectorSearchRunner.Result actual) {
        assertEquals(ExactKnn.ids(expected), actual.ids(), "ids");
        assertDistances(expected, actual);
    }

    static void assertDistances(List<ExactKnn.Neighbor> expected, VectorSearchRunner.Result actual) {
        List<Double> d = actual.distances();
        for (int i = 0; i < expected.size(); i++) {
            double e = expected.get(i).distance();
            assertEquals(e, d.get(i), TOLERANCE * Math.max(1, Math.abs(e)), "distance of rank " + i);
        }
    }

    private static String lower(VectorMetric m) {
        return m.name().toLowerCase(Locale.ROOT);
    }

    @ParameterizedTest
    @EnumSource(value = VectorMetric.class, names = {"L2", "COSINE", "DOT"})
    void flatSearchOverFloat32EqualsTheExactTopK(VectorMetric metric, SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        for (int q = 0; q < 3; q++) {
            float[] query = t.queryVector(q);
            VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).metric(lower(metric)),
                    "id");
            assertExact(t.exactTopK(query, 10, metric), r);
        }
    }

    @ParameterizedTest
    @EnumSource(value = VectorElementType.class, names = {"FLOAT16", "FLOAT64"})
    void flatSearchOverOtherFloatTypesEqualsTheExactTopK(VectorElementType type, SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withElementType(type));
        for (VectorMetric metric : List.of(VectorMetric.L2, VectorMetric.COSINE, VectorMetric.DOT)) {
            float[] query = t.queryVector(4);
            VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).metric(lower(metric)),
                    "id");
            assertExact(t.exactTopK(query, 10, metric), r);
        }
    }

    @Test
    void withoutAMetricAndWithoutAnIndexTheSearchIsL2(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        float[] query = t.queryVector(6);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query), "id");
        assertExact(t.exactTopK(query, 10, VectorMetric.L2), r);
        assertTrue(r.explainLines().contains("lanceMetric=l2"), r.explain().toString());
    }

    @Test
    void offsetSkipsTheNearestRowsOfTheGlobalOrder(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        float[] query = t.queryVector(2);
        List<ExactKnn.Neighbor> all = t.exactTopK(query, 20, VectorMetric.L2);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(7).offset(13), "id");
        assertExact(all.subList(13, 20), r);
    }

    @Test
    void topKBeyondTheRowCountReturnsEveryLiveRowInDistanceOrder(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withDeletion(3, 1));
        float[] query = t.queryVector(1);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(5000), "id");
        assertEquals(t.liveIds().size(), r.rows().size());
        assertExact(t.exactTopK(query, 5000, VectorMetric.L2), r);
    }

    @Test
    void theTvfFilterIsAPrefilterSoTopKMatchingRowsComeBack(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        float[] query = t.queryVector(5);
        VectorSearchRunner.Result r = runner.run(t.path(),
                Search.on("embedding", query).filter("category = 'garden'"), "id", "category");
        assertExact(t.exactTopK(query, 10, VectorMetric.L2, id -> "garden".equals(VectorTable.category(id))), r);
        assertTrue(r.rows().stream().allMatch(row -> row.get("category").toString().equals("garden")));
    }

    @Test
    void deletedRowsAreNeverReturned(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2)
                .withUnindexedRows(200).withDeletion(2, 0));
        for (int q = 0; q < 4; q++) {
            float[] query = t.queryVector(q);
            VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).nprobes(4), "id");
            assertExact(t.exactTopK(query, 10, VectorMetric.L2), r);
            assertTrue(r.ids().stream().allMatch(id -> id % 2 == 1), r.ids().toString());
        }
    }

    @Test
    void nullVectorsAreNeverNeighbours(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withNullVectors(5));
        float[] query = t.queryVector(3);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(50), "id");
        assertExact(t.exactTopK(query, 50, VectorMetric.L2), r);
        assertFalse(r.ids().stream().anyMatch(id -> id % 5 == 4));
    }

    @Test
    void ivfFlatProbingEveryPartitionOverDeltaSegmentsAndAppendedFragmentsIsExact(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2)
                .withDeltaRows(250).withUnindexedRows(250));
        for (int q = 0; q < 8; q++) {
            float[] query = t.queryVector(q);
            VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).nprobes(4), "id");
            assertExact(t.exactTopK(query, 10, VectorMetric.L2), r);
        }
    }

    @ParameterizedTest
    @EnumSource(value = VectorIndexKind.class, names = {"IVF_PQ", "IVF_SQ", "IVF_HNSW_SQ", "IVF_HNSW_PQ"})
    void quantizedIndexesWithRefineReturnExactDistancesOfNearRows(VectorIndexKind kind, SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(kind, VectorMetric.L2)
                .withDeltaRows(250).withUnindexedRows(100));
        int hits = 0;
        for (int q = 0; q < 8; q++) {
            float[] query = t.queryVector(q);
            VectorSearchRunner.Result r = runner.run(t.path(),
                    Search.on("embedding", query).nprobes(4).refine(10), "id");
            List<ExactKnn.Neighbor> exact = t.exactTopK(query, 10, VectorMetric.L2);
            assertEquals(10, r.rows().size());
            for (int i = 0; i < 10; i++) {
                long id = r.ids().get(i);
                double e = VectorMetric.L2.distance(query(query), t.vector(id));
                assertEquals(e, r.distances().get(i), TOLERANCE * Math.max(1, e), kind + " refined distance of " + id);
                if (i > 0) {
                    assertTrue(r.distances().get(i - 1) <= r.distances().get(i), "ascending distances");
                }
            }
            hits += (int) r.ids().stream().filter(ExactKnn.ids(exact)::contains).count();
        }
        assertTrue(hits >= 72, kind + " recall@10 over 8 queries: " + hits + "/80");
    }

    private static double[] query(float[] q) {
        double[] d = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            d[i] = q[i];
        }
        return d;
    }
}
