package io.lancejdbc.exec.operator.hash;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Engine values as hash keys: two values that SQL calls equal (GROUP BY, DISTINCT, set operations) become
 * {@code equals} objects with equal hash codes. Binary values compare by content ({@code byte[]} becomes a
 * {@link ByteBuffer}), -0.0 equals 0.0, decimals compare by value whatever their scale, and the same holds for the
 * elements of lists, the fields of structs and the keys and values of maps, at any depth.
 */
public final class KeyValues {
    private KeyValues() {
    }

    /** The hash key of an engine value ({@code null} stays {@code null}). */
    public static Object normalize(Object v) {
        if (v instanceof byte[]) {
            return ByteBuffer.wrap((byte[]) v);
        }
        if (v instanceof Double && (Double) v == 0.0) {
            return 0.0;
        }
        if (v instanceof BigDecimal) {
            BigDecimal d = (BigDecimal) v;
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (v instanceof List) {
            List<?> list = (List<?>) v;
            List<Object> out = new ArrayList<>(list.size());
            for (Object o : list) {
                out.add(normalize(o));
            }
            return out;
        }
        if (v instanceof Map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.put(normalize(e.getKey()), normalize(e.getValue()));
            }
            return out;
        }
        return v;
    }
}
