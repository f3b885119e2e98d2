package io.lancejdbc.engine.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link FloatText} against an independent definition computed here with {@link BigDecimal}: the shortest decimal
 * that parses back to the same value, the closest to the exact value among those (an even digit on a tie), and the
 * plain/E notation rule of docs/dialect-differences.md D12; over powers of ten and two from the subnormals to the
 * largest values, their neighbours, and random bit patterns of DOUBLE and REAL.
 */
class FloatTextTest {
    @Test
    void valuesWhereJdk17DoubleToStringIsNotShortest() {
        assertEquals("1.0E23", FloatText.format(1.0E23));
        assertEquals("2.0E23", FloatText.format(2.0E23));
        assertEquals("5.684341886080802E-14", FloatText.format(Math.scalb(1.0, -44)));
        assertEquals("5.0E-324", FloatText.format(Double.MIN_VALUE));
        assertEquals("1.0E-323", FloatText.format(2 * Double.MIN_VALUE));
        assertEquals("1.0E-45", FloatText.format(Float.MIN_VALUE));
    }

    @Test
    void plainNotationFromOneHundredThousandthBelowOneQuadrillion() {
        assertEquals("0.00001", FloatText.format(0.00001));
        assertEquals("0.000015", FloatText.format(1.5e-5));
        assertEquals("9.9E-6", FloatText.format(9.9e-6));
        assertEquals("100.0", FloatText.format(100.0));
        assertEquals("-705.46", FloatText.format(-705.46f));
        assertEquals("12345678.0", FloatText.format(12345678.0));
        assertEquals("999999999999999.9", FloatText.format(999999999999999.9));
        assertEquals("1.0E15", FloatText.format(1.0E15));
        assertEquals("1.5E-7", FloatText.format(1.5E-7));
        assertEquals("1.0E20", FloatText.format(1.0E20));
        assertEquals("0.00001", FloatText.format(1.0e-5f));
        assertEquals("0.1", FloatText.format(0.1f));
        assertEquals("3.4028235E38", FloatText.format(Float.MAX_VALUE));
        assertEquals("1.7976931348623157E308", FloatText.format(Double.MAX_VALUE));
    }

