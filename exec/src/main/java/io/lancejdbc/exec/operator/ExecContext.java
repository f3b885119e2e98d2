package io.lancejdbc.exec.operator;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.expr.ExprCompiler;
import io.lancejdbc.exec.lance.FragmentScanReader;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What operators need while running one query: its allocator (bounded by {@code query.max_memory}), cancellation,
 * the worker pool for parallel splits, the Lance scan reader and the batch size.
 *
 * @param allocator the query's allocator; every batch of the query is allocated under it
 * @param cancellation the query's cancellation signal
 * @param workers threads for parallel split reads
 * @param scanReader reads fragments of pinned dataset versions
 * @param batchSize target rows per batch
 * @param scanParallelism splits read at the same time per scan
 * @param clock the statement clock
 * @param compiler the expression compiler of this statement
 */
public record ExecContext(BufferAllocator allocator, Cancellation cancellation, ExecutorService workers,
        FragmentScanReader scanReader, int batchSize, int scanParallelism, Clock clock, ExprCompiler compiler) {
    public ExecContext {
        Objects.requireNonNull(allocator, "allocator");
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(workers, "workers");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(compiler, "compiler");
        if (batchSize < 1 || scanParallelism < 1) {
            throw new IllegalArgumentException("batchSize and scanParallelism must be >= 1");
        }
    }
}
