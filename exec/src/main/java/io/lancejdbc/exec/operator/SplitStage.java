package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The planned split-parallel part of a query: its {@link SplitPipeline} (transforms and split probes over a split
 * source) runs once per split, up to {@code degree} splits at a time on the worker pool. This is where the plan's
 * parallelism lives, so EXPLAIN prints it as {@code PARALLEL_SPLITS splits=N degree=D}.
 *
 * <p>Two deliveries. {@link Delivery#SPLIT_ORDER} gathers the splits' batches in split order: the rows and their order
 * are those of a serial read of every split, one after the other. {@link Delivery#PER_WORKER} gives each of the
 * {@code degree} workers its own partition (the splits it took, one at a time, from a shared counter) for a partial
 * operator above (a partial aggregation) whose results a final operator merges; rows have no order then.
 *
 * <p>A gathering stage without probes is itself a {@link SplitSource} (its splits are the source's splits read
 * through the transforms), so a consumer that splits its input again (a parallel aggregation over a join's probe side)
 * can dissolve it into its own pipeline at planning.
 */
public final class SplitStage implements PhysicalOperator, SplitSource {
    /** How the splits' batches reach the operator above. */
    public enum Delivery {
        /** Gathered in split order, as a serial scan of the splits would give them. */
        SPLIT_ORDER,
        /** One partition per worker for a partial operator above; no order. */
        PER_WORKER
    }

    /**
     * Batches each running split may have read beyond those its consumer took: one (or several small ones that
     * together are an eighth of a batch's rows, {@link ReadAheadBudget}), so that a split of several fragments holds
     * no more of the query's memory than a one-fragment split, and an operator that buffers its input (a join's or
     * set operation's build side) reaches {@code query.max_memory} itself, not in the scan below it (JoinQueryTest,
     * SetOperationQueryTest). lance-core reads ahead natively, outside the query's allocator.
     */
    private static final int BUFFERED_BATCHES = 1;

    private final SplitPipeline pipeline;
    private final int degree;
    private final Delivery delivery;

    /**
     * @param degree the most splits read at the same time (the session's {@code scan.parallelism}), at least 1
     */
    public SplitStage(SplitPipeline pipeline, int degree, Delivery delivery) {
        if (degree < 1) {
            throw new IllegalArgumentException("degree must be >= 1");
        }
        this.pipeline = pipeline;
        this.degree = degree;
        this.delivery = delivery;
    }

    public SplitPipeline pipeline() {
        return pipeline;
    }

    /** Splits read at the same time: the planned degree, but not more than there are splits (at least 1). */
    public int degree() {
        return Math.max(1, Math.min(degree, pipeline.splitCount()));
    }

    public Delivery delivery() {
        return delivery;
    }

    /** A stage that gathers in split order and shares no prepared state between splits. */
    public boolean isGather() {
        return delivery == Delivery.SPLIT_ORDER && !pipeline.hasProbes();
    }

    @Override
    public Schema schema() {
        return pipeline.top().schema();
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(pipeline.top());
    }

    @Override
    public String name() {
        return "PARALLEL_SPLITS splits=" + pipeline.splitCount() + " degree=" + degree();
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        out.add(delivery == Delivery.SPLIT_ORDER ? "delivery: split order"
                : "delivery: one partition per worker (merged above)");
        if (pipeline.hasProbes()) {
            out.add("build sides: read once, shared by every split");
        }
        return out;
    }

    @Override
    public int splitCount() {
        return pipeline.splitCount();
    }

    /**
     * @throws IllegalStateException when the pipeline has split probes (their build side must be prepared once for
     *     all splits, which {@link #open} does)
     */
    @Override
    public BatchStream openSplit(ExecContext ctx, int index) {
        if (pipeline.hasProbes()) {
            throw new IllegalStateException("a stage with split probes opens its splits through open()");
        }
        SplitPipeline.Prepared p = pipeline.prepare(ctx);
        return p.open(index);
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        SplitPipeline.Prepared prepared = pipeline.prepare(ctx);
        BatchStream gathered;
        try {
            gathered = delivery == Delivery.SPLIT_ORDER
                    ? new OrderedParallelStream(schema(), pipeline.splitCount(), prepared::open, ctx.workers(),
                            ctx.cancellation(), degree(), BUFFERED_BATCHES, ctx.batchSize())
                    : new UnorderedParallelStream(schema(), pipeline.splitCount(), prepared::open, ctx.workers(),
                            ctx.cancellation(), degree(), BUFFERED_BATCHES, ctx.batchSize());
        } catch (RuntimeException | Error e) {
            prepared.close();
            throw e;
        }
        return new BatchStream() {
            @Override
            public Schema schema() {
                return gathered.schema();
            }

            @Override
            public VectorSchemaRoot next() {
                return gathered.next();
            }

            @Override
            public void close() {
                // The parallel stream waits for its workers, so no split reads a build side after this.
                try {
                    gathered.close();
                } finally {
                    prepared.close();
                }
            }
        };
    }

    @Override
    public String toString() {
        return name();
    }
}
