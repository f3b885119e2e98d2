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
 * Reads several split streams in parallel and delivers their batches in split order, so the rows are the same and in
 * the same order as a serial scan. At most {@code parallelism} splits run at once and each holds at most
 * {@code bufferedBatches} batches the consumer has not taken yet, or more small ones that together are an eighth of
 * those batches' rows ({@link ReadAheadBudget}; a worker takes room before it reads a batch, so a batch read and
 * waiting for the queue counts too): memory is bounded by {@code parallelism * bufferedBatches} batches (plus an
 * eighth) beyond those the consumer holds, however many batches a split has, and a slow consumer slows the readers
 * (back-pressure).
 */
public final class OrderedParallelStream implements BatchStream {
    private static final Object END = new Object();
    private static final int POLL_MILLIS = HandOff.POLL_MILLIS;

    private final Schema schema;
    private final int splitCount;
    private final IntFunction<BatchStream> opener;
    private final ExecutorService workers;
    private final Cancellation cancellation;
    private final int parallelism;
    private final int bufferedBatches;
    private final long batchRows;
    private final List<Slot> slots = new ArrayList<>();
    private int current;
    private int launched;
    private volatile boolean closed;

    /** One split's hand-off queue. */
    private final class Slot {
        /** The batches plus the end marker (or failure); the budget bounds the batches. */
        final ReadAheadBudget budget = new ReadAheadBudget(bufferedBatches, batchRows);
        final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(budget.maxBatches() + 1);
        volatile BatchStream stream;
        Future<?> future;
    }

    /**
     * @param opener opens split {@code i}'s stream (called on a worker thread)
     * @param batchRows the most rows a split's batch has (the scan's batch size): sizes the small batches' share
     */
    public OrderedParallelStream(Schema schema, int splitCount, IntFunction<BatchStream> opener,
            ExecutorService workers, Cancellation cancellation, int parallelism, int bufferedBatches,
            long batchRows) {
        this.schema = schema;
        this.splitCount = splitCount;
        this.opener = opener;
        this.workers = workers;
        this.cancellation = cancellation;
        this.parallelism = Math.max(1, parallelism);
        this.bufferedBatches = Math.max(1, bufferedBatches);
        this.batchRows = Math.max(1, batchRows);
        for (int i = 0; i < splitCount; i++) {
            slots.add(null);
        }
        cancellation.onCancel(this::close);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    private void launchUpTo(int limit) {
        while (launched < Math.min(limit, splitCount)) {
            int index = launched++;
            Slot slot = new Slot();
            slots.set(index, slot);
            slot.future = workers.submit(() -> run(index, slot));
        }
    }

    private void run(int index, Slot slot) {
        try {
            if (closed) {
                return;
            }
            BatchStream s = opener.apply(index);
            slot.stream = s;
            try (BatchStream stream = s) {
                while (!closed) {
                    if (!HandOff.reserve(slot.budget, () -> closed)) {
                        return;
                    }
                    VectorSchemaRoot b = stream.next();
                    if (b == null) {
                        slot.budget.ended();
                        break;
                    }
                    slot.budget.read(b.getRowCount());
                    if (!offer(slot, b)) {
                        b.close();
                        return;
                    }
                    if (closed) {
                        // close() may have drained the queue just before this batch went in: nobody reads it.
                        drain(slot);
                        return;
                    }
                }
            }
            offer(slot, END);
        } catch (Exception | Error e) {
            // Exception: lance-core's native calls throw checked exceptions they do not declare (IOException);
            // one not delivered here would leave next() waiting for a split that never ends.
            offer(slot, e);
        }
    }

    /** Puts {@code item}, waiting while the queue is full; false when the stream was closed meanwhile. */
    private boolean offer(Slot slot, Object item) {
        return HandOff.offer(slot.queue, item, () -> closed);
    }

    @Override
    public VectorSchemaRoot next() {
        while (current < splitCount) {
            cancellation.throwIfCancelled();
            if (closed) {
                return null;
            }
            launchUpTo(current + parallelism);
            Slot slot = slots.get(current);
            Object item;
            try {
                item = slot.queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new SqlError(SqlState.QUERY_CANCELED, "Query was interrupted", e);
            }
            if (item == null) {
                continue;
            }
            if (item == END) {
                slots.set(current, null);
                current++;
                continue;
            }
            if (item instanceof SqlError) {
                close();
                throw (SqlError) item;
            }
            if (item instanceof Exception) {
                // The memory limit (HY001), an oversized batch (54000), or another failure of the split (HY000).
                close();
                throw ExecutionFailures.of("Reading split " + current, (Exception) item);
            }
            if (item instanceof Error) {
                close();
                throw (Error) item;
            }
            VectorSchemaRoot batch = (VectorSchemaRoot) item;
            slot.budget.taken(batch.getRowCount());
            return batch;
        }
        return null;
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
        for (Slot slot : slots) {
            if (slot != null) {
                drain(slot);
            }
        }
    }

    private static void drain(Slot slot) {
        Object item;
        while ((item = slot.queue.poll()) != null) {
            if (item instanceof VectorSchemaRoot) {
                ((VectorSchemaRoot) item).close();
            }
        }
    }
}
