package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Group table for one string or binary key: open addressing over hashes, keys kept as byte arrays. For
 * {@code utf8}/{@code binary} vectors the Arrow offset and data buffers are read directly, eight bytes at a time.
 */
final class BytesGroupTable implements GroupTable {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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
        if (keys[0] instanceof BaseVariableWidthVector) {
            assignVarWidth((BaseVariableWidthVector) keys[0], rows, groupIds);
            return;
        }
        ColumnReaders.BytesReader r = ColumnReaders.bytes(keys[0]);
        for (int i = 0; i < rows; i++) {
            groupIds[i] = r.isNull(i) ? nullGroup() : find(r.get(i));
        }
    }

    private int nullGroup() {
        if (nullGroup < 0) {
            nullGroup = groupKeys.size();
            groupKeys.add(null);
        }
        return nullGroup;
    }

    private void assignVarWidth(BaseVariableWidthVector v, int rows, int[] groupIds) {
        ArrowBuf offsets = v.getOffsetBuffer();
        ArrowBuf data = v.getDataBuffer();
        ArrowBuf validity = v.getValidityBuffer();
        byte[] scratch = new byte[64];
        for (int i = 0; i < rows; i++) {
            if (((validity.getByte(i >> 3) >> (i & 7)) & 1) == 0) {
                groupIds[i] = nullGroup();
                continue;
            }
            int start = offsets.getInt((long) i * 4);
            int len = offsets.getInt((long) (i + 1) * 4) - start;
            if (scratch.length < len) {
                scratch = new byte[Math.max(len, scratch.length * 2)];
            }
            data.getBytes(start, scratch, 0, len);
            int h = hash(scratch, len);
            int mask = slotGroups.length - 1;
            int slot = h & mask;
            while (true) {
                int g = slotGroups[slot];
                if (g < 0) {
                    byte[] key = Arrays.copyOf(scratch, len);
                    groupIds[i] = insert(slot, h, key);
                    break;
                }
                if (slotHashes[slot] == h) {
                    byte[] k = groupKeys.get(g);
                    if (k != null && k.length == len && Arrays.equals(k, 0, len, scratch, 0, len)) {
                        groupIds[i] = g;
                        break;
                    }
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    private int find(byte[] key) {
        int h = hash(key, key.length);
        int mask = slotGroups.length - 1;
        int slot = h & mask;
        while (true) {
            int g = slotGroups[slot];
            if (g < 0) {
                return insert(slot, h, key);
            }
            if (slotHashes[slot] == h && Arrays.equals(groupKeys.get(g), key)) {
                return g;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int insert(int slot, int h, byte[] key) {
        int g = groupKeys.size();
        groupKeys.add(key);
        bytes += key.length + 16;
        slotGroups[slot] = g;
        slotHashes[slot] = h;
        if (groupKeys.size() * 2 > slotGroups.length) {
            rehash();
        }
        return g;
    }

    private static int hash(byte[] b, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        int k = 0;
        for (; k + 8 <= len; k += 8) {
            h = (h ^ (long) LONGS.get(b, k)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        long tail = 0;
        for (int s = 0; k < len; k++, s += 8) {
            tail |= (b[k] & 0xFFL) << s;
        }
        h = (h ^ tail) * 0x94D049BB133111EBL;
        h ^= h >>> 29;
        return (int) (h ^ (h >>> 32));
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
