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
 * <p>Partitions are found by hashing. One ORDER BY key of an integer-like, temporal, boolean or floating point type
 * is sorted by an LSD radix sort on order-preserving 64-bit keys; other keys by a merge sort with
 * {@link RowComparator}.
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
        } else if (orderKeys.size() == 1 && radixSortable(orderKeys.get(0).getField().getType())) {
            FieldVector key = orderKeys.get(0);
            long[] sortable = sortableKeys(key, ascending[0], n);
            int[] byKey = radixOrder(sortable, n);
            int[] buckets = new int[n];
            boolean nf = nullsFirst[0];
            for (int i = 0; i < n; i++) {
                boolean isNull = key.isNull(i);
                buckets[i] = groups[i] * 2 + (isNull == nf ? 0 : 1);
            }
            perm = countingSort(byKey, buckets, groupCount * 2, n);
            markPartitions(perm, groups, partitionStart);
            for (int p = 0; p < n; p++) {
                int r = perm[p];
                if (partitionStart[p]) {
                    peerStart[p] = true;
                } else {
                    int q = perm[p - 1];
                    boolean rn = key.isNull(r);
                    boolean qn = key.isNull(q);
                    peerStart[p] = rn != qn || !rn && sortable[r] != sortable[q];
                }
            }
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

    /** Row ids {@code 0..n-1} stably sorted by the unsigned value of {@code keys[row]} (LSD radix, 8 bits a pass). */
    static int[] radixOrder(long[] keys, int n) {
        long[] k = Arrays.copyOf(keys, n);
        int[] idx = identity(n);
        long[] k2 = new long[n];
        int[] idx2 = new int[n];
        int[] counts = new int[257];
        for (int shift = 0; shift < 64; shift += 8) {
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) ((k[i] >>> shift) & 0xFF) + 1]++;
            }
            boolean trivial = false;
            for (int b = 1; b <= 256; b++) {
                if (counts[b] == n) {
                    trivial = true;
                    break;
                }
            }
            if (trivial) {
                continue;
            }
            for (int b = 0; b < 256; b++) {
                counts[b + 1] += counts[b];
            }
            for (int i = 0; i < n; i++) {
                int b = (int) ((k[i] >>> shift) & 0xFF);
                int pos = counts[b]++;
                k2[pos] = k[i];
                idx2[pos] = idx[i];
            }
            long[] tk = k;
            k = k2;
            k2 = tk;
            int[] ti = idx;
            idx = idx2;
            idx2 = ti;
        }
        return idx;
    }
}
