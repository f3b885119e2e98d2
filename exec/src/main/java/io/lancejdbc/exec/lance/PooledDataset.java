package io.lancejdbc.exec.lance;

import java.util.concurrent.atomic.AtomicInteger;
import org.lance.Dataset;

/**
 * An open dataset shared by the pool's cache and the scans using it. The cache holds one reference; each lease
 * holds one more; the dataset is closed when the count reaches zero (evicted and no scan uses it any more).
 */
final class PooledDataset {
    private final DatasetKey key;
    private final Dataset dataset;
    private final Runnable onClosed;
    private final AtomicInteger references = new AtomicInteger(1);
    private volatile DatasetLayout layout;

    PooledDataset(DatasetKey key, Dataset dataset, Runnable onClosed) {
        this.key = key;
        this.dataset = dataset;
        this.onClosed = onClosed;
    }

    DatasetKey key() {
        return key;
    }

    Dataset dataset() {
        return dataset;
    }

    /** The dataset's Arrow schema and storage format, read once (a pinned version never changes them). */
    DatasetLayout layout() {
        DatasetLayout l = layout;
        if (l == null) {
            l = new DatasetLayout(dataset.getSchema(), dataset.getLanceFileFormatVersion());
            layout = l;
        }
        return l;
    }

    /** Adds a reference unless the dataset was already closed; false tells the caller to open a new one. */
    boolean retain() {
        while (true) {
            int r = references.get();
            if (r == 0) {
                return false;
            }
            if (references.compareAndSet(r, r + 1)) {
                return true;
            }
        }
    }

    void release() {
        int r = references.decrementAndGet();
        if (r == 0) {
            try {
                dataset.close();
            } finally {
                onClosed.run();
            }
        } else if (r < 0) {
            throw new IllegalStateException("dataset handle released more often than retained: " + key);
        }
    }
}
