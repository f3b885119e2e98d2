package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.List;
import java.util.Objects;

/**
 * A {@link Snapshot} plus what only metadata listings need (logical index descriptions, primary key), loaded from
 * the same pinned dataset version and cached together.
 *
 * @param snapshot the pinned version's planning metadata
 * @param indexes one descriptor per logical index, sorted by name; empty when the dataset has none or its index
 *     metadata cannot be read by lance-core 7.0.0 (old formats)
 * @param primaryKey the unenforced primary key columns (Lance field metadata
 *     {@code lance-schema:unenforced-primary-key}) in key order; empty when none is declared
 * @param indexMetadataComplete false when {@code describeIndices()} failed and index information was taken from
 *     the per-segment listing only (concrete vector index types and metrics are then unknown)
 */
public record DatasetMetadata(
        Snapshot snapshot, List<IndexDescriptor> indexes, List<String> primaryKey, boolean indexMetadataComplete) {
    public DatasetMetadata {
        Objects.requireNonNull(snapshot, "snapshot");
        indexes = List.copyOf(indexes);
        primaryKey = List.copyOf(primaryKey);
    }
}
