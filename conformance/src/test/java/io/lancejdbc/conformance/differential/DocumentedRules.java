package io.lancejdbc.conformance.differential;

import io.lancejdbc.conformance.differential.QueryOutcome.Kind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Locale;

/**
 * The rules of {@code docs/dialect-differences.md} where DuckDB's dialect differs from lance-jdbc's on purpose, each
 * defined independently of both engines (by the JDK's Unicode tables, by exact decimal arithmetic, by
 * {@link FloatText}). A query applies a rule to the value DuckDB returns for the <em>input</em> of the function or
 * cast, so the rule is checked on every value of the data, including values no one pasted an answer for.
 */
final class DocumentedRules {
    /** D6: {@code upper(s)} is Java's full Unicode upper-case mapping ({@code String.toUpperCase(Locale.ROOT)}). */
    static final ColumnRule UPPER = new ColumnRule("D6 upper", Kind.TEXT,
            v -> ((String) v).toUpperCase(Locale.ROOT));
    /** D6: {@code lower(s)} is Java's full Unicode lower-case mapping ({@code String.toLowerCase(Locale.ROOT)}). */
    static final ColumnRule LOWER = new ColumnRule("D6 lower", Kind.TEXT,
            v -> ((String) v).toLowerCase(Locale.ROOT));
    /** D6: {@code length(upper(s))} counts the code points of the full upper-case mapping. */
    static final ColumnRule LENGTH_OF_UPPER = new ColumnRule("D6 length(upper)", Kind.EXACT,
            v -> BigDecimal.valueOf(((String) v).toUpperCase(Locale.ROOT).codePoints().count()));
    /** D6: {@code upper(s) = s}: whether the full upper-case mapping leaves the text as it is. */
    static final ColumnRule UPPER_UNCHANGED = new ColumnRule("D6 upper(s) = s", Kind.BOOLEAN,
            v -> ((String) v).toUpperCase(Locale.ROOT).equals(v));
    /** D6: {@code lower(upper(s))}: the full mappings one after the other ('straße' gives 'strasse'). */
    static final ColumnRule LOWER_OF_UPPER = new ColumnRule("D6 lower(upper(s))", Kind.TEXT,
            v -> ((String) v).toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT));
    /** D7: {@code reverse(s)} reverses the code points (a combining mark moves to the other side of its letter). */
    static final ColumnRule REVERSE = new ColumnRule("D7 reverse", Kind.TEXT, v -> reverseCodePoints((String) v));
    /** D12: {@code CAST(x AS VARCHAR)} of a DOUBLE. */
    static final ColumnRule DOUBLE_TEXT = new ColumnRule("D12 double as text", Kind.TEXT,
            v -> FloatText.of((Double) v));
    /** D12: {@code CAST(x AS VARCHAR)} of a REAL (DuckDB's FLOAT, widened exactly to a double by normalization). */
    static final ColumnRule REAL_TEXT = new ColumnRule("D12 real as text", Kind.TEXT,
            v -> FloatText.of((float) (double) (Double) v));

    private DocumentedRules() {
    }

    /**
     * D10: {@code TRY_CAST(x AS <integer of bits>)} of a DOUBLE or REAL: the exact value rounded half away from zero,
     * NULL when it is NaN, infinite or out of the type's range.
     *
     * @param bits 8, 16, 32 or 64
     */
    static ColumnRule roundHalfAwayToInteger(int bits) {
        BigInteger max = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
        BigInteger min = BigInteger.ONE.shiftLeft(bits - 1).negate();
        return new ColumnRule("D10 round half away from zero to int" + bits, Kind.EXACT, v -> {
            double d = (Double) v;
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return null;
            }
            BigInteger i = new BigDecimal(d).setScale(0, RoundingMode.HALF_UP).toBigIntegerExact();
            return i.compareTo(min) < 0 || i.compareTo(max) > 0 ? null : new BigDecimal(i);
        });
    }

    /**
     * D13: {@code CAST(tsz AS VARCHAR)} of a zoned timestamp: the wall-clock reading in the column's zone, the
     * fraction as far as it is not zero, then the offset as {@code +HH:MM}.
     *
     * @param zone the column's time zone
     */
    static ColumnRule zonedTimestampText(String zone) {
        ZoneId z = ZoneId.of(zone);
        return new ColumnRule("D13 zoned timestamp as text in " + zone, Kind.TEXT, v -> {
            ZonedDateTime t = ((Instant) v).atZone(z);
            String offset = t.getOffset().getTotalSeconds() == 0 ? "+00:00" : t.getOffset().getId();
            return t.toLocalDate() + " " + SqlLiterals.timeText(t.toLocalTime()) + offset;
        });
    }

    static String reverseCodePoints(String s) {
        int[] cps = s.codePoints().toArray();
        StringBuilder out = new StringBuilder(s.length());
        for (int i = cps.length - 1; i >= 0; i--) {
            out.appendCodePoint(cps[i]);
        }
        return out.toString();
    }
}
