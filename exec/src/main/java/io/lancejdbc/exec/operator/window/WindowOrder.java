package io.lancejdbc.exec.operator.window;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.operator.RowComparator;
import io.lancejdbc.exec.operator.hash.KeyBatch;
import io.lancejdbc.exec.operator.hash.KeyHashTable;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The rows of a window input in window order: grouped by the PARTITION BY keys (NULLs form one partition), sorted
 * by the ORDER BY keys within each partition (stable: ties keep input order), with the partition and peer (equal
 * ORDER BY keys) boundaries.
 *
 * <p>Partitions are found by hashing. ORDER BY keys of integer-like, temporal, boolean and floating point types are
 * sorted by an LSD radix sort on order-preserving 64-bit keys; other keys (strings, decimals, nested) by a merge sort
 * with {@link RowComparator}.
 *
 * @param perm row ids (positions in the input) in window order
 * @param partitionStart per window position: the row starts a partition
 * @param peerStart per window position: the row starts a peer group (also at every partition start)
 */
record WindowOrder(int[] perm, boolean[] partitionStart, boolean[] peerStart) {

    /**
     * @param partitionKeys the PARTITION BY values of all rows (one vector per key, {@code n} rows each)
     * @param orderKeys the ORDER BY values of all rows
     * @param ascending per ORDER BY key
     * @param nullsFirst per ORDER BY key
     */
    static WindowOrder of(List<FieldVector> partitionKeys, List<FieldVector> orderKeys, boolean[] ascending,
            boolean[] nullsFirst, int n) {
        int[] groups = new int[n];
        int groupCount = partitionIds(partitionKeys, n, groups);
        int[] perm;
        boolean[] partitionStart = new boolean[n];
        boolean[] peerStart = new boolean[n];
        if (orderKeys.isEmpty()) {
            perm = countingSort(identity(n), groups, groupCount, n);
            markPartitions(perm, groups, partitionStart);
            System.arraycopy(partitionStart, 0, peerStart, 0, n);
        } else if (orderKeys.stream().allMatch(k -> radixSortable(k.getField().getType()))) {
            perm = countingSort(identity(n), groups, groupCount, n);
            markPartitions(perm, groups, partitionStart);
            sortPartitions(perm, partitionStart, orderKeys, ascending, nullsFirst, peerStart, n);
        } else {
            perm = countingSort(identity(n), groups, groupCount, n);
            markPartitions(perm, groups, partitionStart);
            RowComparator cmp = new RowComparator(List.of(orderKeys), ascending, nullsFirst);
            long[] refs = new long[n];
            for (int p = 0; p < n; p++) {
                refs[p] = perm[p];
            }
            long[] tmp = new long[n];
            int start = 0;
            for (int p = 1; p <= n; p++) {
                if (p == n || partitionStart[p]) {
                    cmp.sort(refs, start, p, tmp);
                    start = p;
                }
            }
            for (int p = 0; p < n; p++) {
                perm[p] = (int) refs[p];
                peerStart[p] = partitionStart[p] || cmp.compare(refs[p - 1], refs[p]) != 0;
            }
        }
        return new WindowOrder(perm, partitionStart, peerStart);
    }

    /**
     * Sorts each partition's run of {@code perm} by the ORDER BY keys and marks the peer groups. The keys are first
     * laid out in partition order (one gather per key), so that each partition is sorted within a small, contiguous
     * piece of memory: by LSD radix sort, or insertion sort for short runs.
     */
    private static void sortPartitions(int[] perm, boolean[] partitionStart, List<FieldVector> orderKeys,
            boolean[] ascending, boolean[] nullsFirst, boolean[] peerStart, int n) {
        int k = orderKeys.size();
        // keys[j][p] / nulls[j][p]: key j of the row at window position p (before sorting within partitions).
        long[][] keys = new long[k][];
        boolean[][] nulls = new boolean[k][];
        for (int j = 0; j < k; j++) {
            FieldVector key = orderKeys.get(j);
            long[] byRow = sortableKeys(key, ascending[j], n);
            long[] byPos = new long[n];
            for (int p = 0; p < n; p++) {
                byPos[p] = byRow[perm[p]];
            }
            keys[j] = byPos;
            if (key.getNullCount() > 0) {
                boolean[] nb = new boolean[n];
                for (int p = 0; p < n; p++) {
                    // A NULL sorts as if its key were below (NULLS FIRST) or above (NULLS LAST) every value.
                    nb[p] = key.isNull(perm[p]);
                }
                nulls[j] = nb;
            }
        }
        int[] original = perm.clone();
        SegmentSorter sorter = new SegmentSorter(keys, nulls, nullsFirst);
        for (int a = 0; a < n; ) {
            int b = a + 1;
            while (b < n && !partitionStart[b]) {
                b++;
            }
            int[] order = sorter.sort(a, b);
            for (int i = 0; i < order.length; i++) {
                perm[a + i] = original[order[i]];
                peerStart[a + i] = i == 0 || sorter.compare(order[i - 1], order[i]) != 0;
            }
            a = b;
        }
    }

