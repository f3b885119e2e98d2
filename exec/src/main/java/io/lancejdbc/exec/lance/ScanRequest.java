package io.lancejdbc.exec.lance;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One Lance scan: a pinned dataset version, the fragments to read, the projection, the pushed-down filter and
 * limit/offset. Immutable; build with {@link #of(DatasetSource, long)} and the {@code with*} methods.
 *
 * @param source the dataset and its storage options
 * @param version the pinned dataset version (&gt; 0)
 * @param fragmentIds the fragments to read, in the order they are read; empty Optional = every fragment of the
 *     version; a present empty list reads nothing
 * @param columns the projected columns in output order; empty Optional = every column; a present empty list
 *     projects no column (batches carry only a row count, e.g. for {@code COUNT(*)}). {@code _rowid} may be listed.
 * @param filter the Lance filter expression (pushed predicate, rendered by {@code sql/}), or empty for none
 * @param limit at most this many rows over the whole scan (after offset), or empty
 * @param offset rows to skip over the whole scan before returning any, or empty
 * @param batchSize rows per batch requested from Lance (&gt; 0; Lance may return smaller batches)
 * @param includeRowId append a {@code _rowid} column (uint64) for a later {@link FragmentScanReader#takeRows}
 * @param useScalarIndex whether Lance may answer the filter from scalar indexes (true unless a retry needs the
 *     plain evaluation, see {@code ScalarIndexFallback})
 */
public record ScanRequest(
        DatasetSource source,
        long version,
        Optional<List<Long>> fragmentIds,
        Optional<List<String>> columns,
        Optional<String> filter,
        OptionalLong limit,
        OptionalLong offset,
        int batchSize,
        boolean includeRowId,
        boolean useScalarIndex) {

    /** Rows per batch unless set: large enough to amortise per-batch costs, small enough to stream. */
    public static final int DEFAULT_BATCH_SIZE = 8192;

    public ScanRequest {
        Objects.requireNonNull(source, "source");
        fragmentIds = Objects.requireNonNull(fragmentIds, "fragmentIds").map(List::copyOf);
        columns = Objects.requireNonNull(columns, "columns").map(List::copyOf);
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(offset, "offset");
        if (version <= 0) {
            throw new IllegalArgumentException("version must be > 0, got " + version);
        }
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batchSize must be > 0, got " + batchSize);
        }
        if (limit.isPresent() && limit.getAsLong() < 0 || offset.isPresent() && offset.getAsLong() < 0) {
            throw new IllegalArgumentException("limit and offset must be >= 0");
        }
        fragmentIds.ifPresent(ids -> ids.forEach(id -> {
            if (id < 0 || id > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("fragment ids are unsigned 32-bit numbers, got " + id);
            }
        }));
        filter = filter.filter(f -> !f.isBlank());
    }

    /** A scan of every fragment and column of {@code version}, no filter, default batch size. */
    public static ScanRequest of(DatasetSource source, long version) {
        return new ScanRequest(source, version, Optional.empty(), Optional.empty(), Optional.empty(),
                OptionalLong.empty(), OptionalLong.empty(), DEFAULT_BATCH_SIZE, false, true);
    }

    public ScanRequest withFragments(List<Long> ids) {
        return new ScanRequest(source, version, Optional.of(ids), columns, filter, limit, offset, batchSize,
                includeRowId, useScalarIndex);
    }

    /** The same scan over every fragment of the version. */
    public ScanRequest withAllFragments() {
        return new ScanRequest(source, version, Optional.empty(), columns, filter, limit, offset, batchSize,
                includeRowId, useScalarIndex);
    }

    public ScanRequest withColumns(List<String> names) {
        return new ScanRequest(source, version, fragmentIds, Optional.of(names), filter, limit, offset, batchSize,
                includeRowId, useScalarIndex);
    }

    /** @param lanceFilter a Lance filter expression, or null for none */
    public ScanRequest withFilter(String lanceFilter) {
        return new ScanRequest(source, version, fragmentIds, columns, Optional.ofNullable(lanceFilter), limit,
                offset, batchSize, includeRowId, useScalarIndex);
    }

    public ScanRequest withLimit(long rows) {
        return new ScanRequest(source, version, fragmentIds, columns, filter, OptionalLong.of(rows), offset,
                batchSize, includeRowId, useScalarIndex);
    }

    public ScanRequest withOffset(long rows) {
        return new ScanRequest(source, version, fragmentIds, columns, filter, limit, OptionalLong.of(rows),
                batchSize, includeRowId, useScalarIndex);
    }

    public ScanRequest withBatchSize(int rows) {
        return new ScanRequest(source, version, fragmentIds, columns, filter, limit, offset, rows, includeRowId,
                useScalarIndex);
    }

    /** The same scan with the filter evaluated on the data, without Lance's scalar indexes. */
    public ScanRequest withoutScalarIndex() {
        return new ScanRequest(source, version, fragmentIds, columns, filter, limit, offset, batchSize, includeRowId,
                false);
    }

    public ScanRequest withRowId(boolean on) {
        return new ScanRequest(source, version, fragmentIds, columns, filter, limit, offset, batchSize, on,
                useScalarIndex);
    }
}
