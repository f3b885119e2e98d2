package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.LiteralCasts;
import io.lancejdbc.sql.bind.TypeCoercion;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * CAST and TRY_CAST over a batch. Integer and float widenings, date/timestamp conversions run as tight loops; other
 * conversions follow the same rules as constant folding ({@link LiteralCasts#convert}) so that a cast gives the same
 * value whether the planner folded it or the executor computed it.
 */
final class CastExpr implements CompiledExpr {
    private final CompiledExpr input;
    private final Field type;
    private final boolean lenient;
    /** The SQL of the cast's operand, named when one of its values cannot be converted; null when unknown. */
    private final String source;

    CastExpr(CompiledExpr input, Field type, boolean lenient) {
        this(input, type, lenient, null);
    }

    CastExpr(CompiledExpr input, Field type, boolean lenient, String source) {
        this.input = input;
        this.type = io.lancejdbc.sql.types.Types.withNullable(type, true);
        this.lenient = lenient;
        this.source = source;
    }

    @Override
    public Field type() {
        return type;
    }

    /**
     * @throws SqlError 22018 (a value that does not convert) naming the operand, and the other data errors of
     *     {@link LiteralCasts#convert}
     */
    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        try (Evaluated in = input.evaluate(batch, allocator)) {
            try {
                return convert(in, n, allocator);
            } catch (SqlError e) {
                // Only this cast's own conversion is named here; the operand's errors pass through unchanged.
                if (source == null || !e.sqlState().equals(SqlState.INVALID_CAST)) {
                    throw e;
                }
                throw new SqlError(e.sqlState(), e.getMessage() + " (a value of " + source + "; TRY_CAST gives"
                        + " NULL for values that do not convert)", e);
            }
        }
    }

    private Evaluated convert(Evaluated in, int n, BufferAllocator allocator) {
        FieldVector out = ColumnWriters.allocate(type, n, allocator);
        try {
            ArrowType from = input.type().getType();
            ArrowType to = type.getType();
            ValueCategory fc = ValueCategory.of(from);
            ValueCategory tc = ValueCategory.of(to);
            if (fc == ValueCategory.LONG && tc == ValueCategory.LONG && !(to instanceof ArrowType.Date
                    && from instanceof ArrowType.Timestamp) && !(from instanceof ArrowType.Date
                    && to instanceof ArrowType.Timestamp) && !(to instanceof ArrowType.Time
                    || from instanceof ArrowType.Time)) {
                longToLong(in.vector(), out, n, to);
            } else if (fc == ValueCategory.LONG && from instanceof ArrowType.Date
                    && to instanceof ArrowType.Timestamp) {
                ColumnReaders.LongReader r = ColumnReaders.longs(in.vector());
                ColumnWriters.LongWriter w = ColumnWriters.longs(out);
                for (int i = 0; i < n; i++) {
                    if (r.isNull(i)) {
                        w.setNull(i);
                        continue;
                    }
                    long micros;
                    try {
                        micros = Math.multiplyExact(r.get(i), 86_400_000_000L);
                    } catch (ArithmeticException e) {
                        // Beyond year 294247 the microseconds wrapped into a wrong timestamp; the folded cast
                        // (ValueAccess's timestamp setter) raises the same error.
                        if (lenient) {
                            w.setNull(i);
                            continue;
                        }
                        throw new SqlError(SqlState.DATETIME_OVERFLOW, "Timestamp "
                                + java.time.LocalDate.ofEpochDay(r.get(i)).atStartOfDay() + " is outside the range"
                                + " of a microsecond timestamp (years -290308 to 294247)", e);
                    }
                    w.set(i, micros);
                }
            } else if (from instanceof ArrowType.Timestamp && to instanceof ArrowType.Date) {
                ColumnReaders.LongReader r = ColumnReaders.longs(in.vector());
                ColumnWriters.LongWriter w = ColumnWriters.longs(out);
                for (int i = 0; i < n; i++) {
                    if (r.isNull(i)) {
                        w.setNull(i);
                    } else {
                        w.set(i, Math.floorDiv(r.get(i), 86_400_000_000L));
                    }
                }
            } else if ((fc == ValueCategory.LONG && !io.lancejdbc.sql.types.Types.isTemporal(from)
                    || fc == ValueCategory.DOUBLE) && tc == ValueCategory.DOUBLE) {
                ColumnReaders.DoubleReader r = ColumnReaders.doubles(in.vector());
                ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
                for (int i = 0; i < n; i++) {
                    if (r.isNull(i)) {
                        w.setNull(i);
                    } else {
                        w.set(i, r.get(i));
                    }
                }
            } else {
                generic(in.vector(), out, n, from, to);
            }
            out.setValueCount(n);
            return Evaluated.owned(out);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private void longToLong(FieldVector in, FieldVector out, int n, ArrowType to) {
        ColumnReaders.LongReader r = ColumnReaders.longs(in);
        ColumnWriters.LongWriter w = ColumnWriters.longs(out);
        long min = Long.MIN_VALUE;
        long max = Long.MAX_VALUE;
        if (to instanceof ArrowType.Int) {
            ArrowType.Int it = (ArrowType.Int) to;
            int bits = it.getBitWidth();
            if (it.getIsSigned() && bits < 64) {
                min = -(1L << (bits - 1));
                max = (1L << (bits - 1)) - 1;
            } else if (!it.getIsSigned()) {
                min = 0;
                max = bits == 64 ? Long.MAX_VALUE : (1L << bits) - 1;
            }
        }
        for (int i = 0; i < n; i++) {
            if (r.isNull(i)) {
                w.setNull(i);
                continue;
            }
            long x = r.get(i);
            if (x < min || x > max) {
                if (lenient) {
                    w.setNull(i);
                    continue;
                }
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "Value " + x + " is out of range for "
                        + TypeCoercion.name(to));
            }
            w.set(i, x);
        }
    }

    private void generic(FieldVector in, FieldVector out, int n, ArrowType from, ArrowType to) {
        ValueAccess.Getter g = ValueAccess.getter(in);
        ValueAccess.Setter s = ValueAccess.setter(out);
        for (int i = 0; i < n; i++) {
            Object v = g.get(i);
            Object converted;
            try {
                if (v == null) {
                    converted = null;
                } else if (v instanceof java.util.List && io.lancejdbc.sql.types.Types.isString(to)) {
                    // Elements print by their own type's rule (a REAL element with its float32 digits).
                    converted = LiteralCasts.nestedText(v, input.type());
                } else {
                    converted = LiteralCasts.convert(normalize(v, from), from, to);
                }
            } catch (SqlError e) {
                if (lenient) {
                    converted = null;
                } else {
                    throw e;
                }
            }
            s.set(i, converted);
        }
    }

    /** Values read from a vector in the representation {@link LiteralCasts#convert} expects. */
    private static Object normalize(Object v, ArrowType from) {
        if (v instanceof java.math.BigDecimal && from instanceof ArrowType.Int) {
            // uint64 reads as BigDecimal; as an integer literal it is a Long when it fits.
            java.math.BigDecimal d = (java.math.BigDecimal) v;
            return d.compareTo(java.math.BigDecimal.valueOf(Long.MAX_VALUE)) <= 0 ? (Object) d.longValue() : d;
        }
        return v;
    }
}
