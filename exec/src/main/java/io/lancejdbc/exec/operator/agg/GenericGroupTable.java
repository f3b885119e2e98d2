package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.operator.hash.KeyValues;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Group table for several or nested keys: keys hashed as lists of engine values normalized by {@link KeyValues}
 * (bytes by content, -0.0 equal to 0.0, at any depth). NULLs group together. The key values written out are the
 * first row of each group, copied exactly ({@link ValueStore}), so every type keeps its value.
 */
final class GenericGroupTable implements GroupTable {
    private final Map<List<Object>, Integer> groups = new HashMap<>();
    private final BufferAllocator allocator;
    private ValueStore[] stores;
    private int size;
    private long bytes;

    GenericGroupTable(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    @Override
    public void assign(FieldVector[] keyVectors, int rows, int[] groupIds) {
        ValueAccess.Getter[] getters = new ValueAccess.Getter[keyVectors.length];
        for (int k = 0; k < keyVectors.length; k++) {
            getters[k] = ValueAccess.getter(keyVectors[k]);
        }
        if (stores == null) {
            stores = new ValueStore[keyVectors.length];
            for (int k = 0; k < stores.length; k++) {
                stores[k] = new ValueStore(allocator);
            }
        }
        for (int i = 0; i < rows; i++) {
            Object[] key = new Object[getters.length];
            for (int k = 0; k < getters.length; k++) {
                key[k] = KeyValues.normalize(getters[k].get(i));
            }
            List<Object> list = Arrays.asList(key);
            Integer g = groups.get(list);
            if (g == null) {
                g = size++;
                groups.put(list, g);
                for (int k = 0; k < stores.length; k++) {
                    stores[k].add(keyVectors[k], i);
                }
                bytes += 64L + 16L * key.length;
            }
            groupIds[i] = g;
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public FieldVector[] keyVectors(Field[] fields, BufferAllocator target) {
        int[] positions = new int[size];
        for (int g = 0; g < size; g++) {
            positions[g] = g;
        }
        FieldVector[] out = new FieldVector[fields.length];
        try {
            for (int k = 0; k < fields.length; k++) {
                out[k] = stores == null ? new ValueStore(target).gather(fields[k], positions, 0, target)
                        : stores[k].gather(fields[k], positions, size, target);
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

    @Override
    public void close() {
        if (stores != null) {
            for (ValueStore s : stores) {
                s.close();
            }
        }
    }
}
