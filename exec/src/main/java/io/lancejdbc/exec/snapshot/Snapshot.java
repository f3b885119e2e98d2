package io.lancejdbc.exec.snapshot;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Everything planning needs about one dataset at one pinned version, loaded once and immutable.
 * Cached by {@code (normalized URI, version)}.
 *
 * @param uri the normalized dataset URI (file:///..., s3://bucket/key)
 * @param version the pinned dataset version (&gt; 0)
 * @param schema the Arrow schema of the dataset
 * @param fieldIds Lance field id of each top-level field by name (used to match index segments)
 * @param fragments the visible fragments of this version, in id order
 * @param indexSegments every physical index segment of this version (scalar and vector), in manifest order (the
 *     order lance-core picks a column's vector index in)
 * @param storageFormat the data storage version, e.g. {@code 2.1}
 */
public record Snapshot(
        String uri,
        long version,
        Schema schema,
        Map<String, Integer> fieldIds,
        List<FragmentInfo> fragments,
        List<IndexSegment> indexSegments,
        String storageFormat) {
    public Snapshot {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(schema, "schema");
        fieldIds = Map.copyOf(fieldIds);
        fragments = List.copyOf(fragments);
        indexSegments = List.copyOf(indexSegments);
    }

    /** Rows visible in this version (after deletions). */
    public long logicalRows() {
        long n = 0;
        for (FragmentInfo f : fragments) {
            n += f.logicalRows();
        }
        return n;
    }
}
