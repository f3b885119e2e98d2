package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.Objects;

/**
 * The execution-layer handle of a table reference: the dataset (with its storage options) and the snapshot of the
 * version pinned at planning time. Every split of the query reads this version.
 *
 * @param source dataset location and storage options (never printed)
 * @param snapshot the pinned version's metadata
 * @param catalogType {@code filesystem}, {@code rest} or {@code tvf}, for EXPLAIN
 */
public record PinnedTable(DatasetSource source, Snapshot snapshot, String catalogType) {
    public PinnedTable {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(catalogType, "catalogType");
    }

    @Override
    public String toString() {
        return "PinnedTable{" + snapshot.uri() + "@" + snapshot.version() + "}";
    }
}
