package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The oracle of rule D12 ({@link FloatText}) checked by other means than its own: the JDK's parser (correctly
 * rounded by its specification) reads every text back as the same value, and no decimal with one digit fewer does.
 */
class FloatTextTest {
    @Test
    void valuesTheJdk17PrintsWithTooManyDigits() {
        assertEquals("1.0E23", FloatText.of(1.0E23));
        assertEquals("5.0E-324", FloatText.of(Double.MIN_VALUE));
        assertEquals("1.0E-45", FloatText.of(Float.MIN_VALUE));
        assertEquals("100000010.0", FloatText.of(1.00000008E8f));
    }

    @Test
    void plainFromOneHundredThousandthToOneQuadrillion() {
        assertEquals("0.00001", FloatText.of(1e-5));
        assertEquals("9.9999E-6", FloatText.of(9.9999e-6));
        assertEquals("0.000015", FloatText.of(1.5e-5));
        assertEquals("100.0", FloatText.of(100.0));
        assertEquals("-705.46", FloatText.of(-705.46f));
        assertEquals("999999999999999.9", FloatText.of(999999999999999.9));
        assertEquals("1.0E15", FloatText.of(1e15));
        assertEquals("1.0E20", FloatText.of(1e20));
        assertEquals("1.5E-7", FloatText.of(1.5e-7));
        // The REAL nearest 1e-5 lies below 1e-5, but the notation follows its shortest digits, 1.0E-5: plain.
        assertEquals("0.00001", FloatText.of(1e-5f));
        // Likewise the REAL nearest 1e15 lies below 1e15, and its shortest digits 1.0E15 take E notation.
        assertEquals("1.0E15", FloatText.of(1e15f));
    }

    @Test
    void specialValues() {
        assertEquals("NaN", FloatText.of(Double.NaN));
        assertEquals("Infinity", FloatText.of(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", FloatText.of(Float.NEGATIVE_INFINITY));
        assertEquals("0.0", FloatText.of(0.0));
        assertEquals("-0.0", FloatText.of(-0.0f));
        assertEquals("1.7976931348623157E308", FloatText.of(Double.MAX_VALUE));
        assertEquals("3.4028235E38", FloatText.of(Float.MAX_VALUE));
    }

    @Test
    void everyDoubleReadsBackAndNoShorterDecimalDoes() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 1_500; i++) {
            double x = Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) {
                continue;
            }
            String text = FloatText.of(x);
            assertEquals(x, Double.parseDouble(text), text);
            BigDecimal digits = new BigDecimal(text).stripTrailingZeros();
            int n = digits.precision();
            assertTrue(n <= 17, text);
            if (n > 1) {
                BigDecimal exact = new BigDecimal(x);
                for (RoundingMode mode : new RoundingMode[] {RoundingMode.DOWN, RoundingMode.UP}) {
                    BigDecimal shorter = exact.round(new MathContext(n - 1, mode));
                    assertNotEquals(x, Double.parseDouble(shorter.toString()), text + " has a shorter form " + shorter);
                }
            }
            // Never longer than the JDK's own text, which always reads back.
            assertTrue(n <= new BigDecimal(Double.toString(x)).stripTrailingZeros().precision(), text);
        }
    }

    @Test
    void everyFloatReadsBackAndNoShorterDecimalDoes() {
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 1_500; i++) {
            float x = Float.intBitsToFloat(r.nextInt());
            if (Float.isNaN(x) || Float.isInfinite(x) || x == 0) {
                continue;
            }
            String text = FloatText.of(x);
            assertEquals(x, Float.parseFloat(text), text);
            BigDecimal digits = new BigDecimal(text).stripTrailingZeros();
            int n = digits.precision();
            assertTrue(n <= 9, text);
            if (n > 1) {
                BigDecimal exact = new BigDecimal(x);
                for (RoundingMode mode : new RoundingMode[] {RoundingMode.DOWN, RoundingMode.UP}) {
                    BigDecimal shorter = exact.round(new MathContext(n - 1, mode));
                    assertNotEquals(x, Float.parseFloat(shorter.toString()), text + " has a shorter form " + shorter);
                }
            }
        }
    }

    @Test
    void theClosestOfTheShortestDecimals() {
        // 2^-1074 * 2 = 9.88e-324: both 9E-324 and 1E-323 read back; 1E-323 is closer.
        assertEquals("1.0E-323", FloatText.of(2 * Double.MIN_VALUE));
        assertEquals("0.3", FloatText.of(0.3f));
        assertEquals("0.30000000000000004", FloatText.of(0.1 + 0.2));
    }
}
