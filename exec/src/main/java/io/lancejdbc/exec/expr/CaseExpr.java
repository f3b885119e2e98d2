package io.lancejdbc.exec.expr;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;

/**
 * {@code CASE WHEN c1 THEN v1 ... ELSE e END}. A branch value that can raise a data error (division, casts) is
 * evaluated only on the rows that take the branch, so {@code CASE WHEN x = 0 THEN 0 ELSE 1 / x END} never divides by
 * zero.
 */
final class CaseExpr implements CompiledExpr {
    private final List<CompiledExpr> whenThen;
    private final CompiledExpr otherwise;
    private final List<Boolean> valueMayFail;
    private final boolean otherwiseMayFail;
    private final Field type;

    CaseExpr(List<CompiledExpr> whenThen, CompiledExpr otherwise, List<Boolean> valueMayFail,
            boolean otherwiseMayFail, Field type) {
        this.whenThen = List.copyOf(whenThen);
        this.otherwise = otherwise;
        this.valueMayFail = List.copyOf(valueMayFail);
        this.otherwiseMayFail = otherwiseMayFail;
        this.type = io.lancejdbc.sql.types.Types.withNullable(type, true);
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        FieldVector out = ColumnWriters.allocate(type, n, allocator);
        try {
            boolean[] decided = new boolean[n];
            int remaining = n;
            for (int b = 0; b + 1 < whenThen.size() && remaining > 0; b += 2) {
                int[] rows = new int[remaining];
                int count = 0;
                try (Evaluated cond = whenThen.get(b).evaluate(batch, allocator)) {
                    ColumnReaders.BoolReader r = ColumnReaders.bools(cond.vector());
                    for (int i = 0; i < n; i++) {
                        if (!decided[i] && !r.isNull(i) && r.get(i)) {
                            rows[count++] = i;
                            decided[i] = true;
                        }
                    }
                }
                if (count > 0) {
                    fill(out, whenThen.get(b + 1), valueMayFail.get(b / 2), batch, rows, count, allocator);
                    remaining -= count;
                }
            }
            if (remaining > 0) {
                int[] rows = new int[remaining];
                int count = 0;
                for (int i = 0; i < n; i++) {
                    if (!decided[i]) {
                        rows[count++] = i;
                    }
                }
                if (otherwise != null) {
                    fill(out, otherwise, otherwiseMayFail, batch, rows, count, allocator);
                } else {
                    for (int k = 0; k < count; k++) {
                        ValueAccess.setter(out).set(rows[k], null);
                    }
                }
            }
            out.setValueCount(n);
            return Evaluated.owned(out);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static void fill(FieldVector out, CompiledExpr value, boolean mayFail, VectorSchemaRoot batch, int[] rows,
            int count, BufferAllocator allocator) {
        if (mayFail && count < batch.getRowCount()) {
            try (VectorSchemaRoot subset = Batches.select(batch, rows, count, allocator);
                    Evaluated v = value.evaluate(subset, allocator)) {
                TransferPair tp = v.vector().makeTransferPair(out);
                for (int k = 0; k < count; k++) {
                    tp.copyValueSafe(k, rows[k]);
                }
            }
            return;
        }
        try (Evaluated v = value.evaluate(batch, allocator)) {
            TransferPair tp = v.vector().makeTransferPair(out);
            for (int k = 0; k < count; k++) {
                tp.copyValueSafe(rows[k], rows[k]);
            }
        }
    }
}
