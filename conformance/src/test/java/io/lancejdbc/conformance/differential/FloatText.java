package io.lancejdbc.conformance.differential;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The text of a DOUBLE or REAL value by rule D12 of {@code docs/dialect-differences.md}, computed independently of
 * the JDK's {@code Double.toString} (which in JDK 17 is not always shortest: {@code 4.9E-324} for
 * {@code Double.MIN_VALUE}, {@code 9.999999999999999E22} for {@code 1.0E23}; fixed in JDK 19 by JDK-4511638).
 *
 * <p>The digits are the shortest decimal that reads back as the same value: the fewest significant digits {@code n}
 * such that an {@code n}-digit decimal lies in the value's rounding interval (the reals that round to it under
 * IEEE 754 round-half-even: half-way to each neighbour, the ends included when the significand is even), and among
 * the {@code n}-digit decimals in the interval the one closest to the exact value (a tie: the even last digit). The
 * interval is computed exactly with {@link BigDecimal}, so no parsing routine is trusted. The notation: plain when
 * the shortest decimal's first digit has a decimal exponent from -5 to 14 (so {@code 1e-5 <= |digits| < 1e15}), with at least one digit after the point ({@code 100.0}, {@code 0.00001}), otherwise
 * {@code d.dddE<n>} with at least one digit after the point ({@code 1.0E20}, {@code 1.5E-7}, {@code 5.0E-324});
 * {@code NaN}, {@code Infinity}, {@code -Infinity}, {@code 0.0}, {@code -0.0}.
 */
final class FloatText {
    /** Plain notation for shortest decimals whose first digit has a decimal exponent in [-5, 15). */
    private static final int PLAIN_FROM_EXPONENT = -5;
    private static final int PLAIN_BELOW_EXPONENT = 15;

    private FloatText() {
    }

    /** The D12 text of a DOUBLE. */
    static String of(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) {
            return special(x);
        }
        double a = Math.abs(x);
        BigDecimal exact = new BigDecimal(a);
        BigDecimal below = exact.subtract(new BigDecimal(Math.nextDown(a)));
        BigDecimal above = a == Double.MAX_VALUE ? new BigDecimal(Math.ulp(a))
                : new BigDecimal(Math.nextUp(a)).subtract(exact);
        boolean even = (Double.doubleToRawLongBits(a) & 1) == 0;
        BigDecimal digits = shortest(exact, below, above, even, 17);
        return (x < 0 ? "-" : "") + notation(digits);
    }

    /** The D12 text of a REAL: the shortest digits of the float itself, not of its widening to DOUBLE. */
    static String of(float x) {
        if (Float.isNaN(x) || Float.isInfinite(x) || x == 0) {
            return special(x);
        }
        float a = Math.abs(x);
        BigDecimal exact = new BigDecimal(a);
        BigDecimal below = exact.subtract(new BigDecimal(Math.nextDown(a)));
        BigDecimal above = a == Float.MAX_VALUE ? new BigDecimal(Math.ulp(a))
                : new BigDecimal(Math.nextUp(a)).subtract(exact);
        boolean even = (Float.floatToRawIntBits(a) & 1) == 0;
        BigDecimal digits = shortest(exact, below, above, even, 9);
        return (x < 0 ? "-" : "") + notation(digits);
    }

    /**
     * The shortest decimal in the rounding interval of a positive binary value.
     *
     * @param exact the exact value
     * @param below the distance to the next smaller value of the type
     * @param above the distance to the next larger value (for the largest finite value, its ulp)
     * @param inclusive whether the interval's ends round to the value (the significand is even)
     * @param maxDigits digits that always suffice (17 for double, 9 for float)
     */
    static BigDecimal shortest(BigDecimal exact, BigDecimal below, BigDecimal above, boolean inclusive,
            int maxDigits) {
        BigDecimal two = BigDecimal.valueOf(2);
        BigDecimal low = exact.subtract(below.divide(two));
        BigDecimal high = exact.add(above.divide(two));
        // The first 25 digits decide every rounding to at most 17 digits; the exact value of a subnormal has hundreds.
        BigDecimal head = exact.round(new MathContext(25, RoundingMode.DOWN));
        boolean beyond = head.compareTo(exact) != 0;
        for (int n = 1; n <= maxDigits; n++) {
            BigDecimal down = head.round(new MathContext(n, RoundingMode.DOWN));
            BigDecimal up = !beyond && down.compareTo(head) == 0 ? down : down.add(down.ulp());
            boolean downFits = inside(down, low, high, inclusive);
            boolean upFits = inside(up, low, high, inclusive);
            if (downFits && upFits) {
                int c = exact.subtract(down).compareTo(up.subtract(exact));
                if (c != 0) {
                    return c < 0 ? down : up;
                }
                return down.unscaledValue().testBit(0) ? up : down;
            }
            if (downFits) {
                return down;
            }
            if (upFits) {
                return up;
            }
        }
        throw new IllegalStateException("no decimal of " + maxDigits + " digits rounds to " + exact);
    }

    private static boolean inside(BigDecimal d, BigDecimal low, BigDecimal high, boolean inclusive) {
        int l = d.compareTo(low);
        int h = d.compareTo(high);
        return inclusive ? l >= 0 && h <= 0 : l > 0 && h < 0;
    }

    /**
     * The notation is chosen on the shortest decimal itself, not on the binary value: the float nearest 1e-5 lies
     * just below 1e-5, yet its text {@code 0.00001} is plain like that of the decimal it stands for.
     */
    private static String notation(BigDecimal digits) {
        BigDecimal d = digits.stripTrailingZeros();
        int firstDigitExponent = d.precision() - d.scale() - 1;
        if (firstDigitExponent >= PLAIN_FROM_EXPONENT && firstDigitExponent < PLAIN_BELOW_EXPONENT) {
            String plain = d.toPlainString();
            return plain.indexOf('.') < 0 ? plain + ".0" : plain;
        }
        String unscaled = d.unscaledValue().toString();
        int exponent = unscaled.length() - 1 - d.scale();
        String fraction = unscaled.length() == 1 ? "0" : unscaled.substring(1);
        return unscaled.charAt(0) + "." + fraction + "E" + exponent;
    }

    private static String special(double x) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "Infinity" : "-Infinity";
        }
        return Double.doubleToRawLongBits(x) < 0 ? "-0.0" : "0.0";
    }
}
