package io.lancejdbc.exec.vector;

import io.lancejdbc.sql.plan.VectorSearchSpec;

/** A fluent way to write the validated {@code vector_search} arguments a test runs with. */
record Search(String column, double[] query, long topK, long offset, String metric, String filter, int nprobes,
        int refineFactor, int ef, boolean useIndex) {

    /** top_k 10, offset 0, no metric (the index's), no filter, Lance's default probes, index allowed. */
    static Search on(String column, float[] query) {
        double[] q = new double[query.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = query[i];
        }
        return new Search(column, q, 10, 0, null, null, 0, 0, 0, true);
    }

    Search topK(long k) {
        return new Search(column, query, k, offset, metric, filter, nprobes, refineFactor, ef, useIndex);
    }

    Search offset(long n) {
        return new Search(column, query, topK, n, metric, filter, nprobes, refineFactor, ef, useIndex);
    }

    Search metric(String m) {
        return new Search(column, query, topK, offset, m, filter, nprobes, refineFactor, ef, useIndex);
    }

    Search filter(String f) {
        return new Search(column, query, topK, offset, metric, f, nprobes, refineFactor, ef, useIndex);
    }

    Search nprobes(int n) {
        return new Search(column, query, topK, offset, metric, filter, n, refineFactor, ef, useIndex);
    }

    Search refine(int r) {
        return new Search(column, query, topK, offset, metric, filter, nprobes, r, ef, useIndex);
    }

    Search ef(int e) {
        return new Search(column, query, topK, offset, metric, filter, nprobes, refineFactor, e, useIndex);
    }

    Search useIndex(boolean on) {
        return new Search(column, query, topK, offset, metric, filter, nprobes, refineFactor, ef, on);
    }

    VectorSearchSpec spec() {
        return new VectorSearchSpec(column, query, topK, offset, metric, filter, nprobes, refineFactor, ef, useIndex);
    }
}
