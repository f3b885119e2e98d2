package io.lancejdbc.exec.expr;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * The order of two engine values ({@link ValueAccess}) for the row kernels that compare values: greatest, least,
 * nullif, array_contains and map lookups. Numbers compare by value across representations (DOUBLE as
 * {@link ComparisonExpr#compareDoubles}: {@code -0.0 = 0.0}, NaN above every number), strings and binaries by their
 * unsigned bytes (UTF-8 code point order).
 */
final class EngineValueOrder {
    private EngineValueOrder() {
    }

    /** Negative, zero or positive; values of unrelated types compare as unequal (positive). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        if (a instanceof Number && b instanceof Number && !(a instanceof BigDecimal && b instanceof BigDecimal)) {
            if (a instanceof Double || b instanceof Double) {
                return ComparisonExpr.compareDoubles(((Number) a).doubleValue(), ((Number) b).doubleValue());
            }
            return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
        }
        if (a instanceof byte[] && b instanceof byte[]) {
            return java.util.Arrays.compareUnsigned((byte[]) a, (byte[]) b);
        }
        if (a instanceof String && b instanceof String) {
            return java.util.Arrays.compareUnsigned(((String) a).getBytes(StandardCharsets.UTF_8),
                    ((String) b).getBytes(StandardCharsets.UTF_8));
        }
        if (a instanceof Comparable && a.getClass() == b.getClass()) {
            return ((Comparable) a).compareTo(b);
        }
        return java.util.Objects.deepEquals(a, b) ? 0 : 1;
    }
}
