package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.QueryResult;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** The result of USE and SET: no rows, update count 0. */
final class UpdateCountResult implements QueryResult {
    @Override
    public boolean hasRows() {
        return false;
    }

    @Override
    public Schema schema() {
        return new Schema(List.of());
    }

    @Override
    public VectorSchemaRoot nextBatch() {
        return null;
    }

    @Override
    public long updateCount() {
        return 0;
    }

    @Override
    public void close() {
        // Nothing is held.
    }
}
