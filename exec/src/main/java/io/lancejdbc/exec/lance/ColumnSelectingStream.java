package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Keeps exactly the named columns of a lance-core stream, in the given order, moving them without copying.
 * lance-core may return columns nobody asked for next to a projection (for example a search's prefilter columns),
 * so the callers' schemas are enforced here.
 */
final class ColumnSelectingStream implements BatchStream {
    private final BatchStream in;
    private final Schema schema;
    private final int[] positions;
    private final BufferAllocator allocator;

    private ColumnSelectingStream(BatchStream in, Schema schema, int[] positions, BufferAllocator allocator) {
        this.in = in;
        this.schema = schema;
        this.positions = positions;
        this.allocator = allocator;
    }

    /**
     * {@code in} itself when its columns are exactly {@code names}, else a stream selecting them.
     *
     * @throws SqlError HY000 when a name is missing from {@code in} (then {@code in} is closed)
     */
    static BatchStream select(BatchStream in, List<String> names, BufferAllocator allocator) {
        List<Field> have = in.schema().getFields();
        boolean same = have.size() == names.size();
        int[] positions = new int[names.size()];
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            int p = indexOf(have, names.get(i));
            if (p < 0) {
                in.close();
                throw new SqlError(SqlState.GENERAL_ERROR, "lance-core returned no column '" + names.get(i)
                        + "' (got " + have.stream().map(Field::getName).toList() + ")");
            }
            positions[i] = p;
            fields.add(have.get(p));
            same &= p == i;
        }
        return same ? in : new ColumnSelectingStream(in, new Schema(fields), positions, allocator);
    }

    private static int indexOf(List<Field> fields, String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).getName().equals(name)) {
                return i;
            }
        }
        return -1;
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
            List<FieldVector> out = new ArrayList<>(positions.length);
            for (int p : positions) {
                TransferPair tp = batch.getVector(p).getTransferPair(allocator);
                tp.transfer();
                out.add((FieldVector) tp.getTo());
            }
            return new VectorSchemaRoot(schema.getFields(), out, batch.getRowCount());
        }
    }

    @Override
    public void close() {
        in.close();
    }
}
