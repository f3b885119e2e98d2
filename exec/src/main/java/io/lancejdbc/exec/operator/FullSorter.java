package io.lancejdbc.exec.operator;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.AllocationReservation;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;

/**
 * Orders buffered rows by their sort keys and returns them as {@code (batch << 32) | row} references, the order of
 * {@link RowComparator} (which defines it) and stable: rows with equal keys keep input order.
 *
 * <p>The first key is normalized once into {@code long} codes ({@link SortKeyEncoder}) and radix-sorted with the input
 * row numbers ({@link LongRadixSort}); the NULL rows of that key go first or last as a block in input order. Rows
 * whose codes tie are then ordered by the remaining keys (or, for a string key's 8-byte prefix, by the key itself)
 * with {@link RowComparator}, a stable merge sort over each run of ties. A first key without an encoding (a list, an
 * interval, DECIMAL(76)) sorts every row with {@link RowComparator}.
 *
 * <p>Heap arrays are accounted against the query's allocator ({@code query.max_memory}) while they live: 24 bytes per
 * row during the sort; the returned 8-byte references are the caller's to account.
 */
final class FullSorter {
    /** Heap bytes per row the sort itself takes: codes and row numbers twice (radix scratch). */
    static final long SCRATCH_BYTES_PER_ROW = 24;

    private FullSorter() {
    }

    /**
     * @param keyVectors keyVectors.get(b).get(k) is key k of batch b, each with {@code rowCounts[b]} values
     * @param rowCounts the rows of each batch (at least one key vector per batch)
     * @param accounting the allocator the scratch memory is reserved in
     * @return {@code total} references in sort order
     * @throws OutOfMemoryException when the scratch memory exceeds the allocator's limit
     */
    static long[] sort(List<List<FieldVector>> keyVectors, int[] rowCounts, boolean[] ascending, boolean[] nullsFirst,
            BufferAllocator accounting) {
        int total = 0;
        for (int n : rowCounts) {
            total += n;
        }
        RowComparator comparator = new RowComparator(keyVectors, ascending, nullsFirst);
        if (total == 0) {
            return new long[0];
        }
        List<FieldVector> first = new ArrayList<>(keyVectors.size());
        for (List<FieldVector> kv : keyVectors) {
            first.add(kv.get(0));
        }
        if (!SortKeyEncoder.encodable(first.get(0).getField().getType())) {
            long[] refs = inputOrder(rowCounts, total);
            try (AllocationReservation r = reserve(accounting, 8L * total)) {
                comparator.sort(refs, total);
            }
            return refs;
        }
        SortKeyEncoder.Encoded enc;
        long[] refs;
        try (AllocationReservation r = reserve(accounting, SCRATCH_BYTES_PER_ROW * total)) {
            enc = SortKeyEncoder.encode(first, total, ascending[0]);
            LongRadixSort.sort(enc.codes(), enc.rows(), enc.nonNull());
            refs = toRefs(enc, rowCounts, nullsFirst[0]);
        }
        int nulls = total - enc.nonNull();
        int valuesAt = nullsFirst[0] ? nulls : 0;
        int nullsAt = nullsFirst[0] ? 0 : enc.nonNull();
        boolean moreKeys = ascending.length > 1;
        if (moreKeys || !enc.exact()) {
            long[] tmp = new long[total];
            try (AllocationReservation r = reserve(accounting, 8L * total)) {
                breakTies(comparator, enc, refs, valuesAt, tmp, enc.exact() ? 1 : 0);
                if (moreKeys && nulls > 1) {
                    comparator.sortFrom(1, refs, nullsAt, nullsAt + nulls, tmp);
                }
            }
        }
        return refs;
    }

    /** Sorts each run of equal codes by the keys from {@code firstKey} on. */
    private static void breakTies(RowComparator comparator, SortKeyEncoder.Encoded enc, long[] refs, int valuesAt,
            long[] tmp, int firstKey) {
        long[] codes = enc.codes();
        int n = enc.nonNull();
        int i = 0;
        while (i < n) {
            int j = i + 1;
            while (j < n && codes[j] == codes[i]) {
                j++;
            }
            if (j - i > 1) {
                comparator.sortFrom(firstKey, refs, valuesAt + i, valuesAt + j, tmp);
            }
            i = j;
        }
    }

