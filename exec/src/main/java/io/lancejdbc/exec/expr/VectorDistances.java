package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.SqlError;
import io.lancejdbc.sql.SqlState;

/**
 * Vector distances with Lance's conventions, so SQL can compute exact distances: l2 is the SQUARED Euclidean
 * distance, cosine is {@code 1 - cos(a, b)}, dot ({@code inner_product}) is the NEGATED dot product (smaller is
 * closer), hamming counts differing bits of uint8 elements (lance-core notes §2; corpus README conventions).
 */
public final class VectorDistances {
    private VectorDistances() {
    }

    /**
     * @return the distance, or null when either vector holds a NULL element
     * @throws SqlError 22000 when the dimensions differ
     */
    public static Double distance(String function, double[] a, double[] b) {
        if (a == null || b == null) {
            return null;
        }
        if (a.length != b.length) {
            throw new SqlError(SqlState.DATA_EXCEPTION, function + "() needs vectors of equal dimension, got "
                    + a.length + " and " + b.length);
        }
        switch (function) {
            case "l2_distance": {
                double s = 0;
                for (int i = 0; i < a.length; i++) {
                    double d = a[i] - b[i];
                    s += d * d;
                }
                return s;
            }
            case "cosine_distance": {
                double dot = 0;
                double na = 0;
                double nb = 0;
                for (int i = 0; i < a.length; i++) {
                    dot += a[i] * b[i];
                    na += a[i] * a[i];
                    nb += b[i] * b[i];
                }
                if (na == 0 || nb == 0) {
                    return null;
                }
                return 1.0 - dot / (Math.sqrt(na) * Math.sqrt(nb));
            }
            case "inner_product": {
                double dot = 0;
                for (int i = 0; i < a.length; i++) {
                    dot += a[i] * b[i];
                }
                return -dot;
            }
            default: {
                long bits = 0;
                for (int i = 0; i < a.length; i++) {
                    bits += Integer.bitCount(((int) a[i] ^ (int) b[i]) & 0xFF);
                }
                return (double) bits;
            }
        }
    }
}
