package io.lancejdbc.exec.lance;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One nearest-neighbour search over some fragments of a pinned dataset version: lance-core's
 * {@code nearest(Query)} restricted with {@code fragmentIds} and {@code prefilter(true)}, which limits both the
 * candidates and the index segments searched to those fragments (docs/lance-core-notes.md §2).
 * Immutable; never printed with its key.
 *
 * @param source the dataset and its storage options
 * @param version the pinned dataset version (&gt; 0)
 * @param fragmentIds the fragments searched (non-empty), or empty to search the whole version without a fragment
 *     restriction (lance-core's unrestricted search, which needs no prefilter pass over the row ids)
 * @param column the vector column, {@code fixed_size_list<float16|float32|float64, dimension>}
 * @param key the query vector (float32: the only key type of lance-core 7.0.0), length = dimension
 * @param k neighbours returned at most, &gt;= 1
 * @param metric the distance metric sent with the query
 * @param useIndex true: let Lance search the vector index segments covering the fragments; false: exact search
 * @param nprobes IVF partitions probed (minimum = maximum), or 0 for Lance's default (minimum 1, no maximum)
 * @param refineFactor re-ranking factor, or 0 for none
 * @param ef HNSW candidate list width, or 0 for Lance's default; must be &gt;= k for HNSW indexes
 * @param filter a Lance filter applied before the search (a prefilter), or empty
 * @param columns table columns returned in front of {@code _distance} and {@code _rowid}; may be empty
 * @param batchSize rows per batch requested from Lance
 */
public record NearestQuery(DatasetSource source, long version, Optional<List<Long>> fragmentIds, String column,
        float[] key, int k, DistanceMetric metric, boolean useIndex, int nprobes, int refineFactor, int ef,
        Optional<String> filter, List<String> columns, int batchSize) {

    /** The distance column lance-core appends (float32). */
    public static final String DISTANCE = "_distance";
    /** The row id column (uint64) every search returns for a later {@link FragmentScanReader#takeRows}. */
    public static final String ROW_ID = "_rowid";

    public NearestQuery {
        Objects.requireNonNull(source, "source");
        fragmentIds = Objects.requireNonNull(fragmentIds, "fragmentIds").map(List::copyOf);
        Objects.requireNonNull(column, "column");
        key = Objects.requireNonNull(key, "key").clone();
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(filter, "filter");
        columns = List.copyOf(columns);
        if (version <= 0 || fragmentIds.map(List::isEmpty).orElse(false) || k < 1 || nprobes < 0 || refineFactor < 0
                || ef < 0 || batchSize < 1) {
            throw new IllegalArgumentException("invalid nearest query: version=" + version + ", fragments="
                    + fragmentIds + ", k=" + k + ", nprobes=" + nprobes + ", refine=" + refineFactor
                    + ", ef=" + ef + ", batchSize=" + batchSize);
        }
        for (long id : fragmentIds.orElse(List.of())) {
            if (id < 0 || id > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("fragment id out of range: " + id);
            }
        }
        filter = filter.filter(f -> !f.isBlank());
    }

    @Override
    public float[] key() {
        return key.clone();
    }

    /** Leaves out the key. */
    @Override
    public String toString() {
        return "NearestQuery{" + source.uri() + "@" + version + ", fragments="
                + fragmentIds.map(Object::toString).orElse("all") + ", column=" + column
                + ", k=" + k + ", metric=" + metric.sqlName() + ", useIndex=" + useIndex + "}";
    }
}
