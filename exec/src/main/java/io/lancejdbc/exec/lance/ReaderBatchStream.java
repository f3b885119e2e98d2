package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link BatchStream} over an Arrow reader produced by lance-core. Each reader batch is moved into a new root the
 * caller owns (no copy within one allocator tree); empty batches are skipped.
 *
 * <p>{@link #close()} may come from another thread to cancel: it never frees the reader while {@link #next()} is
 * inside native code; the in-flight call frees it when it returns. After the last batch the reader and the dataset
 * lease are released at once, so an exhausted stream holds nothing.
 */
final class ReaderBatchStream implements BatchStream {
    private static final Logger LOG = LoggerFactory.getLogger(ReaderBatchStream.class);

    private final ArrowReader reader;
    private final BufferAllocator readerAllocator;
    private final BufferAllocator target;
    private final List<AutoCloseable> resources;
    private final String operation;
    private final DatasetSource source;
    private final Schema schema;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean closed;
    private boolean released;
    private boolean finished;

    /**
     * @param reader the lance-core reader; its schema is read here
     * @param readerAllocator the allocator the reader's buffers live in
     * @param target the allocator returned batches are owned by
     * @param resources closed after the reader, in order (scanner, dataset lease)
     * @throws SqlError when the reader's schema cannot be read; everything given is closed then
     */
    ReaderBatchStream(ArrowReader reader, BufferAllocator readerAllocator, BufferAllocator target,
            List<AutoCloseable> resources, String operation, DatasetSource source) {
        this.reader = reader;
        this.readerAllocator = readerAllocator;
        this.target = target;
        this.resources = List.copyOf(resources);
        this.operation = operation;
        this.source = source;
        try {
            this.schema = reader.getVectorSchemaRoot().getSchema();
        } catch (Exception e) {
            lock.lock();
            try {
                releaseResources();
            } finally {
                lock.unlock();
            }
            throw LanceErrorMapper.map(e, operation, source.uri(), source.storageOptions());
        }
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        lock.lock();
        try {
            if (closed) {
                throw new SqlError(SqlState.QUERY_CANCELED, "The Lance " + operation + " of dataset " + source.uri()
                        + " was closed before it finished");
            }
            if (finished) {
                return null;
            }
            while (true) {
                if (!reader.loadNextBatch()) {
                    finished = true;
                    releaseResources();
                    return null;
                }
                VectorSchemaRoot batch = reader.getVectorSchemaRoot();
                if (batch.getRowCount() > 0) {
                    VectorSchemaRoot moved = BatchTransfer.moveTo(batch, readerAllocator, target);
                    if (target.getHeadroom() < 0) {
                        long bytes = BatchTransfer.bufferBytes(moved);
                        int rows = moved.getRowCount();
                        moved.close();
                        throw overLimit(rows, bytes);
                    }
                    return moved;
                }
            }
        } catch (SqlError e) {
            finished = true;
            releaseResources();
            throw e;
        } catch (Exception e) {
            finished = true;
            releaseResources();
            throw LanceErrorMapper.map(e, operation, source.uri(), source.storageOptions());
        } finally {
            lock.unlock();
            releaseIfClosed();
        }
    }

    /** HY001 naming the smallest allocation limit above {@code target} (the query's {@code query.max_memory}). */
    private SqlError overLimit(int rows, long bytes) {
        long limit = Long.MAX_VALUE;
        for (BufferAllocator a = target; a != null; a = a.getParentAllocator()) {
            limit = Math.min(limit, a.getLimit());
        }
        return new SqlError(SqlState.OUT_OF_MEMORY, "Reading a batch of " + rows + " rows (" + bytes
                + " bytes) from Lance dataset " + DatasetUriNormalizer.redactUserInfo(source.uri())
                + " exceeds the query's memory limit query.max_memory (" + readable(limit) + "); raise query.max_memory"
                + " (connection property or SET query.max_memory = ...)");
    }

    private static String readable(long bytes) {
        if (bytes % (1 << 20) == 0) {
            return bytes / (1 << 20) + " MiB";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " bytes";
    }

    @Override
    public void close() {
        closed = true;
        releaseIfClosed();
    }

    private void releaseIfClosed() {
        if (closed && lock.tryLock()) {
            try {
                releaseResources();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Caller holds the lock. */
    private void releaseResources() {
        if (released) {
            return;
        }
        released = true;
        closeQuietly(reader);
        for (AutoCloseable r : resources) {
            closeQuietly(r);
        }
    }

    private void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // close() must not throw (BatchStream contract); the failure is still reported.
            LOG.warn("Closing the Lance {} of {} failed: {}", operation, source.uri(),
                    LanceErrorMapper.cleanMessage(e, source.storageOptions()));
        }
    }
}
