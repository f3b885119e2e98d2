package io.lancejdbc.exec.pin;

import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.snapshot.Snapshot;
import java.util.List;
import java.util.Objects;

/**
 * The execution-layer handle of a table reference: the datasets it reads, each pinned to its own version at
 * planning time. A catalog table and a file TVF with {@code uri}/{@code file_path} read one dataset; a file TVF
 * with {@code "uris"} reads several with identical schemas, in sorted identity order (design "Revised Design —
 * Phase 1" §5, §6). The rows of the reference are those of the datasets concatenated in that order (the
 * {@code UNION ALL} of the single-dataset scans).
 *
 * @param datasets at least one, distinct, in read order; the first one's schema is the reference's schema
 * @param catalogType {@code filesystem}, {@code rest} or {@code tvf}, for EXPLAIN
 * @param versionChoice how a time-travel reference chose its version (EXPLAIN {@code lanceVersionChoice=}), or null
 *     for the latest version at planning time
 */
public record PinnedTable(List<PinnedDataset> datasets, String catalogType, String versionChoice) {
    public PinnedTable {
        datasets = List.copyOf(Objects.requireNonNull(datasets, "datasets"));
        Objects.requireNonNull(catalogType, "catalogType");
        if (datasets.isEmpty()) {
            throw new IllegalArgumentException("a table reference reads at least one dataset");
        }
    }

    /** A reference to the latest versions of its datasets. */
    public PinnedTable(List<PinnedDataset> datasets, String catalogType) {
        this(datasets, catalogType, null);
    }

    /** A reference to one dataset. */
    public PinnedTable(DatasetSource source, Snapshot snapshot, String catalogType) {
        this(List.of(new PinnedDataset(source, snapshot)), catalogType);
    }

    /** A reference to one dataset at a version chosen by time travel ({@code choice} non-null). */
    public PinnedTable(DatasetSource source, Snapshot snapshot, String catalogType, String choice) {
        this(List.of(new PinnedDataset(source, snapshot)), catalogType, choice);
    }

    /** True when the reference reads exactly one dataset. */
    public boolean isSingleDataset() {
        return datasets.size() == 1;
    }

    /**
     * The dataset of a single-dataset reference.
     *
     * @throws IllegalStateException when the reference reads several datasets (use {@link #datasets()})
     */
    public DatasetSource source() {
        return only().source();
    }

    /**
     * The pinned snapshot of a single-dataset reference.
     *
     * @throws IllegalStateException when the reference reads several datasets (use {@link #datasets()})
     */
    public Snapshot snapshot() {
        return only().snapshot();
    }

    /** Rows visible in the pinned versions (after deletions), summed over the datasets. */
    public long logicalRows() {
        long n = 0;
        for (PinnedDataset d : datasets) {
            n += d.snapshot().logicalRows();
        }
        return n;
    }

    /** Fragments of the pinned versions, summed over the datasets. */
    public int fragmentCount() {
        int n = 0;
        for (PinnedDataset d : datasets) {
            n += d.snapshot().fragments().size();
        }
        return n;
    }

    private PinnedDataset only() {
        if (datasets.size() != 1) {
            throw new IllegalStateException("this table reference reads " + datasets.size() + " datasets");
        }
        return datasets.get(0);
    }

    @Override
    public String toString() {
        if (datasets.size() == 1) {
            Snapshot s = datasets.get(0).snapshot();
            return "PinnedTable{" + s.uri() + "@" + s.version() + "}";
        }
        return "PinnedTable{" + datasets.size() + " datasets, first " + datasets.get(0).snapshot().uri() + "}";
    }
}
