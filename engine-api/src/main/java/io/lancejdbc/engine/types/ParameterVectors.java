package io.lancejdbc.engine.types;

import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Bound {@code ?} parameters as one Arrow row and back: how a remote engine carries {@link ParameterValue}s over
 * Arrow Flight SQL (the DoPut that binds a prepared statement's parameters sends one record batch whose columns
 * are the parameters in order).
 *
 * <p>The row has one column per parameter, named {@code p1}, {@code p2}, ..., typed with the parameter's Arrow type
 * (a {@code FixedSizeList} or {@code List} holds a {@code float[]} as float32 items and a {@code double[]} as
 * float64 items). Reading accepts what other Flight SQL clients send too: any integer width (signed or not),
 * float32/64, decimal 128/256, utf8 and large utf8, binary, date (day or millisecond), time (any unit), timestamp
 * (any unit, with or without a zone), lists of floats, null; the Java value of each follows {@link ParameterValue}.
 */
public final class ParameterVectors {
    private ParameterVectors() {
    }

    /**
     * A one-row root holding {@code values}; the caller closes it. An empty list gives a root with no columns and
     * one row.
     *
     * @throws SqlError 0A000 naming the type when a parameter's Arrow type cannot be carried
     */
    public static VectorSchemaRoot toRoot(List<ParameterValue> values, BufferAllocator allocator) {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            fields.add(fieldOf("p" + (i + 1), values.get(i)));
        }
        VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
        try {
            root.allocateNew();
            for (int i = 0; i < values.size(); i++) {
                write(root.getVector(i), values.get(i));
            }
            root.setRowCount(1);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    private static Field fieldOf(String name, ParameterValue p) {
        ArrowType type = p.type();
        if (type instanceof ArrowType.FixedSizeList || type instanceof ArrowType.List) {
            ArrowType item = p.value() instanceof double[]
                    ? new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)
                    : new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            return new Field(name, FieldType.nullable(type), List.of(Field.nullable("item", item)));
        }
        return Field.nullable(name, type);
    }

    private static void write(FieldVector v, ParameterValue p) {
        Object x = p.value();
        if (x == null) {
            if (!(v instanceof org.apache.arrow.vector.NullVector)) {
                v.setNull(0);
            }
            return;
        }
        if (v instanceof BitVector) {
            ((BitVector) v).setSafe(0, (Boolean) x ? 1 : 0);
        } else if (v instanceof TinyIntVector) {
            ((TinyIntVector) v).setSafe(0, (byte) longOf(x));
        } else if (v instanceof SmallIntVector) {
            ((SmallIntVector) v).setSafe(0, (short) longOf(x));
        } else if (v instanceof IntVector) {
            ((IntVector) v).setSafe(0, (int) longOf(x));
        } else if (v instanceof BigIntVector) {
            ((BigIntVector) v).setSafe(0, longOf(x));
        } else if (v instanceof UInt1Vector) {
            ((UInt1Vector) v).setSafe(0, (byte) longOf(x));
        } else if (v instanceof UInt2Vector) {
            ((UInt2Vector) v).setSafe(0, (char) longOf(x));
        } else if (v instanceof UInt4Vector) {
            ((UInt4Vector) v).setSafe(0, (int) longOf(x));
        } else if (v instanceof UInt8Vector) {
            ((UInt8Vector) v).setSafe(0, longOf(x));
        } else if (v instanceof Float4Vector) {
            ((Float4Vector) v).setSafe(0, ((Number) x).floatValue());
        } else if (v instanceof Float8Vector) {
            ((Float8Vector) v).setSafe(0, ((Number) x).doubleValue());
        } else if (v instanceof DecimalVector) {
            ((DecimalVector) v).setSafe(0, (BigDecimal) x);
        } else if (v instanceof Decimal256Vector) {
            ((Decimal256Vector) v).setSafe(0, (BigDecimal) x);
        } else if (v instanceof VarCharVector) {
            ((VarCharVector) v).setSafe(0, ((String) x).getBytes(StandardCharsets.UTF_8));
        } else if (v instanceof VarBinaryVector) {
            ((VarBinaryVector) v).setSafe(0, (byte[]) x);
        } else if (v instanceof DateDayVector) {
            ((DateDayVector) v).setSafe(0, Math.toIntExact(((LocalDate) x).toEpochDay()));
        } else if (v instanceof TimeMilliVector) {
            ((TimeMilliVector) v).setSafe(0, (int) (((LocalTime) x).toNanoOfDay() / 1_000_000));
        } else if (v instanceof TimeMicroVector) {
            ((TimeMicroVector) v).setSafe(0, ((LocalTime) x).toNanoOfDay() / 1_000);
        } else if (v instanceof TimeNanoVector) {
            ((TimeNanoVector) v).setSafe(0, ((LocalTime) x).toNanoOfDay());
        } else if (v instanceof TimeStampVector) {
            ArrowType.Timestamp ts = (ArrowType.Timestamp) p.type();
            Instant instant = x instanceof LocalDateTime ? ((LocalDateTime) x).toInstant(ZoneOffset.UTC) : (Instant) x;
            long epoch;
            try {
                epoch = epochIn(instant, ts.getUnit());
            } catch (ArithmeticException e) {
                throw new SqlError(SqlState.DATETIME_OVERFLOW, "Timestamp " + x + " is outside the range of a "
                        + ts.getUnit().name().toLowerCase(java.util.Locale.ROOT) + " timestamp", e);
            }
            ((TimeStampVector) v).setSafe(0, epoch);
        } else if (v instanceof FixedSizeListVector || v instanceof ListVector) {
            writeFloats((BaseListVector) v, x);
        } else {
            throw unsupported(p.type());
        }
    }

