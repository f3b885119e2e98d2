package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.types.Types;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code = <> < <= > >= <=>} over two operands of the same type; NULL operands give NULL except for {@code <=>}.
 * Floating point follows SQL engines: {@code -0.0 = 0.0}, NaN equals NaN and sorts above every number.
 */
final class ComparisonExpr implements CompiledExpr {
    private final String op;
    private final CompiledExpr left;
    private final CompiledExpr right;
    private final ValueCategory category;
    private final Field type;

    ComparisonExpr(String op, CompiledExpr left, CompiledExpr right) {
        this.op = op;
        this.left = left;
        this.right = right;
        this.category = ValueCategory.of(left.type().getType());
        this.type = Types.of(Types.BOOL, true);
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        try (Evaluated l = left.evaluate(batch, allocator); Evaluated r = right.evaluate(batch, allocator)) {
            BitVector out = new BitVector("", allocator);
            try {
                out.allocateNew(Math.max(n, 1));
                compute(l.vector(), r.vector(), out, n);
                out.setValueCount(n);
                return Evaluated.owned(out);
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
        }
    }

    private void compute(FieldVector lv, FieldVector rv, BitVector out, int n) {
        boolean nullSafe = op.equals(Functions.NULL_SAFE_EQ);
        switch (category) {
            case LONG: {
                ColumnReaders.LongReader a = ColumnReaders.longs(lv);
                ColumnReaders.LongReader b = ColumnReaders.longs(rv);
                for (int i = 0; i < n; i++) {
                    boolean an = a.isNull(i);
                    boolean bn = b.isNull(i);
                    if (an || bn) {
                        nulls(out, i, an, bn, nullSafe);
                    } else {
                        out.set(i, test(Long.compare(a.get(i), b.get(i))) ? 1 : 0);
                    }
                }
                return;
            }
            case ULONG: {
                ColumnReaders.LongReader a = ColumnReaders.longs(lv);
                ColumnReaders.LongReader b = ColumnReaders.longs(rv);
                for (int i = 0; i < n; i++) {
                    boolean an = a.isNull(i);
                    boolean bn = b.isNull(i);
                    if (an || bn) {
                        nulls(out, i, an, bn, nullSafe);
                    } else {
                        out.set(i, test(Long.compareUnsigned(a.get(i), b.get(i))) ? 1 : 0);
                    }
                }
                return;
            }
            case DOUBLE: {
                ColumnReaders.DoubleReader a = ColumnReaders.doubles(lv);
                ColumnReaders.DoubleReader b = ColumnReaders.doubles(rv);
                for (int i = 0; i < n; i++) {
                    boolean an = a.isNull(i);
                    boolean bn = b.isNull(i);
                    if (an || bn) {
                        nulls(out, i, an, bn, nullSafe);
                    } else {
                        out.set(i, test(compareDoubles(a.get(i), b.get(i))) ? 1 : 0);
                    }
                }
                return;
            }
            case DECIMAL: {
                ColumnReaders.DecimalReader a = ColumnReaders.decimals(lv);
                ColumnReaders.DecimalReader b = ColumnReaders.decimals(rv);
                for (int i = 0; i < n; i++) {
                    boolean an = a.isNull(i);
                    boolean bn = b.isNull(i);
                    if (an || bn) {
                        nulls(out, i, an, bn, nullSafe);
                    } else {
                        out.set(i, test(a.get(i).compareTo(b.get(i))) ? 1 : 0);
                    }
                }
                return;
            }
            case BYTES: {
                ColumnReaders.BytesReader a = ColumnReaders.bytes(lv);
                ColumnReaders.BytesReader b = ColumnReaders.bytes(rv);
                for (int i = 0; i < n; i++) {
                    boolean an = a.isNull(i);
                    boolean bn = b.isNull(i);
                    if (an || bn) {
                        nulls(out, i, an, bn, nullSafe);
                    } else {
                        out.set(i, test(a.compare(i, b, i)) ? 1 : 0);
                    }
                }
                return;
            }
            case BOOL: {
                ColumnReaders.BoolReader a = ColumnReaders.bools(lv);
                ColumnReaders.BoolReader b = ColumnReaders.bools(rv);
                for (int i = 0; i < n; i++) {
                    boolean an = a.isNull(i);
                    boolean bn = b.isNull(i);
                    if (an || bn) {
                        nulls(out, i, an, bn, nullSafe);
                    } else {
                        out.set(i, test(Boolean.compare(a.get(i), b.get(i))) ? 1 : 0);
                    }
                }
                return;
            }
            case NULL:
                for (int i = 0; i < n; i++) {
                    nulls(out, i, true, true, nullSafe);
                }
                return;
            default: {
                if (!(op.equals(Functions.EQ) || op.equals(Functions.NE) || nullSafe)) {
                    throw new SqlError(SqlState.DATATYPE_MISMATCH, "Only = and <> compare nested values");
                }
                ValueAccess.Getter a = ValueAccess.getter(lv);
                ValueAccess.Getter b = ValueAccess.getter(rv);
                for (int i = 0; i < n; i++) {
                    Object x = a.get(i);
                    Object y = b.get(i);
                    if (x == null || y == null) {
                        nulls(out, i, x == null, y == null, nullSafe);
                    } else {
                        out.set(i, test(Objects.deepEquals(x, y) ? 0 : 1) ? 1 : 0);
                    }
                }
            }
        }
    }

    private void nulls(BitVector out, int i, boolean an, boolean bn, boolean nullSafe) {
        if (nullSafe) {
            out.set(i, an && bn ? 1 : 0);
        } else {
            out.setNull(i);
        }
    }

    private boolean test(int c) {
        switch (op) {
            case Functions.EQ:
            case Functions.NULL_SAFE_EQ:
                return c == 0;
            case Functions.NE:
                return c != 0;
            case Functions.LT:
                return c < 0;
            case Functions.LE:
                return c <= 0;
            case Functions.GT:
                return c > 0;
            default:
                return c >= 0;
        }
    }

    /** SQL float order: -0.0 equals 0.0; NaN equals NaN and is greater than every other value. */
    static int compareDoubles(double a, double b) {
        if (a == b) {
            return 0;
        }
        boolean an = Double.isNaN(a);
        boolean bn = Double.isNaN(b);
        if (an || bn) {
            return an && bn ? 0 : an ? 1 : -1;
        }
        return a < b ? -1 : 1;
    }
}
