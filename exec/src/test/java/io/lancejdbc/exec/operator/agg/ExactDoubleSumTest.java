package io.lancejdbc.exec.operator.agg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The DOUBLE SUM/AVG rule: the exact sum (mean) rounded once, whatever the order, merges and removals. */
class ExactDoubleSumTest {

    private static ExactDoubleSum of(double... xs) {
        ExactDoubleSum s = new ExactDoubleSum();
        for (double x : xs) {
            s.add(x, 1);
        }
        return s;
    }

    private static double exact(List<Double> xs) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double x : xs) {
            sum = sum.add(new BigDecimal(x));
        }
        return sum.doubleValue();
    }

    private static void assertBits(double expected, double actual) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
                () -> "expected " + expected + " but was " + actual);
    }

    @Test
    void cancellationKeepsTheSmallTerm() {
        assertBits(1.0, of(1e16, 1.0, -1e16).value());
        assertBits(2.0, of(1e100, 1.0, -1e100, 1.0).value());
    }

    @Test
    void runningTotalBeyondMaxValueDoesNotOverflowTheResult() {
        assertBits(1e308, of(1e308, 1e308, -1e308).value());
        assertBits(Double.POSITIVE_INFINITY, of(Double.MAX_VALUE, Double.MAX_VALUE).value());
        assertBits(Double.NEGATIVE_INFINITY, of(-Double.MAX_VALUE, -Double.MAX_VALUE).value());
    }

    @Test
    void meanOfValuesWhoseSumOverflowsIsFinite() {
        assertBits(1e308, of(1e308, 1e308).mean(2));
        assertBits(1e308 / 3, of(1e308, 1e308, -1e308).mean(3));
    }

    @Test
    void subnormalsAddExactly() {
        assertBits(3 * Double.MIN_VALUE, of(Double.MIN_VALUE, Double.MIN_VALUE, Double.MIN_VALUE).value());
        assertBits(Double.MIN_NORMAL, of(Double.MIN_NORMAL - Double.MIN_VALUE, Double.MIN_VALUE).value());
        assertBits(Double.MIN_VALUE, of(1.0, Double.MIN_VALUE, -1.0).value());
        assertBits(Double.MIN_VALUE, of(Double.MIN_VALUE, Double.MIN_VALUE).mean(2));
        // 1.5 units of 2^-1074 round to the even neighbour, 2 units.
        assertBits(2 * Double.MIN_VALUE, of(Double.MIN_VALUE, Double.MIN_VALUE, Double.MIN_VALUE).mean(2));
    }

    @Test
    void exactZeroIsPositiveZero() {
        assertBits(0.0, of(-0.0, -0.0).value());
        assertBits(0.0, of(1.5, -1.5).value());
        assertBits(0.0, of().value());
    }

    @Test
    void nanAndInfinitiesAreCountedApart() {
        assertBits(Double.NaN, of(Double.NaN, 1.0).value());
        assertBits(Double.NaN, of(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY).value());
        assertBits(Double.POSITIVE_INFINITY, of(Double.POSITIVE_INFINITY, -1e308, -1e308).value());
        assertBits(Double.NEGATIVE_INFINITY, of(Double.NEGATIVE_INFINITY, 5.0).mean(2));
    }

    @Test
    void removingValuesRestoresTheSumOfTheOthers() {
        ExactDoubleSum s = of(1e308, Double.NaN, Double.POSITIVE_INFINITY, 3.25, Double.MIN_VALUE, -7e-300);
        s.add(1e308, -1);
        s.add(Double.NaN, -1);
        s.add(Double.POSITIVE_INFINITY, -1);
        s.add(Double.MIN_VALUE, -1);
        assertBits(exact(List.of(3.25, -7e-300)), s.value());
    }

    @Test
    void resultIsTheCorrectlyRoundedSumInAnyOrderAndMerge() {
        Random random = new Random(12);
        List<Double> xs = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            double m = random.nextDouble() - 0.5;
            xs.add(Math.scalb(m, random.nextInt(2100) - 1080));
        }
        double expected = exact(xs);
        for (int round = 0; round < 5; round++) {
            Collections.shuffle(xs, random);
            ExactDoubleSum a = new ExactDoubleSum();
            ExactDoubleSum b = new ExactDoubleSum();
            for (int i = 0; i < xs.size(); i++) {
                (i % 3 == 0 ? a : b).add(xs.get(i), 1);
            }
            a.add(b);
            assertBits(expected, a.value());
        }
    }

    @Test
    void meanIsTheCorrectlyRoundedQuotient() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            List<Double> xs = new ArrayList<>();
            int n = 1 + random.nextInt(20);
            BigDecimal sum = BigDecimal.ZERO;
            ExactDoubleSum s = new ExactDoubleSum();
            for (int i = 0; i < n; i++) {
                double x = Math.scalb(random.nextDouble() - 0.3, random.nextInt(200) - 100);
                xs.add(x);
                sum = sum.add(new BigDecimal(x));
                s.add(x, 1);
            }
            double expected = sum.divide(BigDecimal.valueOf(n), new MathContext(60)).doubleValue();
            assertBits(expected, s.mean(n));
        }
    }
}
