package io.lancejdbc.exec.operator.hash;

import java.util.Arrays;

/**
 * A read-only hash index over the rows of one build batch, by key: for a probe row it gives the first build row
 * with an equal key, and {@link #next(int)} walks the others, in build row order. Build rows with a NULL in a
 * NULL-rejecting key are not indexed (they match nothing; {@link #hasRejectedRow()} tells whether there were any).
 *
 * <p>One integer-like or floating point key is indexed on primitive {@code long}s: by direct addressing when the
 * key range is at most four times the row count (ids, foreign keys), else by open addressing. Other keys use
 * open addressing over the combined hash with a per-column equality check.
 */
public abstract class KeyHashTable {
    /** Direct addressing is used up to this many slots. */
    private static final long MAX_DIRECT_RANGE = 1L << 25;

    final int[] next;
    private final boolean hasRejectedRow;

    KeyHashTable(int rows, boolean hasRejectedRow) {
        this.next = new int[rows];
        this.hasRejectedRow = hasRejectedRow;
    }

    /** Indexes every row of {@code build}. */
    public static KeyHashTable build(KeyBatch build) {
        if (build.width() == 1 && build.column(0).words() != null) {
            return LongTable.create(build);
        }
        return new GenericTable(build);
    }

    /**
     * The first build row whose key equals probe row {@code i}'s, or -1 for none (also for rejected probe rows).
     */
    public abstract int head(KeyBatch probe, int i);

    /** {@link #head} of probe rows {@code [0, n)} into {@code out}. */
    public void heads(KeyBatch probe, int n, int[] out) {
        for (int i = 0; i < n; i++) {
            out[i] = head(probe, i);
        }
    }

    /** The next build row with the same key as build row {@code row}, or -1. */
    public final int next(int row) {
        return next[row];
    }

    /**
     * The chains as an array: {@code chains()[row]} is {@link #next(int) next(row)}. Shared, not to be modified; for
     * hot loops.
     */
    public final int[] chains() {
        return next;
    }

    /** True when some build row has a NULL in a NULL-rejecting key. */
    public final boolean hasRejectedRow() {
        return hasRejectedRow;
    }

    /** Approximate heap bytes held (not counting the build batch). */
    public abstract long estimatedBytes();

    static int capacity(int rows) {
        int cap = 16;
        while (cap < rows * 2L && cap < (1 << 30)) {
            cap <<= 1;
        }
        return cap;
    }

    /** One 64-bit word key. */
    static final class LongTable extends KeyHashTable {
        private final boolean direct;
        private final long min;
        private final int[] heads;
        private final long[] slotKeys;
        private final int mask;
        private int nullHead;

        private LongTable(int rows, boolean rejected, boolean direct, long min, int[] heads, long[] slotKeys,
                int nullHead) {
            super(rows, rejected);
            this.direct = direct;
            this.min = min;
            this.heads = heads;
            this.slotKeys = slotKeys;
            this.mask = heads.length - 1;
            this.nullHead = nullHead;
        }

        static LongTable create(KeyBatch build) {
            KeyColumn col = build.column(0);
            long[] keys = col.words();
            int n = build.rows();
            boolean nullSafe = build.nullSafe(0);
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            int indexed = 0;
            for (int i = 0; i < n; i++) {
                if (!col.isNull(i)) {
                    lo = Math.min(lo, keys[i]);
                    hi = Math.max(hi, keys[i]);
                    indexed++;
                }
            }
            boolean rejected = build.anyRejected();
            long range = indexed == 0 ? 0 : hi - lo + 1;
            boolean direct = indexed > 0 && range > 0 && range <= Math.max(4L * indexed, 1024)
                    && range <= MAX_DIRECT_RANGE;
            int nullHead = -1;
            if (direct) {
                int[] heads = new int[(int) range];
                Arrays.fill(heads, -1);
                LongTable t = new LongTable(n, rejected, true, lo, heads, null, -1);
                // Inserting backwards at the chain heads leaves every chain in build row order.
                for (int i = n - 1; i >= 0; i--) {
                    if (col.isNull(i)) {
                        if (nullSafe) {
                            t.next[i] = nullHead;
                            nullHead = i;
                        }
                        continue;
                    }
                    int slot = (int) (keys[i] - lo);
                    t.next[i] = heads[slot];
                    heads[slot] = i;
                }
                t.nullHead = nullHead;
                return t;
            }
            int cap = capacity(indexed);
            int[] heads = new int[cap];
            Arrays.fill(heads, -1);
            long[] slotKeys = new long[cap];
            LongTable t = new LongTable(n, rejected, false, 0, heads, slotKeys, -1);
            int m = cap - 1;
            for (int i = n - 1; i >= 0; i--) {
                if (col.isNull(i)) {
                    if (nullSafe) {
                        t.next[i] = nullHead;
                        nullHead = i;
                    }
                    continue;
                }
                long k = keys[i];
                int slot = (int) KeyColumn.mix(k) & m;
                while (heads[slot] >= 0 && slotKeys[slot] != k) {
                    slot = (slot + 1) & m;
                }
                t.next[i] = heads[slot];
                heads[slot] = i;
                slotKeys[slot] = k;
            }
            t.nullHead = nullHead;
            return t;
        }

