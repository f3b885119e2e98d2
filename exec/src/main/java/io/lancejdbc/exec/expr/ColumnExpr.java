package io.lancejdbc.exec.expr;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/** A bare input column: borrowed, never copied. */
final class ColumnExpr implements CompiledExpr {
    private final int index;
    private final Field type;

    ColumnExpr(int index, Field type) {
        this.index = index;
        this.type = type;
    }

    int index() {
        return index;
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        return Evaluated.borrowed(batch.getVector(index));
    }
}
