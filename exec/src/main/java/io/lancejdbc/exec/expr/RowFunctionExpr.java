package io.lancejdbc.exec.expr;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A scalar function evaluated row by row over the engine's value representation ({@link ValueAccess}). Used for the
 * long tail of string, math, date and nested functions; the frequent operators have vectorized kernels.
 */
final class RowFunctionExpr implements CompiledExpr {
    /** The function body. */
    interface RowFunction {
        /** The result for one row; {@code args} hold engine values (null for SQL NULL). */
        Object apply(Object[] args);
    }

    private final String name;
    private final List<CompiledExpr> args;
    private final RowFunction function;
    private final boolean strict;
    private final Field type;

    /** @param strict true when any NULL argument makes the result NULL without calling the function */
    RowFunctionExpr(String name, List<CompiledExpr> args, RowFunction function, boolean strict, Field type) {
        this.name = name;
        this.args = List.copyOf(args);
        this.function = function;
        this.strict = strict;
        this.type = io.lancejdbc.sql.types.Types.withNullable(type, true);
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        List<Evaluated> inputs = new ArrayList<>(args.size());
        FieldVector out = ColumnWriters.allocate(type, n, allocator);
        try {
            List<ValueAccess.Getter> getters = new ArrayList<>(args.size());
            for (CompiledExpr a : args) {
                Evaluated e = a.evaluate(batch, allocator);
                inputs.add(e);
                getters.add(ValueAccess.getter(e.vector()));
            }
            ValueAccess.Setter setter = ValueAccess.setter(out);
            Object[] values = new Object[args.size()];
            for (int i = 0; i < n; i++) {
                boolean anyNull = false;
                for (int k = 0; k < values.length; k++) {
                    values[k] = getters.get(k).get(i);
                    anyNull |= values[k] == null;
                }
                setter.set(i, strict && anyNull ? null : function.apply(values));
            }
            out.setValueCount(n);
            return Evaluated.owned(out);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        } finally {
            for (Evaluated e : inputs) {
                e.close();
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