    /** Rows per block of the batch lookup in {@link #toRefs}, as a shift. */
    private static final int BLOCK_SHIFT = 10;

    /** The sorted row numbers as references, the NULL block first or last. */
    private static long[] toRefs(SortKeyEncoder.Encoded enc, int[] rowCounts, boolean nullsFirst) {
        int total = enc.rows().length;
        int[] starts = new int[rowCounts.length + 1];
        for (int b = 0; b < rowCounts.length; b++) {
            starts[b + 1] = starts[b] + rowCounts[b];
        }
        int[] blockBatch = blockBatches(starts, total);
        int nulls = total - enc.nonNull();
        long[] refs = new long[total];
        int[] rows = enc.rows();
        int valuesAt = nullsFirst ? nulls : 0;
        int nullsAt = nullsFirst ? 0 : enc.nonNull();
        for (int i = 0; i < enc.nonNull(); i++) {
            refs[valuesAt + i] = ref(starts, blockBatch, rows[i]);
        }
        for (int i = 0; i < nulls; i++) {
            refs[nullsAt + i] = ref(starts, blockBatch, rows[enc.nonNull() + i]);
        }
        return refs;
    }

    /**
     * For each block of 2^{@value #BLOCK_SHIFT} input rows (and one past the last), the batch holding its first row
     * (the last batch for the block past the end), so that a row's batch is searched for only among the few batches
     * its block spans.
     */
    private static int[] blockBatches(int[] starts, int total) {
        int blocks = (total >>> BLOCK_SHIFT) + 1;
        int[] blockBatch = new int[blocks + 1];
        int last = starts.length - 2;
        int b = 0;
        for (int blk = 0; blk <= blocks; blk++) {
            long row = (long) blk << BLOCK_SHIFT;
            while (b < last && starts[b + 1] <= row) {
                b++;
            }
            blockBatch[blk] = b;
        }
        return blockBatch;
    }

    /** The reference of input row {@code row}: its batch found by binary search among its block's batches. */
    private static long ref(int[] starts, int[] blockBatch, int row) {
        int block = row >>> BLOCK_SHIFT;
        int lo = blockBatch[block];
        int hi = blockBatch[block + 1];
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts[mid] <= row) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return ((long) lo << 32) | (row - starts[lo]);
    }

    static long[] inputOrder(int[] rowCounts, int total) {
        long[] refs = new long[total];
        int k = 0;
        for (int b = 0; b < rowCounts.length; b++) {
            for (int r = 0; r < rowCounts[b]; r++) {
                refs[k++] = ((long) b << 32) | r;
            }
        }
        return refs;
    }

    /**
     * Reserves {@code bytes} of heap memory against {@code allocator}'s limit (accounting only; nothing is allocated).
     *
     * @throws OutOfMemoryException when the limit does not allow it
     */
    static AllocationReservation reserve(BufferAllocator allocator, long bytes) {
        AllocationReservation r = allocator.newReservation();
        if (!reserveExactly(r, bytes)) {
            r.close();
            throw new OutOfMemoryException("ORDER BY needs " + (bytes >> 20) + " MiB of sort space beyond the "
                    + (allocator.getAllocatedMemory() >> 20) + " MiB the query holds (limit "
                    + (allocator.getLimit() >> 20) + " MiB)");
        }
        return r;
    }

    /**
     * Arrow 18's {@code AllocationReservation.reserve} accounts the bytes but does not count them as reserved, so
     * closing the reservation never returns them; {@code add} does, rounded up to a power of two. Adding each power of
     * two of {@code bytes}'s binary form reserves exactly {@code bytes}.
     */
    private static boolean reserveExactly(AllocationReservation r, long bytes) {
        for (long bit = Long.highestOneBit(bytes); bit > 0; bit >>>= 1) {
            if ((bytes & bit) != 0 && !r.add(bit)) {
                return false;
            }
        }
        return true;
    }
}
