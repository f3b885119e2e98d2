package io.lancejdbc.exec.operator.agg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The flat per-group DOUBLE sums give the exact sum (mean) rounded once, like {@link ExactDoubleSum}, whether a group
 * stays in its window or spills, and across merges of partial sums whose windows start at different digits. The
 * oracle is {@link BigDecimal} arithmetic.
 */
class ExactDoubleSumsTest {
    private static final int GROUPS = 7;

    private static void assertBits(double expected, double actual, String what) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
                () -> what + ": expected " + expected + " but was " + actual);
    }

    private static double exactSum(List<Double> xs) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double x : xs) {
            sum = sum.add(new BigDecimal(x));
        }
        return sum.doubleValue();
    }

    private static double exactMean(List<Double> xs) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double x : xs) {
            sum = sum.add(new BigDecimal(x));
        }
        return sum.divide(BigDecimal.valueOf(xs.size()), new MathContext(80)).doubleValue();
    }

    /** Splits the values of each group over two partial sums, merges them and checks every group. */
    private static void check(Random random, DoubleSupplier values, int perGroup) {
        List<List<Double>> groups = new ArrayList<>();
        ExactDoubleSums a = new ExactDoubleSums();
        ExactDoubleSums b = new ExactDoubleSums();
        a.ensure(GROUPS);
        b.ensure(GROUPS);
        for (int g = 0; g < GROUPS; g++) {
            List<Double> xs = new ArrayList<>();
            for (int i = 0; i < perGroup; i++) {
                double x = values.getAsDouble();
                xs.add(x);
                if (random.nextBoolean()) {
                    a.add(g, x, 1);
                } else {
                    b.add((g + 4) % GROUPS, x, 1);
                }
            }
            groups.add(xs);
        }
        // Group (g + 4) % GROUPS of b holds the other values of group g.
        for (int g = 0; g < GROUPS; g++) {
            a.merge(g, b, (g + 4) % GROUPS);
        }
        for (int g = 0; g < GROUPS; g++) {
            List<Double> xs = groups.get(g);
            assertEquals(xs.size(), a.count(g));
            assertBits(exactSum(xs), a.value(g), "sum of group " + g);
            assertBits(exactMean(xs), a.mean(g, xs.size()), "mean of group " + g);
        }
    }

    @Test
    void valuesOfOneMagnitudeStayExactAcrossMerges() {
        Random random = new Random(1);
        check(random, () -> random.nextInt(4_000_000) * 0.5, 300);
        check(random, () -> (random.nextInt(2_000_001) - 1_000_000) / 100.0, 300);
    }

    @Test
    void valuesOfEveryMagnitudeSpillExactly() {
        Random random = new Random(2);
        check(random, () -> Math.scalb(random.nextDouble() - 0.5, random.nextInt(2100) - 1080), 200);
        check(random, () -> Math.scalb(random.nextDouble() - 0.5, random.nextInt(200) - 100), 200);
    }

    @Test
    void windowsStartingAtDifferentDigitsMergeExactly() {
        Random random = new Random(3);
        // Each partial's first value decides where its window starts; magnitudes differ by up to 2^90.
        check(random, () -> Math.scalb(random.nextDouble() - 0.4, random.nextInt(90)), 40);
        check(random, () -> Math.scalb(1.0 + random.nextInt(1000), -random.nextInt(90)), 40);
    }

    @Test
    void partialsWhoseFirstValuesDifferInMagnitudeMergeExactly() {
        double[][] firsts = {{1.0, 0x1p40}, {0x1p40, 1.0}, {-3.0, 0x1p70}, {0x1p70, -0.75}, {0.1, 12345.678},
            {-12345.678, 0.1}, {1e-20, 1e20}, {1e20, -1e-20}};
        for (double[] pair : firsts) {
            ExactDoubleSums a = new ExactDoubleSums();
            ExactDoubleSums b = new ExactDoubleSums();
            a.ensure(1);
            b.ensure(1);
            List<Double> xs = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                double x = pair[0] * (i + 1) + (i - 2) * 0.5;
                double y = pair[1] * (i - 1) - i * 0.25;
                a.add(0, x, 1);
                b.add(0, y, 1);
                xs.add(x);
                xs.add(y);
            }
            a.merge(0, b, 0);
            assertBits(exactSum(xs), a.value(0), "merge of partials starting at " + pair[0] + " and " + pair[1]);
            assertBits(exactMean(xs), a.mean(0, xs.size()), "mean, partials starting at " + pair[0]);
        }
    }

    @Test
    void cancellationAndNegativeSumsRoundOnce() {
        ExactDoubleSums s = new ExactDoubleSums();
        s.ensure(3);
        for (double x : new double[] {1e16, 1.0, -1e16}) {
            s.add(0, x, 1);
        }
        assertBits(1.0, s.value(0), "1e16 + 1 - 1e16");
        for (double x : new double[] {-0.1, -0.2, -0.3}) {
            s.add(1, x, 1);
        }
        assertBits(exactSum(List.of(-0.1, -0.2, -0.3)), s.value(1), "-0.1 - 0.2 - 0.3");
        s.add(2, 1.5, 1);
        s.add(2, -1.5, 1);
        s.add(2, -0.0, 1);
        assertBits(0.0, s.value(2), "exact zero");
        assertEquals(3, s.count(2));
    }

    @Test
    void subnormalAndOverflowingResults() {
        ExactDoubleSums s = new ExactDoubleSums();
        s.ensure(3);
        s.add(0, 1.0, 1);
        s.add(0, Double.MIN_VALUE, 1);
        s.add(0, -1.0, 1);
        assertBits(Double.MIN_VALUE, s.value(0), "1 + MIN_VALUE - 1");
        for (int i = 0; i < 3; i++) {
            s.add(1, Double.MIN_VALUE, 1);
        }
        assertBits(2 * Double.MIN_VALUE, s.mean(1, 2), "3 MIN_VALUE / 2 rounds to even");
        s.add(2, Double.MAX_VALUE, 1);
        s.add(2, Double.MAX_VALUE, 1);
        assertBits(Double.POSITIVE_INFINITY, s.value(2), "MAX + MAX");
        assertBits(Double.MAX_VALUE, s.mean(2, 2), "mean of MAX, MAX");
    }

    @Test
    void nanInfinityAndRemovalsFollowTheSingleSumRule() {
        ExactDoubleSums s = new ExactDoubleSums();
        s.ensure(2);
        s.add(0, 3.25, 1);
        s.add(0, Double.NaN, 1);
        assertBits(Double.NaN, s.value(0), "NaN");
        s.add(0, Double.NaN, -1);
        assertBits(3.25, s.value(0), "NaN removed");
        s.add(1, 2.5, 1);
        s.add(1, 1e300, 1);
        s.add(1, Double.NEGATIVE_INFINITY, 1);
        assertBits(Double.NEGATIVE_INFINITY, s.value(1), "-inf");
        s.add(1, Double.NEGATIVE_INFINITY, -1);
        s.add(1, 1e300, -1);
        assertBits(2.5, s.value(1), "removed again");
        assertEquals(1, s.count(1));
        s.reset(1);
        assertEquals(0, s.count(1));
        s.add(1, -7.0, 1);
        assertBits(-7.0, s.value(1), "after reset");
    }

    @Test
    void manyGroupsGrowTheArrays() {
        ExactDoubleSums s = new ExactDoubleSums();
        int groups = 100_000;
        s.ensure(groups);
        for (int round = 0; round < 3; round++) {
            for (int g = 0; g < groups; g++) {
                s.add(g, g * 0.25 + round, 1);
            }
        }
        for (int g = 0; g < groups; g += 997) {
            assertBits(exactSum(List.of(g * 0.25, g * 0.25 + 1, g * 0.25 + 2)), s.value(g), "group " + g);
        }
    }
}
