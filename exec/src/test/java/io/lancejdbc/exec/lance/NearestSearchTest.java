package io.lancejdbc.exec.lance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.snapshot.IndexSegment;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.exec.testing.ExactKnn;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import io.lancejdbc.exec.testing.VectorElementType;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.exec.testing.VectorValues;
import io.lancejdbc.engine.SqlError;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link FragmentScanReader#search}: lance-core 7.0.0's nearest-neighbour search restricted to fragments, and the
 * lance-core behaviour vector_search builds on (distance conventions, first-index rule, dropped searches).
 */
@ExtendWith(SharedDatasetsExtension.class)
class NearestSearchTest {
    private static BufferAllocator root;
    private static DatasetHandlePool pool;

    private BufferAllocator allocator;
    private FragmentScanReader reader;

    @BeforeAll
    static void openPool() {
        root = new RootAllocator();
        pool = new DatasetHandlePool(root, PoolSettings.defaults());
    }

    @AfterAll
    static void closePool() {
        pool.close();
        root.close();
    }

    @BeforeEach
    void setUp() {
        allocator = root.newChildAllocator("test", 0, Long.MAX_VALUE);
        reader = new FragmentScanReader(pool);
    }

    @AfterEach
    void tearDown() {
        allocator.close();
    }

    /** A (id, _distance, _rowid) row of a search result. */
    private record Hit(long id, float distance, long rowId) {
    }

    private static NearestQuery query(VectorTable t, List<Long> fragments, float[] key, int k, DistanceMetric m,
            boolean useIndex) {
        return new NearestQuery(DatasetSource.of(t.path().toString()), t.version(), Optional.of(fragments), "embedding",
                key, k, m,
                useIndex, 0, 0, 0, Optional.empty(), List.of("id"), 1024);
    }

