package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.SplitPipeline;
import io.lancejdbc.exec.operator.SplitStage;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The run of a planned {@link FinalAggregateOperator} over its {@link PartialAggregateOperator}: the
 * {@link SplitStage}'s {@code degree} workers take splits one at a time, read each through the stage's pipeline and
 * fold it into their own partial state; the partial states are then merged in worker order.
 */
final class ParallelAggregationStream implements BatchStream {
    private final Schema schema;
    private final int keyCount;
    private final Field[] keyFields;
    private final SplitPipeline pipeline;
    private final int degree;
    private final SplitStage stage;
    /** The partial aggregation, for EXPLAIN ANALYZE (its rows: the groups of every partial state). */
    private final PartialAggregateOperator partial;
    private final AggregationState.Factory states;
    private final ExecContext ctx;
    private final List<Future<AggregationState>> futures = new ArrayList<>();
    /** The pipeline with its join build sides read; released once every worker has stopped. */
    private SplitPipeline.Prepared prepared;
    private volatile boolean closed;
    private boolean done;

    ParallelAggregationStream(Schema schema, int keyCount, Field[] keyFields, PartialAggregateOperator partial,
            AggregationState.Factory states, ExecContext ctx) {
        SplitStage stage = partial.stage();
        this.stage = stage;
        this.partial = partial;
        this.schema = schema;
        this.keyCount = keyCount;
        this.keyFields = keyFields;
        this.pipeline = stage.pipeline();
        this.degree = stage.degree();
        this.states = states;
        this.ctx = ctx;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        if (done) {
            return null;
        }
        done = true;
        int splits = pipeline.splitCount();
        int workers = Math.min(degree, splits);
        SplitPipeline.Prepared ready = pipeline.prepare(ctx);
        prepared = ready;
        AtomicInteger nextSplit = new AtomicInteger();
        for (int w = 0; w < workers; w++) {
            futures.add(ctx.workers().submit(() -> {
                AggregationState state = states.get();
                try {
                    int i;
                    while (!closed && (i = nextSplit.getAndIncrement()) < splits) {
                        ctx.cancellation().throwIfCancelled();
                        try (BatchStream s = ctx.observe(stage, ready.open(i))) {
                            VectorSchemaRoot b;
                            while (!closed && (b = s.next()) != null) {
                                try (VectorSchemaRoot batch = b) {
                                    state.consume(batch);
                                }
                            }
                        }
                    }
                    if (ctx.profile() != null) {
                        ctx.profile().of(partial).addRows(state.groupCount());
                    }
                    return state;
                } catch (RuntimeException | Error e) {
                    state.close();
                    throw e;
                }
            }));
        }
        AggregationState total = null;
        int merged = 0;
        try {
            for (Future<AggregationState> f : futures) {
                AggregationState partial = await(f);
                merged++;
                if (total == null) {
                    total = partial;
                } else {
                    try {
                        total.merge(partial, keyFields);
                    } finally {
                        partial.close();
                    }
                }
            }
        } catch (RuntimeException e) {
            if (total != null) {
                total.close();
            }
            close();
            closeStates(futures.subList(merged, futures.size()));
            throw e;
        }
        // Every worker has finished: the build sides are no longer read.
        ready.close();
        try {
            return total.output(schema, keyCount);
        } finally {
            total.close();
        }
    }

    /** Closes the states of workers that finished normally (after {@link #close()} waited for them). */
    private static void closeStates(List<Future<AggregationState>> pending) {
        for (Future<AggregationState> f : pending) {
            if (f.isDone() && !f.isCancelled()) {
                try {
                    f.get().close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException e) {
                    // The worker failed and closed its own state.
                    org.slf4j.LoggerFactory.getLogger(ParallelAggregationStream.class).debug("aggregation worker", e);
                }
            }
        }
    }

    private AggregationState await(Future<AggregationState> f) {
        while (true) {
            ctx.cancellation().throwIfCancelled();
            try {
                return f.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // Poll again so that a cancellation is noticed promptly.
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SqlError(SqlState.QUERY_CANCELED, "Query was interrupted", e);
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof SqlError) {
                    throw (SqlError) c;
                }
                if (c instanceof Error) {
                    throw (Error) c;
                }
                throw io.lancejdbc.exec.operator.ExecutionFailures.of("Aggregation", c);
            }
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Future<AggregationState> f : futures) {
            try {
                f.get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // The worker's failure was reported by next(); here we only wait for it to stop.
                org.slf4j.LoggerFactory.getLogger(ParallelAggregationStream.class).debug("aggregation worker", e);
            }
        }
        if (prepared != null) {
            prepared.close();
        }
    }
}
