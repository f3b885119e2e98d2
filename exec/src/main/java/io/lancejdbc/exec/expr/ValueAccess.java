package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Row-at-a-time access in the engine's value representation (the one {@link io.lancejdbc.sql.expr.Literal}
 * documents): Long, Double, BigDecimal, String, byte[], Boolean, LocalDate, LocalTime, LocalDateTime (naive
 * timestamps), Instant (zoned), {@code List<Object>} (lists), {@code List<Object>} of field values (structs) and
 * {@code Map<Object,Object>} (maps). Used by the less frequent functions and by constants; hot kernels use
 * {@link ColumnReaders} directly.
 */
public final class ValueAccess {
    private ValueAccess() {
    }

    /** Reads row values. */
    public interface Getter {
        /** The value at row {@code i}, or null. */
        Object get(int i);
    }

    /** Writes row values. */
    public interface Setter {
        /** Sets row {@code i} to {@code value} (null for SQL NULL). */
        void set(int i, Object value);
    }

    public static Getter getter(ValueVector v) {
        ArrowType t = v.getField().getType();
        switch (t.getTypeID()) {
            case Null:
                return i -> null;
            case Bool: {
                ColumnReaders.BoolReader r = ColumnReaders.bools(v);
                return i -> r.isNull(i) ? null : r.get(i);
            }
            case Int: {
                ArrowType.Int it = (ArrowType.Int) t;
                if (!it.getIsSigned() && it.getBitWidth() == 64) {
                    ColumnReaders.DecimalReader r = ColumnReaders.decimals(v);
                    return i -> r.isNull(i) ? null : r.get(i);
                }
                ColumnReaders.LongReader r = ColumnReaders.longs(v);
                return i -> r.isNull(i) ? null : (Object) r.get(i);
            }
            case FloatingPoint: {
                ColumnReaders.DoubleReader r = ColumnReaders.doubles(v);
                return i -> r.isNull(i) ? null : (Object) r.get(i);
            }
            case Decimal: {
                ColumnReaders.DecimalReader r = ColumnReaders.decimals(v);
                return i -> r.isNull(i) ? null : r.get(i);
            }
            case Utf8:
            case LargeUtf8: {
                ColumnReaders.BytesReader r = ColumnReaders.bytes(v);
                return i -> r.isNull(i) ? null : r.getString(i);
            }
            case Binary:
            case LargeBinary:
            case FixedSizeBinary: {
                ColumnReaders.BytesReader r = ColumnReaders.bytes(v);
                return i -> r.isNull(i) ? null : r.get(i);
            }
            case Date: {
                ColumnReaders.LongReader r = ColumnReaders.longs(v);
                return i -> r.isNull(i) ? null : LocalDate.ofEpochDay(r.get(i));
            }
            case Time: {
                ColumnReaders.LongReader r = ColumnReaders.longs(v);
                return i -> r.isNull(i) ? null : LocalTime.ofNanoOfDay(r.get(i) * 1000L);
            }
            case Timestamp: {
                ColumnReaders.LongReader r = ColumnReaders.longs(v);
                boolean zoned = ((ArrowType.Timestamp) t).getTimezone() != null;
                return i -> {
                    if (r.isNull(i)) {
                        return null;
                    }
                    long micros = r.get(i);
                    Instant inst = Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                            Math.floorMod(micros, 1_000_000L) * 1000L);
                    return zoned ? inst : LocalDateTime.ofInstant(inst, ZoneOffset.UTC);
                };
            }
            case LargeList: {
                // LargeListVector is no BaseListVector in Arrow 18; its offsets are longs.
                LargeListVector lv = (LargeListVector) v;
                Getter child = getter(childOf(v));
                return i -> {
                    if (v.isNull(i)) {
                        return null;
                    }
                    int start = Math.toIntExact(lv.getElementStartIndex(i));
                    int end = Math.toIntExact(lv.getElementEndIndex(i));
                    List<Object> out = new ArrayList<>(end - start);
                    for (int k = start; k < end; k++) {
                        out.add(child.get(k));
                    }
                    return out;
                };
            }
            case List:
            case FixedSizeList: {
                // LargeListVector is no BaseListVector in Arrow 18.3 (its offsets are longs).
                java.util.function.IntToLongFunction start;
                java.util.function.IntToLongFunction end;
                if (v instanceof LargeListVector) {
                    LargeListVector lv = (LargeListVector) v;
                    start = lv::getElementStartIndex;
                    end = lv::getElementEndIndex;
                } else {
                    BaseListVector lv = (BaseListVector) v;
                    start = lv::getElementStartIndex;
                    end = lv::getElementEndIndex;
                }
                Getter child = getter(childOf(v));
                return i -> {
                    if (v.isNull(i)) {
                        return null;
                    }
                    int from = Math.toIntExact(start.applyAsLong(i));
                    int to = Math.toIntExact(end.applyAsLong(i));
                    List<Object> out = new ArrayList<>(to - from);
                    for (int k = from; k < to; k++) {
                        out.add(child.get(k));
                    }
                    return out;
                };
            }
            case Struct: {
                StructVector sv = (StructVector) v;
                List<Getter> children = new ArrayList<>();
                for (FieldVector c : sv.getChildrenFromFields()) {
                    children.add(getter(c));
                }
                return i -> {
                    if (sv.isNull(i)) {
                        return null;
                    }
                    List<Object> out = new ArrayList<>(children.size());
                    for (Getter g : children) {
                        out.add(g.get(i));
                    }
                    return out;
                };
            }
            case Map: {
                MapVector mv = (MapVector) v;
                StructVector entries = (StructVector) mv.getDataVector();
                Getter key = getter(entries.getChildrenFromFields().get(0));
                Getter value = getter(entries.getChildrenFromFields().get(1));
                return i -> {
                    if (mv.isNull(i)) {
                        return null;
                    }
                    Map<Object, Object> out = new LinkedHashMap<>();
                    for (int k = mv.getElementStartIndex(i); k < mv.getElementEndIndex(i); k++) {
                        out.put(key.get(k), value.get(k));
                    }
                    return out;
                };
            }
            default:
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Values of type " + t + " cannot be computed on");
        }
    }

    static FieldVector childOf(ValueVector v) {
        if (v instanceof ListVector) {
            return ((ListVector) v).getDataVector();
        }
        if (v instanceof LargeListVector) {
            return ((LargeListVector) v).getDataVector();
        }
        if (v instanceof FixedSizeListVector) {
            return ((FixedSizeListVector) v).getDataVector();
        }
        throw new IllegalArgumentException("not a list vector: " + v.getField());
    }

    public static Setter setter(ValueVector v) {
        ArrowType t = v.getField().getType();
        switch (t.getTypeID()) {
            case Null:
                return (i, x) -> ((NullVector) v).setValueCount(Math.max(v.getValueCount(), i + 1));
            case Bool: {
                ColumnWriters.BoolWriter w = ColumnWriters.bools(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else {
                        w.set(i, (Boolean) x);
                    }
                };
            }
            case Int: {
                ArrowType.Int it = (ArrowType.Int) t;
                ColumnWriters.LongWriter w = ColumnWriters.longs(v);
                boolean u64 = !it.getIsSigned() && it.getBitWidth() == 64;
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else if (u64 && x instanceof BigDecimal) {
                        w.set(i, ((BigDecimal) x).toBigInteger().longValue());
                    } else {
                        w.set(i, ((Number) x).longValue());
                    }
                };
            }
            case FloatingPoint: {
                ColumnWriters.DoubleWriter w = ColumnWriters.doubles(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else {
                        w.set(i, ((Number) x).doubleValue());
                    }
                };
            }
            case Decimal: {
                ColumnWriters.DecimalWriter w = ColumnWriters.decimals(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else {
                        w.set(i, x instanceof BigDecimal ? (BigDecimal) x : new BigDecimal(x.toString()));
                    }
                };
            }
            case Utf8:
            case LargeUtf8: {
                ColumnWriters.BytesWriter w = ColumnWriters.bytes(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else {
                        w.set(i, x.toString().getBytes(StandardCharsets.UTF_8));
                    }
                };
            }
            case Binary:
            case LargeBinary:
            case FixedSizeBinary: {
                ColumnWriters.BytesWriter w = ColumnWriters.bytes(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else {
                        w.set(i, x instanceof byte[] ? (byte[]) x : x.toString().getBytes(StandardCharsets.UTF_8));
                    }
                };
            }
            case Date: {
                ColumnWriters.LongWriter w = ColumnWriters.longs(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else {
                        w.set(i, ((LocalDate) x).toEpochDay());
                    }
                };
            }
            case Time: {
                ColumnWriters.LongWriter w = ColumnWriters.longs(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                    } else {
                        w.set(i, ((LocalTime) x).toNanoOfDay() / 1000L);
                    }
                };
            }
            case Timestamp: {
                ColumnWriters.LongWriter w = ColumnWriters.longs(v);
                return (i, x) -> {
                    if (x == null) {
                        w.setNull(i);
                        return;
                    }
                    Instant inst = x instanceof Instant ? (Instant) x : ((LocalDateTime) x).toInstant(ZoneOffset.UTC);
                    long micros;
                    try {
                        micros = Math.addExact(Math.multiplyExact(inst.getEpochSecond(), 1_000_000L),
                                inst.getNano() / 1000L);
                    } catch (ArithmeticException e) {
                        throw new SqlError(SqlState.DATETIME_OVERFLOW, "Timestamp " + x + " is outside the range of"
                                + " a microsecond timestamp (years -290308 to 294247)", e);
                    }
                    w.set(i, micros);
                };
            }
            case List:
            case LargeList:
            case FixedSizeList:
                return listSetter(v);
            case Struct: {
                StructVector sv = (StructVector) v;
                List<Setter> children = new ArrayList<>();
                for (FieldVector c : sv.getChildrenFromFields()) {
                    children.add(setter(c));
                }
                return (i, x) -> {
                    if (x == null) {
                        sv.setNull(i);
                        for (Setter s : children) {
                            s.set(i, null);
                        }
                        return;
                    }
                    List<?> values = (List<?>) x;
                    sv.setIndexDefined(i);
                    for (int k = 0; k < children.size(); k++) {
                        children.get(k).set(i, values.get(k));
                    }
                };
            }
            case Map:
                return mapSetter((MapVector) v);
            default:
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Values of type " + t + " cannot be produced");
        }
    }

    private static Setter listSetter(ValueVector v) {
        FieldVector child = childOf(v);
        Setter childSetter = setter(child);
        if (v instanceof FixedSizeListVector) {
            FixedSizeListVector fv = (FixedSizeListVector) v;
            int size = fv.getListSize();
            return (i, x) -> {
                if (x == null) {
                    fv.setNull(i);
                    for (int k = 0; k < size; k++) {
                        childSetter.set(i * size + k, null);
                    }
                    return;
                }
                List<?> values = asList(x);
                if (values.size() != size) {
                    throw new SqlError(SqlState.DATA_EXCEPTION, "Array of " + values.size()
                            + " elements does not fit fixed size " + size);
                }
                fv.setNotNull(i);
                for (int k = 0; k < size; k++) {
                    childSetter.set(i * size + k, values.get(k));
                }
                child.setValueCount(Math.max(child.getValueCount(), (i + 1) * size));
            };
        }
        if (v instanceof ListVector) {
            ListVector lv = (ListVector) v;
            return (i, x) -> {
                int start = i == 0 ? 0 : lv.getOffsetBuffer().getInt((long) i * 4);
                if (x == null) {
                    lv.setNull(i);
                    while (lv.getOffsetBuffer().capacity() < (long) (i + 2) * 4) {
                        lv.reAlloc();
                    }
                    lv.getOffsetBuffer().setInt((long) (i + 1) * 4, start);
                    return;
                }
                List<?> values = asList(x);
                lv.startNewValue(i);
                for (int k = 0; k < values.size(); k++) {
                    childSetter.set(start + k, values.get(k));
                }
                child.setValueCount(start + values.size());
                lv.endValue(i, values.size());
            };
        }
        if (v instanceof LargeListVector) {
            LargeListVector lv = (LargeListVector) v;
            return (i, x) -> {
                long start = i == 0 ? 0 : lv.getOffsetBuffer().getLong((long) i * 8);
                if (x == null) {
                    lv.setNull(i);
                    while (lv.getOffsetBuffer().capacity() < (long) (i + 2) * 8) {
                        lv.reAlloc();
                    }
                    lv.getOffsetBuffer().setLong((long) (i + 1) * 8, start);
                    return;
                }
                List<?> values = asList(x);
                lv.startNewValue(i);
                for (int k = 0; k < values.size(); k++) {
                    childSetter.set((int) start + k, values.get(k));
                }
                child.setValueCount((int) start + values.size());
                lv.endValue(i, values.size());
            };
        }
        throw new IllegalArgumentException("unexpected list vector " + v.getField());
    }

    /** Map values ({@code Map<Object, Object>}, entries in iteration order) into a map vector. */
    private static Setter mapSetter(MapVector mv) {
        StructVector entries = (StructVector) mv.getDataVector();
        Setter key = setter(entries.getChildrenFromFields().get(0));
        Setter value = setter(entries.getChildrenFromFields().get(1));
        return (i, x) -> {
            int start = i == 0 ? 0 : mv.getOffsetBuffer().getInt((long) i * 4);
            if (x == null) {
                mv.setNull(i);
                while (mv.getOffsetBuffer().capacity() < (long) (i + 2) * 4) {
                    mv.reAlloc();
                }
                mv.getOffsetBuffer().setInt((long) (i + 1) * 4, start);
                return;
            }
            Map<?, ?> m = (Map<?, ?>) x;
            mv.startNewValue(i);
            int k = start;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                entries.setIndexDefined(k);
                key.set(k, e.getKey());
                value.set(k, e.getValue());
                k++;
            }
            entries.setValueCount(k);
            mv.endValue(i, m.size());
        };
    }

    /** A list value as a List, also from float[] / double[] (query vectors). */
    static List<?> asList(Object x) {
        if (x instanceof List) {
            return (List<?>) x;
        }
        if (x instanceof float[]) {
            float[] f = (float[]) x;
            List<Object> out = new ArrayList<>(f.length);
            for (float e : f) {
                out.add((double) e);
            }
            return out;
        }
        if (x instanceof double[]) {
            double[] d = (double[]) x;
            List<Object> out = new ArrayList<>(d.length);
            for (double e : d) {
                out.add(e);
            }
            return out;
        }
        throw new SqlError(SqlState.DATATYPE_MISMATCH, "Not an array value: " + x);
    }

}
