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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * vector_search through every vector index kind lance-core 7.0.0 builds from Java, with each metric, over three
 * layouts (index only; index + appended unindexed fragments; the same with deletions), against an exact k-NN over
 * the stored values. An ANN index may miss neighbours, so what is asserted is what is provable for any recall:
 * every {@code _distance} is the exact distance of its row under the documented formula (also where lance-core's
 * quantized index reports another scale, e.g. about 2 (1 - cos) for cosine IVF_SQ), the rows are sorted, the merge
 * of index and flat splits compares like with like (an unindexed row that belongs to the exact top-k is never
 * displaced by an index row with a worse exact distance), probing every partition of an IVF index with a
 * refine_factor that covers every indexed row gives the exact top-k, and over an HNSW graph (which need not reach
 * every row) a top_k over every live row gives the exact ranking.
 */
@ExtendWith(SharedDatasetsExtension.class)
class VectorSearchIndexDistanceTest {
    private static final int TOP_K = 20;
    /** Relative tolerance: Lance and the driver round to float32, the oracle computes in double. */
    private static final double TOLERANCE = 1e-4;

    private static VectorSearchRunner runner;

    enum Layout {
        INDEX_ONLY, APPENDED, APPENDED_WITH_DELETIONS
    }

    @BeforeAll
    static void start() {
        runner = new VectorSearchRunner();
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (VectorIndexKind kind : VectorIndexKind.values()) {
            if (kind == VectorIndexKind.NONE) {
                continue;
            }
            for (VectorMetric metric : List.of(VectorMetric.L2, VectorMetric.COSINE, VectorMetric.DOT)) {
                for (Layout layout : Layout.values()) {
                    out.add(Arguments.of(kind, metric, layout));
                }
            }
        }
        return out.stream();
    }

    private static VectorTable table(SharedDatasets datasets, VectorIndexKind kind, VectorMetric metric,
            Layout layout) {
        VectorTableSpec spec = VectorTableSpec.defaults().withIndex(kind, metric);
        if (layout != Layout.INDEX_ONLY) {
            spec = spec.withUnindexedRows(1000);
        }
        if (layout == Layout.APPENDED_WITH_DELETIONS) {
            spec = spec.withDeletion(7, 3);
        }
        return datasets.vectors(spec);
    }

    private static String lower(VectorMetric m) {
        return m.name().toLowerCase(Locale.ROOT);
    }

    private static double exact(VectorTable t, float[] query, VectorMetric metric, long id) {
        return metric.distance(VectorValues.widen(query), t.vector(id));
    }

    private static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, TOLERANCE * Math.max(1, Math.abs(expected)), what);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void everyDistanceIsExactAndTheMergeComparesLikeWithLike(VectorIndexKind kind, VectorMetric metric,
            Layout layout, SharedDatasets datasets) {
        VectorTable t = table(datasets, kind, metric, layout);
        Set<Long> unindexed = new HashSet<>(t.unindexedIds());
        for (int q = 0; q < 4; q++) {
            float[] query = t.queryVector(q);
            VectorSearchRunner.Result r = runner.run(t.path(),
                    Search.on("embedding", query).topK(TOP_K).metric(lower(metric)), "id");
            String label = kind + " " + metric + " " + layout + " query " + q;
            assertEquals(TOP_K, r.rows().size(), label + ": " + r.ids());
            List<Long> ids = r.ids();
            List<Double> d = r.distances();
            for (int i = 0; i < ids.size(); i++) {
                assertClose(exact(t, query, metric, ids.get(i)), d.get(i), label + ": _distance of id " + ids.get(i));
                if (i > 0) {
                    assertTrue(d.get(i - 1) <= d.get(i), label + ": ascending at rank " + i + ": " + d);
                }
            }
            assertTrue(t.liveIds().containsAll(ids), label + ": only live rows");
            double worst = d.get(d.size() - 1);
            for (ExactKnn.Neighbor n : t.exactTopK(query, TOP_K, metric)) {
                if (unindexed.contains(n.id())) {
                    assertTrue(ids.contains(n.id()) || n.distance() >= worst - TOLERANCE * Math.max(1, Math.abs(worst)),
                            label + ": unindexed row " + n.id() + " at exact distance " + n.distance()
                                    + " was displaced by rows up to " + worst + ": " + ids);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void probingEveryPartitionWithAFullRefineIsExact(VectorIndexKind kind, VectorMetric metric, Layout layout,
            SharedDatasets datasets) {
        VectorTable t = table(datasets, kind, metric, layout);
        float[] query = t.queryVector(5);
        if (kind.name().contains("HNSW")) {
            // An HNSW graph is not guaranteed to reach every row of its partition, whatever ef: lance-core 7.0.0's
            // graph over dot returns about 410 of 1000 rows at ef 1000, and the graph differs between builds of the
            // same data (this test passed here, and on CI's 2 cores IVF_HNSW_PQ COSINE APPENDED missed one row of the
            // exact top 10). No refine_factor makes a top 10 from the graph provably exact. What is provable for any
            // graph: a top_k over every live row is either answered in full by the index with exact distances or is
            // short and answered exactly by the flat fallback, so the whole ranking equals the exact k-NN.
            int all = t.liveIds().size();
            VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(all)
                    .metric(lower(metric)).nprobes(4).ef(1000), "id");
            assertEquals(new HashSet<>(t.liveIds()), new HashSet<>(r.ids()), kind + " " + metric + " " + layout);
            List<ExactKnn.Neighbor> everyRow = t.exactTopK(query, all, metric);
            for (int i = 0; i < all; i++) {
                assertClose(everyRow.get(i).distance(), r.distances().get(i), "distance of rank " + i);
                assertClose(exact(t, query, metric, r.ids().get(i)), r.distances().get(i), "rank " + i);
                assertTrue(i == 0 || r.distances().get(i - 1) <= r.distances().get(i), "ascending at " + i);
            }
            return;
        }
        // 4 partitions; top_k x refine_factor = 1000 candidates cover every indexed row; ef likewise for HNSW.
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(10).metric(lower(metric))
                .nprobes(4).refine(100).ef(1000), "id");
        List<ExactKnn.Neighbor> expected = t.exactTopK(query, 10, metric);
        assertEquals(ExactKnn.ids(expected), r.ids(), kind + " " + metric + " " + layout);
        for (int i = 0; i < expected.size(); i++) {
            assertClose(expected.get(i).distance(), r.distances().get(i), "distance of rank " + i);
        }
    }
}
