package io.lancejdbc.exec.lance;

import java.util.Locale;
import java.util.Optional;
import org.lance.index.DistanceType;

/**
 * A vector distance metric with the conventions lance-core 7.0.0 uses for {@code _distance} (smaller is closer;
 * verified against an exact search in {@code NearestSearchTest}):
 * <ul>
 *   <li>{@link #L2}: the <em>squared</em> Euclidean distance {@code sum((a_i - b_i)^2)};</li>
 *   <li>{@link #COSINE}: {@code 1 - cos(a, b)}, in {@code [0, 2]};</li>
 *   <li>{@link #DOT}: {@code 1 - dot(a, b)} (so the order is that of the negated dot product);</li>
 *   <li>{@link #HAMMING}: the number of differing bits of uint8 elements.</li>
 * </ul>
 */
public enum DistanceMetric {
    L2("l2", DistanceType.L2),
    COSINE("cosine", DistanceType.Cosine),
    DOT("dot", DistanceType.Dot),
    HAMMING("hamming", DistanceType.Hamming);

    private final String sqlName;
    private final DistanceType lance;

    DistanceMetric(String sqlName, DistanceType lance) {
        this.sqlName = sqlName;
        this.lance = lance;
    }

    /** The lower-case name used by {@code vector_search(... "metric" = ...)} and EXPLAIN. */
    public String sqlName() {
        return sqlName;
    }

    DistanceType lanceType() {
        return lance;
    }

    /**
     * The metric named {@code name} ({@code l2}, {@code cosine}, {@code dot}, {@code dot_product},
     * {@code hamming}, any case; also the upper-case index metric names {@code L2}, {@code COSINE}, {@code DOT},
     * {@code HAMMING}), or empty for anything else.
     */
    public static Optional<DistanceMetric> parse(String name) {
        if (name == null) {
            return Optional.empty();
        }
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "l2":
            case "euclidean":
                return Optional.of(L2);
            case "cosine":
                return Optional.of(COSINE);
            case "dot":
            case "dot_product":
                return Optional.of(DOT);
            case "hamming":
                return Optional.of(HAMMING);
            default:
                return Optional.empty();
        }
    }
}
