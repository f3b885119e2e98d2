package io.lancejdbc.exec.operator.agg;

import java.util.Arrays;

/**
 * Growth of the per-group state arrays of the accumulators: a state array is indexed by group id and grows, at
 * least doubling, to hold {@code groupCount} groups before a batch or a merge touches them. New slots are zero
 * (false, null) unless a fill value is given.
 */
final class GroupArrays {
    private static final int INITIAL = 16;

    private GroupArrays() {
    }

    private static int size(int length, int groupCount) {
        return Math.max(groupCount, Math.max(INITIAL, length * 2));
    }

    static long[] fit(long[] a, int groupCount) {
        return a.length >= groupCount ? a : Arrays.copyOf(a, size(a.length, groupCount));
    }

    static double[] fit(double[] a, int groupCount) {
        return a.length >= groupCount ? a : Arrays.copyOf(a, size(a.length, groupCount));
    }

    static boolean[] fit(boolean[] a, int groupCount) {
        return a.length >= groupCount ? a : Arrays.copyOf(a, size(a.length, groupCount));
    }

    static <T> T[] fit(T[] a, int groupCount) {
        return a.length >= groupCount ? a : Arrays.copyOf(a, size(a.length, groupCount));
    }

    /** Grows {@code a}, setting new slots to {@code fill}. */
    static int[] fit(int[] a, int groupCount, int fill) {
        if (a.length >= groupCount) {
            return a;
        }
        int old = a.length;
        int[] grown = Arrays.copyOf(a, size(old, groupCount));
        Arrays.fill(grown, old, grown.length, fill);
        return grown;
    }
}
