package io.lancejdbc.exec.operator.agg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.engine.SqlError;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SUM, AVG, MIN, MAX and COUNT over int32, int64 and float64 read the Arrow buffers directly; other types go through
 * the generic readers. Both paths must give the same results, NULLs skipped.
 */
@ExtendWith(ArrowAllocatorExtension.class)
class DirectAccumulatorPathTest {
    /** Two groups: rows alternate 0, 1, 0, 1, ...; every third row is NULL. */
    private static final int ROWS = 30;
    private static final int[] GROUPS = java.util.stream.IntStream.range(0, ROWS).map(i -> i % 2).toArray();

    private static boolean isNull(int i) {
        return i % 3 == 2;
    }

    private static long value(int i) {
        return (i * 37L) % 101 - 50;
    }

    private static <V extends BaseFixedWidthVector> V filled(V v, java.util.function.ObjIntConsumer<V> set) {
        v.allocateNew(ROWS);
        for (int i = 0; i < ROWS; i++) {
            if (isNull(i)) {
                v.setNull(i);
            } else {
                set.accept(v, i);
            }
        }
        v.setValueCount(ROWS);
        return v;
    }

    /** Runs one accumulator over {@code v} and returns the written result vector's values as text. */
    private static String run(Accumulator acc, FieldVector v, FieldVector out) {
        acc.update(new FieldVector[] {v}, ROWS, GROUPS, 2);
        acc.write(out, 2);
        return out.getObject(0) + "," + out.getObject(1);
    }

    private static String expected(java.util.function.BiFunction<Long, Long, Long> fold) {
        Long[] r = new Long[2];
        for (int i = 0; i < ROWS; i++) {
            if (!isNull(i)) {
                int g = GROUPS[i];
                r[g] = r[g] == null ? value(i) : fold.apply(r[g], value(i));
            }
        }
        return r[0] + "," + r[1];
    }

    private static String longResults(BufferAllocator allocator, Supplier<Accumulator> acc, FieldVector input) {
        try (BigIntVector out = new BigIntVector("out", allocator)) {
            out.allocateNew(2);
            return run(acc.get(), input, out);
        }
    }

    @Test
    void int64And32AndGenericSmallintGiveTheSameMinMaxAndSum(BufferAllocator allocator) {
        try (BigIntVector big = filled(new BigIntVector("b", allocator), (v, i) -> v.set(i, value(i)));
                IntVector in = filled(new IntVector("i", allocator), (v, i) -> v.set(i, (int) value(i)));
                SmallIntVector small = filled(new SmallIntVector("s", allocator),
                        (v, i) -> v.set(i, (short) value(i)))) {
            for (FieldVector input : new FieldVector[] {big, in, small}) {
                String type = input.getClass().getSimpleName();
                assertEquals(expected(Math::min), longResults(allocator,
                        () -> new MinMaxAccumulators.LongMinMax(false), input), "min " + type);
                assertEquals(expected(Math::max), longResults(allocator,
                        () -> new MinMaxAccumulators.LongMinMax(true), input), "max " + type);
                assertEquals(expected(Long::sum), longResults(allocator,
                        () -> new SumAccumulators.LongSum(false), input), "sum " + type);
                assertEquals("10,10", longResults(allocator, () -> new CountAccumulators.Count(false), input),
                        "count " + type);
            }
        }
    }

    @Test
    void averageOfInt32CountsOnlyNonNullRows(BufferAllocator allocator) {
        try (IntVector in = filled(new IntVector("i", allocator), (v, i) -> v.set(i, (int) value(i)));
                Float8Vector out = new Float8Vector("out", allocator)) {
            out.allocateNew(2);
            String[] sums = expected(Long::sum).split(",");
            assertEquals(Long.parseLong(sums[0]) / 10.0 + "," + Long.parseLong(sums[1]) / 10.0,
                    run(new SumAccumulators.LongSum(true), in, out));
        }
    }

    @Test
    void float64AndGenericFloat32GiveTheSameSum(BufferAllocator allocator) {
        try (Float8Vector f8 = filled(new Float8Vector("d", allocator), (v, i) -> v.set(i, value(i) * 0.5));
                Float4Vector f4 = filled(new Float4Vector("f", allocator), (v, i) -> v.set(i, value(i) * 0.5f));
                Float8Vector out = new Float8Vector("out", allocator)) {
            String[] sums = expected(Long::sum).split(",");
            String want = Long.parseLong(sums[0]) * 0.5 + "," + Long.parseLong(sums[1]) * 0.5;
            for (FieldVector input : new FieldVector[] {f8, f4}) {
                out.allocateNew(2);
                assertEquals(want, run(new SumAccumulators.DoubleSum(false), input, out),
                        input.getClass().getSimpleName());
            }
        }
    }

