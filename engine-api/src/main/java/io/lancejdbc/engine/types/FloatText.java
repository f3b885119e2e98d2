package io.lancejdbc.engine.types;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import com.fasterxml.jackson.core.io.schubfach.FloatToDecimal;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The one text form of DOUBLE and REAL values, used by {@code CAST(x AS VARCHAR)}, string functions, concatenation
 * and {@code ResultSet.getString} alike (docs/dialect-differences.md D12).
 *
 * <p><b>Digits</b>: the shortest decimal that reads back ({@link Double#parseDouble} / {@link Float#parseFloat}) as
 * the same value, and among several of that length the one closest to the exact binary value (an even last digit on
 * a tie). A REAL gets its own shortest digits, not those of its widening to DOUBLE ({@code 0.1}, not
 * {@code 0.10000000149011612}). The digits come from the Schubfach algorithm (the jackson-core port of R. Giulietti's
 * reference code, which JDK 19 also adopted for {@code Double.toString}); where it keeps two digits although one
 * suffices ({@code 4.9E-324}), the one-digit decimal is taken ({@code 5.0E-324}). JDK 17's own {@code Double.toString}
 * is not used: it prints {@code 9.999999999999999E22} for 1.0E23.
 *
 * <p><b>Notation</b>: with {@code e} the decimal exponent of the first digit, plain notation for
 * {@code -5 <= e < 15} (that is 1.0E-5 &lt;= |x| &lt; 1.0E15: {@code 0.00001}, {@code 123.45}, {@code 100.0},
 * {@code 999999999999999.9}), otherwise Java's E notation ({@code 1.0E15}, {@code 1.5E-7}, {@code -2.5E300}); both
 * always show at least one digit after the point. {@code NaN}, {@code Infinity}, {@code -Infinity}, {@code 0.0} and
 * {@code -0.0} as Java prints them.
 *
 * <p><b>Reading</b> ({@link #parse}): what PostgreSQL and DuckDB accept, so that text written by them, by us or by a
 * user reads back: surrounding white space, an optional sign, then a decimal number ({@code 1}, {@code -1.5},
 * {@code .5}, {@code 5.}, {@code 1e-7}, {@code 2.5E+10}) or, in any case, {@code inf}, {@code infinity} or
 * {@code nan}. Java's extras ({@code 1.5d}, {@code 1f}, hexadecimal {@code 0x1p3}) are not numbers in SQL.
 */
public final class FloatText {
    /** The smallest decimal exponent printed in plain notation. */
    public static final int PLAIN_MIN_EXPONENT = -5;
    /** The smallest decimal exponent printed in E notation above 1. */
    public static final int PLAIN_LIMIT_EXPONENT = 15;

    private FloatText() {
    }

    /**
     * Reads a DOUBLE from text (see the class comment for the accepted forms); the value is the double nearest to the
     * decimal. A REAL reads as {@code (float) parse(text)}, which is the float nearest to the decimal except in
     * rare double-rounding cases; use {@link #parseReal} for the exact nearest float.
     *
     * @throws NumberFormatException when the text is not a number
     */
    public static double parse(String text) {
        String s = numberText(text);
        return s == null ? special(text) : Double.parseDouble(s);
    }

    /**
     * Reads a REAL from text: the float nearest to the decimal ({@link #parse} for the accepted forms).
     *
     * @throws NumberFormatException when the text is not a number
     */
    public static float parseReal(String text) {
        String s = numberText(text);
        return s == null ? (float) special(text) : Float.parseFloat(s);
    }

    /** The trimmed text when it is a plain decimal number, null when it is not. */
    private static String numberText(String text) {
        String s = text.strip();
        int i = 0;
        int n = s.length();
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int mantissaDigits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            mantissaDigits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                mantissaDigits++;
            }
        }
        if (mantissaDigits == 0) {
            return null;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return null;
            }
        }
        return i == n ? s : null;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** inf, infinity and nan in any case, with an optional sign. */
    private static double special(String text) {
        String s = text.strip().toLowerCase(java.util.Locale.ROOT);
        boolean negative = s.startsWith("-");
        if (negative || s.startsWith("+")) {
            s = s.substring(1);
        }
        switch (s) {
            case "inf":
            case "infinity":
                return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            case "nan":
                return Double.NaN;
            default:
                throw new NumberFormatException("not a number: '" + text + "'");
        }
    }

    /** The text of a DOUBLE value; never null. */
    public static String format(double d) {
        if (!Double.isFinite(d) || d == 0) {
            return Double.toString(d);
        }
        return render(shortest(d, false));
    }

    /** The text of a REAL value; never null. */
    public static String format(float f) {
        if (!Float.isFinite(f) || f == 0) {
            return Float.toString(f);
        }
        return render(shortest(f, true));
    }

    /**
     * The shortest decimal that reads back as {@code d}, e.g. {@code 1E+23} for 1.0E23 (what
     * {@code ResultSet.getBigDecimal} of a DOUBLE returns).
     *
     * @throws IllegalArgumentException for NaN and infinities
     */
    public static BigDecimal shortestDecimal(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("not a finite value: " + d);
        }
        return d == 0 ? BigDecimal.ZERO : shortest(d, false).toBigDecimal();
    }

    /**
     * The shortest decimal that reads back as {@code f} as a float ({@code 0.1} for 0.1f).
     *
     * @throws IllegalArgumentException for NaN and infinities
     */
    public static BigDecimal shortestDecimal(float f) {
        if (!Float.isFinite(f)) {
            throw new IllegalArgumentException("not a finite value: " + f);
        }
        return f == 0 ? BigDecimal.ZERO : shortest(f, true).toBigDecimal();
    }

    /**
     * A decimal {@code ±0.d1d2...dn × 10^(exponent + 1)}, i.e. {@code d1.d2...dn × 10^exponent}.
     *
     * @param digits significant digits without leading or trailing zeros (at least one)
     */
    private record Decimal(boolean negative, String digits, int exponent) {
        BigDecimal toBigDecimal() {
            BigDecimal v = new BigDecimal(new BigInteger(digits), digits.length() - 1 - exponent);
            return negative ? v.negate() : v;
        }
    }

    private static Decimal shortest(double value, boolean single) {
        Decimal d = digitsOf(single ? FloatToDecimal.toString((float) value) : DoubleToDecimal.toString(value));
        return d.digits().length() == 2 ? oneDigit(d, value, single) : d;
    }

    /** Reads the digits and exponent of a Java-format number ({@code -1.25E-7}, {@code 0.001}, {@code 123.0}). */
    private static Decimal digitsOf(String s) {
        boolean negative = s.charAt(0) == '-';
        StringBuilder digits = new StringBuilder(20);
        int intDigits = 0;
        boolean point = false;
        int i = negative ? 1 : 0;
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.') {
                point = true;
            } else if (c == 'E') {
                break;
            } else {
                digits.append(c);
                if (!point) {
                    intDigits++;
                }
            }
        }
        int exponent = i < s.length() ? Integer.parseInt(s.substring(i + 1)) : 0;
        int lead = 0;
        while (lead < digits.length() - 1 && digits.charAt(lead) == '0') {
            lead++;
        }
        int end = digits.length();
        while (end > lead + 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        return new Decimal(negative, digits.substring(lead, end), intDigits - lead - 1 + exponent);
    }

    /**
     * Schubfach keeps two digits when one would do (JDK 19's rule for Double.toString): take the one-digit decimal
     * when one reads back, the closer to the exact value if both do.
     */
    private static Decimal oneDigit(Decimal two, double value, boolean single) {
        int first = two.digits().charAt(0) - '0';
        Decimal down = new Decimal(two.negative(), String.valueOf(first), two.exponent());
        Decimal up = first == 9 ? new Decimal(two.negative(), "1", two.exponent() + 1)
                : new Decimal(two.negative(), String.valueOf(first + 1), two.exponent());
        boolean downOk = readsBack(down, value, single);
        boolean upOk = readsBack(up, value, single);
        if (!downOk && !upOk) {
            return two;
        }
        if (downOk != upOk) {
            return downOk ? down : up;
        }
        BigDecimal exact = new BigDecimal(value).abs();
        int c = exact.subtract(down.toBigDecimal().abs()).compareTo(up.toBigDecimal().abs().subtract(exact));
        if (c != 0) {
            return c < 0 ? down : up;
        }
        return (first % 2 == 0) ? down : up;
    }

    private static boolean readsBack(Decimal d, double value, boolean single) {
        String text = (d.negative() ? "-" : "") + d.digits() + "E" + d.exponent();
        return single ? Float.parseFloat(text) == (float) value : Double.parseDouble(text) == value;
    }

    private static String render(Decimal d) {
        String digits = d.digits();
        int e = d.exponent();
        StringBuilder out = new StringBuilder(digits.length() + 8);
        if (d.negative()) {
            out.append('-');
        }
        if (e >= PLAIN_MIN_EXPONENT && e < PLAIN_LIMIT_EXPONENT) {
            if (e < 0) {
                out.append("0.");
                out.append("0".repeat(-e - 1));
                out.append(digits);
            } else if (digits.length() > e + 1) {
                out.append(digits, 0, e + 1).append('.').append(digits, e + 1, digits.length());
            } else {
                out.append(digits).append("0".repeat(e + 1 - digits.length())).append(".0");
            }
            return out.toString();
        }
        out.append(digits.charAt(0)).append('.');
        out.append(digits.length() > 1 ? digits.substring(1) : "0");
        return out.append('E').append(e).toString();
    }
}
