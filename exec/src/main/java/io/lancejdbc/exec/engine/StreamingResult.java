package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Rows of a running query, pulled batch by batch from its operator tree. Batches handed out are moved to the
 * session allocator so that they outlive the query allocator, which is closed (and checked for leaks) with the
 * result.
 *
 * <p>{@link #close()} does not wait for split workers stuck in a native read (a stalled storage request): it
 * closes the operator tree, which tells the workers to stop, and leaves closing the query allocator to whoever
 * finishes last ({@link QueryWorkers#whenIdle}), so a timeout, a cancel or a close from another thread returns at
 * once and no memory is left once the read returns (issue 16).
 */
final class StreamingResult implements QueryResult {
    private final BatchStream stream;
    /** How long close waits for the query's workers before leaving the release to the last of them. */
    static final long CLOSE_GRACE_MILLIS = 1_000;

    private final BufferAllocator queryAllocator;
    private final QueryWorkers queryWorkers;
    private final Runnable onReleased;
    private final BufferAllocator resultAllocator;
    private final Cancellation cancellation;
    private final Runnable onClose;
    private final java.util.Map<String, Long> datasetVersions;
    private boolean closed;
    private boolean exhausted;

    /**
     * @param queryWorkers the query's view of the worker pool; the query allocator is closed once it is idle
     * @param datasetVersions the dataset version each table read was pinned at, by URI
     * @param onClose runs when the result is closed (the session stops tracking it)
     * @param onReleased runs after the query allocator was closed, possibly on a worker thread
     */
    StreamingResult(BatchStream stream, BufferAllocator queryAllocator, QueryWorkers queryWorkers,
            BufferAllocator resultAllocator, Cancellation cancellation, java.util.Map<String, Long> datasetVersions,
            Runnable onClose, Runnable onReleased) {
        this.stream = stream;
        this.datasetVersions = datasetVersions;
        this.queryAllocator = queryAllocator;
        this.queryWorkers = queryWorkers;
        this.onReleased = onReleased;
        this.resultAllocator = resultAllocator;
        this.cancellation = cancellation;
        this.onClose = onClose;
    }

    @Override
    public java.util.Map<String, Long> datasetVersions() {
        return datasetVersions;
    }

    @Override
    public boolean hasRows() {
        return true;
    }

    @Override
    public Schema schema() {
        return stream.schema();
    }

    @Override
    public VectorSchemaRoot nextBatch() {
        if (closed || exhausted) {
            return null;
        }
        try {
            cancellation.throwIfCancelled();
            VectorSchemaRoot b = stream.next();
            if (b == null) {
                exhausted = true;
                return null;
            }
            try (VectorSchemaRoot batch = b) {
                return io.lancejdbc.exec.expr.Batches.transfer(batch, resultAllocator);
            }
        } catch (SqlError e) {
            close();
            throw e;
        } catch (OutOfMemoryError e) {
            close();
            throw io.lancejdbc.exec.operator.ExecutionFailures.heapExhausted("The query", e);
        } catch (RuntimeException e) {
            close();
            throw io.lancejdbc.exec.operator.ExecutionFailures.of("Query", e);
        } catch (StackOverflowError e) {
            close();
            throw new SqlError(SqlState.STATEMENT_TOO_COMPLEX, "The statement is too complex: its expressions are"
                    + " nested too deeply to evaluate; simplify it", e);
        }
    }

    @Override
    public long updateCount() {
        return -1;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            stream.close();
        } finally {
            try {
                // A worker that is not stuck ends within a poll or a batch: then the memory is freed before close
                // returns. One stuck in a stalled native read frees it when the read returns.
                queryWorkers.awaitIdle(CLOSE_GRACE_MILLIS);
                queryWorkers.whenIdle(this::release);
            } finally {
                onClose.run();
            }
        }
    }

    /** Closes the query allocator once no worker of the query runs any more (on this or the last worker's thread). */
    private void release() {
        try {
            if (queryAllocator.getAllocatedMemory() != 0) {
                // With -Darrow.memory.debug.allocator=true this names where each leaked buffer was allocated.
                org.slf4j.LoggerFactory.getLogger(StreamingResult.class).error("Arrow memory left by a query: {}",
                        queryAllocator.toVerboseString());
            }
            queryAllocator.close();
        } catch (IllegalStateException e) {
            org.slf4j.LoggerFactory.getLogger(StreamingResult.class).error("Arrow memory leaked by a query: {}",
                    e.getMessage());
        } finally {
            onReleased.run();
        }
    }
}
