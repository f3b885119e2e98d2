package io.lancejdbc.exec.operator.agg;

/**
 * The group ids of integer keys that lie in one short range, held in an {@code int[]} indexed by {@code key - base}
 * (group id + 1, 0 = no group yet): a lookup is one subtraction and one load, with no hash and no probe, and a table
 * of {@code n} keys in a range of {@code n} takes 4 bytes per key instead of the 32 of a hash table's slots at load
 * 1/2. {@link LongGroupTable} uses it while its keys are dense (small codes, dictionary ids, years, the matrix's
 * {@code g1m}) and falls back to hashing when they are not.
 */
final class DenseKeyMap {
    /** The most keys one map covers: 4 MiB of group ids. */
    static final int MAX_SPAN = 1 << 20;
    /** Spans up to this many keys are always dense enough; larger ones need a group for every {@link #SLACK} keys. */
    private static final int SMALL_SPAN = 1 << 16;
    private static final int SLACK = 64;

    private int[] ids;
    private long base;

    /**
     * Whether keys {@code lo..hi} (inclusive, {@code lo <= hi}) are worth a dense map that will hold about
     * {@code groups} groups: at most {@link #MAX_SPAN} keys, and at most {@value #SLACK} per group beyond
     * {@value #SMALL_SPAN} keys, so that a few scattered keys never cost megabytes.
     */
    static boolean worthIt(long lo, long hi, long groups) {
        long span = hi - lo;
        // span < 0: hi - lo overflowed, the range is wider than a long.
        return span >= 0 && span < MAX_SPAN && (span < SMALL_SPAN || span < SLACK * groups);
    }

    /** A map covering at least {@code lo..hi} ({@link #worthIt} must hold for the range). */
    DenseKeyMap(long lo, long hi) {
        ids = new int[(int) (hi - lo) + 1];
        base = lo;
    }

    /** Whether {@code key} lies inside the range covered now. */
    boolean covers(long key) {
        long at = key - base;
        return at >= 0 && at < ids.length;
    }

    /**
     * Re-covers the map to {@code lo..hi}, a range holding every key stored so far ({@link #worthIt} must hold for
     * it), at least doubling its length (capped at {@link #MAX_SPAN}) towards the side that grew, so that keys
     * rising batch by batch (a sorted column) copy the map only a logarithmic number of times.
     */
    void cover(long lo, long hi) {
        long need = hi - lo + 1;
        long length = Math.max(need, Math.min(2L * ids.length, MAX_SPAN));
        long start = lo;
        if (lo < base) {
            // Grew downwards: keep the slack below. Near Long.MIN_VALUE there may be no room for it.
            long down = hi - (length - 1);
            start = down <= lo ? down : lo;
        }
        long last = start + (length - 1);
        if (last < hi || last < start) {
            // No room for the slack above start (near Long.MAX_VALUE): exactly the range needed.
            start = lo;
            length = need;
            last = hi;
        }
        int[] grown = new int[(int) length];
        long from = Math.max(base, start);
        long to = Math.min(base + ids.length - 1, last);
        if (from <= to) {
            System.arraycopy(ids, (int) (from - base), grown, (int) (from - start), (int) (to - from + 1));
        }
        ids = grown;
        base = start;
    }

    /** The group id + 1 stored for {@code key}, 0 for none; {@code key} must be {@linkplain #covers covered}. */
    int get(long key) {
        return ids[(int) (key - base)];
    }

    /** Records group {@code group} for {@code key}, which must be {@linkplain #covers covered}. */
    void put(long key, int group) {
        ids[(int) (key - base)] = group + 1;
    }

    /** The group-id array and its base, for a caller's per-row loop. */
    int[] ids() {
        return ids;
    }

    long base() {
        return base;
    }

    long estimatedBytes() {
        return ids.length * 4L;
    }
}
