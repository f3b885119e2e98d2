package io.lancejdbc.exec.operator.agg;

import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * ANY_VALUE: the first non-NULL value of each group, kept as a copy of the Arrow value ({@link ValueStore}), so
 * that every type comes back exactly as it was read (nested types, nanoseconds, -0.0).
 */
final class AnyValueAccumulator implements Accumulator {
    private final ValueStore store;
    /** Position in the store of each group's value, -1 while the group has none. */
    private int[] positions = new int[16];

    AnyValueAccumulator(BufferAllocator allocator) {
        this.store = new ValueStore(allocator);
        Arrays.fill(positions, -1);
    }

    private void grow(int groupCount) {
        positions = GroupArrays.fit(positions, groupCount, -1);
    }

    // Not retractable; a window frame whose start moves recomputes (the value store only grows meanwhile).
    @Override
    public void add(FieldVector[] args, int from, int to, int group) {
        grow(group + 1);
        FieldVector v = args[0];
        for (int i = from; i < to && positions[group] < 0; i++) {
            if (!v.isNull(i)) {
                positions[group] = store.add(v, i);
            }
        }
    }

    @Override
    public void reset(int group) {
        grow(group + 1);
        positions[group] = -1;
    }

    @Override
    public void writeGroup(int group, FieldVector out, int index) {
        FieldVector values = store.vector();
        if (values == null || positions[group] < 0) {
            io.lancejdbc.exec.stream.RowCopier.nulls(out).setNull(index);
        } else {
            io.lancejdbc.exec.stream.RowCopier.of(values, out).copy(positions[group], index);
        }
    }

    @Override
    public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
        grow(groupCount);
        FieldVector v = args[0];
        for (int i = 0; i < rows; i++) {
            int g = groupIds[i];
            if (positions[g] < 0 && !v.isNull(i)) {
                positions[g] = store.add(v, i);
            }
        }
    }

    @Override
    public void merge(Accumulator other, int[] mapping, int groupCount) {
        AnyValueAccumulator o = (AnyValueAccumulator) other;
        grow(groupCount);
        FieldVector values = o.store.vector();
        for (int g = 0; g < mapping.length && g < o.positions.length; g++) {
            int t = mapping[g];
            if (o.positions[g] >= 0 && positions[t] < 0) {
                positions[t] = store.add(values, o.positions[g]);
            }
        }
    }

    @Override
    public void write(FieldVector out, int groupCount) {
        grow(groupCount);
        try (FieldVector values = store.gather(out.getField(), positions, groupCount, out.getAllocator())) {
            values.makeTransferPair(out).transfer();
        }
    }

    @Override
    public long estimatedBytes() {
        return positions.length * 4L;
    }

    @Override
    public void close() {
        store.close();
    }
}
