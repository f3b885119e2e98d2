package io.lancejdbc.exec.lance;

import java.util.concurrent.atomic.AtomicBoolean;
import org.lance.Dataset;

/**
 * The right to use one pooled, open dataset at a pinned version until {@link #close()}. While a lease is open the
 * pool does not close the dataset, even when it is evicted. Thread-safe; reads on one dataset may run concurrently.
 */
public final class DatasetLease implements AutoCloseable {
    private final PooledDataset pooled;
    private final DatasetSource source;
    private final AtomicBoolean closed = new AtomicBoolean();

    DatasetLease(PooledDataset pooled, DatasetSource source) {
        this.pooled = pooled;
        this.source = source;
    }

    /** The canonical dataset URI. */
    public String uri() {
        return source.uri();
    }

    /** The pinned version. */
    public long version() {
        return pooled.key().version();
    }

    /** The source (with storage options) this lease was opened from. */
    public DatasetSource source() {
        return source;
    }

    Dataset dataset() {
        if (closed.get()) {
            throw new IllegalStateException("dataset lease already closed: " + pooled.key());
        }
        return pooled.dataset();
    }

    /** The pinned version's Arrow schema (as lance-core reports it) and storage format, cached per version. */
    DatasetLayout layout() {
        if (closed.get()) {
            throw new IllegalStateException("dataset lease already closed: " + pooled.key());
        }
        return pooled.layout();
    }

    /** Gives the dataset back to the pool; idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            pooled.release();
        }
    }
}
