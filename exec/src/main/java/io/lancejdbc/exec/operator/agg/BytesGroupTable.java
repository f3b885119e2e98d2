package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Group table for one string or binary key: open addressing over hashes, keys kept as byte arrays. */
final class BytesGroupTable implements GroupTable {
    private int[] slotGroups = new int[1024];
    private int[] slotHashes = new int[1024];
    private final List<byte[]> groupKeys = new ArrayList<>();
    private int nullGroup = -1;
    private long bytes;

    BytesGroupTable() {
        Arrays.fill(slotGroups, -1);
    }

    @Override
    public void assign(FieldVector[] keys, int rows, int[] groupIds) {
        ColumnReaders.BytesReader r = ColumnReaders.bytes(keys[0]);
        for (int i = 0; i < rows; i++) {
            if (r.isNull(i)) {
                if (nullGroup < 0) {
                    nullGroup = groupKeys.size();
                    groupKeys.add(null);
                }
                groupIds[i] = nullGroup;
                continue;
            }
            int len = r.length(i);
            int h = 1;
            for (int k = 0; k < len; k++) {
                h = 31 * h + r.byteAt(i, k);
            }
            h ^= h >>> 16;
            int mask = slotGroups.length - 1;
            int slot = h & mask;
            while (true) {
                int g = slotGroups[slot];
                if (g < 0) {
                    byte[] key = r.get(i);
                    g = groupKeys.size();
                    groupKeys.add(key);
                    bytes += key.length + 16;
                    slotGroups[slot] = g;
                    slotHashes[slot] = h;
                    groupIds[i] = g;
                    if (groupKeys.size() * 2 > slotGroups.length) {
                        rehash();
                    }
                    break;
                }
                if (slotHashes[slot] == h && equal(groupKeys.get(g), r, i, len)) {
                    groupIds[i] = g;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    private static boolean equal(byte[] key, ColumnReaders.BytesReader r, int i, int len) {
        if (key == null || key.length != len) {
            return false;
        }
        for (int k = 0; k < len; k++) {
            if (key[k] != r.byteAt(i, k)) {
                return false;
            }
        }
        return true;
    }

    private void rehash() {
        int[] oldGroups = slotGroups;
        int[] oldHashes = slotHashes;
        slotGroups = new int[oldGroups.length * 2];
        slotHashes = new int[oldGroups.length * 2];
        Arrays.fill(slotGroups, -1);
        int mask = slotGroups.length - 1;
        for (int i = 0; i < oldGroups.length; i++) {
            if (oldGroups[i] >= 0) {
                int slot = oldHashes[i] & mask;
                while (slotGroups[slot] >= 0) {
                    slot = (slot + 1) & mask;
                }
                slotGroups[slot] = oldGroups[i];
                slotHashes[slot] = oldHashes[i];
            }
        }
    }

    @Override
    public int size() {
        return groupKeys.size();
    }

    @Override
    public FieldVector[] keyVectors(Field[] fields, BufferAllocator allocator) {
        int n = groupKeys.size();
        FieldVector v = ColumnWriters.allocate(fields[0], n, allocator);
        ColumnWriters.BytesWriter w = ColumnWriters.bytes(v);
        for (int g = 0; g < n; g++) {
            byte[] k = groupKeys.get(g);
            if (k == null) {
                w.setNull(g);
            } else {
                w.set(g, k);
            }
        }
        v.setValueCount(n);
        return new FieldVector[] {v};
    }

    @Override
    public long estimatedBytes() {
        return bytes + slotGroups.length * 8L;
    }
}
