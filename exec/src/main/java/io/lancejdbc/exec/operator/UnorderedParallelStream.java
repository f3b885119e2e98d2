package io.lancejdbc.exec.operator;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads several split streams in parallel and delivers each batch as soon as it is ready, in no particular order
 * (for consumers that reorder anyway, such as a Top-K merge). At most {@code parallelism} splits run at once and
 * at most {@code parallelism * bufferedBatches} batches read and not yet taken by the consumer exist at once, or more
 * small ones that together are an eighth of those batches' rows ({@link ReadAheadBudget}; a worker takes room before
 * it reads a batch), so memory is bounded and a slow consumer slows the readers.
 */
public final class UnorderedParallelStream implements BatchStream {
    private static final int POLL_MILLIS = HandOff.POLL_MILLIS;

    /** A split finished ({@code failure == null}) or failed. */
    private record Done(int split, Throwable failure) {
    }

    private final Schema schema;
    private final int splitCount;
    private final IntFunction<BatchStream> opener;
    private final ExecutorService workers;
    private final Cancellation cancellation;
    private final int parallelism;
    private final BlockingQueue<Object> queue;
    private final ReadAheadBudget budget;
    private final List<Future<?>> futures = new java.util.concurrent.CopyOnWriteArrayList<>();
    private int launched;
    private int running;
    private int finished;
    private volatile boolean closed;

    /**
     * @param opener opens split {@code i}'s stream (called on a worker thread); its batches must have
     *     {@code schema}
     * @param batchRows the most rows a split's batch has (the scan's batch size): sizes the small batches' share
     */
    public UnorderedParallelStream(Schema schema, int splitCount, IntFunction<BatchStream> opener,
            ExecutorService workers, Cancellation cancellation, int parallelism, int bufferedBatches,
            long batchRows) {
        this.schema = schema;
        this.splitCount = splitCount;
        this.opener = opener;
        this.workers = workers;
        this.cancellation = cancellation;
        this.parallelism = Math.max(1, parallelism);
        this.budget = new ReadAheadBudget(this.parallelism * Math.max(1, bufferedBatches), Math.max(1, batchRows));
        // Room for every batch the budget allows plus each running split's end marker.
        this.queue = new ArrayBlockingQueue<>(budget.maxBatches() + this.parallelism);
        cancellation.onCancel(this::close);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    private void launch() {
        while (!closed && running < parallelism && launched < splitCount) {
            int index = launched++;
            running++;
            futures.add(workers.submit(() -> run(index)));
        }
    }

    private void run(int index) {
        try {
            if (closed) {
                return;
            }
            try (BatchStream stream = opener.apply(index)) {
                while (!closed) {
                    if (!HandOff.reserve(budget, () -> closed)) {
                        return;
                    }
                    VectorSchemaRoot b = stream.next();
                    if (b == null) {
                        budget.ended();
                        break;
                    }
                    budget.read(b.getRowCount());
                    if (!offer(b)) {
                        b.close();
                        return;
                    }
                    if (closed) {
                        // close() may have drained the queue just before this batch went in (a cancel from the
                        // timer thread): nobody reads it any more (found by ObjectStoreFaultTest, issue 16).
                        drainQueue();
                        return;
                    }
                }
            }
            offer(new Done(index, null));
        } catch (Exception | Error e) {
            // Exception: lance-core's native calls throw checked exceptions they do not declare (IOException);
            // one not delivered here would leave next() waiting for a split that never ends.
            offer(new Done(index, e));
        }
    }

    /** Puts {@code item}, waiting while the queue is full; false when the stream was closed meanwhile. */
    private boolean offer(Object item) {
        return HandOff.offer(queue, item, () -> closed);
    }

    @Override
    public VectorSchemaRoot next() {
        while (finished < splitCount) {
            cancellation.throwIfCancelled();
            if (closed) {
                return null;
            }
            launch();
            Object item;
            try {
                item = queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new SqlError(SqlState.QUERY_CANCELED, "Query was interrupted", e);
            }
            if (item == null) {
                continue;
            }
            if (item instanceof Done) {
                Done d = (Done) item;
                if (d.failure() != null) {
                    close();
                    throw asSqlError(d);
                }
                finished++;
                running--;
                continue;
            }
            VectorSchemaRoot batch = (VectorSchemaRoot) item;
            budget.taken(batch.getRowCount());
            return batch;
        }
        return null;
    }

    private static RuntimeException asSqlError(Done d) {
        Throwable t = d.failure();
        if (t instanceof SqlError) {
            return (SqlError) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        return ExecutionFailures.of("Reading split " + d.split(), t);
    }

    /**
     * Stops the workers and frees every queued batch, without waiting for a worker that is inside a split read: a
     * read stalled in lance-core would otherwise hold the statement's timeout, cancel or close until it returns
     * (issue 16). Such a worker sees the stream closed when its read returns, frees its batch and its reader
     * itself, and drains what it queued after this drain; the query allocator is closed only after the query's last
     * worker has ended (the engine counts them). Synchronized because it runs twice when a query is cancelled from
     * another thread: as the cancellation listener on the cancelling thread and from the query thread's own close.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        drainQueue();
    }

    private void drainQueue() {
        Object item;
        while ((item = queue.poll()) != null) {
            if (item instanceof VectorSchemaRoot) {
                ((VectorSchemaRoot) item).close();
            }
        }
    }
}
