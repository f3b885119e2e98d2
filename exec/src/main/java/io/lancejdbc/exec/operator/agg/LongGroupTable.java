package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Group table for one integer-like key (ints, dates, times, timestamps): open addressing on primitive longs. A slot
 * is two adjacent longs (the key, then its group id + 1, 0 = empty), so a probe touches one cache line; int32 and
 * int64 keys are read straight from the Arrow buffers ({@link DirectColumns.Longs}).
 */
final class LongGroupTable implements GroupTable {
    private long[] slots = new long[2 * 1024];
    private long[] groupKeys = new long[256];
    private int size;
    private int nullGroup = -1;

    @Override
    public void assign(FieldVector[] keys, int rows, int[] groupIds) {
        DirectColumns.Longs direct = DirectColumns.longs(keys[0], rows);
        if (direct != null) {
            for (int i = 0; i < rows; i++) {
                groupIds[i] = direct.isNull(i) ? nullGroup() : find(direct.get(i));
            }
            return;
        }
        ColumnReaders.LongReader r = ColumnReaders.longs(keys[0]);
        for (int i = 0; i < rows; i++) {
            groupIds[i] = r.isNull(i) ? nullGroup() : find(r.get(i));
        }
    }

    private int nullGroup() {
        if (nullGroup < 0) {
            nullGroup = newGroup(0);
        }
        return nullGroup;
    }

    private int find(long key) {
        long[] slots = this.slots;
        int mask = (slots.length >>> 1) - 1;
        int slot = (int) SplitMix64.mix(key) & mask;
        while (true) {
            int at = slot << 1;
            long g = slots[at + 1] - 1;
            if (g < 0) {
                int created = newGroup(key);
                slots[at] = key;
                slots[at + 1] = created + 1L;
                if (size * 4L > slots.length) {
                    rehash();
                }
                return created;
            }
            if (slots[at] == key) {
                return (int) g;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int newGroup(long key) {
        if (size == groupKeys.length) {
            groupKeys = Arrays.copyOf(groupKeys, size * 2);
        }
        groupKeys[size] = key;
        return size++;
    }

    private void rehash() {
        long[] old = slots;
        long[] grown = new long[old.length * 2];
        int mask = (grown.length >>> 1) - 1;
        for (int at = 0; at < old.length; at += 2) {
            if (old[at + 1] != 0) {
                int slot = (int) SplitMix64.mix(old[at]) & mask;
                while (grown[(slot << 1) + 1] != 0) {
                    slot = (slot + 1) & mask;
                }
                grown[slot << 1] = old[at];
                grown[(slot << 1) + 1] = old[at + 1];
            }
        }
        slots = grown;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public FieldVector[] keyVectors(Field[] fields, BufferAllocator allocator) {
        FieldVector v = ColumnWriters.allocate(fields[0], size, allocator);
        ColumnWriters.LongWriter w = ColumnWriters.longs(v);
        for (int g = 0; g < size; g++) {
            if (g == nullGroup) {
                w.setNull(g);
            } else {
                w.set(g, groupKeys[g]);
            }
        }
        v.setValueCount(size);
        return new FieldVector[] {v};
    }

    @Override
    public long estimatedBytes() {
        return slots.length * 8L + groupKeys.length * 8L;
    }
}
