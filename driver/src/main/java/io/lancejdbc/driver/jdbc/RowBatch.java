package io.lancejdbc.driver.jdbc;

import io.lancejdbc.driver.jdbc.accessor.ColumnAccessor;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One batch of rows of a result set with an accessor per column. Closing it releases the Arrow batch behind it
 * (a no-op for in-memory rows).
 */
final class RowBatch implements AutoCloseable {
    private final int rowCount;
    private final ColumnAccessor[] accessors;
    private final VectorSchemaRoot root;

    /**
     * @param root the Arrow batch the accessors read, owned by this batch; null for in-memory rows
     */
    RowBatch(int rowCount, ColumnAccessor[] accessors, VectorSchemaRoot root) {
        this.rowCount = rowCount;
        this.accessors = accessors;
        this.root = root;
    }

    int rowCount() {
        return rowCount;
    }

    ColumnAccessor[] accessors() {
        return accessors;
    }

    @Override
    public void close() {
        if (root != null) {
            root.close();
        }
    }
}
