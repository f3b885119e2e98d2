package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Re-labels a stream's batches with the plan's fields (names, nullability and source metadata), moving vectors
 * without copying. The Arrow types must already match.
 */
public final class RenamingStream implements BatchStream {
    private final BatchStream in;
    private final Schema schema;
    private final BufferAllocator allocator;

    /**
     * @param schema the fields to put on every batch of {@code in} (same Arrow types, same order)
     * @param allocator allocator the relabelled vectors are owned by
     */
    public RenamingStream(BatchStream in, Schema schema, BufferAllocator allocator) {
        this.in = in;
        this.schema = schema;
        this.allocator = allocator;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        VectorSchemaRoot b = in.next();
        if (b == null) {
            return null;
        }
        try (VectorSchemaRoot batch = b) {
            int n = batch.getRowCount();
            List<FieldVector> out = new ArrayList<>(schema.getFields().size());
            List<Field> fields = schema.getFields();
            for (int i = 0; i < fields.size(); i++) {
                FieldVector src = batch.getVector(i);
                TransferPair tp = Batches.transferPair(src, fields.get(i), allocator);
                tp.transfer();
                out.add((FieldVector) tp.getTo());
            }
            VectorSchemaRoot root = new VectorSchemaRoot(fields, out, n);
            root.setRowCount(n);
            return root;
        }
    }

    @Override
    public void close() {
        in.close();
    }
}
