package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.BatchStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** A stream with a schema and no batches (nothing to read, e.g. an empty fragment list or no row ids). */
final class EmptyBatchStream implements BatchStream {
    private final Schema schema;

    EmptyBatchStream(Schema schema) {
        this.schema = schema;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        return null;
    }

    @Override
    public void close() {
        // holds nothing
    }
}