    @Test
    void specialValuesPrintAsJava() {
        assertEquals("NaN", FloatText.format(Double.NaN));
        assertEquals("Infinity", FloatText.format(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", FloatText.format(Float.NEGATIVE_INFINITY));
        assertEquals("0.0", FloatText.format(0.0));
        assertEquals("-0.0", FloatText.format(-0.0));
        assertEquals("-0.0", FloatText.format(-0.0f));
    }

    @Test
    void shortestDecimalIsTheDigitsAsABigDecimal() {
        assertEquals(new BigDecimal("1E+23"), FloatText.shortestDecimal(1.0E23));
        assertEquals(new BigDecimal("0.1"), FloatText.shortestDecimal(0.1f));
        assertEquals(new BigDecimal("-705.46"), FloatText.shortestDecimal(-705.46f));
        assertEquals(BigDecimal.ZERO, FloatText.shortestDecimal(-0.0));
        assertThrows(IllegalArgumentException.class, () -> FloatText.shortestDecimal(Double.NaN));
    }

    @Test
    void readsTheSpecialValueSpellingsOfPostgresqlAndDuckdbInAnyCase() {
        for (String inf : List.of("inf", "INF", "+inf", "Infinity", "+Infinity", "infinity", " iNfInItY ", "\tinf\n")) {
            assertEquals(Double.POSITIVE_INFINITY, FloatText.parse(inf), inf);
            assertEquals(Float.POSITIVE_INFINITY, FloatText.parseReal(inf), inf);
        }
        for (String inf : List.of("-inf", "-Infinity", " -INFINITY")) {
            assertEquals(Double.NEGATIVE_INFINITY, FloatText.parse(inf), inf);
        }
        for (String nan : List.of("nan", "NaN", "NAN", " nan ", "+nan", "-nan")) {
            assertEquals(Double.NaN, FloatText.parse(nan), nan);
            assertEquals(Float.NaN, FloatText.parseReal(nan), nan);
        }
    }

    @Test
    void readsDecimalNumbersAndTheirOwnText() {
        assertEquals(1.5, FloatText.parse(" 1.5 "));
        assertEquals(0.5, FloatText.parse(".5"));
        assertEquals(-5.0, FloatText.parse("-5."));
        assertEquals(2.5e10, FloatText.parse("2.5E+10"));
        assertEquals(1e-7, FloatText.parse("1e-7"));
        assertEquals(-0.0, FloatText.parse("-0"));
        assertEquals(0.1f, FloatText.parseReal("0.1"));
        for (double d : List.of(1.0E23, Double.MIN_VALUE, -705.46, 1.0E-5, Double.MAX_VALUE)) {
            assertEquals(d, FloatText.parse(FloatText.format(d)));
        }
    }

    @Test
    void javaOnlyFormsAreNotNumbers() {
        for (String text : List.of("1.5d", "1f", "0x1p3", "1_000", "", " ", ".", "e5", "1e", "1e+", "--1", "+-1",
                "infinit", "in f", "nana", "∞", "1,5")) {
            assertThrows(NumberFormatException.class, () -> FloatText.parse(text), text);
        }
    }

    @Test
    void everyDoubleOfTheSweepHasTheShortestClosestDigits() {
        for (double d : doubleSweep()) {
            check(d, false);
            check(-d, false);
        }
    }

    @Test
    void everyRealOfTheSweepHasTheShortestClosestDigits() {
        for (float f : floatSweep()) {
            check(f, true);
            check(-f, true);
        }
    }

    private static List<Double> doubleSweep() {
        List<Double> out = new ArrayList<>();
        for (int k = -324; k <= 308; k++) {
            double p = Double.parseDouble("1E" + k);
            out.add(p);
            out.add(Math.nextUp(p));
            out.add(Math.nextDown(p));
            out.add(Double.parseDouble("5E" + k));
            out.add(Double.parseDouble("1.5E" + k));
        }
        for (int k = -1074; k <= 1023; k++) {
            double p = Math.scalb(1.0, k);
            out.add(p);
            out.add(Math.nextUp(p));
        }
        SplittableRandom random = new SplittableRandom(15);
        for (int i = 0; i < 40_000; i++) {
            out.add(Double.longBitsToDouble(random.nextLong() & Long.MAX_VALUE));
        }
        for (int i = 0; i < 5_000; i++) {
            out.add(Double.longBitsToDouble(random.nextLong(1L << 52)));
        }
        for (int i = 1; i <= 1_000; i++) {
            out.add(i * Double.MIN_VALUE);
            out.add(i / 1000.0);
            out.add(i * 1.0e-5);
        }
        out.add(Double.MAX_VALUE);
        out.add(Double.MIN_NORMAL);
        out.add(Math.nextDown(Double.MIN_NORMAL));
        out.removeIf(d -> !Double.isFinite(d) || d == 0);
        return out;
    }

    private static List<Float> floatSweep() {
        List<Float> out = new ArrayList<>();
        for (int k = -45; k <= 38; k++) {
            float p = Float.parseFloat("1E" + k);
            out.add(p);
            out.add(Math.nextUp(p));
            out.add(Math.nextDown(p));
        }
        for (int k = -149; k <= 127; k++) {
            out.add(Math.scalb(1.0f, k));
        }
        SplittableRandom random = new SplittableRandom(16);
        for (int i = 0; i < 40_000; i++) {
            out.add(Float.intBitsToFloat(random.nextInt() & Integer.MAX_VALUE));
        }
        for (int i = 1; i <= 1_000; i++) {
            out.add(i * Float.MIN_VALUE);
            out.add(i / 1000.0f);
        }
        out.add(Float.MAX_VALUE);
        out.add(Float.MIN_NORMAL);
        out.removeIf(f -> !Float.isFinite(f) || f == 0);
        return out;
    }

    private static void check(double value, boolean single) {
        String text = single ? FloatText.format((float) value) : FloatText.format(value);
        BigDecimal actual = new BigDecimal(text);
        BigDecimal expected = reference(value, single, actual.stripTrailingZeros().precision());
        assertEquals(0, expected.compareTo(actual), () -> (single ? "REAL " : "DOUBLE ") + value + ": " + text
                + " but the shortest closest decimal is " + expected);
        int exponent = expected.precision() - expected.scale() - 1;
        boolean plain = exponent >= -5 && exponent < 15;
        assertEquals(plain, text.indexOf('E') < 0, () -> "notation of " + text);
        assertEquals(true, text.indexOf('.') > 0 && Character.isDigit(text.charAt(text.indexOf('.') + 1)),
                () -> "a digit after the point in " + text);
    }

    /**
     * The shortest decimal reading back as {@code value}, closest to it among those of that length. Decimals of
     * {@code m} digits nearest to the value are its roundings down and up to {@code m} digits, and a value that no
     * {@code m}-digit decimal reads back as has no shorter one either (a shorter decimal is also an {@code m}-digit
     * one), so the search starts from {@code hint} digits and moves by one.
     */
    private static BigDecimal reference(double value, boolean single, int hint) {
        BigDecimal exact = new BigDecimal(value).abs();
        int m = Math.max(1, hint);
        while (m > 1 && nearest(exact, m - 1, value, single) != null) {
            m--;
        }
        BigDecimal pick = nearest(exact, m, value, single);
        while (pick == null) {
            pick = nearest(exact, ++m, value, single);
        }
        return value < 0 ? pick.negate() : pick;
    }

    /** The decimal of {@code m} digits closest to {@code exact} that reads back as the value, or null. */
    private static BigDecimal nearest(BigDecimal exact, int m, double value, boolean single) {
        BigDecimal down = exact.round(new MathContext(m, RoundingMode.FLOOR));
        BigDecimal up = exact.round(new MathContext(m, RoundingMode.CEILING));
        boolean downOk = readsBack(down, value, single);
        boolean upOk = readsBack(up, value, single);
        if (downOk && upOk) {
            int c = exact.subtract(down).compareTo(up.subtract(exact));
            return c < 0 ? down : c > 0 ? up : down.unscaledValue().testBit(0) ? up : down;
        }
        return downOk ? down : upOk ? up : null;
    }

    private static boolean readsBack(BigDecimal d, double value, boolean single) {
        return single ? Float.parseFloat(d.toString()) == Math.abs((float) value)
                : Double.parseDouble(d.toString()) == Math.abs(value);
    }
}
