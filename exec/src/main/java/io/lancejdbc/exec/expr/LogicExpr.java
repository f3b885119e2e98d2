package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/** AND, OR, NOT, IS NULL, IS NOT NULL with SQL three-valued logic. */
final class LogicExpr implements CompiledExpr {
    private final String op;
    private final List<CompiledExpr> args;
    private final Field type = Types.of(Types.BOOL, true);

    LogicExpr(String op, List<CompiledExpr> args) {
        this.op = op;
        this.args = List.copyOf(args);
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        List<Evaluated> inputs = new ArrayList<>();
        BitVector out = new BitVector("", allocator);
        try {
            for (CompiledExpr a : args) {
                inputs.add(a.evaluate(batch, allocator));
            }
            out.allocateNew(Math.max(n, 1));
            switch (op) {
                case Functions.IS_NULL:
                case Functions.IS_NOT_NULL: {
                    boolean want = op.equals(Functions.IS_NULL);
                    var v = inputs.get(0).vector();
                    for (int i = 0; i < n; i++) {
                        out.set(i, v.isNull(i) == want ? 1 : 0);
                    }
                    break;
                }
                case Functions.NOT: {
                    ColumnReaders.BoolReader r = ColumnReaders.bools(inputs.get(0).vector());
                    for (int i = 0; i < n; i++) {
                        if (r.isNull(i)) {
                            out.setNull(i);
                        } else {
                            out.set(i, r.get(i) ? 0 : 1);
                        }
                    }
                    break;
                }
                default: {
                    boolean and = op.equals(Functions.AND);
                    List<ColumnReaders.BoolReader> readers = new ArrayList<>();
                    for (Evaluated e : inputs) {
                        readers.add(ColumnReaders.bools(e.vector()));
                    }
                    for (int i = 0; i < n; i++) {
                        boolean sawNull = false;
                        boolean decided = false;
                        for (ColumnReaders.BoolReader r : readers) {
                            if (r.isNull(i)) {
                                sawNull = true;
                            } else if (r.get(i) != and) {
                                // AND meets FALSE, or OR meets TRUE: the result is decided.
                                decided = true;
                                break;
                            }
                        }
                        if (decided) {
                            out.set(i, and ? 0 : 1);
                        } else if (sawNull) {
                            out.setNull(i);
                        } else {
                            out.set(i, and ? 1 : 0);
                        }
                    }
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
