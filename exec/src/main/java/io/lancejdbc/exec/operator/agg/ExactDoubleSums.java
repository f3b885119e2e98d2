package io.lancejdbc.exec.operator.agg;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The exact float64 sums (and non-NULL counts) of many groups, in one flat {@code long[]}: the same rule and the
 * same results as one {@link ExactDoubleSum} per group, without an object, an array and a pointer chase per group.
 *
 * <p>Each group holds a window of six 32-bit digits (in signed longs, carries propagated lazily) of the fixed-point
 * superaccumulator {@link ExactDoubleSum} describes, placed by the group's first finite value so that values up to
 * about 2^64 times smaller or larger fall inside it. A value outside the window, NaN or an infinity moves the group
 * to its own {@link ExactDoubleSum} ("spills" it, exactly); the results never depend on which representation a
 * group is in. The sum of a windowed group is rounded with long arithmetic (exact for normal results; subnormal
 * results and AVG take the {@link BigInteger} path of {@link ExactDoubleSum}). Not thread-safe.
 */
final class ExactDoubleSums {
    /** Longs per group: meta, count, six digits. */
    private static final int STRIDE = 8;
    private static final int WIDTH = 6;
    private static final long MASK = 0xFFFF_FFFFL;
    /** Highest absolute digit index of the superaccumulator (see ExactDoubleSum.DIGITS). */
    private static final int TOP_DIGIT = 69;
    /** Normalize every window before a digit could overflow: each add puts less than 2^32 into a digit. */
    private static final int ADDS_BEFORE_CARRY = 1 << 30;
    /** A normalized top digit beyond this spills its group, so that adds and merges cannot overflow it. */
    private static final long TOP_LIMIT = 1L << 60;
    /** meta: 0 = no finite non-zero value yet, lo + 1 = window of digits lo..lo+5, SPILLED = see spills[g]. */
    private static final long SPILLED = -1;

    private long[] words = new long[16 * STRIDE];
    /** The digits of the group {@link #value} is rounding (no allocation per group). */
    private final long[] scratch = new long[WIDTH];
    private ExactDoubleSum[] spills;
    private long spillBytes;
    private int adds;

