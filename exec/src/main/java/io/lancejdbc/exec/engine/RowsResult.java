package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** A small result computed up front (SHOW, DESC, EXPLAIN): rows of engine values, delivered as one batch. */
final class RowsResult implements QueryResult {
    private final Schema schema;
    private final List<Object[]> rows;
    private final BufferAllocator allocator;
    private boolean delivered;
    private boolean closed;

    RowsResult(Schema schema, List<Object[]> rows, BufferAllocator allocator) {
        this.schema = schema;
        this.rows = List.copyOf(rows);
        this.allocator = allocator;
    }

    @Override
    public boolean hasRows() {
        return true;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot nextBatch() {
        if (delivered || closed) {
            return null;
        }
        delivered = true;
        int n = rows.size();
        List<FieldVector> vectors = new ArrayList<>();
        try {
            List<Field> fields = schema.getFields();
            for (int c = 0; c < fields.size(); c++) {
                FieldVector v = ColumnWriters.allocate(fields.get(c), n, allocator);
                vectors.add(v);
                ValueAccess.Setter s = ValueAccess.setter(v);
                for (int r = 0; r < n; r++) {
                    s.set(r, rows.get(r)[c]);
                }
                v.setValueCount(n);
            }
        } catch (RuntimeException e) {
            for (FieldVector v : vectors) {
                v.close();
            }
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), vectors, n);
        root.setRowCount(n);
        return root;
    }

    @Override
    public long updateCount() {
        return -1;
    }

    @Override
    public void close() {
        closed = true;
    }
}
