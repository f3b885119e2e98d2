package io.lancejdbc.exec.stream;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A pull-based stream of Arrow record batches, the unit every physical operator consumes and produces.
 *
 * <p>Ownership: each batch returned by {@link #next()} belongs to the caller, who must close it. Batches hold
 * buffers of the stream's allocator; {@link #close()} releases whatever the stream still holds (open readers,
 * queued batches, worker threads) and may be called at any time, also from another thread to cancel.
 * A stream is used by one consumer thread.
 */
public interface BatchStream extends AutoCloseable {

    /** The schema of every batch, known before the first batch; never null. */
    Schema schema();

    /**
     * The next batch (at least one row unless the stream is empty-by-design), or {@code null} at the end.
     *
     * @throws io.lancejdbc.engine.SqlError when reading or computing fails, or the query was cancelled
     */
    VectorSchemaRoot next();

    /** Releases every resource of the stream; idempotent, never throws. */
    @Override
    void close();
}
