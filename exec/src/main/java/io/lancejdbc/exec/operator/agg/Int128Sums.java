package io.lancejdbc.exec.operator.agg;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * Exact sums of longs held in two longs (a 128-bit two's complement value: {@code high * 2^64 + unsigned(low)}), so
 * that SUM and AVG of integers depend only on the final total, never on the order of the rows or a running total
 * outside BIGINT. 2^64 rows of 2^63 each cannot overflow 128 bits.
 */
public final class Int128Sums {
    private static final long EXACT_DOUBLE = 1L << 53;

    private Int128Sums() {
    }

    /** The high word after {@code low + x}, where {@code sum} is the new low word ({@code low + x} wrapped). */
    public static long highAfterAdd(long high, long low, long x, long sum) {
        return high + (x >> 63) + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
    }

    /** The high word after {@code low - x} (the new low word is {@code low - x} wrapped). */
    public static long highAfterSubtract(long high, long low, long x) {
        return high - (x >> 63) - (Long.compareUnsigned(low, x) < 0 ? 1 : 0);
    }

    /** The high word after adding another 128-bit sum {@code (otherHigh, otherLow)}; the new low word is the wrap. */
    public static long highAfterMerge(long high, long low, long otherHigh, long otherLow) {
        long sum = low + otherLow;
        return high + otherHigh + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
    }

    /** Whether the value fits a long: the high word is the low word's sign extension. */
    public static boolean fitsLong(long high, long low) {
        return high == (low >> 63);
    }

    /** The exact value. */
    public static BigInteger value(long high, long low) {
        return BigInteger.valueOf(high).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(low)));
    }

    /**
     * The mean {@code value / count} rounded to a double: one float64 division when both are exact doubles, else a
     * 34-digit decimal division rounded to double.
     *
     * @param count at least 1
     */
    public static double mean(long high, long low, long count) {
        if (fitsLong(high, low) && Math.abs(low) < EXACT_DOUBLE && count < EXACT_DOUBLE) {
            return (double) low / count;
        }
        return new BigDecimal(value(high, low)).divide(BigDecimal.valueOf(count), MathContext.DECIMAL128)
                .doubleValue();
    }
}
