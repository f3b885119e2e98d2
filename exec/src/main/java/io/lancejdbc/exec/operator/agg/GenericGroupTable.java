package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Group table for several or nested keys: keys as lists of engine values (bytes wrapped so that they compare by
 * content, -0.0 folded into 0.0). NULLs group together.
 */
final class GenericGroupTable implements GroupTable {
    private final Map<List<Object>, Integer> groups = new HashMap<>();
    private final List<List<Object>> keys = new ArrayList<>();
    private long bytes;

    @Override
    public void assign(FieldVector[] keyVectors, int rows, int[] groupIds) {
        ValueAccess.Getter[] getters = new ValueAccess.Getter[keyVectors.length];
        for (int k = 0; k < keyVectors.length; k++) {
            getters[k] = ValueAccess.getter(keyVectors[k]);
        }
        for (int i = 0; i < rows; i++) {
            Object[] key = new Object[getters.length];
            for (int k = 0; k < getters.length; k++) {
                key[k] = normalize(getters[k].get(i));
            }
            List<Object> list = Arrays.asList(key);
            Integer g = groups.get(list);
            if (g == null) {
                g = keys.size();
                groups.put(list, g);
                keys.add(list);
                bytes += 64L + 16L * key.length;
            }
            groupIds[i] = g;
        }
    }

    static Object normalize(Object v) {
        if (v instanceof byte[]) {
            return ByteBuffer.wrap((byte[]) v);
        }
        if (v instanceof Double && (Double) v == 0.0) {
            return 0.0;
        }
        if (v instanceof java.math.BigDecimal) {
            java.math.BigDecimal d = (java.math.BigDecimal) v;
            return d.signum() == 0 ? java.math.BigDecimal.ZERO : d.stripTrailingZeros();
        }
        return v;
    }

    static Object denormalize(Object v) {
        if (v instanceof ByteBuffer) {
            ByteBuffer b = ((ByteBuffer) v).duplicate();
            byte[] out = new byte[b.remaining()];
            b.get(out);
            return out;
        }
        return v;
    }

    @Override
    public int size() {
        return keys.size();
    }

    @Override
    public FieldVector[] keyVectors(Field[] fields, BufferAllocator allocator) {
        int n = keys.size();
        FieldVector[] out = new FieldVector[fields.length];
        try {
            for (int k = 0; k < fields.length; k++) {
                out[k] = ColumnWriters.allocate(fields[k], n, allocator);
                ValueAccess.Setter s = ValueAccess.setter(out[k]);
                for (int g = 0; g < n; g++) {
                    s.set(g, denormalize(keys.get(g).get(k)));
                }
                out[k].setValueCount(n);
            }
        } catch (RuntimeException e) {
            for (FieldVector v : out) {
                if (v != null) {
                    v.close();
                }
            }
            throw e;
        }
        return out;
    }

    @Override
    public long estimatedBytes() {
        return bytes;
    }
}
