package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code value IN (constants)} by hash lookup, with SQL NULL semantics: NULL when the value is NULL, or when it is not
 * found and the list holds a NULL.
 */
final class InListExpr implements CompiledExpr {
    private final CompiledExpr value;
    private final ValueCategory category;
    private final Set<Object> members = new HashSet<>();
    private final boolean listHasNull;
    private final boolean empty;
    private final Field type = Types.of(Types.BOOL, true);

    /** @param constants the list items in the value's type (engine value representation) */
    InListExpr(CompiledExpr value, List<Object> constants) {
        this.value = value;
        this.category = ValueCategory.of(value.type().getType());
        boolean hasNull = false;
        for (Object c : constants) {
            if (c == null) {
                hasNull = true;
            } else {
                members.add(key(c));
            }
        }
        this.listHasNull = hasNull;
        this.empty = constants.isEmpty();
    }

    private Object key(Object c) {
        switch (category) {
            case LONG:
            case ULONG:
                if (c instanceof java.time.LocalDate) {
                    return ((java.time.LocalDate) c).toEpochDay();
                }
                if (c instanceof java.time.LocalDateTime || c instanceof java.time.Instant
                        || c instanceof java.time.LocalTime) {
                    return toMicros(c);
                }
                return c instanceof BigDecimal ? ((BigDecimal) c).longValue() : ((Number) c).longValue();
            case DOUBLE: {
                double d = ((Number) c).doubleValue();
                return d == 0.0 ? 0.0 : d;
            }
            case DECIMAL:
                return ((BigDecimal) c).stripTrailingZeros();
            case BYTES:
                return ByteBuffer.wrap(c instanceof byte[] ? (byte[]) c
                        : c.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            default:
                return c;
        }
    }

    private static long toMicros(Object c) {
        if (c instanceof java.time.LocalTime) {
            return ((java.time.LocalTime) c).toNanoOfDay() / 1000L;
        }
        java.time.Instant inst = c instanceof java.time.Instant ? (java.time.Instant) c
                : ((java.time.LocalDateTime) c).toInstant(java.time.ZoneOffset.UTC);
        return inst.getEpochSecond() * 1_000_000L + inst.getNano() / 1000L;
    }

    @Override
    public Field type() {
        return type;
    }

    @Override
    public Evaluated evaluate(VectorSchemaRoot batch, BufferAllocator allocator) {
        int n = batch.getRowCount();
        try (Evaluated in = value.evaluate(batch, allocator)) {
            BitVector out = new BitVector("", allocator);
            try {
                out.allocateNew(Math.max(n, 1));
                FieldVector v = in.vector();
                switch (category) {
                    case LONG:
                    case ULONG: {
                        ColumnReaders.LongReader r = ColumnReaders.longs(v);
                        for (int i = 0; i < n; i++) {
                            set(out, i, r.isNull(i), !r.isNull(i) && members.contains(r.get(i)));
                        }
                        break;
                    }
                    case DOUBLE: {
                        ColumnReaders.DoubleReader r = ColumnReaders.doubles(v);
                        for (int i = 0; i < n; i++) {
                            if (r.isNull(i)) {
                                set(out, i, true, false);
                            } else {
                                double d = r.get(i);
                                set(out, i, false, members.contains(d == 0.0 ? 0.0 : d));
                            }
                        }
                        break;
                    }
                    case BYTES: {
                        ColumnReaders.BytesReader r = ColumnReaders.bytes(v);
                        for (int i = 0; i < n; i++) {
                            set(out, i, r.isNull(i), !r.isNull(i) && members.contains(ByteBuffer.wrap(r.get(i))));
                        }
                        break;
                    }
                    default: {
                        ValueAccess.Getter g = ValueAccess.getter(v);
                        for (int i = 0; i < n; i++) {
                            Object x = g.get(i);
                            set(out, i, x == null, x != null && members.contains(key(x)));
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
    }

    private void set(BitVector out, int i, boolean valueNull, boolean found) {
        if (empty) {
            // x IN (an empty subquery) is FALSE for every x, NULL included (SQL:2011 8.4 in predicate).
            out.set(i, 0);
        } else if (valueNull || !found && listHasNull) {
            out.setNull(i);
        } else {
            out.set(i, found ? 1 : 0);
        }
    }
}
