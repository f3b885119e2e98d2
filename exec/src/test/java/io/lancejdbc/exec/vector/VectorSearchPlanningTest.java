package io.lancejdbc.exec.vector;

import static io.lancejdbc.exec.vector.VectorSearchExecutionTest.assertExact;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;

/** Index choice, split planning and EXPLAIN of vector_search over real datasets. */
@ExtendWith({SharedDatasetsExtension.class, ArrowAllocatorExtension.class})
class VectorSearchPlanningTest {
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private static VectorSearchRunner runner;

    @BeforeAll
    static void start() {
        runner = new VectorSearchRunner();
    }

    @AfterAll
    static void stop() {
        runner.close();
    }

    /** EXPLAIN lines with segment UUIDs replaced by {@code <uuid>} (they differ per written dataset). */
    private static List<String> explain(VectorSearchRunner.Result r) {
        return r.explain().stream().map(l -> UUID.matcher(l).replaceAll("<uuid>")).toList();
    }

    @Test
    void deltaSegmentsAndAppendedFragmentsExplainAsIndexAndFlatSplits(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2)
                .withDeltaRows(250).withUnindexedRows(250));
        float[] query = t.queryVector(0);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(5).offset(3)
                .nprobes(4).refine(2).filter("id >= 0"), "id", "category");
        assertEquals(List.of(
                "ROW_ID_FETCH",
                "     columns: id, category",
                "     lanceVersion=" + t.version(),
                "  TOP_N",
                "       order by: _distance ASC NULLS FIRST, _rowid ASC NULLS FIRST",
                "       limit: 5, offset: 3",
                "    VECTOR_SEARCH lance.default." + t.path().getFileName().toString().replace(".lance", ""),
                "         externalSearchType=VECTOR",
                "         lanceVectorIndexStatus=USED",
                "         lanceVectorColumn=embedding",
                "         lanceMetric=l2",
                "         lanceTopK=5",
                "         lanceOffset=3",
                "         lanceVersion=" + t.version(),
                "         lanceSearchFragments=6",
                "         lanceSearchUnindexedFragments=1",
                "         lanceSearchIndexSegments=2",
                "         lanceSearchIndexFragments=5",
                "         lanceVectorIndex=embedding_idx (IVF_PQ)",
                "         lanceDistance=exact l2 distance recomputed from each candidate's stored vector",
                "         lanceIndexFallback=flat search of an index split whose answer is short (fewer rows than"
                        + " min(k, matching rows)) or has a non-finite distance",
                "         lancePrefilter=id >= 0",
                "         lanceSearchParams=candidates per split=8, nprobes=4, refine_factor=2",
                "         columns: _distance, _rowid",
                "         splits=3",
                "         degree=3 (splits searched at once)",
                "         split[0]=INDEX_SEGMENT_SEARCH segment=<uuid> fragments=[0, 1, 2, 3] k=8",
                "         split[1]=INDEX_SEGMENT_SEARCH segment=<uuid> fragments=[4] k=8",
                "         split[2]=FLAT_SEARCH fragments=[5] k=8"), explain(r));
        assertEquals(5, r.rows().size());
    }

    @Test
    void useIndexFalseSearchesEveryFragmentFlat(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2)
                .withDeltaRows(250).withUnindexedRows(250));
        float[] query = t.queryVector(1);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).useIndex(false), "id");
        assertExact(t.exactTopK(query, 10, VectorMetric.L2), r);
        List<String> lines = r.explainLines();
        assertTrue(lines.containsAll(List.of("lanceVectorIndexStatus=DISABLED", "lanceSearchFragments=6",
                "lanceSearchUnindexedFragments=6", "lanceSearchIndexSegments=0", "lanceSearchIndexFragments=0",
                "splits=6", "split[5]=FLAT_SEARCH fragments=[5] k=10")), lines.toString());
    }

    @Test
    void aQueryWithAnotherMetricThanTheIndexIsAnsweredExactlyByFlatSearch(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2));
        float[] query = t.queryVector(2);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).metric("cosine"), "id");
        assertExact(t.exactTopK(query, 10, VectorMetric.COSINE), r);
        assertTrue(r.explainLines().containsAll(List.of("lanceVectorIndexStatus=METRIC_MISMATCH",
                "lanceVectorIndexNote=index 'embedding_idx' has metric l2, the search uses cosine",
                "lanceSearchIndexSegments=0")), r.explain().toString());
    }

    @Test
    void withTwoIndexesTheFirstOneServesItsMetricAndTheOtherMetricIsSearchedFlat(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2)
                .withSecondIndex(VectorMetric.COSINE));
        float[] query = t.queryVector(3);
        VectorSearchRunner.Result l2 = runner.run(t.path(), Search.on("embedding", query).metric("l2").nprobes(4),
                "id");
        assertExact(t.exactTopK(query, 10, VectorMetric.L2), l2);
        assertTrue(l2.explainLines().containsAll(List.of("lanceVectorIndexStatus=USED",
                "lanceVectorIndex=embedding_idx (IVF_FLAT)")), l2.explain().toString());
        VectorSearchRunner.Result cosine = runner.run(t.path(), Search.on("embedding", query).metric("cosine")
                .nprobes(4), "id");
        assertExact(t.exactTopK(query, 10, VectorMetric.COSINE), cosine);
        assertTrue(cosine.explainLines().containsAll(List.of("lanceVectorIndexStatus=METRIC_MISMATCH",
                "lanceVectorIndexNote=index 'embedding_cosine_idx' has metric cosine, but lance-core 7.0.0 searches"
                        + " only the first vector index of a column ('embedding_idx', metric l2)")),
                cosine.explain().toString());
    }

    @Test
    void withoutAMetricTheSearchTakesTheIndexMetric(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_FLAT,
                VectorMetric.DOT));
        float[] query = t.queryVector(4);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).nprobes(4), "id");
        assertExact(t.exactTopK(query, 10, VectorMetric.DOT), r);
        assertTrue(r.explainLines().containsAll(List.of("lanceMetric=dot", "lanceVectorIndexStatus=USED")),
                r.explain().toString());
    }

    @Test
    void aSegmentSplitCoversOnlyTheFragmentsStillVisible(BufferAllocator allocator, @TempDir Path dir) {
        VectorTable t = TestDatasets.vectors(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withUnindexedRows(300));
        try (Dataset ds = Dataset.open().allocator(allocator).uri(t.path().toString()).build()) {
            // Removes fragments 0 and 1; the segment's bitmap still lists 0..3.
            ds.delete("id < 500");
        }
        float[] query = t.queryVector(5);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).nprobes(4), "id");
        assertTrue(r.explainLines().containsAll(List.of("lanceVectorIndexStatus=USED", "lanceSearchFragments=4",
                "lanceSearchIndexSegments=1", "lanceSearchIndexFragments=2", "lanceSearchUnindexedFragments=2")),
                r.explain().toString());
        assertTrue(explain(r).stream().anyMatch(l -> l.trim().equals(
                "split[0]=INDEX_SEGMENT_SEARCH segment=<uuid> fragments=[2, 3] k=10")), r.explain().toString());
        assertExact(t.exactTopK(query, 10, VectorMetric.L2, id -> id >= 500), r);
    }

    @Test
    void anIndexWhoseFragmentsWereAllDeletedIsGoneSoNothingMatches(BufferAllocator allocator, @TempDir Path dir) {
        // lance-core drops an index whose covered fragments are all deleted; NO_VISIBLE_COVERAGE is left to
        // manifests written otherwise (see VectorSplitPlannerTest).
        VectorTable t = TestDatasets.vectors(allocator, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withUnindexedRows(300));
        try (Dataset ds = Dataset.open().allocator(allocator).uri(t.path().toString()).build()) {
            ds.delete("id < 1000");
        }
        float[] query = t.queryVector(5);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query), "id");
        assertTrue(r.explainLines().containsAll(List.of("lanceVectorIndexStatus=NO_MATCH", "lanceSearchFragments=2",
                "lanceSearchIndexSegments=0")), r.explain().toString());
        assertExact(t.exactTopK(query, 10, VectorMetric.L2, id -> id >= 1000), r);
    }

    @Test
    void hnswEfBelowTopKIsRaisedToTopK(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_HNSW_SQ,
                VectorMetric.L2));
        float[] query = t.queryVector(6);
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", query).topK(40).ef(5).nprobes(4),
                "id");
        assertEquals(40, r.rows().size());
        assertTrue(r.explainLines().contains("lanceSearchParams=candidates per split=40, nprobes=4, ef=5"),
                r.explain().toString());
    }

    @Test
    void hnswEfDefaultsToOneAndAHalfTimesTheCandidatesTimesRefine(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_HNSW_SQ,
                VectorMetric.L2));
        VectorSearchRunner.Result r = runner.run(t.path(), Search.on("embedding", t.queryVector(0)).topK(10)
                .offset(3).refine(3), "id");
        assertTrue(r.explainLines().contains("lanceSearchParams=candidates per split=13, refine_factor=3, ef=58"),
                r.explain().toString());
    }

    @Test
    void explainNeverShowsTheQueryVector(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        float[] query = t.queryVector(7);
        String text = String.join("\n", runner.run(t.path(), Search.on("embedding", query), "id").explain());
        for (float v : query) {
            assertFalse(text.contains(Float.toString(v)), text);
            assertFalse(text.contains(Double.toString(v)), text);
        }
    }

    @Test
    void aPrefilterNamingAnUnknownColumnIsAColumnError(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        SqlError e = assertThrows(SqlError.class, () -> runner.run(t.path(),
                Search.on("embedding", t.queryVector(0)).filter("colour = 'red'"), "id"));
        assertEquals("42S22", e.sqlState(), e.getMessage());
        assertTrue(e.getMessage().contains("No field named colour"), e.getMessage());
    }

    @Test
    void aPrefilterThatDoesNotParseIsASyntaxError(SharedDatasets datasets) {
        VectorTable t = datasets.vectors(VectorTableSpec.defaults());
        SqlError e = assertThrows(SqlError.class, () -> runner.run(t.path(),
                Search.on("embedding", t.queryVector(0)).filter("id = = 3"), "id"));
        assertEquals("42000", e.sqlState(), e.getMessage());
    }
}