    private static void writeFloats(BaseListVector v, Object x) {
        int n = x instanceof float[] ? ((float[]) x).length : ((double[]) x).length;
        FieldVector items;
        if (v instanceof FixedSizeListVector) {
            FixedSizeListVector f = (FixedSizeListVector) v;
            f.setNotNull(0);
            items = f.getDataVector();
        } else {
            ListVector l = (ListVector) v;
            l.startNewValue(0);
            l.endValue(0, n);
            items = l.getDataVector();
        }
        for (int i = 0; i < n; i++) {
            if (items instanceof Float4Vector) {
                ((Float4Vector) items).setSafe(i, ((float[]) x)[i]);
            } else {
                ((Float8Vector) items).setSafe(i, ((double[]) x)[i]);
            }
        }
        items.setValueCount(n);
    }

    private static long longOf(Object x) {
        return x instanceof BigInteger ? ((BigInteger) x).longValue() : ((Number) x).longValue();
    }

    private static long epochIn(Instant instant, TimeUnit unit) {
        switch (unit) {
            case SECOND:
                return instant.getEpochSecond();
            case MILLISECOND:
                return instant.toEpochMilli();
            case MICROSECOND:
                return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
            default:
                return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
        }
    }

    /**
     * The values of row {@code row} of {@code root}, one per column in order.
     *
     * @throws SqlError 0A000 naming the type when a column's type is not one a parameter can have
     */
    public static List<ParameterValue> fromRoot(VectorSchemaRoot root, int row) {
        List<ParameterValue> out = new ArrayList<>();
        for (FieldVector v : root.getFieldVectors()) {
            out.add(read(v, row));
        }
        return out;
    }