    /** Sorts runs of window positions by several order-preserving 64-bit keys with NULL flags. */
    private static final class SegmentSorter {
        private static final int INSERTION_LIMIT = 48;
        private final long[][] keys;
        private final boolean[][] nulls;
        private final boolean[] nullsFirst;
        private long[] k1 = new long[0];
        private long[] k2 = new long[0];
        private int[] i2 = new int[0];
        private int[] i3 = new int[0];
        private final int[] counts = new int[257];

        SegmentSorter(long[][] keys, boolean[][] nulls, boolean[] nullsFirst) {
            this.keys = keys;
            this.nulls = nulls;
            this.nullsFirst = nullsFirst;
        }

        /** Positions {@code a..b-1} in sorted order (stable). */
        int[] sort(int a, int b) {
            int m = b - a;
            int[] idx = new int[m];
            for (int i = 0; i < m; i++) {
                idx[i] = a + i;
            }
            if (m < 2) {
                return idx;
            }
            if (m <= INSERTION_LIMIT) {
                for (int i = 1; i < m; i++) {
                    int x = idx[i];
                    int j = i - 1;
                    while (j >= 0 && compare(idx[j], x) > 0) {
                        idx[j + 1] = idx[j];
                        j--;
                    }
                    idx[j + 1] = x;
                }
                return idx;
            }
            if (k1.length < m) {
                k1 = new long[m];
                k2 = new long[m];
                i2 = new int[m];
                i3 = new int[m];
            }
            for (int j = keys.length - 1; j >= 0; j--) {
                idx = radix(keys[j], idx, m);
                if (nulls[j] != null) {
                    idx = nullsApart(nulls[j], nullsFirst[j], idx, m);
                }
            }
            // A scratch buffer may come back: it can be longer than this run and is reused by the next one.
            return idx == i2 || idx == i3 ? java.util.Arrays.copyOf(idx, m) : idx;
        }

        /**
         * One stable LSD pass over the first {@code m} entries of {@code idx}; returns the sorted positions, in
         * {@code idx} or in a scratch buffer (never the one {@code idx} is, so a pass never reads what it writes).
         */
        private int[] radix(long[] key, int[] idx, int m) {
            long[] k = k1;
            long[] kk = k2;
            int[] ii = idx == i2 ? i3 : i2;
            int[] spare = idx == i2 || idx == i3 ? null : (ii == i2 ? i3 : i2);
            for (int i = 0; i < m; i++) {
                k[i] = key[idx[i]];
            }
            for (int shift = 0; shift < 64; shift += 8) {
                java.util.Arrays.fill(counts, 0);
                for (int i = 0; i < m; i++) {
                    counts[(int) ((k[i] >>> shift) & 0xFF) + 1]++;
                }
                boolean trivial = false;
                for (int c = 1; c <= 256; c++) {
                    if (counts[c] == m) {
                        trivial = true;
                        break;
                    }
                }
                if (trivial) {
                    continue;
                }
                for (int c = 0; c < 256; c++) {
                    counts[c + 1] += counts[c];
                }
                for (int i = 0; i < m; i++) {
                    int c = (int) ((k[i] >>> shift) & 0xFF);
                    int pos = counts[c]++;
                    kk[pos] = k[i];
                    ii[pos] = idx[i];
                }
                long[] tk = k;
                k = kk;
                kk = tk;
                int[] ti = idx;
                idx = ii;
                // The positions just read become the next target, unless they are the caller's own array.
                ii = ti == i2 || ti == i3 ? ti : spare;
            }
            k1 = k;
            k2 = kk;
            return idx;
        }

