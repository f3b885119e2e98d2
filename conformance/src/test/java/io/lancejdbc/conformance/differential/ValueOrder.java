package io.lancejdbc.conformance.differential;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;

/**
 * The SQL order of two non-NULL logical values of one column type, as both engines define it: numbers by value
 * ({@code -0.0 = 0.0}, NaN equal to itself and greater than every other number), text by code point (the order of its
 * UTF-8 bytes), binary by unsigned bytes, temporal values by time. The {@link QueryGenerator} uses it only to draw
 * predicates that some rows satisfy; no answer is computed with it.
 */
final class ValueOrder {
    private ValueOrder() {
    }

    /** Negative, zero or positive as {@code a} sorts before, with or after {@code b} (both not null). */
    static int compare(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            if (isIntegral(x) && isIntegral(y)) {
                return Long.compare(x.longValue(), y.longValue());
            }
            if ((x instanceof Double || x instanceof Float) && (y instanceof Double || y instanceof Float)) {
                double dx = x.doubleValue();
                double dy = y.doubleValue();
                // -0.0 equals 0.0; NaN equals itself and sorts last.
                return dx == dy ? 0 : Double.compare(dx, dy);
            }
            boolean nx = isNaN(x);
            boolean ny = isNaN(y);
            if (nx || ny) {
                return nx == ny ? 0 : nx ? 1 : -1;
            }
            if (isInfinite(x) || isInfinite(y)) {
                return Double.compare(x.doubleValue() + 0.0, y.doubleValue() + 0.0);
            }
            return decimal(x).compareTo(decimal(y));
        }
        if (a instanceof String x && b instanceof String y) {
            return Arrays.compare(x.codePoints().toArray(), y.codePoints().toArray());
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.compareUnsigned(x, y);
        }
        if (a instanceof Boolean x && b instanceof Boolean y) {
            return Boolean.compare(x, y);
        }
        if (a instanceof Comparable<?> && a.getClass() == b.getClass()) {
            @SuppressWarnings("unchecked")
            Comparable<Object> x = (Comparable<Object>) a;
            return x.compareTo(b);
        }
        throw new IllegalArgumentException("Cannot order " + a.getClass().getName() + " and " + b.getClass().getName());
    }

    /**
     * A key that two values share exactly when {@link #compare} finds them equal (for counting equal pairs with a
     * hash map).
     */
    static Object equalityKey(Object v) {
        if (v instanceof Number n) {
            if (isNaN(n)) {
                return "NaN";
            }
            if (isInfinite(n)) {
                return n.doubleValue() > 0 ? "+Infinity" : "-Infinity";
            }
            BigDecimal d = decimal(n);
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (v instanceof byte[] b) {
            return java.util.HexFormat.of().formatHex(b);
        }
        return v;
    }

    /** The value as a literal denotes it: times and timestamps at microseconds (the precision of SQL literals). */
    static Object literalValue(Object v) {
        if (v instanceof LocalTime t) {
            return t.truncatedTo(ChronoUnit.MICROS);
        }
        if (v instanceof LocalDateTime t) {
            return t.truncatedTo(ChronoUnit.MICROS);
        }
        if (v instanceof Instant t) {
            return t.truncatedTo(ChronoUnit.MICROS);
        }
        return v;
    }

    private static boolean isIntegral(Number n) {
        return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
    }

    private static boolean isNaN(Number n) {
        return n instanceof Double d && d.isNaN() || n instanceof Float f && f.isNaN();
    }

    private static boolean isInfinite(Number n) {
        return n instanceof Double d && d.isInfinite() || n instanceof Float f && f.isInfinite();
    }

    private static BigDecimal decimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (n instanceof Double || n instanceof Float) {
            return new BigDecimal(n.doubleValue());
        }
        return BigDecimal.valueOf(n.longValue());
    }
}
