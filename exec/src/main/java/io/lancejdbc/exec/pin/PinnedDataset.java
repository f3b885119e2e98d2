package io.lancejdbc.exec.pin;

import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.Objects;

/**
 * One dataset of a table reference at the version pinned at planning time: where it is (with its storage options)
 * and the snapshot of that version. Every split of the dataset reads this version.
 *
 * @param source dataset location and storage options (never printed)
 * @param snapshot the pinned version's metadata; {@code snapshot.uri()} is the dataset's identity
 */
public record PinnedDataset(DatasetSource source, Snapshot snapshot) {
    public PinnedDataset {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(snapshot, "snapshot");
    }

    @Override
    public String toString() {
        return "PinnedDataset{" + snapshot.uri() + "@" + snapshot.version() + "}";
    }
}