        private static int[] nullsApart(boolean[] isNull, boolean first, int[] idx, int m) {
            int[] out = new int[m];
            int c = 0;
            for (int pass = 0; pass < 2; pass++) {
                boolean wantNull = pass == 0 == first;
                for (int i = 0; i < m; i++) {
                    if (isNull[idx[i]] == wantNull) {
                        out[c++] = idx[i];
                    }
                }
            }
            return out;
        }

        /** Compares window positions {@code x} and {@code y} by every key. */
        int compare(int x, int y) {
            for (int j = 0; j < keys.length; j++) {
                boolean xn = nulls[j] != null && nulls[j][x];
                boolean yn = nulls[j] != null && nulls[j][y];
                if (xn || yn) {
                    if (xn != yn) {
                        return xn == nullsFirst[j] ? -1 : 1;
                    }
                    continue;
                }
                int c = Long.compareUnsigned(keys[j][x], keys[j][y]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }
    }

    /** Dense partition ids (in order of first appearance); returns their count (1 without partition keys). */
    private static int partitionIds(List<FieldVector> keys, int n, int[] out) {
        if (keys.isEmpty() || n == 0) {
            return 1;
        }
        boolean[] nullSafe = new boolean[keys.size()];
        Arrays.fill(nullSafe, true);
        KeyBatch kb = new KeyBatch(keys.toArray(new FieldVector[0]), nullSafe, n);
        KeyHashTable table = KeyHashTable.build(kb);
        int[] heads = new int[n];
        table.heads(kb, n, heads);
        int[] ids = new int[n];
        Arrays.fill(ids, -1);
        int count = 0;
        for (int i = 0; i < n; i++) {
            int h = heads[i];
            if (ids[h] < 0) {
                ids[h] = count++;
            }
            out[i] = ids[h];
        }
        return count;
    }

    private static void markPartitions(int[] perm, int[] groups, boolean[] partitionStart) {
        for (int p = 0; p < perm.length; p++) {
            partitionStart[p] = p == 0 || groups[perm[p]] != groups[perm[p - 1]];
        }
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /** {@code order} stably re-sorted by {@code bucket[row]} in [0, buckets). */
    private static int[] countingSort(int[] order, int[] bucket, int buckets, int n) {
        int[] start = new int[buckets + 1];
        for (int i = 0; i < n; i++) {
            start[bucket[i] + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            start[b + 1] += start[b];
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            int r = order[i];
            out[start[bucket[r]]++] = r;
        }
        return out;
    }

    static boolean radixSortable(ArrowType t) {
        switch (t.getTypeID()) {
            case Int:
            case Date:
            case Time:
            case Timestamp:
            case FloatingPoint:
            case Bool:
                return true;
            default:
                return false;
        }
    }

    /**
     * Keys whose unsigned order is the SQL order of the values (descending: reversed). Floats: {@code -0.0} equals
     * {@code 0.0} and NaN sorts above every number, as in the comparison kernels. NULL rows get 0.
     */
    private static long[] sortableKeys(FieldVector v, boolean ascending, int n) {
        long[] out = new long[n];
        ArrowType t = v.getField().getType();
        if (t instanceof ArrowType.FloatingPoint) {
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(v);
            for (int i = 0; i < n; i++) {
                if (!r.isNull(i)) {
                    double d = r.get(i);
                    long bits = d == 0.0 ? 0L : Double.isNaN(d) ? 0x7ff8000000000000L : Double.doubleToRawLongBits(d);
                    long u = bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
                    out[i] = ascending ? u : ~u;
                }
            }
            return out;
        }
        boolean unsigned64 = t instanceof ArrowType.Int && !((ArrowType.Int) t).getIsSigned()
                && ((ArrowType.Int) t).getBitWidth() == 64;
        ColumnReaders.LongReader r = ColumnReaders.longs(v);
        for (int i = 0; i < n; i++) {
            if (!r.isNull(i)) {
                long x = r.get(i);
                long u = unsigned64 ? x : x ^ Long.MIN_VALUE;
                out[i] = ascending ? u : ~u;
            }
        }
        return out;
    }
}
