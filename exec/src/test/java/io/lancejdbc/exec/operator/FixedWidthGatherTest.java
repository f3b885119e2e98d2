package io.lancejdbc.exec.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.stream.RowCopier;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The typed gather builds the same vector as {@code copyFromSafe} value by value (what it replaces): equal values
 * and NULLs at every output position, for every fixed width, rows taken at random from several batches (some with
 * NULLs, one loaded without a validity buffer as an Arrow C import loads it), output sizes that are and are not multiples of
 * the 64-row validity word.
 */
class FixedWidthGatherTest {
    private static final int BATCHES = 5;
    private static final int ROWS = 300;
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        allocator.close();
    }

    static Stream<ArrowType> types() {
        return Stream.of(new ArrowType.Int(8, true), new ArrowType.Int(16, true), new ArrowType.Int(32, true),
                new ArrowType.Int(64, true), new ArrowType.Int(64, false),
                new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
                new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
                new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY),
                new ArrowType.Timestamp(org.apache.arrow.vector.types.TimeUnit.MICROSECOND, "UTC"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void gatheredColumnEqualsTheValueByValueCopy(ArrowType type) {
        Field field = new Field("c", FieldType.nullable(type), null);
        List<VectorSchemaRoot> sources = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(type.toString().hashCode());
        try {
            for (int b = 0; b < BATCHES; b++) {
                sources.add(batch(field, b, random));
            }
            // One gatherer for every output batch, as a sort's output phase uses it: its readers are kept.
            FixedWidthGather gather = null;
            for (int n : new int[] {1, 63, 64, 65, 200, 1000}) {
                long[] refs = new long[n + 7];
                for (int k = 0; k < refs.length; k++) {
                    refs[k] = ((long) random.nextInt(BATCHES) << 32) | random.nextInt(ROWS);
                }
                int from = 7;
                try (FieldVector fast = ColumnWriters.allocate(field, n, allocator);
                        FieldVector slow = ColumnWriters.allocate(field, n, allocator)) {
                    gather = gather == null ? FixedWidthGather.of(sources, 0, fast) : gather;
                    assertTrue(gather.gather(refs, from, from + n, (BaseFixedWidthVector) fast));
                    copyValueByValue(sources, refs, from, from + n, slow);
                    assertEquals(n, fast.getValueCount());
                    int nulls = 0;
                    for (int k = 0; k < n; k++) {
                        assertEquals(slow.isNull(k), fast.isNull(k), "NULL at " + k);
                        assertEquals(show(slow.getObject(k)), show(fast.getObject(k)), "value at " + k);
                        if (fast.isNull(k)) {
                            nulls++;
                            int width = ((BaseFixedWidthVector) fast).getTypeWidth();
                            for (int j = 0; j < width; j++) {
                                assertEquals(0, fast.getDataBuffer().getByte((long) k * width + j), "NULL bytes");
                            }
                        }
                    }
                    assertEquals(slow.getNullCount(), nulls);
                }
            }
        } finally {
            sources.forEach(VectorSchemaRoot::close);
        }
    }

    @Test
    void booleansDecimalsAndVariableWidthColumnsAreNotGatheredHere() {
        try (FieldVector bits = ColumnWriters.allocate(Field.nullable("b", ArrowType.Bool.INSTANCE), 4, allocator);
                FieldVector decimals = ColumnWriters.allocate(Field.nullable("d", new ArrowType.Decimal(38, 4, 128)), 4,
                        allocator);
                VarCharVector text = new VarCharVector("s", allocator)) {
            assertNull(FixedWidthGather.of(List.of(), 0, bits));
            assertNull(FixedWidthGather.of(List.of(), 0, decimals));
            assertNull(FixedWidthGather.of(List.of(), 0, text));
        }
    }

    @Test
    void aSourceOfAnotherWidthLeavesTheTargetToTheValueCopier() {
        try (VectorSchemaRoot ints = VectorSchemaRoot.of(filled(new IntVector("c", allocator)));
                BigIntVector dst = new BigIntVector("c", allocator)) {
            dst.allocateNew(2);
            assertFalse(FixedWidthGather.of(List.of(ints), 0, dst).gather(new long[] {0, 1}, 0, 2, dst));
            assertEquals(0, dst.getValueCount());
        }
    }

    /**
     * A source batch whose column has the target's width but another type (double bits into a BIGINT, microseconds
     * into a nanosecond timestamp, days into an INT) is not reinterpreted: the gather refuses it as it refuses another
     * width, so the value copier's type check ({@code copyFromSafe} requires equal minor types) reports the
     * inconsistent batch instead of a silently wrong value. Before the fix the bits were copied as they are.
     */
    @Test
    void aSourceOfAnotherTypeOfTheSameWidthIsNotReinterpreted() {
        try (Float8Vector doubles = new Float8Vector("c", allocator);
                BigIntVector longs = new BigIntVector("c", allocator);
                org.apache.arrow.vector.TimeStampMicroVector micros =
                        new org.apache.arrow.vector.TimeStampMicroVector("t", allocator);
                org.apache.arrow.vector.TimeStampNanoVector nanos =
                        new org.apache.arrow.vector.TimeStampNanoVector("t", allocator);
                DateDayVector days = new DateDayVector("d", allocator);
                IntVector ints = new IntVector("d", allocator)) {
            doubles.allocateNew(2);
            doubles.set(0, 1.5);
            doubles.set(1, -0.0);
            doubles.setValueCount(2);
            micros.allocateNew(2);
            micros.set(0, 1_000_000L);
            micros.set(1, -1L);
            micros.setValueCount(2);
            days.allocateNew(2);
            days.set(0, 19_000);
            days.set(1, -1);
            days.setValueCount(2);
            FieldVector[][] pairs = {{doubles, longs}, {micros, nanos}, {days, ints}};
            for (FieldVector[] pair : pairs) {
                ((BaseFixedWidthVector) pair[1]).allocateNew(2);
                try (VectorSchemaRoot source = new VectorSchemaRoot(List.of(pair[0].getField()), List.of(pair[0]),
                        2)) {
                    FixedWidthGather gather = FixedWidthGather.of(List.of(source), 0, pair[1]);
                    assertFalse(gather.gather(new long[] {0, 1}, 0, 2, (BaseFixedWidthVector) pair[1]),
                            pair[0].getMinorType() + " gathered into " + pair[1].getMinorType());
                    assertEquals(0, pair[1].getValueCount());
                }
            }
        }
    }

    private static String show(Object value) {
        return String.valueOf(value);
    }

    private IntVector filled(IntVector v) {
        v.allocateNew(2);
        v.set(0, 1);
        v.set(1, 2);
        v.setValueCount(2);
        return v;
    }

    private static void copyValueByValue(List<VectorSchemaRoot> sources, long[] refs, int from, int to,
            FieldVector dst) {
        RowCopier[] copiers = new RowCopier[sources.size()];
        for (int k = from; k < to; k++) {
            int b = (int) (refs[k] >>> 32);
            if (copiers[b] == null) {
                copiers[b] = RowCopier.of(sources.get(b).getVector(0), dst);
            }
            copiers[b].copy((int) refs[k], k - from);
        }
        dst.setValueCount(to - from);
    }

    /**
     * Batch 0 has no NULLs and is loaded from an empty validity buffer and its data buffer (the path of an Arrow C
     * data import, which gives it an all-set validity buffer); the others are about 20% NULL.
     */
    private VectorSchemaRoot batch(Field field, int b, SplittableRandom random) {
        FieldVector v = ColumnWriters.allocate(field, ROWS, allocator);
        for (int r = 0; r < ROWS; r++) {
            if (b > 0 && random.nextInt(5) == 0) {
                ((BaseFixedWidthVector) v).setNull(r);
            } else {
                ArrowLogicalValues.write(v, r, value(v, random.nextLong()));
            }
        }
        v.setValueCount(ROWS);
        if (b == 0) {
            FieldVector bare = field.createVector(allocator);
            ArrowBuf data = v.getDataBuffer();
            bare.loadFieldBuffers(new ArrowFieldNode(ROWS, 0), List.of(allocator.getEmpty(), data));
            v.close();
            v = bare;
        }
        return VectorSchemaRoot.of(v);
    }

    /** A random value of {@code v}'s logical type ({@link ArrowLogicalValues}), over each type's whole range. */
    private static Object value(FieldVector v, long x) {
        ArrowType type = v.getField().getType();
        if (type instanceof ArrowType.Int i) {
            return switch (i.getBitWidth()) {
                case 8 -> (byte) x;
                case 16 -> (short) x;
                case 32 -> (int) x;
                default -> i.getIsSigned() ? (Object) x : new BigInteger(Long.toUnsignedString(x));
            };
        }
        if (type instanceof ArrowType.FloatingPoint f) {
            return f.getPrecision() == FloatingPointPrecision.SINGLE ? (Object) Float.intBitsToFloat((int) x)
                    : (Object) Double.longBitsToDouble(x);
        }
        if (type instanceof ArrowType.Date) {
            return LocalDate.ofEpochDay(x % 100_000);
        }
        return Instant.EPOCH.plus(x >> 20, ChronoUnit.MICROS);
    }
}
