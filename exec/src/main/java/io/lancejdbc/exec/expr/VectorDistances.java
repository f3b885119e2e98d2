package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;

/**
 * Vector distances with Lance's conventions, so SQL computes exactly the {@code _distance} of {@code vector_search}
 * with the same metric: {@code l2_distance} is the SQUARED Euclidean distance, {@code cosine_distance} is
 * {@code 1 - cos(a, b)}, {@code dot_distance} is {@code 1 - dot(a, b)} (lance-core 7.0.0's "dot" distance, checked
 * against its flat search in VectorSearchSqlTest), {@code hamming_distance} counts differing bits of uint8 elements.
 * {@code inner_product} (alias {@code dot_product}) is the plain dot product {@code sum(a_i * b_i)}, a similarity
 * (larger is closer), as in Doris.
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
            case "inner_product":
            case "dot_distance": {
                double dot = 0;
                for (int i = 0; i < a.length; i++) {
                    dot += a[i] * b[i];
                }
                return function.equals("dot_distance") ? 1.0 - dot : dot;
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
