package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.operator.hash.KeyValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code f(DISTINCT x)}: collects the distinct non-NULL values per group, then feeds them to the plain accumulator
 * of {@code f} when the result is written.
 */
final class DistinctAccumulator implements Accumulator {
    private final Accumulator base;
    private final Field argField;
    private final BufferAllocator allocator;
    /** Per group: the distinct values, by their hash key ({@link KeyValues}), each as first seen. */
    private List<Map<Object, Object>> values = new ArrayList<>();
    private Object separator;
    private boolean hasSeparator;
    private Field separatorField;
    private long bytes;

    DistinctAccumulator(Accumulator base, Field argField, BufferAllocator allocator) {
        this.base = base;
        this.argField = argField;
        this.allocator = allocator;
    }

    @Override
    public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
        while (values.size() < groupCount) {
            values.add(null);
        }
        ValueAccess.Getter g = ValueAccess.getter(args[0]);
        if (args.length > 1 && !hasSeparator && rows > 0) {
            separator = ValueAccess.getter(args[1]).get(0);
            separatorField = args[1].getField();
            hasSeparator = true;
        }
        for (int i = 0; i < rows; i++) {
            Object x = g.get(i);
            if (x == null) {
                continue;
            }
            int group = groupIds[i];
            Map<Object, Object> s = values.get(group);
            if (s == null) {
                s = new LinkedHashMap<>();
                values.set(group, s);
            }
            if (s.putIfAbsent(KeyValues.normalize(x), x) == null) {
                bytes += 48;
            }
        }
    }

    @Override
    public void merge(Accumulator other, int[] mapping, int groupCount) {
        DistinctAccumulator o = (DistinctAccumulator) other;
        while (values.size() < groupCount) {
            values.add(null);
        }
        for (int g = 0; g < mapping.length && g < o.values.size(); g++) {
            Map<Object, Object> src = o.values.get(g);
            if (src == null) {
                continue;
            }
            Map<Object, Object> dst = values.get(mapping[g]);
            if (dst == null) {
                dst = new LinkedHashMap<>();
                values.set(mapping[g], dst);
            }
            for (Map.Entry<Object, Object> e : src.entrySet()) {
                dst.putIfAbsent(e.getKey(), e.getValue());
            }
        }
        if (!hasSeparator && o.hasSeparator) {
            hasSeparator = true;
            separator = o.separator;
            separatorField = o.separatorField;
        }
        bytes += o.bytes;
    }

    @Override
    public void write(FieldVector out, int groupCount) {
        int total = 0;
        for (int gi = 0; gi < Math.min(groupCount, values.size()); gi++) {
            total += values.get(gi) == null ? 0 : values.get(gi).size();
        }
        int[] ids = new int[total];
        FieldVector arg = ColumnWriters.allocate(argField, total, allocator);
        FieldVector sep = hasSeparator ? ColumnWriters.allocate(separatorField, total, allocator) : null;
        try {
            ValueAccess.Setter s = ValueAccess.setter(arg);
            ValueAccess.Setter ss = sep == null ? null : ValueAccess.setter(sep);
            int k = 0;
            for (int gi = 0; gi < Math.min(groupCount, values.size()); gi++) {
                if (values.get(gi) == null) {
                    continue;
                }
                for (Object v : values.get(gi).values()) {
                    ids[k] = gi;
                    s.set(k, v);
                    if (ss != null) {
                        ss.set(k, separator);
                    }
                    k++;
                }
            }
            arg.setValueCount(total);
            if (sep != null) {
                sep.setValueCount(total);
            }
            base.update(sep == null ? new FieldVector[] {arg} : new FieldVector[] {arg, sep}, total, ids, groupCount);
            base.write(out, groupCount);
        } finally {
            arg.close();
            if (sep != null) {
                sep.close();
            }
        }
    }

    // Window frames take no DISTINCT aggregates (the binder rejects them), so the frame methods are not reached.
    @Override
    public void add(FieldVector[] args, int from, int to, int group) {
        throw new UnsupportedOperationException("DISTINCT aggregates are not evaluated over window frames");
    }

    @Override
    public void reset(int group) {
        throw new UnsupportedOperationException("DISTINCT aggregates are not evaluated over window frames");
    }

    @Override
    public void writeGroup(int group, FieldVector out, int index) {
        throw new UnsupportedOperationException("DISTINCT aggregates are not evaluated over window frames");
    }

    @Override
    public long estimatedBytes() {
        return bytes + base.estimatedBytes();
    }

}
