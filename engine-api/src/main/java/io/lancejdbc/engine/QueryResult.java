package io.lancejdbc.engine;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The outcome of one executed statement: either rows (a SELECT, SHOW, DESC, EXPLAIN) streamed as Arrow batches,
 * or an update count (USE, SET).
 *
 * <p>Result column metadata is carried in the schema's field metadata (see {@link ResultFieldMetadata}).
 * Closing the result closes the stream and stops any work still running for it.
 */
public interface QueryResult extends AutoCloseable {

    /** True when the statement produced rows; false when it produced an update count. */
    boolean hasRows();

    /** The schema of the rows; an empty schema when {@link #hasRows()} is false. Never null. */
    Schema schema();

    /**
     * The next batch, owned by the caller (close it), or null at the end. Always null without rows.
     *
     * @throws io.lancejdbc.engine.SqlError when execution fails
     */
    VectorSchemaRoot nextBatch();

    /** The update count for statements without rows (0 for USE and SET), -1 for row results. */
    long updateCount();

    /** Releases everything; idempotent, never throws. */
    @Override
    void close();
}
