package io.lancejdbc.exec.expr;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/** An expression ready to evaluate over batches, vectorized: one output value per input row. */
public interface CompiledExpr {

    /** The result type. */
    Field type();

    /**
     * Evaluates over every row of {@code batch}.
     *
     * @param allocator where computed vectors are allocated
     * @throws io.lancejdbc.engine.SqlError 22xxx for data errors (division by zero, overflow, bad cast)
     */
    Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator);
}
