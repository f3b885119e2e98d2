package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.operator.hash.KeyValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@link DistinctValues} of the argument types without a primitive set (decimals, booleans, half floats, lists,
 * structs, maps ...): engine values, compared by their hash keys ({@link KeyValues}).
 */
final class GenericDistinctValues implements DistinctValues {
    /** Heap bytes counted per pair: the set entry, the key and the kept value. */
    private static final long BYTES_PER_PAIR = 48;

    private final Field arg;
    private final BufferAllocator allocator;
    private final Set<Pair> seen = new HashSet<>();
    /** The pairs in first-seen order. */
    private final List<Object> values = new ArrayList<>();
    private int[] groups = new int[16];

    private record Pair(int group, Object key) {
    }

    GenericDistinctValues(Field arg, BufferAllocator allocator) {
        this.arg = arg;
        this.allocator = allocator;
    }

    @Override
    public void add(FieldVector v, int rows, int[] groupIds) {
        ValueAccess.Getter g = ValueAccess.getter(v);
        for (int i = 0; i < rows; i++) {
            Object x = g.get(i);
            if (x != null) {
                insert(groupIds[i], x);
            }
        }
    }

    private void insert(int group, Object value) {
        if (seen.add(new Pair(group, KeyValues.normalize(value)))) {
            int n = values.size();
            if (n == groups.length) {
                groups = Arrays.copyOf(groups, n * 2);
            }
            groups[n] = group;
            values.add(value);
        }
    }

    @Override
    public void addAll(DistinctValues other, int[] mapping) {
        GenericDistinctValues o = (GenericDistinctValues) other;
        for (int i = 0; i < o.values.size(); i++) {
            insert(mapping[o.groups[i]], o.values.get(i));
        }
    }

    @Override
    public int size() {
        return values.size();
    }

    @Override
    public FieldVector write(int[] groupsOut) {
        int n = values.size();
        FieldVector out = ColumnWriters.allocate(arg, n, allocator);
        try {
            ValueAccess.Setter s = ValueAccess.setter(out);
            for (int i = 0; i < n; i++) {
                s.set(i, values.get(i));
            }
            out.setValueCount(n);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        System.arraycopy(groups, 0, groupsOut, 0, n);
        return out;
    }

    @Override
    public long estimatedBytes() {
        return values.size() * BYTES_PER_PAIR + groups.length * 4L;
    }
}
