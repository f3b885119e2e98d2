package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.lance.DistanceMetric;
import io.lancejdbc.exec.split.Split;
import io.lancejdbc.exec.split.SplitKind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one {@code vector_search} runs over a pinned dataset version: the metric, whether an index is used and the
 * splits (one per index segment with visible coverage, one flat split per other fragment).
 *
 * @param status the index decision ({@code lanceVectorIndexStatus=})
 * @param metric the metric searched with (requested, else the index's, else l2 / hamming for uint8)
 * @param indexName the logical index searched, present exactly when {@code status} is USED
 * @param indexType its concrete type ({@code IVF_PQ}, {@code IVF_HNSW_SQ}, ...), present when used
 * @param note why an index that exists was not used, for EXPLAIN; empty otherwise
 * @param splits index-segment splits first (manifest order), then flat splits in fragment order
 * @param visibleFragments fragments of the pinned version ({@code lanceSearchFragments=})
 */
public record VectorSplitPlan(VectorIndexStatus status, DistanceMetric metric, Optional<String> indexName,
        Optional<String> indexType, Optional<String> note, List<Split> splits, int visibleFragments) {
    public VectorSplitPlan {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(indexName, "indexName");
        Objects.requireNonNull(indexType, "indexType");
        Objects.requireNonNull(note, "note");
        splits = List.copyOf(splits);
        if ((status == VectorIndexStatus.USED) != indexName.isPresent()) {
            throw new IllegalArgumentException("an index name is given exactly when the status is USED");
        }
    }

    /** Index-segment splits ({@code lanceSearchIndexSegments=}). */
    public int indexSegments() {
        return (int) splits.stream().filter(s -> s.kind() == SplitKind.INDEX_SEGMENT_SEARCH).count();
    }

    /** Fragments searched through the index ({@code lanceSearchIndexFragments=}). */
    public int indexFragments() {
        return splits.stream().filter(s -> s.kind() == SplitKind.INDEX_SEGMENT_SEARCH)
                .mapToInt(s -> s.fragmentIds().size()).sum();
    }

    /** Fragments searched flat ({@code lanceSearchUnindexedFragments=}). */
    public int unindexedFragments() {
        return visibleFragments - indexFragments();
    }

    /** True when the index is HNSW-based (ef applies and must be at least k). */
    public boolean hnsw() {
        return indexType.map(t -> t.toUpperCase(java.util.Locale.ROOT).contains("HNSW")).orElse(false);
    }
}
