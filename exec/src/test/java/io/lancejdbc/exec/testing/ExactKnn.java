package io.lancejdbc.exec.testing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * Exact (brute-force) top-k nearest neighbours, computed independently of Lance in double precision: the oracle for
 * vector search results. Ties are broken by ascending id so the answer is deterministic.
 */
public final class ExactKnn {
    /**
     * One neighbour.
     *
     * @param id the row id
     * @param distance the distance under the metric used ({@link VectorMetric} conventions)
     */
    public record Neighbor(long id, double distance) {
    }

    private ExactKnn() {
    }

    /**
     * The {@code k} rows among {@code ids} nearest to {@code query}.
     *
     * @param ids candidate row ids (for example the live ids of a dataset version)
     * @param vectors the stored vector of an id; {@code null} for a NULL vector, which is never a neighbour
     * @param query the query vector
     * @param k how many neighbours, {@code >= 0}
     * @param metric the distance function
     * @param filter which ids qualify (a prefilter); use {@code id -> true} for none
     * @return at most {@code k} neighbours, nearest first
     */
    public static List<Neighbor> topK(Iterable<Long> ids, LongFunction<double[]> vectors, double[] query, int k,
            VectorMetric metric, LongPredicate filter) {
        if (k < 0) {
            throw new IllegalArgumentException("k must be >= 0, got " + k);
        }
        List<Neighbor> all = new ArrayList<>();
        for (long id : ids) {
            if (!filter.test(id)) {
                continue;
            }
            double[] v = vectors.apply(id);
            if (v != null) {
                all.add(new Neighbor(id, metric.distance(query, v)));
            }
        }
        all.sort(Comparator.comparingDouble(Neighbor::distance).thenComparingLong(Neighbor::id));
        return List.copyOf(all.subList(0, Math.min(k, all.size())));
    }

    /** The ids of {@code neighbors}, in order. */
    public static List<Long> ids(List<Neighbor> neighbors) {
        return neighbors.stream().map(Neighbor::id).toList();
    }
}
