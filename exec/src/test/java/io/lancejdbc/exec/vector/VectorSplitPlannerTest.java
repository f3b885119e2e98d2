package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.exec.lance.DistanceMetric;
import io.lancejdbc.exec.snapshot.FragmentInfo;
import io.lancejdbc.exec.snapshot.IndexSegment;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.exec.split.Split;
import io.lancejdbc.exec.split.SplitKind;
import io.lancejdbc.engine.SqlError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * Split planning over hand-made snapshots, for index layouts a test cannot write with lance-core 7.0.0 (segments
 * without a fragment bitmap, overlapping bitmaps, fragments listed twice). Real datasets are planned in
 * {@link VectorSearchPlanningTest}.
 */
class VectorSplitPlannerTest {
    private static final int VEC_FIELD = 2;
    private static final UUID A = UUID.fromString("00000000-0000-0000-0000-00000000000a");
    private static final UUID B = UUID.fromString("00000000-0000-0000-0000-00000000000b");
    private static final UUID C = UUID.fromString("00000000-0000-0000-0000-00000000000c");

    private static Snapshot snapshot(List<Long> fragments, IndexSegment... segments) {
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                new Field("vec", FieldType.nullable(new ArrowType.FixedSizeList(4)),
                        List.of(Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))))));
        List<FragmentInfo> frags = new ArrayList<>();
        for (long id : fragments) {
            frags.add(new FragmentInfo(id, 100 + id, 90 + id));
        }
        return new Snapshot("file:///data/t.lance", 7, schema, Map.of("id", 0, "vec", VEC_FIELD), frags,
                List.of(segments), "2.1");
    }

    private static IndexSegment segment(UUID uuid, String name, String metric, List<Long> fragments) {
        return new IndexSegment(uuid, name, List.of(VEC_FIELD), Optional.ofNullable(fragments), "IVF_PQ",
                Optional.ofNullable(metric), true);
    }

    private static VectorSplitPlan plan(Snapshot s, DistanceMetric requested) {
        return VectorSplitPlanner.plan(s, "vec", VectorElementType.FLOAT32, Optional.ofNullable(requested), true);
    }

    private static String describe(List<Split> splits) {
        List<String> out = new ArrayList<>();
        for (Split s : splits) {
            out.add(s.kind() + (s.indexSegment() == null ? "" : ":" + s.indexSegment().toString().substring(35))
                    + s.fragmentIds() + "/" + s.weight());
        }
        return String.join(" ", out);
    }

    @Test
    void eachSegmentCoversItsVisibleFragmentsAndTheRestAreFlat() {
        Snapshot s = snapshot(List.of(0L, 1L, 2L, 5L, 6L), segment(A, "vec_idx", "L2", List.of(0L, 1L, 3L)),
                segment(B, "vec_idx", "L2", List.of(5L)));
        VectorSplitPlan p = plan(s, null);
        assertEquals(VectorIndexStatus.USED, p.status());
        assertEquals(DistanceMetric.L2, p.metric());
        assertEquals("INDEX_SEGMENT_SEARCH:a[0, 1]/201 INDEX_SEGMENT_SEARCH:b[5]/105 FLAT_SEARCH[2]/102"
                + " FLAT_SEARCH[6]/106", describe(p.splits()));
        assertEquals(List.of(5, 2, 3, 2), List.of(p.visibleFragments(), p.indexSegments(), p.indexFragments(),
                p.unindexedFragments()));
    }

    @Test
    void aFragmentInTwoSegmentsIsSearchedOnlyOnce() {
        Snapshot s = snapshot(List.of(0L, 1L, 2L), segment(A, "vec_idx", "L2", List.of(0L, 1L)),
                segment(B, "vec_idx", "L2", List.of(1L, 2L)));
        assertEquals("INDEX_SEGMENT_SEARCH:a[0, 1]/201 INDEX_SEGMENT_SEARCH:b[2]/102",
                describe(plan(s, DistanceMetric.L2).splits()));
    }

    @Test
    void aSegmentWithoutAFragmentBitmapMeansUnknownCoverageAndFlatSearch() {
        Snapshot s = snapshot(List.of(0L, 1L), segment(A, "vec_idx", "L2", List.of(0L)),
                segment(B, "vec_idx", "L2", null));
        VectorSplitPlan p = plan(s, DistanceMetric.L2);
        assertEquals(VectorIndexStatus.UNKNOWN_COVERAGE, p.status());
        assertEquals("FLAT_SEARCH[0]/100 FLAT_SEARCH[1]/101", describe(p.splits()));
        assertEquals(Optional.of("a segment of index 'vec_idx' does not record the fragments it covers"), p.note());
    }

    @Test
    void segmentsCoveringOnlyDroppedFragmentsMeanNoVisibleCoverage() {
        Snapshot s = snapshot(List.of(4L, 5L), segment(A, "vec_idx", "L2", List.of(0L, 1L, 2L, 3L)));
        VectorSplitPlan p = plan(s, null);
        assertEquals(VectorIndexStatus.NO_VISIBLE_COVERAGE, p.status());
        assertEquals("FLAT_SEARCH[4]/104 FLAT_SEARCH[5]/105", describe(p.splits()));
        assertEquals(List.of(2, 0, 0, 2), List.of(p.visibleFragments(), p.indexSegments(), p.indexFragments(),
                p.unindexedFragments()));
    }

    @Test
    void aSegmentWithoutARecordedMetricNeverMatches() {
        Snapshot s = snapshot(List.of(0L), segment(A, "vec_idx", null, List.of(0L)));
        VectorSplitPlan p = plan(s, null);
        assertEquals(VectorIndexStatus.METRIC_MISMATCH, p.status());
        assertEquals(DistanceMetric.L2, p.metric());
        assertEquals(Optional.of("index 'vec_idx' has metric unknown, the search uses l2"), p.note());
    }

    @Test
    void aMatchingIndexAfterTheFirstIsNotUsedBecauseLanceSearchesOnlyTheFirst() {
        Snapshot s = snapshot(List.of(0L), segment(A, "vec_idx", "L2", List.of(0L)),
                segment(B, "vec_cos_idx", "COSINE", List.of(0L)));
        VectorSplitPlan p = plan(s, DistanceMetric.COSINE);
        assertEquals(VectorIndexStatus.METRIC_MISMATCH, p.status());
        assertEquals(Optional.of("index 'vec_cos_idx' has metric cosine, but lance-core 7.0.0 searches only the"
                + " first vector index of a column ('vec_idx', metric l2)"), p.note());
        assertEquals("FLAT_SEARCH[0]/100", describe(p.splits()));
    }

    @Test
    void withoutAMetricTheFirstIndexDecides() {
        Snapshot s = snapshot(List.of(0L), segment(A, "vec_dot", "DOT", List.of(0L)),
                segment(B, "vec_l2", "L2", List.of(0L)));
        VectorSplitPlan p = plan(s, null);
        assertEquals(DistanceMetric.DOT, p.metric());
        assertEquals(Optional.of("vec_dot"), p.indexName());
    }

    @Test
    void indexesOfOtherColumnsDoNotMatch() {
        IndexSegment onId = new IndexSegment(C, "id_idx", List.of(0), Optional.of(List.of(0L)), "BTree",
                Optional.empty(), false);
        VectorSplitPlan p = plan(snapshot(List.of(0L), onId), null);
        assertEquals(VectorIndexStatus.NO_MATCH, p.status());
    }

    @Test
    void useIndexFalseSkipsIndexPlanning() {
        Snapshot s = snapshot(List.of(0L, 1L), segment(A, "vec_idx", "L2", List.of(0L, 1L)));
        VectorSplitPlan p = VectorSplitPlanner.plan(s, "vec", VectorElementType.FLOAT32, Optional.empty(), false);
        assertEquals(VectorIndexStatus.DISABLED, p.status());
        assertEquals("FLAT_SEARCH[0]/100 FLAT_SEARCH[1]/101", describe(p.splits()));
    }

    @Test
    void uint8DefaultsToHammingAndIsNeverSearchedThroughLance() {
        Snapshot s = snapshot(List.of(0L), segment(A, "vec_idx", "HAMMING", List.of(0L)));
        VectorSplitPlan p = VectorSplitPlanner.plan(s, "vec", VectorElementType.UINT8, Optional.empty(), true);
        assertEquals(VectorIndexStatus.DISABLED, p.status());
        assertEquals(DistanceMetric.HAMMING, p.metric());
        VectorSplitPlan noIndex = VectorSplitPlanner.plan(snapshot(List.of(0L)), "vec", VectorElementType.UINT8,
                Optional.empty(), true);
        assertEquals(DistanceMetric.HAMMING, noIndex.metric());
    }

    @Test
    void anEmptyVersionHasNoSplits() {
        VectorSplitPlan p = plan(snapshot(List.of()), null);
        assertEquals(List.of(), p.splits());
        assertEquals(VectorIndexStatus.NO_MATCH, p.status());
    }

    @Test
    void aFragmentListedTwiceIsRefused() {
        SqlError e = assertThrows(SqlError.class, () -> plan(snapshot(List.of(0L, 1L, 1L)), null));
        assertEquals("42000", e.sqlState());
        assertEquals("vector_search() cannot search Lance dataset file:///data/t.lance: the manifest of version 7"
                + " lists fragment 1 twice (written by an old Lance release); rewrite the dataset with a current Lance"
                + " release to search it", e.getMessage());
    }
}
