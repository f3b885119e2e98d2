package io.lancejdbc.exec.expr;

import io.lancejdbc.exec.stream.RowCopier;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

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
        int branches = whenThen.size() / 2;
        // branchOf[i]: the THEN branch row i takes, branches for ELSE, -1 while undecided.
        int[] branchOf = new int[n];
        java.util.Arrays.fill(branchOf, -1);
        int[] counts = new int[branches + 1];
        int remaining = n;
        for (int b = 0; b < branches && remaining > 0; b++) {
            try (Evaluated cond = whenThen.get(2 * b).evaluate(batch, allocator)) {
                ColumnReaders.BoolReader r = ColumnReaders.bools(cond.vector());
                for (int i = 0; i < n; i++) {
                    if (branchOf[i] < 0 && !r.isNull(i) && r.get(i)) {
                        branchOf[i] = b;
                        counts[b]++;
                        remaining--;
                    }
                }
            }
        }
        for (int i = 0; i < n && remaining > 0; i++) {
            if (branchOf[i] < 0) {
                branchOf[i] = branches;
                counts[branches]++;
            }
        }
        Evaluated[] values = new Evaluated[branches + 1];
        // position[i]: where row i's value sits in its branch's vector (the row itself, or its index in a subset).
        int[] position = new int[n];
        FieldVector out = null;
        try {
            for (int b = 0; b <= branches; b++) {
                CompiledExpr value = b < branches ? whenThen.get(2 * b + 1) : otherwise;
                if (counts[b] == 0 || value == null) {
                    continue;
                }
                boolean mayFail = b < branches ? valueMayFail.get(b) : otherwiseMayFail;
                if (mayFail && counts[b] < n) {
                    int[] rows = new int[counts[b]];
                    int k = 0;
                    for (int i = 0; i < n; i++) {
                        if (branchOf[i] == b) {
                            position[i] = k;
                            rows[k++] = i;
                        }
                    }
                    try (VectorSchemaRoot subset = Batches.select(batch, rows, k, allocator)) {
                        values[b] = value.evaluate(subset, allocator);
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        if (branchOf[i] == b) {
                            position[i] = i;
                        }
                    }
                    values[b] = value.evaluate(batch, allocator);
                }
            }
            out = ColumnWriters.allocate(type, n, allocator);
            // Rows are written in order: variable-width vectors (text, binary, lists) only append.
            RowCopier[] copiers = new RowCopier[branches + 1];
            RowCopier nulls = null;
            for (int i = 0; i < n; i++) {
                int b = branchOf[i];
                if (values[b] == null) {
                    if (nulls == null) {
                        nulls = RowCopier.nulls(out);
                    }
                    nulls.setNull(i);
                    continue;
                }
                if (copiers[b] == null) {
                    copiers[b] = RowCopier.of(values[b].vector(), out);
                }
                copiers[b].copy(position[i], i);
            }
            out.setValueCount(n);
            return Evaluated.owned(out);
        } catch (RuntimeException e) {
            if (out != null) {
                out.close();
            }
            throw e;
        } finally {
            for (Evaluated v : values) {
                if (v != null) {
                    v.close();
                }
            }
        }
    }
}
