package io.lancejdbc.exec.operator.hash;

/**
 * The bits that identify a {@code float64} under SQL key equality, as the comparison kernels define it: -0.0 equals
 * 0.0 (both give 0) and every NaN equals every other NaN (all give {@code 0x7ff8000000000000}, Java's canonical NaN).
 * Any other value keeps its IEEE 754 bits. Shared by the hash keys ({@link KeyColumn}) and the DISTINCT sets.
 */
public final class DoubleKeyBits {
    private DoubleKeyBits() {
    }

    /** @param bits raw IEEE 754 bits of a {@code float64} */
    public static long of(long bits) {
        if (bits == Long.MIN_VALUE) {
            return 0L;
        }
        if ((bits & 0x7ff0000000000000L) == 0x7ff0000000000000L && (bits & 0x000fffffffffffffL) != 0) {
            return 0x7ff8000000000000L;
        }
        return bits;
    }
}
