package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Replays batches that were read ahead (and are owned by this stream until handed out). */
final class HeldBatches implements BatchStream {
    private final Schema schema;
    private final Deque<VectorSchemaRoot> batches;

    HeldBatches(Schema schema, List<VectorSchemaRoot> batches) {
        this.schema = schema;
        this.batches = new ArrayDeque<>(batches);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        return batches.poll();
    }

    @Override
    public void close() {
        batches.forEach(VectorSchemaRoot::close);
        batches.clear();
    }
}
