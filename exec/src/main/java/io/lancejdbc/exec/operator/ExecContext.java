package io.lancejdbc.exec.operator;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.expr.ExprCompiler;
import io.lancejdbc.exec.lance.FragmentScanReader;
import io.lancejdbc.exec.stream.BatchStream;
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
 * @param profile where EXPLAIN ANALYZE counts what each operator did, or null when nothing is counted
 */
public record ExecContext(BufferAllocator allocator, Cancellation cancellation, ExecutorService workers,
        FragmentScanReader scanReader, int batchSize, int scanParallelism, Clock clock, ExprCompiler compiler,
        OperatorProfile profile) {
    /** A context that counts nothing. */
    public ExecContext(BufferAllocator allocator, Cancellation cancellation, ExecutorService workers,
            FragmentScanReader scanReader, int batchSize, int scanParallelism, Clock clock, ExprCompiler compiler) {
        this(allocator, cancellation, workers, scanReader, batchSize, scanParallelism, clock, compiler, null);
    }

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

    /** This context with {@code other} as the expression compiler (e.g. one that knows more subquery values). */
    public ExecContext withCompiler(ExprCompiler other) {
        return new ExecContext(allocator, cancellation, workers, scanReader, batchSize, scanParallelism, clock, other,
                profile);
    }

    /** This context with {@code rows} as the target rows per batch. */
    public ExecContext withBatchSize(int rows) {
        return new ExecContext(allocator, cancellation, workers, scanReader, rows, scanParallelism, clock, compiler,
                profile);
    }

    /** This context counting into {@code p}. */
    public ExecContext withProfile(OperatorProfile p) {
        return new ExecContext(allocator, cancellation, workers, scanReader, batchSize, scanParallelism, clock,
                compiler, p);
    }

    /**
     * Opens {@code op}'s stream; operators open their inputs through this, so that EXPLAIN ANALYZE can count each
     * operator's output.
     */
    public BatchStream open(PhysicalOperator op) {
        return observe(op, op.open(this));
    }

    /** {@code stream} counted as {@code op}'s output when profiling, else {@code stream} itself. */
    public BatchStream observe(PhysicalOperator op, BatchStream stream) {
        return profile == null ? stream : profile.observe(op, stream);
    }
}
