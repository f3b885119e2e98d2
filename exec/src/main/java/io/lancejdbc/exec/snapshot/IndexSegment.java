package io.lancejdbc.exec.snapshot;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * One physical segment of a logical Lance index in a pinned dataset version.
 *
 * @param uuid the segment UUID
 * @param indexName the logical index name the segment belongs to
 * @param fieldIds Lance field ids the index covers
 * @param fragmentIds the fragments the segment covers (its fragment bitmap); empty Optional when Lance does not
 *     record coverage (Doris: UNKNOWN_COVERAGE)
 * @param indexType the concrete index type from {@code describeIndices()}, e.g. {@code IVF_PQ}, {@code BTree}
 * @param metric upper-case metric of a vector index ({@code L2}, {@code COSINE}, {@code DOT}, {@code HAMMING}),
 *     empty for scalar indexes or when unknown
 * @param vector true for vector indexes
 */
public record IndexSegment(
        UUID uuid,
        String indexName,
        List<Integer> fieldIds,
        Optional<List<Long>> fragmentIds,
        String indexType,
        Optional<String> metric,
        boolean vector) {
    public IndexSegment {
        fieldIds = List.copyOf(fieldIds);
        fragmentIds = fragmentIds.map(List::copyOf);
    }
}
