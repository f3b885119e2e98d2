package io.lancejdbc.exec.expr;

import io.lancejdbc.exec.stream.RowCopier;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code COALESCE(a, b, ...)} (and {@code IFNULL}): the first non-NULL argument of each row, copied value by value
 * with {@link RowCopier} so that every type, nested ones included, comes back exactly. The binder coerces the
 * arguments to one type; every argument is evaluated over the whole batch.
 */
final class CoalesceExpr implements CompiledExpr {
    private final List<CompiledExpr> args;
    private final Field type;

    CoalesceExpr(List<CompiledExpr> args, Field type) {
        this.args = List.copyOf(args);
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
            List<FieldVector> vectors = new ArrayList<>(args.size());
            for (CompiledExpr a : args) {
                Evaluated e = a.evaluate(batch, allocator);
                inputs.add(e);
                vectors.add(e.vector());
            }
            RowCopier[] copiers = new RowCopier[vectors.size()];
            for (int k = 0; k < copiers.length; k++) {
                FieldVector v = vectors.get(k);
                if (!(v instanceof NullVector) && !v.getField().getType().equals(type.getType())) {
                    throw new IllegalStateException("COALESCE argument " + (k + 1) + " is " + v.getField().getType()
                            + ", not the result type " + type.getType());
                }
                copiers[k] = v instanceof NullVector ? null : RowCopier.of(v, out);
            }
            RowCopier nulls = RowCopier.nulls(out);
            for (int i = 0; i < n; i++) {
                int k = 0;
                while (k < copiers.length && (copiers[k] == null || vectors.get(k).isNull(i))) {
                    k++;
                }
                if (k < copiers.length) {
                    copiers[k].copy(i, i);
                } else {
                    nulls.setNull(i);
                }
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
}
