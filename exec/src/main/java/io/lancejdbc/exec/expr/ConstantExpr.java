package io.lancejdbc.exec.expr;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/** A constant repeated for every row of the batch. */
final class ConstantExpr implements CompiledExpr {
    private final Object value;
    private final Field type;

    ConstantExpr(Object value, Field type) {
        this.value = value;
        this.type = io.lancejdbc.sql.types.Types.withNullable(type, true);
    }

    Object value() {
        return value;
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        return Evaluated.owned(fill(type, value, batch.getRowCount(), allocator));
    }

    /** A vector of {@code rows} copies of {@code value}. */
    static FieldVector fill(Field type, Object value, int rows, BufferAllocator allocator) {
        FieldVector v = ColumnWriters.allocate(type, rows, allocator);
        try {
            ValueAccess.Setter s = ValueAccess.setter(v);
            for (int i = 0; i < rows; i++) {
                s.set(i, value);
            }
            v.setValueCount(rows);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }
}