    private List<Hit> run(NearestQuery q) {
        List<Hit> out = new ArrayList<>();
        try (BatchStream s = reader.search(q, allocator)) {
            assertEquals(List.of("id", "_distance", "_rowid"), s.schema().getFields().stream().map(Field::getName)
                    .toList());
            VectorSchemaRoot b;
            while ((b = s.next()) != null) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        out.add(new Hit(((BigIntVector) batch.getVector(0)).get(i),
                                ((Float4Vector) batch.getVector(1)).get(i), ((UInt8Vector) batch.getVector(2)).get(i)));
                    }
                }
            }
        }
        return out;
    }

    @Test
    void aSearchReturnsTheNearestRowsOfItsFragmentsOnly(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        float[] key = t.queryVector(1);
        List<Hit> hits = run(query(t, List.of(1L, 3L), key, 7, DistanceMetric.L2, false));
        List<ExactKnn.Neighbor> exact = t.exactTopK(key, 7, VectorMetric.L2,
                id -> id >= 250 && id < 500 || id >= 750);
        assertEquals(ExactKnn.ids(exact), hits.stream().map(Hit::id).toList());
        for (Hit h : hits) {
            // Without stable row ids, a row id is the row address: fragment << 32 | offset.
            long fragment = h.id() / 250;
            assertEquals(fragment << 32 | h.id() % 250, h.rowId());
        }
    }

    @Test
    void aSearchWithoutFragmentsCoversTheWholeVersionAndStillPrefilters(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        float[] key = t.queryVector(6);
        NearestQuery q = new NearestQuery(DatasetSource.of(t.path().toString()), t.version(), Optional.empty(),
                "embedding", key, 9, DistanceMetric.L2, false, 0, 0, 0, Optional.of("category = 'toys'"),
                List.of("id"), 1024);
        assertEquals(ExactKnn.ids(t.exactTopK(key, 9, VectorMetric.L2, id -> "toys".equals(VectorTable.category(id)))),
                run(q).stream().map(Hit::id).toList());
    }

    @Test
    void distancesFollowLanceConventions(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        float[] key = t.queryVector(2);
        double[] q = VectorValues.widen(key);
        for (DistanceMetric m : List.of(DistanceMetric.L2, DistanceMetric.COSINE, DistanceMetric.DOT)) {
            VectorMetric oracle = VectorMetric.valueOf(m.name());
            for (Hit h : run(query(t, List.of(0L), key, 5, m, false))) {
                double e = oracle.distance(q, t.vector(h.id()));
                assertEquals(e, h.distance(), 1e-4 * Math.max(1, Math.abs(e)), m + " of id " + h.id());
            }
        }
        // dot is 1 - a.b: for one row, check the formula against the raw dot product.
        Hit first = run(query(t, List.of(0L), key, 1, DistanceMetric.DOT, false)).get(0);
        double dot = 0;
        double[] v = t.vector(first.id());
        for (int i = 0; i < v.length; i++) {
            dot += v[i] * q[i];
        }
        assertEquals(1 - dot, first.distance(), 1e-4 * Math.max(1, Math.abs(dot)));
    }

    @Test
    void anIndexedSearchOverPqGivesApproximateDistancesAndAFlatOneExactDistances(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2));
        float[] key = t.queryVector(0);
        double[] q = VectorValues.widen(key);
        assertSomeDistanceIsApproximate(t, q, run(query(t, List.of(0L, 1L, 2L, 3L), key, 5, DistanceMetric.L2, true)));
        Hit flat = run(query(t, List.of(0L, 1L, 2L, 3L), key, 1, DistanceMetric.L2, false)).get(0);
        assertEquals(VectorMetric.L2.distance(q, t.vector(flat.id())), flat.distance(), 1e-4);
    }

    @Test
    void onlyTheFirstVectorIndexOfAColumnIsSearched(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2)
                .withSecondIndex(VectorMetric.COSINE));
        float[] key = t.queryVector(3);
        double[] q = VectorValues.widen(key);
        // The second index (cosine) is not used: lance-core falls back to an exact search, so distances are exact.
        for (Hit h : run(query(t, List.of(0L, 1L, 2L, 3L), key, 5, DistanceMetric.COSINE, true))) {
            assertEquals(VectorMetric.COSINE.distance(q, t.vector(h.id())), h.distance(), 1e-5);
        }
        // The first (l2, PQ) is: approximate distances.
        assertSomeDistanceIsApproximate(t, q, run(query(t, List.of(0L, 1L, 2L, 3L), key, 5, DistanceMetric.L2, true)));
    }

    /**
     * PQ distances are approximate, but one of them can happen to equal the exact distance (PQ training is random),
     * so a search went through the PQ index when not all of its top 5 distances are exact.
     */
    private static void assertSomeDistanceIsApproximate(VectorTable t, double[] q, List<Hit> hits) {
        assertEquals(5, hits.size());
        assertTrue(hits.stream().anyMatch(h -> Math.abs(VectorMetric.L2.distance(q, t.vector(h.id())) - h.distance())
                > 1e-4), "all top-5 distances are exact, so the PQ index was not searched: " + hits);
    }

    @Test
    void snapshotsListIndexSegmentsInManifestOrder(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2)
                .withSecondIndex(VectorMetric.COSINE));
        List<String> names = pool.snapshot(DatasetSource.of(t.path().toString()), OptionalLong.empty())
                .indexSegments().stream().map(IndexSegment::indexName).toList();
        assertEquals(List.of("embedding_idx", "embedding_cosine_idx"), names);
    }

    @Test
    void aSearchLanceIgnoresIsReportedInsteadOfReturningAPlainScan(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withElementType(VectorElementType.INT8));
        SqlError e = assertThrows(SqlError.class,
                () -> run(query(t, List.of(0L), t.queryVector(0), 3, DistanceMetric.L2, false)));
        assertEquals("HY000", e.sqlState(), e.getMessage());
        assertTrue(e.getMessage().startsWith("lance-core ignored the nearest-neighbour search on column 'embedding'"),
                e.getMessage());
    }

    @Test
    void prefilterColumnsAreNotAddedToTheResult(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        NearestQuery q = new NearestQuery(DatasetSource.of(t.path().toString()), t.version(), Optional.of(List.of(2L)),
                "embedding", t.queryVector(4), 4, DistanceMetric.L2, false, 0, 0, 0, Optional.of("category = 'book'"),
                List.of("id"), 1024);
        List<Hit> hits = run(q);
        assertEquals(4, hits.size());
        assertTrue(hits.stream().allMatch(h -> h.id() % 4 == 0 && h.id() % 37 != 36), hits.toString());
    }
}
