package io.lancejdbc.exec.operator;

/**
 * A stable least-significant-digit radix sort of {@code long} codes in unsigned order, carrying an {@code int}
 * payload per code: eight passes of one byte each at most, and a pass is skipped when every code has the same byte
 * there (keys of a small range, such as a permutation of 0..n, take three passes for n = 4M). Stable: codes that are
 * equal keep their relative order, so a payload of input row numbers keeps ties in input order. No comparisons, no
 * boxing; scratch space is one more {@code long[n]} and {@code int[n]}.
 */
final class LongRadixSort {
    private static final int DIGITS = 8;

    private LongRadixSort() {
    }

    /**
     * Sorts {@code codes[0..n)} in unsigned order and permutes {@code payload[0..n)} with them.
     *
     * @param codes at least {@code n} codes; sorted on return
     * @param payload at least {@code n} values moved with their codes
     */
    static void sort(long[] codes, int[] payload, int n) {
        if (n < 2) {
            return;
        }
        int[][] counts = new int[DIGITS][256];
        for (int i = 0; i < n; i++) {
            long c = codes[i];
            for (int d = 0; d < DIGITS; d++) {
                counts[d][(int) (c >>> (8 * d)) & 0xFF]++;
            }
        }
        long[] srcCodes = codes;
        int[] srcPayload = payload;
        long[] dstCodes = null;
        int[] dstPayload = null;
        for (int d = 0; d < DIGITS; d++) {
            int[] count = counts[d];
            if (count[(int) (codes[0] >>> (8 * d)) & 0xFF] == n) {
                continue;
            }
            if (dstCodes == null) {
                dstCodes = new long[n];
                dstPayload = new int[n];
            }
            int[] start = new int[256];
            int at = 0;
            for (int b = 0; b < 256; b++) {
                start[b] = at;
                at += count[b];
            }
            int shift = 8 * d;
            for (int i = 0; i < n; i++) {
                long c = srcCodes[i];
                int pos = start[(int) (c >>> shift) & 0xFF]++;
                dstCodes[pos] = c;
                dstPayload[pos] = srcPayload[i];
            }
            long[] tc = srcCodes;
            srcCodes = dstCodes;
            dstCodes = tc;
            int[] tp = srcPayload;
            srcPayload = dstPayload;
            dstPayload = tp;
        }
        if (srcCodes != codes) {
            System.arraycopy(srcCodes, 0, codes, 0, n);
            System.arraycopy(srcPayload, 0, payload, 0, n);
        }
    }
}
