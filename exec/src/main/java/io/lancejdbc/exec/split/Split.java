package io.lancejdbc.exec.split;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The unit of parallel work (and of distribution for a remote engine): a pinned dataset version, the fragments to
 * read, and for vector search the index segment to use. Immutable and serializable.
 *
 * @param datasetUri normalized dataset URI
 * @param version pinned dataset version
 * @param fragmentIds fragments this split covers, ascending, non-empty
 * @param indexSegment the physical index segment UUID for {@link SplitKind#INDEX_SEGMENT_SEARCH}, else null
 * @param kind what the split does
 * @param weight relative cost (physical rows covered), used to order work
 */
public record Split(
        String datasetUri,
        long version,
        List<Long> fragmentIds,
        UUID indexSegment,
        SplitKind kind,
        long weight) implements Serializable {
    private static final long serialVersionUID = 1L;

    public Split {
        Objects.requireNonNull(datasetUri, "datasetUri");
        fragmentIds = List.copyOf(fragmentIds);
        Objects.requireNonNull(kind, "kind");
        if (fragmentIds.isEmpty()) {
            throw new IllegalArgumentException("a split covers at least one fragment");
        }
        if ((kind == SplitKind.INDEX_SEGMENT_SEARCH) != (indexSegment != null)) {
            throw new IllegalArgumentException("an index segment is given exactly for INDEX_SEGMENT_SEARCH splits");
        }
    }
}