        @Override
        public int head(KeyBatch probe, int i) {
            KeyColumn col = probe.column(0);
            if (col.isNull(i)) {
                return probe.nullSafe(0) ? nullHead : -1;
            }
            return find(col.words()[i]);
        }

        private int find(long k) {
            if (direct) {
                long slot = k - min;
                return slot >= 0 && slot < heads.length ? heads[(int) slot] : -1;
            }
            int slot = (int) KeyColumn.mix(k) & mask;
            while (true) {
                int h = heads[slot];
                if (h < 0 || slotKeys[slot] == k) {
                    return h;
                }
                slot = (slot + 1) & mask;
            }
        }

        @Override
        public void heads(KeyBatch probe, int n, int[] out) {
            KeyColumn col = probe.column(0);
            long[] keys = col.words();
            if (!col.hasNulls()) {
                if (direct) {
                    int[] h = heads;
                    long lo = min;
                    int len = h.length;
                    for (int i = 0; i < n; i++) {
                        long slot = keys[i] - lo;
                        out[i] = slot >= 0 && slot < len ? h[(int) slot] : -1;
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = find(keys[i]);
                    }
                }
                return;
            }
            for (int i = 0; i < n; i++) {
                out[i] = head(probe, i);
            }
        }

        @Override
        public long estimatedBytes() {
            return next.length * 4L + heads.length * 4L + (slotKeys == null ? 0 : slotKeys.length * 8L);
        }
    }

    /** Any keys: open addressing over the combined hash. */
    static final class GenericTable extends KeyHashTable {
        private final KeyBatch build;
        private final int[] heads;
        private final long[] slotHashes;
        private final int mask;

        GenericTable(KeyBatch build) {
            super(build.rows(), build.anyRejected());
            this.build = build;
            int n = build.rows();
            int cap = capacity(n);
            this.heads = new int[cap];
            Arrays.fill(heads, -1);
            this.slotHashes = new long[cap];
            this.mask = cap - 1;
            long[] hashes = build.hashes();
            for (int i = n - 1; i >= 0; i--) {
                if (build.rejected(i)) {
                    continue;
                }
                long h = hashes[i];
                int slot = (int) h & mask;
                while (heads[slot] >= 0 && !(slotHashes[slot] == h && build.equal(heads[slot], build, i))) {
                    slot = (slot + 1) & mask;
                }
                next[i] = heads[slot];
                heads[slot] = i;
                slotHashes[slot] = h;
            }
        }

        @Override
        public int head(KeyBatch probe, int i) {
            if (probe.rejected(i)) {
                return -1;
            }
            long h = probe.hashes()[i];
            int slot = (int) h & mask;
            while (true) {
                int r = heads[slot];
                if (r < 0 || slotHashes[slot] == h && probe.equal(i, build, r)) {
                    return r;
                }
                slot = (slot + 1) & mask;
            }
        }

        @Override
        public long estimatedBytes() {
            return next.length * 4L + heads.length * 12L + build.estimatedBytes();
        }
    }
}
