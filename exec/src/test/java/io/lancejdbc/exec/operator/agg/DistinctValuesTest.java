package io.lancejdbc.exec.operator.agg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The primitive DISTINCT sets ({@link FixedDistinctValues}, {@link BytesDistinctValues}) against the generic one
 * ({@link GenericDistinctValues}, engine values as {@code KeyValues} hash keys, the rule of GROUP BY and DISTINCT):
 * over the same batches, with NULLs, repeats, -0.0 / 0.0, NaNs of several payloads, uint64 above 2^63 and
 * multi-byte UTF-8, both must keep the same pairs (group, value), each value as first seen, in the same order; also
 * when two partial sets are merged through a group mapping, as the final aggregation of a parallel plan does.
 */
@ExtendWith(ArrowAllocatorExtension.class)
class DistinctValuesTest {
    private static final int BATCH = 3000;
    private static final int BATCHES = 6;
    private static final int GROUPS = 300;

    private static Field field(ArrowType t) {
        return Field.nullable("x", t);
    }

    @Test
    void int64MatchesTheGenericSet(BufferAllocator allocator) {
        long[] pool = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 1, 1L << 40, 42};
        check(allocator, field(new ArrowType.Int(64, true)), FixedDistinctValues.class,
                r -> r.nextInt(4) == 0 ? pool[r.nextInt(pool.length)] : (long) r.nextInt(20_000) - 10_000);
    }

    @Test
    void int32AndNarrowIntegersMatchTheGenericSet(BufferAllocator allocator) {
        check(allocator, field(new ArrowType.Int(32, true)), FixedDistinctValues.class,
                r -> r.nextInt(5) == 0 ? Integer.MIN_VALUE : r.nextInt(30_000) - 15_000);
        check(allocator, field(new ArrowType.Int(16, true)), FixedDistinctValues.class,
                r -> (short) (r.nextInt(65_536) - 32_768));
        check(allocator, field(new ArrowType.Int(8, false)), FixedDistinctValues.class, r -> (short) r.nextInt(256));
    }

    @Test
    void uint64AboveTwoToTheSixtyThreeMatchesTheGenericSet(BufferAllocator allocator) {
        BigInteger top = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        check(allocator, field(new ArrowType.Int(64, false)), FixedDistinctValues.class,
                r -> new BigDecimal(r.nextBoolean() ? top.subtract(BigInteger.valueOf(r.nextInt(5000)))
                        : BigInteger.valueOf(r.nextInt(5000))));
    }

    @Test
    void doublesWithSignedZerosAndNansMatchTheGenericSet(BufferAllocator allocator) {
        double[] special = {0.0, -0.0, Double.NaN, Double.longBitsToDouble(0x7ff8000000000123L),
            Double.longBitsToDouble(0xfff8000000000001L), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE};
        check(allocator, field(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), FixedDistinctValues.class,
                r -> r.nextInt(3) == 0 ? special[r.nextInt(special.length)] : r.nextInt(10_000) / 8.0);
    }

    @Test
    void floatsWithSignedZerosAndNansMatchTheGenericSet(BufferAllocator allocator) {
        float[] special = {0.0f, -0.0f, Float.NaN, Float.intBitsToFloat(0x7fc00123), Float.intBitsToFloat(0xffc00001),
            Float.POSITIVE_INFINITY, Float.MAX_VALUE};
        check(allocator, field(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), FixedDistinctValues.class,
                r -> r.nextInt(3) == 0 ? special[r.nextInt(special.length)] : r.nextInt(10_000) / 4.0f);
    }

    @Test
    void timestampsAndDatesMatchTheGenericSet(BufferAllocator allocator) {
        check(allocator, field(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), FixedDistinctValues.class,
                r -> java.time.LocalDateTime.of(2024, 1, 1, 0, 0).plusNanos(1000L * r.nextInt(4000)));
        // Stored finer than the engine reads them (nanoseconds, date64): the generic set compares the values read.
        check(allocator, field(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)), GenericDistinctValues.class,
                r -> java.time.LocalDateTime.of(2024, 1, 1, 0, 0).plusNanos(r.nextInt(4000)));
        check(allocator, field(new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY)),
                FixedDistinctValues.class, r -> java.time.LocalDate.ofEpochDay(r.nextInt(8000) - 4000));
    }

    @Test
    void stringsWithMultiByteUtf8MatchTheGenericSet(BufferAllocator allocator) {
        String[] pieces = {"", "a", "é", "日本", "🙂", "e\u0301", "key-", "0123456789abcdef", "Ω"};
        check(allocator, field(ArrowType.Utf8.INSTANCE), BytesDistinctValues.class, r -> {
            StringBuilder b = new StringBuilder();
            int n = r.nextInt(5);
            for (int k = 0; k < n; k++) {
                b.append(pieces[r.nextInt(pieces.length)]);
            }
            return b.toString();
        });
    }

    @Test
    void binariesMatchTheGenericSet(BufferAllocator allocator) {
        check(allocator, field(ArrowType.Binary.INSTANCE), BytesDistinctValues.class, r -> {
            byte[] b = new byte[r.nextInt(20)];
            for (int k = 0; k < b.length; k++) {
                b[k] = (byte) (r.nextInt(3) - 1);
            }
            return b;
        });
    }

    @Test
    void aValueLongerThanAnArenaChunkIsKeptWhole(BufferAllocator allocator) {
        char[] big = new char[(1 << 20) + 17];
        Arrays.fill(big, 'é');
        String huge = new String(big);
        check(allocator, field(ArrowType.Utf8.INSTANCE), BytesDistinctValues.class,
                r -> r.nextInt(2000) == 0 ? huge : "v" + r.nextInt(500));
    }

    @Test
    void decimalsUseTheGenericSetAndCompareByValue(BufferAllocator allocator) {
        DistinctValues d = DistinctValues.forArgument(field(new ArrowType.Decimal(20, 4, 128)), allocator);
        assertInstanceOf(GenericDistinctValues.class, d);
    }

    @Test
    void aBatchOfAnotherTypeIsReadAsTheArgumentsType(BufferAllocator allocator) {
        Field arg = field(new ArrowType.Int(64, true));
        Field narrow = field(new ArrowType.Int(32, true));
        DistinctValues set = DistinctValues.forArgument(arg, allocator);
        List<Object> values = Arrays.asList(3, null, 3, -7);
        try (FieldVector v = vector(allocator, narrow, values)) {
            set.add(v, values.size(), new int[] {0, 0, 0, 1});
        }
        int[] groups = new int[set.size()];
        try (FieldVector out = set.write(groups)) {
            assertEquals(List.of(3L, -7L), read(out));
            assertEquals(arg.getType(), out.getField().getType());
        }
        assertEquals(List.of(0, 1), Arrays.stream(groups).boxed().toList());
    }

    /**
     * Feeds {@link #BATCHES} batches of random values (one row in ten NULL) to the set {@code forArgument} picks and
     * to the generic set: batches alternate between two partial sets of each kind, whose group ids differ; the
     * second is merged into the first through the mapping. Both kinds must agree pair for pair.
     */
    private static void check(BufferAllocator allocator, Field arg, Class<?> expectedKind,
            java.util.function.Function<SplittableRandom, Object> values) {
        SplittableRandom r = new SplittableRandom(arg.getType().hashCode());
        DistinctValues fast = DistinctValues.forArgument(arg, allocator);
        DistinctValues fastOther = DistinctValues.forArgument(arg, allocator);
        assertInstanceOf(expectedKind, fast);
        DistinctValues generic = new GenericDistinctValues(arg, allocator);
        DistinctValues genericOther = new GenericDistinctValues(arg, allocator);
        // Group g of the second partial set is group mapping[g] of the first.
        int[] mapping = new int[GROUPS];
        for (int g = 0; g < GROUPS; g++) {
            mapping[g] = (g * 7 + 3) % GROUPS;
        }
        for (int b = 0; b < BATCHES; b++) {
            List<Object> batch = new ArrayList<>();
            int[] groups = new int[BATCH];
            for (int i = 0; i < BATCH; i++) {
                batch.add(r.nextInt(10) == 0 ? null : values.apply(r));
                groups[i] = r.nextInt(GROUPS);
            }
            try (FieldVector v = vector(allocator, arg, batch)) {
                (b % 2 == 0 ? fast : fastOther).add(v, BATCH, groups);
                (b % 2 == 0 ? generic : genericOther).add(v, BATCH, groups);
            }
        }
        assertEquals(written(genericOther), written(fastOther), "partial set of " + arg);
        fast.addAll(fastOther, mapping);
        generic.addAll(genericOther, mapping);
        List<List<Object>> expected = written(generic);
        assertTrue(expected.size() > 10, "the test feeds enough distinct values");
        assertEquals(expected, written(fast), "merged set of " + arg);
    }

    /** The pairs of {@code set} as written: [group, value] in order, binaries as lists of bytes. */
    private static List<List<Object>> written(DistinctValues set) {
        int[] groups = new int[set.size()];
        List<List<Object>> out = new ArrayList<>();
        try (FieldVector v = set.write(groups)) {
            assertEquals(set.size(), v.getValueCount());
            List<Object> values = read(v);
            for (int i = 0; i < values.size(); i++) {
                Object x = values.get(i);
                out.add(Arrays.asList(groups[i], x instanceof byte[] ? bytes((byte[]) x) : x));
            }
        }
        return out;
    }

    private static List<Object> bytes(byte[] b) {
        List<Object> out = new ArrayList<>();
        for (byte x : b) {
            out.add(x);
        }
        return out;
    }

    private static List<Object> read(FieldVector v) {
        ValueAccess.Getter g = ValueAccess.getter(v);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < v.getValueCount(); i++) {
            Object x = g.get(i);
            // Doubles by their bits, so that -0.0 and 0.0 or two NaN payloads written back count as different.
            out.add(x instanceof Double ? (Object) Double.doubleToRawLongBits((Double) x)
                    : x instanceof Float ? (Object) Float.floatToRawIntBits((Float) x) : x);
        }
        return out;
    }

    private static FieldVector vector(BufferAllocator allocator, Field f, List<Object> values) {
        FieldVector v = io.lancejdbc.exec.expr.ColumnWriters.allocate(f, values.size(), allocator);
        ValueAccess.Setter s = ValueAccess.setter(v);
        for (int i = 0; i < values.size(); i++) {
            Object x = values.get(i);
            s.set(i, x instanceof String && f.getType() instanceof ArrowType.Binary
                    ? ((String) x).getBytes(StandardCharsets.UTF_8) : x);
        }
        v.setValueCount(values.size());
        return v;
    }
}