    /** Makes groups {@code 0..groups-1} addressable (new groups are empty). */
    void ensure(int groups) {
        long need = (long) groups * STRIDE;
        if (words.length < need) {
            words = Arrays.copyOf(words, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 8L, words.length * 2L)));
        }
    }

    /** The number of values added to group {@code g} minus those removed. */
    long count(int g) {
        return words[g * STRIDE + 1];
    }

    /** Adds {@code sign * x} to group {@code g} ({@code sign} is 1, or -1 to remove a value added before). */
    void add(int g, double x, int sign) {
        long[] w = words;
        int o = g * STRIDE;
        w[o + 1] += sign;
        long meta = w[o];
        long bits = Double.doubleToRawLongBits(x);
        int exp = (int) (bits >>> 52) & 0x7FF;
        if (meta == SPILLED || exp == 0x7FF) {
            spill(g).add(x, sign);
            return;
        }
        long mant = bits & 0xF_FFFF_FFFF_FFFFL;
        if (exp != 0) {
            mant |= 1L << 52;
        } else if (mant == 0) {
            return;
        }
        int b = exp == 0 ? 0 : exp - 1;
        int d = b >>> 5;
        if (meta == 0) {
            meta = Math.min(Math.max(0, d - 2), TOP_DIGIT - WIDTH + 1) + 1;
            w[o] = meta;
        }
        int i = d - (int) (meta - 1);
        if (i < 0 || i > WIDTH - 3) {
            spill(g).add(x, sign);
            return;
        }
        int s = b & 31;
        long c0 = ExactDoubleSum.digit(mant, s, 0);
        long c1 = ExactDoubleSum.digit(mant, s, 1);
        long c2 = ExactDoubleSum.digit(mant, s, 2);
        int at = o + 2 + i;
        if ((bits < 0) != (sign < 0)) {
            w[at] -= c0;
            w[at + 1] -= c1;
            w[at + 2] -= c2;
        } else {
            w[at] += c0;
            w[at + 1] += c1;
            w[at + 2] += c2;
        }
        if (++adds >= ADDS_BEFORE_CARRY) {
            normalizeAll();
        }
    }

    /** Adds group {@code g} of {@code other} into group {@code t} of this. */
    void merge(int t, ExactDoubleSums other, int g) {
        long[] ow = other.words;
        int og = g * STRIDE;
        words[t * STRIDE + 1] += ow[og + 1];
        long ometa = ow[og];
        if (ometa == 0) {
            return;
        }
        if (ometa == SPILLED) {
            spill(t).add(other.spills[g]);
            return;
        }
        other.normalize(g);
        long[] w = words;
        int o = t * STRIDE;
        if (w[o] == 0) {
            System.arraycopy(ow, og, w, o, 1);
            System.arraycopy(ow, og + 2, w, o + 2, WIDTH);
            limitTop(t);
            return;
        }
        if (w[o] == SPILLED) {
            spills[t].addDigits((int) ometa - 1, ow, og + 2, WIDTH);
            return;
        }
        normalize(t);
        int olo = (int) ometa - 1;
        if (olo < (int) w[o] - 1 && !lower(t, olo) || !addWindow(t, ow, og + 2, olo)) {
            spill(t).addDigits(olo, ow, og + 2, WIDTH);
            return;
        }
        limitTop(t);
    }

    /** Spills group {@code t} when its top digit leaves too little room for further adds. */
    private void limitTop(int t) {
        long top = words[t * STRIDE + 2 + WIDTH - 1];
        if (top > TOP_LIMIT || top < -TOP_LIMIT) {
            spill(t);
        }
    }

    /**
     * Moves group {@code t}'s (normalized) window down to start at digit {@code lo}, folding the digits that leave
     * it at the top into the new top digit.
     *
     * @return false (nothing changed) when the folded top would not fit
     */
    private boolean lower(int t, int lo) {
        long[] w = words;
        int o = t * STRIDE + 2;
        int delta = (int) w[o - 2] - 1 - lo;
        if (delta > WIDTH - 2) {
            return false;
        }
        long top = w[o + WIDTH - 1];
        for (int k = WIDTH - 2; k >= WIDTH - 1 - delta; k--) {
            if (top >= 1L << 30 || top < -(1L << 30)) {
                return false;
            }
            top = (top << 32) + w[o + k];
        }
        for (int k = WIDTH - 2; k >= 0; k--) {
            w[o + k] = k - delta >= 0 ? w[o + k - delta] : 0;
        }
        w[o + WIDTH - 1] = top;
        w[o - 2] = lo + 1;
        return true;
    }

    /**
     * Adds the normalized window {@code src[from..from+5]} starting at digit {@code srcLo} (at or above this
     * group's) into group {@code t}.
     *
     * @return false (nothing changed) when it does not fit
     */
    private boolean addWindow(int t, long[] src, int from, int srcLo) {
        long[] w = words;
        int o = t * STRIDE + 2;
        int delta = srcLo - ((int) w[o - 2] - 1);
        if (delta > WIDTH - 2) {
            return false;
        }
        long top = src[from + WIDTH - 1];
        for (int k = WIDTH - 2; k >= WIDTH - 1 - delta; k--) {
            if (top >= 1L << 30 || top < -(1L << 30)) {
                return false;
            }
            top = (top << 32) + src[from + k];
        }
        long newTop = w[o + WIDTH - 1] + top;
        if (((w[o + WIDTH - 1] ^ newTop) & (top ^ newTop)) < 0) {
            return false;
        }
        for (int k = 0; k + delta < WIDTH - 1; k++) {
            w[o + k + delta] += src[from + k];
        }
        w[o + WIDTH - 1] = newTop;
        return true;
    }

    private ExactDoubleSum spill(int g) {
        if (spills == null) {
            spills = new ExactDoubleSum[words.length / STRIDE];
        } else if (spills.length * STRIDE < words.length) {
            spills = Arrays.copyOf(spills, words.length / STRIDE);
        }
        int o = g * STRIDE;
        if (words[o] == SPILLED) {
            return spills[g];
        }
        ExactDoubleSum s = new ExactDoubleSum();
        if (words[o] != 0) {
            normalize(g);
            s.addDigits((int) words[o] - 1, words, o + 2, WIDTH);
        }
        Arrays.fill(words, o + 2, o + STRIDE, 0);
        words[o] = SPILLED;
        spills[g] = s;
        spillBytes += s.estimatedBytes() + 16;
        return s;
    }

    /** Propagates group {@code g}'s carries: every digit but the top one in [0, 2^32). */
    private void normalize(int g) {
        long[] w = words;
        int o = g * STRIDE + 2;
        for (int k = 0; k < WIDTH - 1; k++) {
            long carry = w[o + k] >> 32;
            w[o + k] &= MASK;
            w[o + k + 1] += carry;
        }
    }

    private void normalizeAll() {
        adds = 0;
        int groups = words.length / STRIDE;
        for (int g = 0; g < groups; g++) {
            long meta = words[g * STRIDE];
            if (meta > 0) {
                normalize(g);
                limitTop(g);
            }
        }
    }

    /** Empties group {@code g}. */
    void reset(int g) {
        Arrays.fill(words, g * STRIDE, g * STRIDE + STRIDE, 0);
        if (spills != null && g < spills.length) {
            spills[g] = null;
        }
    }

    /** Group {@code g}'s sum rounded to float64, by the rule of {@link ExactDoubleSum#value()}. */
    double value(int g) {
        int o = g * STRIDE;
        long meta = words[o];
        if (meta == SPILLED) {
            return spills[g].value();
        }
        if (meta == 0) {
            return 0.0;
        }
        normalize(g);
        int lo = (int) meta - 1;
        long[] e = scratch;
        System.arraycopy(words, o + 2, e, 0, WIDTH);
        boolean negative = e[WIDTH - 1] < 0;
        if (negative) {
            long carry = 1;
            for (int k = 0; k < WIDTH - 1; k++) {
                long v = (~e[k] & MASK) + carry;
                e[k] = v & MASK;
                carry = v >>> 32;
            }
            e[WIDTH - 1] = ~e[WIDTH - 1] + carry;
        }
        int t = WIDTH - 1;
        while (t >= 0 && e[t] == 0) {
            t--;
        }
        if (t < 0) {
            return 0.0;
        }
        int length = 32 * t + 64 - Long.numberOfLeadingZeros(e[t]);
        int shift = Math.max(0, length - 62);
        // The top 62 bits of the magnitude, with a sticky bit for any bit below them: one rounding in (double).
        long top = 0;
        int q = shift >>> 5;
        int r = shift & 31;
        for (int k = q; k <= t; k++) {
            int at = 32 * (k - q) - r;
            top |= at >= 0 ? e[k] << at : e[k] >>> -at;
        }
        boolean sticky = r > 0 && (e[q] & ((1L << r) - 1)) != 0;
        for (int k = 0; k < q && !sticky; k++) {
            sticky = e[k] != 0;
        }
        if (sticky) {
            top |= 1;
        }
        double m = Math.scalb((double) top, shift + 32 * lo - 1074);
        if (m < Double.MIN_NORMAL) {
            // Subnormal (or underflowed) results would be rounded twice here: round exactly instead.
            m = Math.abs(ExactDoubleSum.round(units(g), 0));
        }
        return negative ? -m : m;
    }

    /** Group {@code g}'s sum divided by {@code count} rounded once, by the rule of {@link ExactDoubleSum#mean}. */
    double mean(int g, long count) {
        int o = g * STRIDE;
        long meta = words[o];
        if (meta == SPILLED) {
            return spills[g].mean(count);
        }
        if (meta == 0) {
            return 0.0;
        }
        return ExactDoubleSum.meanOfUnits(units(g), count);
    }

    /** Group {@code g}'s (windowed) exact sum as an integer count of 2^-1074. */
    private BigInteger units(int g) {
        int o = g * STRIDE;
        normalize(g);
        BigInteger v = BigInteger.valueOf(words[o + 2 + WIDTH - 1]);
        for (int k = WIDTH - 2; k >= 0; k--) {
            v = v.shiftLeft(32).add(BigInteger.valueOf(words[o + 2 + k]));
        }
        return v.shiftLeft(32 * ((int) words[o] - 1));
    }

    /** Approximate heap bytes held. */
    long estimatedBytes() {
        return words.length * 8L + (spills == null ? 0 : spills.length * 8L) + spillBytes;
    }
}
