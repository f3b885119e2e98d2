package io.lancejdbc.exec.testing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
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
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Converts between one Arrow vector slot and the <em>logical Java value</em> the fixtures use to describe their
 * data, in both directions, so a fixture's value functions define both what is written and what a test expects.
 *
 * <p>Logical values (every type may also be {@code null} for SQL NULL):
 * <table>
 *   <caption>Arrow type to logical Java value</caption>
 *   <tr><td>bool</td><td>Boolean</td></tr>
 *   <tr><td>int8 / int16 / int32 / int64</td><td>Byte / Short / Integer / Long</td></tr>
 *   <tr><td>uint8 / uint16</td><td>Integer (0..255 / 0..65535)</td></tr>
 *   <tr><td>uint32</td><td>Long (0..2^32-1)</td></tr>
 *   <tr><td>uint64</td><td>BigInteger (0..2^64-1)</td></tr>
 *   <tr><td>float16 / float32</td><td>Float (the exact stored value; NaN, ±inf and -0.0 preserved)</td></tr>
 *   <tr><td>float64</td><td>Double</td></tr>
 *   <tr><td>decimal128 / decimal256</td><td>BigDecimal with the column's scale</td></tr>
 *   <tr><td>utf8 / large_utf8</td><td>String</td></tr>
 *   <tr><td>binary / large_binary / fixed_size_binary</td><td>byte[]</td></tr>
 *   <tr><td>date32 / date64</td><td>LocalDate (date64 holds whole days)</td></tr>
 *   <tr><td>time32 / time64</td><td>LocalTime at the stored precision</td></tr>
 *   <tr><td>timestamp without zone</td><td>LocalDateTime (the stored wall-clock value, full precision)</td></tr>
 *   <tr><td>timestamp with zone</td><td>Instant (full precision)</td></tr>
 *   <tr><td>duration</td><td>java.time.Duration</td></tr>
 *   <tr><td>struct</td><td>Map&lt;String, Object&gt; in field order</td></tr>
 *   <tr><td>list / large_list / fixed_size_list</td><td>List&lt;Object&gt;</td></tr>
 *   <tr><td>map</td><td>Map&lt;Object, Object&gt; in entry order</td></tr>
 * </table>
 * Compare values with {@link #comparable(Object)}, which turns {@code byte[]} into {@link Hex} so that
 * {@code assertEquals} compares content.
 */
public final class ArrowLogicalValues {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private ArrowLogicalValues() {
    }

    /** Binary content as lowercase hex, so that equality means equal bytes. */
    public record Hex(String hex) {
        /** @param bytes the bytes to wrap (copied into hex) */
        public static Hex of(byte[] bytes) {
            return new Hex(HexFormat.of().formatHex(bytes));
        }

        @Override
        public String toString() {
            return "0x" + hex;
        }
    }

    /**
     * Returns {@code value} with every {@code byte[]} (also inside lists, structs and maps) replaced by {@link Hex},
     * so that {@code equals} compares content. Other values are returned as they are.
     */
    public static Object comparable(Object value) {
        if (value instanceof byte[] bytes) {
            return Hex.of(bytes);
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(comparable(o));
            }
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(comparable(k), comparable(v)));
            return out;
        }
        return value;
    }

    /**
     * Writes the logical {@code value} into slot {@code index} of {@code vector} (growing buffers as needed).
     *
     * @throws IllegalArgumentException when the vector type is not one the fixtures write, or the value does not fit
     * @throws ClassCastException when the value is not the logical Java type of the vector
     */
    public static void write(FieldVector vector, int index, Object value) {
        if (value == null) {
            writeNull(vector, index);
            return;
        }
        if (vector instanceof BitVector v) {
            v.setSafe(index, (Boolean) value ? 1 : 0);
        } else if (vector instanceof TinyIntVector v) {
            v.setSafe(index, (Byte) value);
        } else if (vector instanceof SmallIntVector v) {
            v.setSafe(index, (Short) value);
        } else if (vector instanceof IntVector v) {
            v.setSafe(index, (Integer) value);
        } else if (vector instanceof BigIntVector v) {
            v.setSafe(index, (Long) value);
        } else if (vector instanceof UInt1Vector v) {
            v.setSafe(index, checkUnsigned((Integer) value, 0xFF));
        } else if (vector instanceof UInt2Vector v) {
            v.setSafe(index, checkUnsigned((Integer) value, 0xFFFF));
        } else if (vector instanceof UInt4Vector v) {
            long u = (Long) value;
            if (u < 0 || u > 0xFFFF_FFFFL) {
                throw new IllegalArgumentException("uint32 out of range: " + u);
            }
            v.setSafe(index, (int) u);
        } else if (vector instanceof UInt8Vector v) {
            BigInteger u = (BigInteger) value;
            if (u.signum() < 0 || u.bitLength() > 64) {
                throw new IllegalArgumentException("uint64 out of range: " + u);
            }
            v.setSafe(index, u.longValue());
        } else if (vector instanceof Float2Vector v) {
            float f = (Float) value;
            short half = Float16.toFloat16(f);
            if (!Float.isNaN(f) && Float.floatToIntBits(Float16.toFloat(half)) != Float.floatToIntBits(f)) {
                throw new IllegalArgumentException("not exactly representable as float16: " + f);
            }
            v.setSafe(index, half);
        } else if (vector instanceof Float4Vector v) {
            v.setSafe(index, (Float) value);
        } else if (vector instanceof Float8Vector v) {
            v.setSafe(index, (Double) value);
        } else if (vector instanceof DecimalVector v) {
            v.setSafe(index, (BigDecimal) value);
        } else if (vector instanceof Decimal256Vector v) {
            v.setSafe(index, (BigDecimal) value);
        } else if (vector instanceof VarCharVector v) {
            v.setSafe(index, ((String) value).getBytes(StandardCharsets.UTF_8));
        } else if (vector instanceof LargeVarCharVector v) {
            v.setSafe(index, ((String) value).getBytes(StandardCharsets.UTF_8));
        } else if (vector instanceof VarBinaryVector v) {
            v.setSafe(index, (byte[]) value);
        } else if (vector instanceof LargeVarBinaryVector v) {
            v.setSafe(index, (byte[]) value);
        } else if (vector instanceof FixedSizeBinaryVector v) {
            byte[] bytes = (byte[]) value;
            if (bytes.length != v.getByteWidth()) {
                throw new IllegalArgumentException("fixed_size_binary(" + v.getByteWidth() + ") got " + bytes.length
                        + " bytes");
            }
            v.setSafe(index, bytes);
        } else if (vector instanceof DateDayVector v) {
            v.setSafe(index, Math.toIntExact(((LocalDate) value).toEpochDay()));
        } else if (vector instanceof DateMilliVector v) {
            v.setSafe(index, ((LocalDate) value).toEpochDay() * MILLIS_PER_DAY);
        } else if (vector instanceof TimeSecVector v) {
            v.setSafe(index, ((LocalTime) value).toSecondOfDay());
        } else if (vector instanceof TimeMilliVector v) {
            v.setSafe(index, (int) (((LocalTime) value).toNanoOfDay() / 1_000_000L));
        } else if (vector instanceof TimeMicroVector v) {
            v.setSafe(index, ((LocalTime) value).toNanoOfDay() / 1_000L);
        } else if (vector instanceof TimeNanoVector v) {
            v.setSafe(index, ((LocalTime) value).toNanoOfDay());
        } else if (vector instanceof TimeStampVector v) {
            ArrowType.Timestamp type = (ArrowType.Timestamp) v.getField().getType();
            Instant instant = type.getTimezone() == null
                    ? ((LocalDateTime) value).toInstant(ZoneOffset.UTC)
                    : (Instant) value;
            v.setSafe(index, toUnits(instant, type.getUnit()));
        } else if (vector instanceof DurationVector v) {
            Duration d = (Duration) value;
            v.setSafe(index, toUnits(Instant.EPOCH.plus(d), ((ArrowType.Duration) v.getField().getType()).getUnit()));
        } else if (vector instanceof StructVector v) {
            writeStruct(v, index, (Map<?, ?>) value);
        } else if (vector instanceof MapVector v) {
            writeMap(v, index, (Map<?, ?>) value);
        } else if (vector instanceof ListVector v) {
            List<?> list = (List<?>) value;
            int start = v.startNewValue(index);
            for (int j = 0; j < list.size(); j++) {
                write(v.getDataVector(), start + j, list.get(j));
            }
            v.endValue(index, list.size());
        } else if (vector instanceof LargeListVector v) {
            List<?> list = (List<?>) value;
            int start = Math.toIntExact(v.startNewValue(index));
            for (int j = 0; j < list.size(); j++) {
                write(v.getDataVector(), start + j, list.get(j));
            }
            v.endValue(index, list.size());
        } else if (vector instanceof FixedSizeListVector v) {
            List<?> list = (List<?>) value;
            if (list.size() != v.getListSize()) {
                throw new IllegalArgumentException("fixed_size_list(" + v.getListSize() + ") got " + list.size()
                        + " elements");
            }
            v.setNotNull(index);
            for (int j = 0; j < list.size(); j++) {
                write(v.getDataVector(), index * v.getListSize() + j, list.get(j));
            }
        } else {
            throw new IllegalArgumentException("fixtures cannot write " + vector.getField());
        }
    }

    private static int checkUnsigned(int value, int max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException("unsigned value out of range 0.." + max + ": " + value);
        }
        return value;
    }

    private static void writeStruct(StructVector v, int index, Map<?, ?> value) {
        v.setIndexDefined(index);
        for (FieldVector child : v.getChildrenFromFields()) {
            write(child, index, value.get(child.getName()));
        }
    }

    private static void writeMap(MapVector v, int index, Map<?, ?> value) {
        int start = v.startNewValue(index);
        StructVector entries = (StructVector) v.getDataVector();
        List<FieldVector> kv = entries.getChildrenFromFields();
        int j = 0;
        for (Map.Entry<?, ?> e : value.entrySet()) {
            entries.setIndexDefined(start + j);
            write(kv.get(0), start + j, e.getKey());
            write(kv.get(1), start + j, e.getValue());
            j++;
        }
        v.endValue(index, value.size());
    }

    private static void writeNull(FieldVector vector, int index) {
        if (vector instanceof BaseFixedWidthVector v) {
            v.setNull(index);
        } else if (vector instanceof BaseVariableWidthVector v) {
            v.setNull(index);
        } else if (vector instanceof BaseLargeVariableWidthVector v) {
            v.setNull(index);
        } else if (vector instanceof ListVector v) {
            v.setNull(index);
        } else if (vector instanceof LargeListVector v) {
            v.setNull(index);
        } else if (vector instanceof FixedSizeListVector v) {
            v.setNull(index);
        } else if (vector instanceof StructVector v) {
            v.setNull(index);
        } else if (!(vector instanceof NullVector)) {
            throw new IllegalArgumentException("fixtures cannot write NULL into " + vector.getField());
        }
    }

    /**
     * Reads slot {@code index} of {@code vector} as its logical Java value ({@code null} for NULL).
     *
     * @throws IllegalArgumentException for vector types the fixtures do not describe
     */
    public static Object read(FieldVector vector, int index) {
        if (vector instanceof NullVector || vector.isNull(index)) {
            return null;
        }
        if (vector instanceof BitVector v) {
            return v.get(index) != 0;
        } else if (vector instanceof TinyIntVector v) {
            return v.get(index);
        } else if (vector instanceof SmallIntVector v) {
            return v.get(index);
        } else if (vector instanceof IntVector v) {
            return v.get(index);
        } else if (vector instanceof BigIntVector v) {
            return v.get(index);
        } else if (vector instanceof UInt1Vector v) {
            return Byte.toUnsignedInt(v.get(index));
        } else if (vector instanceof UInt2Vector v) {
            return (int) v.get(index);
        } else if (vector instanceof UInt4Vector v) {
            return Integer.toUnsignedLong(v.get(index));
        } else if (vector instanceof UInt8Vector v) {
            return new BigInteger(Long.toUnsignedString(v.get(index)));
        } else if (vector instanceof Float2Vector v) {
            return v.getValueAsFloat(index);
        } else if (vector instanceof Float4Vector v) {
            return v.get(index);
        } else if (vector instanceof Float8Vector v) {
            return v.get(index);
        } else if (vector instanceof DecimalVector v) {
            return v.getObject(index);
        } else if (vector instanceof Decimal256Vector v) {
            return v.getObject(index);
        } else if (vector instanceof VarCharVector v) {
            return new String(v.get(index), StandardCharsets.UTF_8);
        } else if (vector instanceof LargeVarCharVector v) {
            return new String(v.get(index), StandardCharsets.UTF_8);
        } else if (vector instanceof VarBinaryVector v) {
            return v.get(index);
        } else if (vector instanceof LargeVarBinaryVector v) {
            return v.get(index);
        } else if (vector instanceof FixedSizeBinaryVector v) {
            return v.get(index);
        } else if (vector instanceof DateDayVector v) {
            return LocalDate.ofEpochDay(v.get(index));
        } else if (vector instanceof DateMilliVector v) {
            return LocalDate.ofEpochDay(Math.floorDiv(v.get(index), MILLIS_PER_DAY));
        } else if (vector instanceof TimeSecVector v) {
            return LocalTime.ofSecondOfDay(v.get(index));
        } else if (vector instanceof TimeMilliVector v) {
            return LocalTime.ofNanoOfDay(v.get(index) * 1_000_000L);
        } else if (vector instanceof TimeMicroVector v) {
            return LocalTime.ofNanoOfDay(v.get(index) * 1_000L);
        } else if (vector instanceof TimeNanoVector v) {
            return LocalTime.ofNanoOfDay(v.get(index));
        } else if (vector instanceof TimeStampVector v) {
            ArrowType.Timestamp type = (ArrowType.Timestamp) v.getField().getType();
            Instant instant = fromUnits(v.get(index), type.getUnit());
            return type.getTimezone() == null ? LocalDateTime.ofInstant(instant, ZoneOffset.UTC) : instant;
        } else if (vector instanceof DurationVector v) {
            TimeUnit unit = ((ArrowType.Duration) v.getField().getType()).getUnit();
            return Duration.between(Instant.EPOCH, fromUnits(DurationVector.get(v.getDataBuffer(), index), unit));
        } else if (vector instanceof StructVector v) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (FieldVector child : v.getChildrenFromFields()) {
                out.put(child.getName(), read(child, index));
            }
            return out;
        } else if (vector instanceof MapVector v) {
            StructVector entries = (StructVector) v.getDataVector();
            List<FieldVector> kv = entries.getChildrenFromFields();
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int j = v.getElementStartIndex(index); j < v.getElementEndIndex(index); j++) {
                out.put(read(kv.get(0), j), read(kv.get(1), j));
            }
            return out;
        } else if (vector instanceof ListVector v) {
            List<Object> out = new ArrayList<>();
            for (int j = v.getElementStartIndex(index); j < v.getElementEndIndex(index); j++) {
                out.add(read(v.getDataVector(), j));
            }
            return out;
        } else if (vector instanceof LargeListVector v) {
            List<Object> out = new ArrayList<>();
            for (long j = v.getElementStartIndex(index); j < v.getElementEndIndex(index); j++) {
                out.add(read(v.getDataVector(), Math.toIntExact(j)));
            }
            return out;
        } else if (vector instanceof FixedSizeListVector v) {
            List<Object> out = new ArrayList<>(v.getListSize());
            for (int j = 0; j < v.getListSize(); j++) {
                out.add(read(v.getDataVector(), index * v.getListSize() + j));
            }
            return out;
        }
        throw new IllegalArgumentException("fixtures cannot read " + vector.getField());
    }

    /** Converts an instant to a count of {@code unit} since the epoch (exact; throws if it does not fit). */
    public static long toUnits(Instant instant, TimeUnit unit) {
        long s = instant.getEpochSecond();
        long n = instant.getNano();
        return switch (unit) {
            case SECOND -> {
                if (n != 0) {
                    throw new IllegalArgumentException("sub-second value in a seconds column: " + instant);
                }
                yield s;
            }
            case MILLISECOND -> exactSum(Math.multiplyExact(s, 1_000L), n, 1_000_000L, instant);
            case MICROSECOND -> exactSum(Math.multiplyExact(s, 1_000_000L), n, 1_000L, instant);
            case NANOSECOND -> Math.addExact(Math.multiplyExact(s, 1_000_000_000L), n);
        };
    }

    private static long exactSum(long scaledSeconds, long nanos, long nanosPerUnit, Instant instant) {
        if (nanos % nanosPerUnit != 0) {
            throw new IllegalArgumentException("value finer than the column unit: " + instant);
        }
        return Math.addExact(scaledSeconds, nanos / nanosPerUnit);
    }

    /** Converts a count of {@code unit} since the epoch (may be negative) to an instant. */
    public static Instant fromUnits(long value, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> Instant.ofEpochSecond(value);
            case MILLISECOND -> Instant.ofEpochSecond(Math.floorDiv(value, 1_000L),
                    Math.floorMod(value, 1_000L) * 1_000_000L);
            case MICROSECOND -> Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L),
                    Math.floorMod(value, 1_000_000L) * 1_000L);
            case NANOSECOND -> Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000_000L),
                    Math.floorMod(value, 1_000_000_000L));
        };
    }

    /** Deep equality of two logical values, comparing {@code byte[]} by content. */
    public static boolean deepEquals(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        return Objects.equals(comparable(a), comparable(b));
    }
}
