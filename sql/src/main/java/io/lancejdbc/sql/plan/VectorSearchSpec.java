package io.lancejdbc.sql.plan;

import java.util.Arrays;
import java.util.Objects;

/**
 * The validated arguments of {@code vector_search(...)} (Doris Lance Catalog manual, Vector Search; doris-semantics
 * §3.3). Never printed with its query vector.
 *
 * @param column the vector column name as it appears in the table schema
 * @param queryVector the query vector (length = column dimension)
 * @param topK rows returned after skipping {@code offset}, &gt;= 1
 * @param offset nearest neighbours skipped, &gt;= 0
 * @param metric requested metric (l2, cosine, dot, hamming) or null when omitted (the index's metric decides)
 * @param filter the Lance prefilter, or null
 * @param nprobes IVF partitions probed (minimum = maximum), or 0 when unset
 * @param refineFactor refine factor, or 0 when unset
 * @param ef HNSW ef, or 0 when unset (a default is derived at planning)
 * @param useIndex false forces flat search
 */
public record VectorSearchSpec(String column, double[] queryVector, long topK, long offset, String metric,
        String filter, int nprobes, int refineFactor, int ef, boolean useIndex) {
    public VectorSearchSpec {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(queryVector, "queryVector");
        queryVector = queryVector.clone();
    }

    /** top_k + offset: the candidates each split returns. */
    public long candidates() {
        return topK + offset;
    }

    @Override
    public double[] queryVector() {
        return queryVector.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof VectorSearchSpec)) {
            return false;
        }
        VectorSearchSpec s = (VectorSearchSpec) o;
        return column.equals(s.column) && Arrays.equals(queryVector, s.queryVector) && topK == s.topK
                && offset == s.offset && Objects.equals(metric, s.metric) && Objects.equals(filter, s.filter)
                && nprobes == s.nprobes && refineFactor == s.refineFactor && ef == s.ef && useIndex == s.useIndex;
    }

    @Override
    public int hashCode() {
        return Objects.hash(column, Arrays.hashCode(queryVector), topK, offset, metric, filter);
    }

    /** Leaves out the query vector (EXPLAIN and logs must never show it). */
    @Override
    public String toString() {
        return "VectorSearchSpec{column=" + column + ", topK=" + topK + ", offset=" + offset + ", metric=" + metric
                + "}";
    }
}
