package io.lancejdbc.exec.testing;

/**
 * The vector index a fixture builds, named as {@code describeIndices().getIndexType()} reports it. IVF_HNSW_FLAT is
 * missing on purpose: lance-core 7.0.0 cannot build it from Java (its parameter validation demands PQ or SQ).
 * PQ kinds need at least 256 indexed rows and a dimension divisible by the number of sub-vectors.
 */
public enum VectorIndexKind {
    NONE,
    IVF_FLAT,
    IVF_PQ,
    IVF_SQ,
    IVF_HNSW_SQ,
    IVF_HNSW_PQ;

    /** True when the index quantizes with PQ. */
    public boolean usesPq() {
        return this == IVF_PQ || this == IVF_HNSW_PQ;
    }
}
