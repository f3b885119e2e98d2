package io.lancejdbc.exec.split;

/** What a split asks its worker to do. */
public enum SplitKind {
    /** Scan the listed fragments (projection, pushed filter, limit). */
    FRAGMENT_SCAN,
    /** Vector search restricted to one physical index segment and the visible fragments it covers. */
    INDEX_SEGMENT_SEARCH,
    /** Exact (flat) vector search over the listed fragments. */
    FLAT_SEARCH
}
