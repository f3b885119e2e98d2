package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ExactKnn;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.exec.testing.VectorValues;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A selective prefilter over an IVF_PQ index with many partitions: lance-core 7.0.0 loses the matching rows (with
 * nprobes 1 it returns none of 5 matching rows outside the probed partition; by default it returns them with
 * {@code _distance = Infinity}). The driver detects the short or non-finite answer of the index split and answers
 * it with an exact flat search of the split's prefiltered rows.
 */
@ExtendWith(SharedDatasetsExtension.class)
class VectorSearchIndexFallbackTest {
    private static final double TOLERANCE = 1e-4;
    /** 5 rows of cluster 4 (id % 8 == 4), far from the queries near cluster 0. */
    private static final String FIVE_FAR_ROWS = "id IN (4, 12, 20, 28, 36)";
    private static final Set<Long> FIVE_FAR_IDS = Set.of(4L, 12L, 20L, 28L, 36L);

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
        return datasets.vectors(VectorTableSpec.defaults().withRows(2048, 512).withPartitions(256, 4)
                .withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2));
    }

    private static void assertExact(VectorTable t, float[] query, List<ExactKnn.Neighbor> expected,
            VectorSearchRunner.Result r) {
        assertEquals(ExactKnn.ids(expected), r.ids());
        for (int i = 0; i < expected.size(); i++) {
            double e = expected.get(i).distance();
            assertEquals(e, r.distances().get(i), TOLERANCE * Math.max(1, Math.abs(e)), "rank " + i);
        }
    }

    @Test
    void fiveFarMatchesWithOneProbeAreAllFound(SharedDatasets datasets) {
        VectorTable t = table(datasets);
        float[] query = t.queryVector(0);
        VectorSearchRunner.Result r = runner.run(t.path(),
                Search.on("embedding", query).filter(FIVE_FAR_ROWS).nprobes(1), "id");
        assertExact(t, query, t.exactTopK(query, 10, VectorMetric.L2, FIVE_FAR_IDS::contains), r);
        assertTrue(r.explainLines().contains("lanceIndexFallback=flat search of an index split whose answer is"
                + " short (fewer rows than min(k, matching rows)) or has a non-finite distance"), r.explain()
                .toString());
    }

    @Test
    void fiveFarMatchesWithDefaultProbesHaveFiniteExactDistances(SharedDatasets datasets) {
        VectorTable t = table(datasets);
        float[] query = t.queryVector(0);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).filter(FIVE_FAR_ROWS), "id");
        assertExact(t, query, t.exactTopK(query, 10, VectorMetric.L2, FIVE_FAR_IDS::contains), r);
        assertTrue(r.distances().stream().allMatch(Double::isFinite), r.distances().toString());
    }

    @Test
    void aHundredMatchesFillTopKWithExactDistances(SharedDatasets datasets) {
        VectorTable t = table(datasets);
        for (int q = 0; q < 4; q++) {
            float[] query = t.queryVector(q);
            for (int nprobes : new int[] {0, 1}) {
                VectorSearchRunner.Result r = runner.run(t.path(),
                        Search.on("embedding", query).filter("id % 20 = 4").nprobes(nprobes), "id");
                assertEquals(10, r.rows().size(), "query " + q + " nprobes " + nprobes + ": " + r.ids());
                for (int i = 0; i < 10; i++) {
                    long id = r.ids().get(i);
                    assertEquals(4, id % 20);
                    double e = VectorMetric.L2.distance(VectorValues.widen(query), t.vector(id));
                    assertEquals(e, r.distances().get(i), TOLERANCE * Math.max(1, e), "id " + id);
                }
            }
        }
    }
}