    private static ParameterValue read(FieldVector v, int row) {
        ArrowType type = v.getField().getType();
        if (type instanceof ArrowType.Null) {
            return new ParameterValue(null, type);
        }
        if (v.isNull(row)) {
            if (type instanceof ArrowType.FixedSizeList || type instanceof ArrowType.List
                    || type instanceof ArrowType.LargeUtf8) {
                type = type instanceof ArrowType.LargeUtf8 ? ArrowType.Utf8.INSTANCE : type;
            }
            return new ParameterValue(null, type);
        }
        if (v instanceof BitVector) {
            return new ParameterValue(((BitVector) v).get(row) != 0, type);
        }
        if (type instanceof ArrowType.Int) {
            ArrowType.Int t = (ArrowType.Int) type;
            if (v instanceof UInt8Vector) {
                long bits = ((UInt8Vector) v).get(row);
                return new ParameterValue(bits >= 0 ? (Object) bits
                        : BigInteger.valueOf(bits).add(BigInteger.ONE.shiftLeft(64)), t);
            }
            long value;
            if (v instanceof UInt1Vector) {
                value = ((UInt1Vector) v).get(row) & 0xFFL;
            } else if (v instanceof UInt2Vector) {
                value = ((UInt2Vector) v).get(row);
            } else if (v instanceof UInt4Vector) {
                value = ((UInt4Vector) v).get(row) & 0xFFFF_FFFFL;
            } else {
                value = ((Number) v.getObject(row)).longValue();
            }
            return new ParameterValue(value, t);
        }
        if (v instanceof Float4Vector) {
            return new ParameterValue(((Float4Vector) v).get(row), type);
        }
        if (v instanceof Float8Vector) {
            return new ParameterValue(((Float8Vector) v).get(row), type);
        }
        if (v instanceof DecimalVector || v instanceof Decimal256Vector) {
            return new ParameterValue(v.getObject(row), type);
        }
        if (v instanceof VarCharVector) {
            return new ParameterValue(new String(((VarCharVector) v).get(row), StandardCharsets.UTF_8), type);
        }
        if (v instanceof LargeVarCharVector) {
            return new ParameterValue(new String(((LargeVarCharVector) v).get(row), StandardCharsets.UTF_8),
                    ArrowType.Utf8.INSTANCE);
        }
        if (v instanceof VarBinaryVector) {
            return new ParameterValue(((VarBinaryVector) v).get(row), type);
        }
        if (v instanceof DateDayVector) {
            return new ParameterValue(LocalDate.ofEpochDay(((DateDayVector) v).get(row)),
                    new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY));
        }
        if (v instanceof DateMilliVector) {
            return new ParameterValue(LocalDate.ofEpochDay(Math.floorDiv(((DateMilliVector) v).get(row), 86_400_000L)),
                    new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY));
        }
        if (v instanceof TimeSecVector) {
            return new ParameterValue(LocalTime.ofSecondOfDay(((TimeSecVector) v).get(row)), type);
        }
        if (v instanceof TimeMilliVector) {
            return new ParameterValue(LocalTime.ofNanoOfDay(((TimeMilliVector) v).get(row) * 1_000_000L), type);
        }
        if (v instanceof TimeMicroVector) {
            return new ParameterValue(LocalTime.ofNanoOfDay(((TimeMicroVector) v).get(row) * 1_000L), type);
        }
        if (v instanceof TimeNanoVector) {
            return new ParameterValue(LocalTime.ofNanoOfDay(((TimeNanoVector) v).get(row)), type);
        }
        if (v instanceof TimeStampVector) {
            ArrowType.Timestamp t = (ArrowType.Timestamp) type;
            Instant instant = instantOf(((TimeStampVector) v).get(row), t.getUnit());
            return new ParameterValue(t.getTimezone() == null
                    ? (Object) LocalDateTime.ofInstant(instant, ZoneOffset.UTC) : instant, type);
        }
        if (v instanceof FixedSizeListVector || v instanceof ListVector) {
            return new ParameterValue(readFloats((BaseListVector) v, row, type), type);
        }
        throw unsupported(type);
    }

    private static Object readFloats(BaseListVector v, int row, ArrowType type) {
        int start = v.getElementStartIndex(row);
        int end = v.getElementEndIndex(row);
        ValueVector items = v instanceof FixedSizeListVector ? ((FixedSizeListVector) v).getDataVector()
                : ((ListVector) v).getDataVector();
        if (items instanceof Float4Vector) {
            float[] out = new float[end - start];
            for (int i = start; i < end; i++) {
                out[i - start] = ((Float4Vector) items).get(i);
            }
            return out;
        }
        if (items instanceof Float8Vector) {
            double[] out = new double[end - start];
            for (int i = start; i < end; i++) {
                out[i - start] = ((Float8Vector) items).get(i);
            }
            return out;
        }
        throw unsupported(type);
    }

    private static Instant instantOf(long value, TimeUnit unit) {
        switch (unit) {
            case SECOND:
                return Instant.ofEpochSecond(value);
            case MILLISECOND:
                return Instant.ofEpochMilli(value);
            case MICROSECOND:
                return Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000);
            default:
                return Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
        }
    }

    private static SqlError unsupported(ArrowType type) {
        return new SqlError(SqlState.FEATURE_NOT_SUPPORTED, "A parameter of Arrow type " + type + " cannot be bound;"
                + " bind booleans, numbers, decimals, strings, bytes, dates, times, timestamps or float vectors");
    }
}
