package io.lancejdbc.exec.testing;

/**
 * Vector distance functions with Lance's conventions (smaller = nearer), computed in double precision over the
 * exact stored element values. Checked against lance-core's flat search in {@code ExactKnnTest}.
 */
public enum VectorMetric {
    /** Squared euclidean distance {@code sum((a_i - b_i)^2)} (Lance's "l2" is not square-rooted). */
    L2,
    /** {@code 1 - cos(a, b)}, in {@code [0, 2]}. */
    COSINE,
    /**
     * {@code 1 - dot(a, b)}: lance-core 7.0.0 reports this value as {@code _distance} for the "dot" metric (a
     * constant shift of {@code -dot}, so the order is that of {@code -dot}).
     */
    DOT,
    /** Number of differing bits, over the elements taken as unsigned bytes (for UINT8 vectors). */
    HAMMING;

    /**
     * The distance between {@code a} and {@code b}.
     *
     * @throws IllegalArgumentException for vectors of different lengths, or a HAMMING element outside 0..255
     */
    public double distance(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("dimension mismatch: " + a.length + " vs " + b.length);
        }
        switch (this) {
            case L2: {
                double s = 0;
                for (int i = 0; i < a.length; i++) {
                    double d = a[i] - b[i];
                    s += d * d;
                }
                return s;
            }
            case COSINE: {
                double dot = 0;
                double na = 0;
                double nb = 0;
                for (int i = 0; i < a.length; i++) {
                    dot += a[i] * b[i];
                    na += a[i] * a[i];
                    nb += b[i] * b[i];
                }
                return 1.0 - dot / (Math.sqrt(na) * Math.sqrt(nb));
            }
            case DOT: {
                double dot = 0;
                for (int i = 0; i < a.length; i++) {
                    dot += a[i] * b[i];
                }
                return 1.0 - dot;
            }
            case HAMMING: {
                int bits = 0;
                for (int i = 0; i < a.length; i++) {
                    bits += Integer.bitCount(unsignedByte(a[i]) ^ unsignedByte(b[i]));
                }
                return bits;
            }
            default:
                throw new AssertionError(this);
        }
    }

    private static int unsignedByte(double v) {
        if (v != Math.rint(v) || v < 0 || v > 255) {
            throw new IllegalArgumentException("HAMMING needs byte values 0..255, got " + v);
        }
        return (int) v;
    }
}
