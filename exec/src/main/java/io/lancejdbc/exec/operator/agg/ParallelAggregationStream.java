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
    /**
     * The partial aggregation, for EXPLAIN ANALYZE: one batch per worker's partial state, its rows the state's groups,
     * its time the worker's (reading and folding its splits).
     */
    private final PartialAggregateOperator partial;
    private final AggregationState.Factory states;
    private final ExecContext ctx;
    private final List<Future<AggregationState>> futures = new ArrayList<>();
    /** The pipeline with its join build sides read; released once every worker has stopped. */
    private SplitPipeline.Prepared prepared;
    private volatile boolean closed;
    /**
     * Partial states of workers that finished and that {@link #next()} has not merged yet; {@link #close()} frees
     * them. A worker that finishes after the close frees its own state. Guarded by {@code lock}, with
     * {@link #active} (workers not ended) and {@link #preparedClosed}.
     */
    private final List<AggregationState> unmerged = new ArrayList<>();
    private final Object lock = new Object();
    private int active;
    private boolean preparedClosed;
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
        // The splits' batches end in the partial states: read them in batches as large as is cheap to hold.
        SplitPipeline.Prepared ready = pipeline.prepare(ctx,
                AggregationScanBatch.rows(pipeline.sourceSchema(), ctx.batchSize()));
        prepared = ready;
        AtomicInteger nextSplit = new AtomicInteger();
        for (int w = 0; w < workers; w++) {
            synchronized (lock) {
                active++;
            }
            futures.add(ctx.workers().submit(() -> {
                long started = System.nanoTime();
                try {
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
                    } catch (Exception | Error e) {
                        // Exception: lance-core throws checked exceptions it does not declare; the state is freed.
                        state.close();
                        throw e;
                    }
                    if (ctx.profile() != null) {
                        ctx.profile().of(partial).addHandedOver(state.groupCount(), System.nanoTime() - started);
                    }
                    synchronized (lock) {
                        if (!closed) {
                            unmerged.add(state);
                            return state;
                        }
                    }
                    // Closed while this worker read (it may have been stuck in a native read): nobody merges it.
                    state.close();
                    return null;
                } finally {
                    workerEnded();
                }
            }));
        }
        AggregationState total = null;
        int merged = 0;
        try {
            for (Future<AggregationState> f : futures) {
                AggregationState workerState = await(f);
                if (workerState == null) {
                    // Its worker saw the stream closed (only a close can do that) and freed its state.
                    ctx.cancellation().throwIfCancelled();
                    throw new SqlError(SqlState.QUERY_CANCELED, "The aggregation was closed while it ran");
                }
                synchronized (lock) {
                    unmerged.remove(workerState);
                }
                merged++;
                if (total == null) {
                    total = workerState;
                } else {
                    try {
                        total.merge(workerState, keyFields);
                    } finally {
                        workerState.close();
                    }
                }
            }
        } catch (RuntimeException e) {
            if (total != null) {
                total.close();
            }
            close();
            throw e;
        }
        // Every worker has finished: the build sides are no longer read.
        closePrepared();
        try {
            return total.output(schema, keyCount);
        } finally {
            total.close();
        }
    }

    /** A worker ended; the last one after {@link #close()} releases the prepared pipeline. */
    private void workerEnded() {
        boolean last;
        synchronized (lock) {
            active--;
            last = active == 0 && closed;
        }
        if (last) {
            closePrepared();
        }
    }

    /** Releases the pipeline's join build sides once (no worker reads them any more). */
    private void closePrepared() {
        SplitPipeline.Prepared p;
        synchronized (lock) {
            if (preparedClosed || prepared == null) {
                return;
            }
            preparedClosed = true;
            p = prepared;
        }
        p.close();
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

    /**
     * Stops the workers without waiting for one inside a split read (a read stalled in lance-core would hold the
     * statement's timeout, cancel or close until it returns, issue 16): the partial states of finished workers are
     * freed now, a worker still reading frees its own when its read returns, and the last worker to end releases
     * the prepared pipeline; the engine closes the query allocator only after that.
     */
    @Override
    public void close() {
        List<AggregationState> orphans;
        boolean idle;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            orphans = new ArrayList<>(unmerged);
            unmerged.clear();
            idle = active == 0;
        }
        for (AggregationState state : orphans) {
            state.close();
        }
        if (idle) {
            closePrepared();
        }
    }
}
