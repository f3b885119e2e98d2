package io.lancejdbc.exec.expr;

import io.lancejdbc.sql.expr.ScalarFunctionKey;
import java.util.List;
import java.util.Map;

/**
 * Kernels of the array, map, struct and vector-distance functions (typing: {@code sql.bind.CollectionFunctionTyping}
 * and the subscript operators of {@code sql.bind.Operators}). Lists arrive as {@link List}s, fixed-size float vectors
 * as {@code float[]}/{@code double[]}, maps as {@link Map}s, structs as lists of their fields.
 */
final class CollectionKernels {
    private CollectionKernels() {
    }

    static void register(ScalarKernels.Registry r) {
        r.row(ScalarFunctionKey.ELEMENT_AT, a -> {
            List<?> l = (List<?>) a[0];
            long i = (Long) a[1];
            if (i < 0) {
                i = l.size() + i + 1;
            }
            return i >= 1 && i <= l.size() ? l.get((int) (i - 1)) : null;
        });
        r.row(ScalarFunctionKey.MAP_VALUE, a -> {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) a[0]).entrySet()) {
                if (e.getKey() != null && EngineValueOrder.compare(e.getKey(), a[1]) == 0) {
                    return e.getValue();
                }
            }
            return null;
        });
        r.row(ScalarFunctionKey.STRUCT_FIELD, a -> ((List<?>) a[0]).get(((Long) a[1]).intValue()));
        r.row(ScalarFunctionKey.CARDINALITY, a -> a[0] instanceof Map ? (long) ((Map<?, ?>) a[0]).size()
                : (long) ((List<?>) a[0]).size());
        // Three-valued: true when an element equals the value, else NULL when an element is NULL, else false.
        r.nullAwareRow(ScalarFunctionKey.ARRAY_CONTAINS, a -> {
            if (a[0] == null || a[1] == null) {
                return null;
            }
            boolean sawNull = false;
            for (Object o : (List<?>) a[0]) {
                if (o == null) {
                    sawNull = true;
                } else if (EngineValueOrder.compare(o, a[1]) == 0) {
                    return true;
                }
            }
            return sawNull ? null : false;
        });
        for (ScalarFunctionKey k : List.of(ScalarFunctionKey.L2_DISTANCE, ScalarFunctionKey.COSINE_DISTANCE,
                ScalarFunctionKey.INNER_PRODUCT, ScalarFunctionKey.DOT_DISTANCE, ScalarFunctionKey.HAMMING_DISTANCE)) {
            String name = k.callName();
            r.raisingRow(k, a -> VectorDistances.distance(name, toDoubles(a[0]), toDoubles(a[1])));
        }
    }

    static double[] toDoubles(Object v) {
        if (v instanceof double[]) {
            return (double[]) v;
        }
        if (v instanceof float[]) {
            float[] f = (float[]) v;
            double[] d = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                d[i] = f[i];
            }
            return d;
        }
        List<?> l = (List<?>) v;
        double[] d = new double[l.size()];
        for (int i = 0; i < d.length; i++) {
            Object o = l.get(i);
            if (o == null) {
                return null;
            }
            d[i] = ((Number) o).doubleValue();
        }
        return d;
    }
}
