package io.lancejdbc.exec.testing;

import java.util.SplittableRandom;
import org.apache.arrow.memory.util.Float16;

/**
 * Deterministic vectors for the vector fixtures: 8 clusters (row {@code id} belongs to cluster {@code id % 8}) so
 * that IVF partitions are meaningful. Values are the <em>exact stored</em> element values as doubles (float16 and
 * float32 values are rounded to their type first), so distances computed from them are exact.
 */
public final class VectorValues {
    /** Number of clusters the rows are drawn around. */
    public static final int CLUSTERS = 8;

    private VectorValues() {
    }

    /** The stored vector of row {@code id} (a column of {@code type} and {@code dim} elements). */
    public static double[] vector(VectorElementType type, int dim, long id) {
        SplittableRandom noise = new SplittableRandom(id * 31 + 7);
        return around(type, dim, (int) (id % CLUSTERS), noise, 0.25);
    }

    /**
     * Query vector number {@code q} for a column of {@code type}: near cluster {@code q % 8}, with float32-exact
     * values (lance-core takes query keys as {@code float[]}).
     */
    public static float[] query(VectorElementType type, int dim, int q) {
        double[] v = around(type, dim, q % CLUSTERS, new SplittableRandom(900_000L + q), 0.3);
        float[] out = new float[dim];
        for (int i = 0; i < dim; i++) {
            out[i] = (float) v[i];
        }
        return out;
    }

    /** {@code query} widened to doubles (exact). */
    public static double[] widen(float[] query) {
        double[] out = new double[query.length];
        for (int i = 0; i < query.length; i++) {
            out[i] = query[i];
        }
        return out;
    }

    private static double[] around(VectorElementType type, int dim, int cluster, SplittableRandom noise,
            double spread) {
        SplittableRandom centre = new SplittableRandom(1_000L + cluster);
        double[] out = new double[dim];
        for (int i = 0; i < dim; i++) {
            double c = centre.nextDouble() * 2 - 1;
            double x = c + (noise.nextDouble() * 2 - 1) * spread;
            out[i] = switch (type) {
                case FLOAT16 -> Float16.toFloat(Float16.toFloat16((float) x));
                case FLOAT32 -> (float) x;
                case FLOAT64 -> x;
                case INT8 -> Math.max(-128, Math.min(127, Math.round(x * 100)));
                // A byte per element: the centre's byte with about one bit in eight flipped.
                case UINT8 -> (int) (c * 127.5 + 127.5) ^ flipMask(noise);
            };
        }
        return out;
    }

    private static int flipMask(SplittableRandom noise) {
        int mask = 0;
        for (int bit = 0; bit < 8; bit++) {
            if (noise.nextInt(8) == 0) {
                mask |= 1 << bit;
            }
        }
        return mask;
    }
}
