package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Functions;
import java.math.BigDecimal;
import java.math.MathContext;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code + - * / % DIV} and unary minus. Integer results are exact (overflow → 22003), division or modulo by zero is an
 * error (22012), decimals compute exactly and are rounded half-up to the result scale ({@code DIV} truncates toward
 * zero, a result beyond the result precision is 22003).
 */
final class ArithmeticExpr implements CompiledExpr {
    private final String op;
    private final CompiledExpr left;
    private final CompiledExpr right;
    private final Field type;
    private final ValueCategory category;

    /** @param right null for unary minus */
    ArithmeticExpr(String op, CompiledExpr left, CompiledExpr right, Field type) {
        this.op = op;
        this.left = left;
        this.right = right;
        this.type = type;
        this.category = ValueCategory.of(type.getType());
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        try (Evaluated l = left.evaluate(batch, allocator);
                Evaluated r = right == null ? null : right.evaluate(batch, allocator)) {
            FieldVector out = ColumnWriters.allocate(type, n, allocator);
            try {
                switch (category) {
                    case LONG:
                        longs(l.vector(), r == null ? null : r.vector(), out, n);
                        break;
                    case DOUBLE:
                        doubles(l.vector(), r == null ? null : r.vector(), out, n);
                        break;
                    case DECIMAL:
                        decimals(l.vector(), r == null ? null : r.vector(), out, n);
                        break;
                    default:
                        throw new SqlError(SqlState.DATATYPE_MISMATCH, "Arithmetic on " + type.getType());
                }
                out.setValueCount(n);
                return Evaluated.owned(out);
            } catch (RuntimeException e) {
                out.close();
                throw e;
            }
        }
    }

    private void longs(FieldVector lv, FieldVector rv, FieldVector out, int n) {
        ColumnReaders.LongReader a = ColumnReaders.longs(lv);
        ColumnWriters.LongWriter w = ColumnWriters.longs(out);
        if (rv == null) {
            for (int i = 0; i < n; i++) {
                if (a.isNull(i)) {
                    w.setNull(i);
                } else {
                    long x = a.get(i);
                    if (x == Long.MIN_VALUE) {
                        throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT value out of range: -(" + x + ")");
                    }
                    w.set(i, -x);
                }
            }
            return;
        }
        ColumnReaders.LongReader b = ColumnReaders.longs(rv);
        for (int i = 0; i < n; i++) {
            if (a.isNull(i) || b.isNull(i)) {
                w.setNull(i);
                continue;
            }
            long x = a.get(i);
            long y = b.get(i);
            long z;
            try {
                switch (op) {
                    case Functions.ADD:
                        z = Math.addExact(x, y);
                        break;
                    case Functions.SUBTRACT:
                        z = Math.subtractExact(x, y);
                        break;
                    case Functions.MULTIPLY:
                        z = Math.multiplyExact(x, y);
                        break;
                    case Functions.DIVIDE:
                    case Functions.INT_DIVIDE:
                        if (y == 0) {
                            throw divisionByZero();
                        }
                        if (x == Long.MIN_VALUE && y == -1) {
                            throw new ArithmeticException("overflow");
                        }
                        z = x / y;
                        break;
                    default:
                        if (y == 0) {
                            throw divisionByZero();
                        }
                        z = y == -1 ? 0 : x % y;
                }
            } catch (ArithmeticException e) {
                throw overflow(x, y);
            }
            w.set(i, z);
        }
    }

    private SqlError overflow(long x, long y) {
        return new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT value out of range: " + x + " " + op + " " + y);
    }

    private static SqlError divisionByZero() {
        return new SqlError(SqlState.DIVISION_BY_ZERO, "Division by zero");
    }

    private void doubles(FieldVector lv, FieldVector rv, FieldVector out, int n) {
        ColumnReaders.DoubleReader a = ColumnReaders.doubles(lv);
        ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
        if (rv == null) {
            for (int i = 0; i < n; i++) {
                if (a.isNull(i)) {
                    w.setNull(i);
                } else {
                    w.set(i, -a.get(i));
                }
            }
            return;
        }
        ColumnReaders.DoubleReader b = ColumnReaders.doubles(rv);
        for (int i = 0; i < n; i++) {
            if (a.isNull(i) || b.isNull(i)) {
                w.setNull(i);
                continue;
            }
            double x = a.get(i);
            double y = b.get(i);
            double z;
            switch (op) {
                case Functions.ADD:
                    z = x + y;
                    break;
                case Functions.SUBTRACT:
                    z = x - y;
                    break;
                case Functions.MULTIPLY:
                    z = x * y;
                    break;
                case Functions.DIVIDE:
                    if (y == 0) {
                        throw divisionByZero();
                    }
                    z = x / y;
                    break;
                default:
                    if (y == 0) {
                        throw divisionByZero();
                    }
                    z = x % y;
            }
            w.set(i, z);
        }
    }

    private void decimals(FieldVector lv, FieldVector rv, FieldVector out, int n) {
        ColumnReaders.DecimalReader a = ColumnReaders.decimals(lv);
        ColumnWriters.DecimalWriter w = ColumnWriters.decimals(out);
        if (rv == null) {
            for (int i = 0; i < n; i++) {
                if (a.isNull(i)) {
                    w.setNull(i);
                } else {
                    w.set(i, a.get(i).negate());
                }
            }
            return;
        }
        ColumnReaders.DecimalReader b = ColumnReaders.decimals(rv);
        for (int i = 0; i < n; i++) {
            if (a.isNull(i) || b.isNull(i)) {
                w.setNull(i);
                continue;
            }
            BigDecimal x = a.get(i);
            BigDecimal y = b.get(i);
            BigDecimal z;
            switch (op) {
                case Functions.ADD:
                    z = x.add(y);
                    break;
                case Functions.SUBTRACT:
                    z = x.subtract(y);
                    break;
                case Functions.MULTIPLY:
                    z = x.multiply(y);
                    break;
                case Functions.DIVIDE:
                    if (y.signum() == 0) {
                        throw divisionByZero();
                    }
                    z = x.divide(y, MathContext.DECIMAL128);
                    break;
                case Functions.INT_DIVIDE:
                    if (y.signum() == 0) {
                        throw divisionByZero();
                    }
                    z = x.divideToIntegralValue(y);
                    break;
                default:
                    if (y.signum() == 0) {
                        throw divisionByZero();
                    }
                    z = x.remainder(y);
            }
            w.set(i, z);
        }
    }
}