    @Test
    void int64SumOverflowIsAnError(BufferAllocator allocator) {
        try (BigIntVector big = new BigIntVector("b", allocator); BigIntVector out = new BigIntVector("out", allocator)) {
            big.allocateNew(2);
            big.set(0, Long.MAX_VALUE);
            big.set(1, 1);
            big.setValueCount(2);
            out.allocateNew(1);
            SumAccumulators.LongSum sum = new SumAccumulators.LongSum(false);
            sum.update(new FieldVector[] {big}, 2, new int[] {0, 0}, 1);
            SqlError e = assertThrows(SqlError.class, () -> sum.write(out, 1));
            assertEquals("22003", e.sqlState());
            assertTrue(e.getMessage().startsWith("BIGINT overflow in SUM: the sum is 9223372036854775808;"),
                    e.getMessage());
        }
    }

    @Test
    void int64SumWhoseRunningTotalLeavesBigintButWhoseTotalFitsIsExact(BufferAllocator allocator) {
        try (BigIntVector big = new BigIntVector("b", allocator); BigIntVector sumOut = new BigIntVector("s", allocator);
                Float8Vector avgOut = new Float8Vector("a", allocator)) {
            long[] values = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 5};
            big.allocateNew(values.length);
            for (int i = 0; i < values.length; i++) {
                big.set(i, values[i]);
            }
            big.setValueCount(values.length);
            int[] oneGroup = new int[values.length];
            sumOut.allocateNew(1);
            assertEquals(3L, runOne(new SumAccumulators.LongSum(false), big, oneGroup, sumOut));
            avgOut.allocateNew(1);
            assertEquals(0.75, runOne(new SumAccumulators.LongSum(true), big, oneGroup, avgOut));
        }
    }

    private static Object runOne(Accumulator acc, FieldVector v, int[] groups, FieldVector out) {
        acc.update(new FieldVector[] {v}, groups.length, groups, 1);
        acc.write(out, 1);
        return out.getObject(0);
    }

    @Test
    void nullsSkippedWordByWordOverManyRowsGiveTheRowByRowSums(BufferAllocator allocator) {
        // 1,000 rows (15 full validity words and a partial one), three groups, a NULL at random one row in five.
        int rows = 1000;
        java.util.SplittableRandom random = new java.util.SplittableRandom(11);
        int[] groups = new int[rows];
        long[] sums = new long[3];
        long[] counts = new long[3];
        try (BigIntVector big = new BigIntVector("b", allocator); Float8Vector dbl = new Float8Vector("d", allocator);
                BigIntVector sumOut = new BigIntVector("s", allocator);
                Float8Vector dblOut = new Float8Vector("t", allocator)) {
            big.allocateNew(rows);
            dbl.allocateNew(rows);
            for (int i = 0; i < rows; i++) {
                groups[i] = random.nextInt(3);
                if (random.nextInt(5) == 0) {
                    big.setNull(i);
                    dbl.setNull(i);
                } else {
                    long x = random.nextLong(-1_000_000, 1_000_000);
                    big.set(i, x);
                    dbl.set(i, x * 0.25);
                    sums[groups[i]] += x;
                    counts[groups[i]]++;
                }
            }
            big.setValueCount(rows);
            dbl.setValueCount(rows);
            SumAccumulators.LongSum longSum = new SumAccumulators.LongSum(false);
            longSum.update(new FieldVector[] {big}, rows, groups, 3);
            sumOut.allocateNew(3);
            longSum.write(sumOut, 3);
            SumAccumulators.DoubleSum doubleSum = new SumAccumulators.DoubleSum(true);
            doubleSum.update(new FieldVector[] {dbl}, rows, groups, 3);
            dblOut.allocateNew(3);
            doubleSum.write(dblOut, 3);
            for (int g = 0; g < 3; g++) {
                assertEquals(sums[g], sumOut.get(g), "sum of group " + g);
                // The sums are multiples of 0.25 below 2^30: exact in float64, so the mean rounds once.
                assertEquals(sums[g] * 0.25 / counts[g], dblOut.get(g), "avg of group " + g);
            }
        }
    }
}
