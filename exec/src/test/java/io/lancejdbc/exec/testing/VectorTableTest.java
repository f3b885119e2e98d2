package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.lance.Dataset;
import org.lance.index.Index;
import org.lance.index.IndexDescription;

@ExtendWith(ArrowAllocatorExtension.class)
class VectorTableTest {
    private static final double TOLERANCE = 1e-4;

    private static Dataset open(BufferAllocator allocator, VectorTable t) {
        return Dataset.open().allocator(allocator).uri(t.path().toString()).build();
    }

    private static void assertSameNeighbours(List<ExactKnn.Neighbor> expected, List<ExactKnn.Neighbor> actual) {
        assertEquals(ExactKnn.ids(expected), ExactKnn.ids(actual));
        for (int i = 0; i < expected.size(); i++) {
            double e = expected.get(i).distance();
            assertEquals(e, actual.get(i).distance(), TOLERANCE * Math.max(1, Math.abs(e)), "distance " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(value = VectorMetric.class, names = {"L2", "COSINE", "DOT"})
    void lanceFlatSearchAgreesWithExactTopK(VectorMetric metric, BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults());
        for (int q = 0; q < 3; q++) {
            float[] query = t.queryVector(q);
            assertSameNeighbours(t.exactTopK(query, 10, metric),
                    LanceKnnQuery.of("embedding", query, 10, metric).run(allocator, t.path()));
        }
    }

    @ParameterizedTest
    @EnumSource(value = VectorElementType.class, names = {"FLOAT16", "FLOAT64"})
    void otherFloatElementTypesAreSearchableFlat(VectorElementType type, BufferAllocator allocator,
            @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"),
                VectorTableSpec.defaults().withElementType(type));
        float[] query = t.queryVector(1);
        assertSameNeighbours(t.exactTopK(query, 10, VectorMetric.L2),
                LanceKnnQuery.of("embedding", query, 10, VectorMetric.L2).run(allocator, t.path()));
    }

    @ParameterizedTest
    @EnumSource(value = VectorIndexKind.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void eachIndexKindIsBuiltAndReportedByLance(VectorIndexKind kind, BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"),
                VectorTableSpec.defaults().withIndex(kind, VectorMetric.L2));
        try (Dataset ds = open(allocator, t)) {
            List<IndexDescription> indexes = ds.describeIndices();
            assertEquals(1, indexes.size());
            assertEquals("embedding_idx", indexes.get(0).getName());
            assertEquals(kind.name(), indexes.get(0).getIndexType());
            assertEquals(1000, indexes.get(0).getRowsIndexed());
        }
        assertEquals(List.of("embedding_idx"), t.indexNames());
    }

    @Test
    void ivfFlatProbingEveryPartitionIsExact(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"),
                VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2));
        float[] query = t.queryVector(2);
        assertSameNeighbours(t.exactTopK(query, 10, VectorMetric.L2),
                LanceKnnQuery.of("embedding", query, 10, VectorMetric.L2).withIndex(4).run(allocator, t.path()));
    }

    @Test
    void deltaRowsGetTheirOwnIndexSegmentAndLaterRowsNone(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2).withDeltaRows(250).withUnindexedRows(250));
        assertEquals(1250, t.indexedIds().size());
        assertEquals(250, t.unindexedIds().size());
        assertEquals(1000, t.unindexedIds().get(0) - 250);
        try (Dataset ds = open(allocator, t)) {
            List<Index> segments = ds.getIndexes();
            assertEquals(2, segments.size());
            assertEquals(List.of(List.of(0, 1, 2, 3), List.of(4)),
                    segments.stream().map(s -> s.fragments().orElseThrow()).toList());
            assertEquals(6, ds.getFragments().size());
            assertEquals(1500, ds.countRows());
        }
    }

    @Test
    void deletedRowsAreGoneFromLanceAndFromTheOracle(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withUnindexedRows(100).withDeletion(7, 3));
        try (Dataset ds = open(allocator, t)) {
            assertEquals(t.liveIds().size(), ds.countRows());
        }
        assertEquals(1100 - 157, t.liveIds().size());
        assertTrue(t.liveIds().stream().noneMatch(id -> id % 7 == 3));
        float[] query = t.queryVector(3);
        assertSameNeighbours(t.exactTopK(query, 10, VectorMetric.L2),
                LanceKnnQuery.of("embedding", query, 10, VectorMetric.L2).run(allocator, t.path()));
    }

    @Test
    void twoIndexesWithDifferentMetricsOnOneColumnAreBothListed(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withSecondIndex(VectorMetric.COSINE));
        assertEquals(List.of("embedding_idx", "embedding_cosine_idx"), t.indexNames());
        try (Dataset ds = open(allocator, t)) {
            Map<String, String> details = new java.util.TreeMap<>();
            ds.describeIndices().forEach(d -> details.put(d.getName(), d.getDetailsJson()));
            assertTrue(details.get("embedding_idx").contains("\"metric_type\":\"L2\""), details.toString());
            assertTrue(details.get("embedding_cosine_idx").contains("\"metric_type\":\"COSINE\""),
                    details.toString());
        }
        float[] query = t.queryVector(0);
        LanceKnnQuery.Result l2 = LanceKnnQuery.of("embedding", query, 10, VectorMetric.L2).withIndex(4)
                .runWithStats(allocator, t.path());
        assertTrue(l2.indexComparisons() > 0, l2.counts().toString());
        assertSameNeighbours(t.exactTopK(query, 10, VectorMetric.L2), l2.neighbors());
    }

    @Test
    void lanceAnswersTheSecondMetricByFlatSearchNotWithItsIndex(BufferAllocator allocator, @TempDir Path dir) {
        // lance-core 7.0.0 takes the first index on the column; a cosine query on it logs "Requested metric Cosine
        // is incompatible with index metric L2, falling back to brute-force search".
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withSecondIndex(VectorMetric.COSINE));
        float[] query = t.queryVector(0);
        LanceKnnQuery.Result cosine = LanceKnnQuery.of("embedding", query, 10, VectorMetric.COSINE).withIndex(4)
                .runWithStats(allocator, t.path());
        assertEquals(0, cosine.indexComparisons(), cosine.counts().toString());
        assertSameNeighbours(t.exactTopK(query, 10, VectorMetric.COSINE), cosine.neighbors());
    }

    @Test
    void prefilteredFlatSearchAgreesWithFilteredExactTopK(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults());
        float[] query = t.queryVector(5);
        assertSameNeighbours(
                t.exactTopK(query, 10, VectorMetric.L2, id -> "garden".equals(VectorTable.category(id))),
                LanceKnnQuery.of("embedding", query, 10, VectorMetric.L2).withFilter("category = 'garden'")
                        .run(allocator, t.path()));
    }

    @Test
    void nullVectorsAreSkippedByLanceAndByTheOracle(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"),
                VectorTableSpec.defaults().withNullVectors(10));
        float[] query = t.queryVector(1);
        List<ExactKnn.Neighbor> lance = LanceKnnQuery.of("embedding", query, 10, VectorMetric.L2)
                .run(allocator, t.path());
        assertSameNeighbours(t.exactTopK(query, 10, VectorMetric.L2), lance);
        assertTrue(lance.stream().noneMatch(n -> n.id() % 10 == 9));
    }

    @Test
    void uint8VectorsTakeAHammingIvfFlatIndexButLanceDropsTheirNearestQuery(BufferAllocator allocator,
            @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withElementType(VectorElementType.UINT8).withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.HAMMING));
        try (Dataset ds = open(allocator, t)) {
            assertEquals("IVF_FLAT", ds.describeIndices().get(0).getIndexType());
        }
        float[] query = t.queryVector(0);
        assertEquals(10, t.exactTopK(query, 10, VectorMetric.HAMMING).size());
        assertThrows(LanceKnnQuery.NearestDroppedException.class,
                () -> LanceKnnQuery.of("embedding", query, 10, VectorMetric.HAMMING).run(allocator, t.path()));
    }

    @Test
    void int8VectorsTakeAPqIndexButLanceDropsTheirNearestQuery(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withElementType(VectorElementType.INT8).withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2));
        try (Dataset ds = open(allocator, t)) {
            assertEquals("IVF_PQ", ds.describeIndices().get(0).getIndexType());
        }
        float[] query = t.queryVector(0);
        assertThrows(LanceKnnQuery.NearestDroppedException.class,
                () -> LanceKnnQuery.of("embedding", query, 10, VectorMetric.L2).run(allocator, t.path()));
    }

    @Test
    void uint8VectorsRefuseAPqIndex(BufferAllocator allocator, @TempDir Path dir) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> VectorTable.write(allocator,
                dir.resolve("v.lance"), VectorTableSpec.defaults().withElementType(VectorElementType.UINT8)
                        .withIndex(VectorIndexKind.IVF_PQ, VectorMetric.HAMMING)));
        assertTrue(e.getMessage().contains("PQ builder: unsupported data type: UInt8"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(value = VectorElementType.class, names = {"UINT8", "INT8"})
    void integerVectorsReadBackExactly(VectorElementType type, BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = VectorTable.write(allocator, dir.resolve("v.lance"),
                VectorTableSpec.defaults().withElementType(type).withRows(40, 20));
        for (Map<String, Object> row : DatasetContents.read(allocator, t.path()).rows()) {
            long id = (Long) row.get("id");
            double[] expected = t.vector(id);
            List<?> actual = (List<?>) row.get("embedding");
            for (int j = 0; j < expected.length; j++) {
                assertEquals(expected[j], ((Number) actual.get(j)).doubleValue(), "id " + id + " element " + j);
            }
            assertEquals(VectorTable.category(id), row.get("category"));
        }
    }

    @Test
    void pqIndexOverTooFewRowsIsRefusedBeforeWriting() {
        assertThrows(IllegalArgumentException.class, () -> VectorTableSpec.defaults().withRows(100, 50)
                .withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2));
    }
}
