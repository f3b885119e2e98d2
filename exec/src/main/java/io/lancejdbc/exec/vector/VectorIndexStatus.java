package io.lancejdbc.exec.vector;

/**
 * Why a vector search did or did not use a vector index, printed as {@code lanceVectorIndexStatus=} in EXPLAIN
 * (the statuses of the Doris Lance Catalog, doris-semantics §3.3).
 */
public enum VectorIndexStatus {
    /** Index segments were searched through the index; uncovered fragments by flat search. */
    USED,
    /**
     * Index planning was skipped: {@code "use_index" = "false"}, or the element type (int8, uint8) cannot be
     * searched by lance-core 7.0.0 and the driver computes an exact flat search itself.
     */
    DISABLED,
    /** No vector index covers the column (or the column has no Lance field id). */
    NO_MATCH,
    /** The column's indexes use another metric than the search, or the matching one is not the one Lance uses. */
    METRIC_MISMATCH,
    /** A segment of the matching index does not record which fragments it covers. */
    UNKNOWN_COVERAGE,
    /** No segment of the matching index covers a fragment visible in the pinned version. */
    NO_VISIBLE_COVERAGE
}
