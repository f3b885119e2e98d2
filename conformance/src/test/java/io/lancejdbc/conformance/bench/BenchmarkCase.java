package io.lancejdbc.conformance.bench;

/**
 * The three measurements of issue 2 §9, each "our driver vs raw lance-core on the same data", with the ratio the
 * issue sets as the target (ours / raw, lower is better).
 */
enum BenchmarkCase {
    /** All rows, 4 columns, every value read through {@code ResultSet} getters vs from lance-core's Arrow vectors. */
    SCAN("full scan, 4 columns", 1.10),
    /** A pushed selective filter (0.1% of the rows) vs lance-core's filtered scan with the same filter. */
    FILTER("pushed filter, 0.1% of rows", 1.10),
    /** GROUP BY with five aggregates vs {@code Dataset.sql} (DataFusion inside lance-core) on the same query. */
    GROUPBY("GROUP BY + 5 aggregates", 0.80),
    /** ORDER BY an unsorted DOUBLE column DESC, tie-broken, LIMIT 100 (Top-K) vs {@code Dataset.sql}. */
    TOPK("ORDER BY f64 DESC, id LIMIT 100", 0.80);

    final String title;
    final double target;

    BenchmarkCase(String title, double target) {
        this.title = title;
        this.target = target;
    }
}
