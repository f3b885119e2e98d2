package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Group table for one integer-like key (ints, dates, times, timestamps): open addressing on primitive longs. */
final class LongGroupTable implements GroupTable {
    private long[] slotKeys = new long[1024];
    private int[] slotGroups = new int[1024];
    private long[] groupKeys = new long[256];
    private int size;
    private int nullGroup = -1;

    LongGroupTable() {
        Arrays.fill(slotGroups, -1);
    }

    @Override
    public void assign(FieldVector[] keys, int rows, int[] groupIds) {
        ColumnReaders.LongReader r = ColumnReaders.longs(keys[0]);
        for (int i = 0; i < rows; i++) {
            if (r.isNull(i)) {
                if (nullGroup < 0) {
                    nullGroup = newGroup(0);
                }
                groupIds[i] = nullGroup;
            } else {
                groupIds[i] = find(r.get(i));
            }
        }
    }

    private int find(long key) {
        int mask = slotKeys.length - 1;
        int slot = (int) mix(key) & mask;
        while (true) {
            int g = slotGroups[slot];
            if (g < 0) {
                g = newGroup(key);
                slotKeys[slot] = key;
                slotGroups[slot] = g;
                if (size * 2 > slotKeys.length) {
                    rehash();
                }
                return g;
            }
            if (slotKeys[slot] == key && g != nullGroup) {
                return g;
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
        long[] oldKeys = slotKeys;
        int[] oldGroups = slotGroups;
        slotKeys = new long[oldKeys.length * 2];
        slotGroups = new int[oldKeys.length * 2];
        Arrays.fill(slotGroups, -1);
        int mask = slotKeys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldGroups[i] >= 0) {
                int slot = (int) mix(oldKeys[i]) & mask;
                while (slotGroups[slot] >= 0) {
                    slot = (slot + 1) & mask;
                }
                slotKeys[slot] = oldKeys[i];
                slotGroups[slot] = oldGroups[i];
            }
        }
    }

    private static long mix(long x) {
        long h = x * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
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
        return slotKeys.length * 12L + groupKeys.length * 8L;
    }
}
