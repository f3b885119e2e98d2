package io.lancejdbc.exec.operator.agg;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The exact sum of float64 values, rounded once when read: the rule SUM and AVG of DOUBLE follow in GROUP BY and in
 * window frames (see docs/dialect-differences.md). Because the running value is exact, the result does not depend on
 * the order of the rows, on how partial sums were merged (parallel aggregation) or on rows having been removed again
 * (sliding window frames): {@link #add} with sign -1 undoes sign +1 exactly.
 *
 * <p>Finite values are kept in a fixed-point "superaccumulator" (every double is an integer multiple of 2^-1074
 * below 2^1024), as 32-bit digits in signed longs covering only the binary exponents seen so far, with carries
 * propagated lazily. NaN and the two infinities are counted apart: any NaN, or both infinities, give NaN; one
 * infinity gives that infinity; else the exact finite sum rounded to nearest-even (beyond Double.MAX_VALUE:
 * infinity). An exact zero is +0.0. Not thread-safe.
 */
final class ExactDoubleSum {
    /** Digits needed for 2^-1074 .. 2^1024 plus room for carries from 2^63 terms. */
    private static final int DIGITS = 70;
    private static final long MASK = 0xFFFF_FFFFL;
    /** Normalize before a digit could overflow: each add puts less than 2^32 into a digit. */
    private static final int ADDS_BEFORE_CARRY = 1 << 30;

    private long[] digits = new long[4];
    /** Digit index (weight 2^(32 * lo - 1074)) of {@code digits[0]}. */
    private int lo = -1;
    private int adds;
    private long nans;
    private long posInf;
    private long negInf;

    /** Adds {@code sign * x} ({@code sign} is 1, or -1 to remove a value added before). */
    void add(double x, int sign) {
        long bits = Double.doubleToRawLongBits(x);
        int exp = (int) (bits >>> 52) & 0x7FF;
        if (exp == 0x7FF) {
            if ((bits & 0xF_FFFF_FFFF_FFFFL) != 0) {
                nans += sign;
            } else if (bits < 0) {
                negInf += sign;
            } else {
                posInf += sign;
            }
            return;
        }
        long mant = bits & 0xF_FFFF_FFFF_FFFFL;
        if (exp != 0) {
            mant |= 1L << 52;
        } else if (mant == 0) {
            return;
        }
        // Value = mant * 2^(b - 1074), with b the bit position of the mantissa's lowest bit.
        int b = exp == 0 ? 0 : exp - 1;
        int d = b >>> 5;
        int s = b & 31;
        long c0 = digit(mant, s, 0);
        long c1 = digit(mant, s, 1);
        long c2 = digit(mant, s, 2);
        if ((bits < 0) != (sign < 0)) {
            c0 = -c0;
            c1 = -c1;
            c2 = -c2;
        }
        cover(d, d + 2);
        int i = d - lo;
        digits[i] += c0;
        digits[i + 1] += c1;
        digits[i + 2] += c2;
        if (++adds >= ADDS_BEFORE_CARRY) {
            normalize();
        }
    }

    /**
     * Digit {@code k} (0 = lowest, 1 or 2) of {@code mant << s} in base 2^32, for a float64 mantissa
     * {@code mant < 2^53} and a shift {@code 0 <= s < 32}: a finite value's three digits, placed at its digit index.
     */
    static long digit(long mant, int s, int k) {
        // (mant >>> 1) >>> (63 - s) is mant >>> (64 - s) without Java's shift by 64 being a shift by 0.
        long shifted = k == 0 ? mant << s : k == 1 ? mant >>> (32 - s) : (mant >>> 1) >>> (63 - s);
        return shifted & MASK;
    }

    /** Adds another exact sum into this one. */
    void add(ExactDoubleSum other) {
        nans += other.nans;
        posInf += other.posInf;
        negInf += other.negInf;
        if (other.lo < 0) {
            return;
        }
        other.normalize();
        normalize();
        int top = other.lo + other.digits.length - 1;
        cover(other.lo, top);
        for (int k = 0; k < other.digits.length; k++) {
            digits[other.lo - lo + k] += other.digits[k];
        }
        normalize();
    }

    /**
     * Adds the fixed-point digits {@code src[offset..offset+n-1]} (32-bit digits in signed longs, possibly not
     * normalized, the first of weight 2^(32 * from - 1074)) into this sum.
     */
    void addDigits(int from, long[] src, int offset, int n) {
        normalize();
        cover(from, from + n - 1);
        for (int k = 0; k < n; k++) {
            digits[from - lo + k] += src[offset + k];
        }
        normalize();
    }

    /** Makes the digits {@code from..to} (absolute indices) addressable. */
    private void cover(int from, int to) {
        if (lo < 0) {
            lo = Math.max(0, from - 1);
            int len = Math.max(digits.length, Math.min(DIGITS, to + 2) - lo);
            digits = new long[len];
            return;
        }
        int hi = lo + digits.length - 1;
        if (from >= lo && to <= hi) {
            return;
        }
        int newLo = Math.max(0, Math.min(lo, from - 1));
        int newHi = Math.min(DIGITS - 1, Math.max(hi, to + 1));
        long[] grown = new long[newHi - newLo + 1];
        System.arraycopy(digits, 0, grown, lo - newLo, digits.length);
        digits = grown;
        lo = newLo;
    }

    /** Propagates carries so that every digit but the top one lies in [0, 2^32). */
    private void normalize() {
        adds = 0;
        if (lo < 0) {
            return;
        }
        for (int k = 0; k < digits.length - 1; k++) {
            long carry = digits[k] >> 32;
            digits[k] &= MASK;
            digits[k + 1] += carry;
        }
        long top = digits[digits.length - 1];
        if ((top >> 31) != 0 && (top >> 31) != -1 && lo + digits.length < DIGITS) {
            cover(lo, lo + digits.length);
            normalize();
        }
    }

    /** The exact finite sum as an integer count of 2^-1074. */
    private BigInteger units() {
        normalize();
        if (lo < 0) {
            return BigInteger.ZERO;
        }
        BigInteger v = BigInteger.valueOf(digits[digits.length - 1]);
        for (int k = digits.length - 2; k >= 0; k--) {
            v = v.shiftLeft(32).add(BigInteger.valueOf(digits[k]));
        }
        return v.shiftLeft(32 * lo);
    }

    /** The sum rounded to float64 (see the class comment for NaN and infinities). */
    double value() {
        if (nans > 0 || posInf > 0 && negInf > 0) {
            return Double.NaN;
        }
        if (posInf > 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (negInf > 0) {
            return Double.NEGATIVE_INFINITY;
        }
        return round(units(), 0);
    }

    /** The mean {@code sum / count} rounded once to float64 (the sum is not rounded first). */
    double mean(long count) {
        if (nans > 0 || posInf > 0 || negInf > 0) {
            return value();
        }
        return meanOfUnits(units(), count);
    }

    /** The mean of an exact finite sum of {@code u} units of 2^-1074 over {@code count} values, rounded once. */
    static double meanOfUnits(BigInteger u, long count) {
        if (u.signum() == 0) {
            return 0.0;
        }
        // (u / count) * 2^-1074: divide with 64 extra bits of quotient, keep a sticky bit for the remainder.
        BigInteger[] qr = u.abs().shiftLeft(64 + 64).divideAndRemainder(BigInteger.valueOf(count));
        BigInteger q = qr[0];
        if (qr[1].signum() != 0) {
            q = q.setBit(0);
        }
        return round(u.signum() < 0 ? q.negate() : q, 128);
    }

    /** {@code units * 2^-(1074 + extraShift)} rounded to nearest-even. */
    static double round(BigInteger units, int extraShift) {
        int len = units.abs().bitLength();
        if (len == 0) {
            return 0.0;
        }
        int shift = Math.max(0, len - 64);
        BigInteger top = units.abs().shiftRight(shift);
        if (shift > 0 && units.abs().getLowestSetBit() < shift) {
            top = top.setBit(0);
        }
        int exponent = shift - 1074 - extraShift;
        double m = top.doubleValue();
        // m has at most 64 significant bits with a sticky bit below the rounding position, so one rounding happens
        // here, unless the result is subnormal: then round exactly through BigDecimal.
        double r = Math.scalb(m, exponent);
        if (Math.abs(r) < Double.MIN_NORMAL && r != 0 || r == 0 && top.signum() != 0) {
            r = new BigDecimal(units.abs()).divide(new BigDecimal(BigInteger.ONE.shiftLeft(1074 + extraShift)))
                    .doubleValue();
        }
        return units.signum() < 0 ? -r : r;
    }

    /** Approximate heap bytes held. */
    long estimatedBytes() {
        return 56L + digits.length * 8L;
    }

    @Override
    public String toString() {
        return "ExactDoubleSum" + Arrays.toString(digits);
    }
}
