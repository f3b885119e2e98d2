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

    /**
     * The dataset versions this execution pinned for its references to the latest version, by dataset URI (a
     * catalog table's location, a one-dataset {@code s3()} / {@code local()} call's URI); pass them back as
     * {@link QueryOptions#datasetVersions()} to run the same statement again on the same rows. Empty when the
     * statement reads no dataset or the engine does not report versions; never null.
     */
    default java.util.Map<String, Long> datasetVersions() {
        return java.util.Map.of();
    }

    /** Releases everything; idempotent, never throws. */
    @Override
    void close();
}
