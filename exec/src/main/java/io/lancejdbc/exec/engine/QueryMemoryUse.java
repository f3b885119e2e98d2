package io.lancejdbc.exec.engine;

import java.util.Locale;

/**
 * The Arrow memory one query held at its peak, against its limit, as EXPLAIN ANALYZE prints it after the plan:
 * {@code queryPeakMemory=<bytes> bytes (<MiB> MiB) query.max_memory=<bytes> bytes (<percent>% used)}, or
 * {@code query.max_memory=unlimited}.
 *
 * <p>The peak is the query allocator's {@link org.apache.arrow.memory.BufferAllocator#getPeakMemoryAllocation}: the
 * most bytes its buffers (and those of its child allocators, e.g. the batches imported from lance-core's C stream)
 * held at one time, counted as Arrow accounts them (a buffer Arrow allocates is rounded up to a power of two).
 * {@code query.max_memory} is this allocator's limit; the Java heap of aggregation states and sort indexes is not in
 * the figure (the limit applies to each aggregation state's heap separately).
 *
 * @param peakBytes the peak, {@code >= 0}
 * @param limitBytes the query's {@code query.max_memory} in bytes, {@link Long#MAX_VALUE} when unlimited
 */
record QueryMemoryUse(long peakBytes, long limitBytes) {
    QueryMemoryUse {
        if (peakBytes < 0 || limitBytes < 1) {
            throw new IllegalArgumentException("peakBytes must be >= 0 and limitBytes >= 1");
        }
    }

    /** The EXPLAIN ANALYZE line. */
    String explainLine() {
        String peak = "queryPeakMemory=" + peakBytes + " bytes (" + mib(peakBytes) + " MiB)";
        if (limitBytes == Long.MAX_VALUE) {
            return peak + " query.max_memory=unlimited";
        }
        return peak + " query.max_memory=" + limitBytes + " bytes (" + String.format(Locale.ROOT, "%.1f",
                100.0 * peakBytes / limitBytes) + "% used)";
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024.0));
    }
}
