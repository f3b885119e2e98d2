package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Group table for one string or binary key: open addressing over hashes, keys kept as byte arrays. For
 * {@code utf8}/{@code binary} vectors the Arrow buffers are read in place ({@link DirectColumns.Bytes}), eight bytes at
 * a time, and a row's key is only copied when it starts a new group. Each group also keeps its length and first eight
 * bytes, so keys of up to eight bytes (codes, categories, flags) compare without touching the key arrays.
 */
final class BytesGroupTable implements GroupTable {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private int[] slotGroups = new int[1024];
    private int[] slotHashes = new int[1024];
    private final List<byte[]> groupKeys = new ArrayList<>();
    /** Per group: the key's length (-1 for the NULL group) and its first eight bytes, little-endian, zero-padded. */
    private int[] groupLengths = new int[256];
    private long[] groupHeads = new long[256];
    private int nullGroup = -1;
    private long bytes;

    BytesGroupTable() {
        Arrays.fill(slotGroups, -1);
    }

    @Override
    public void assign(FieldVector[] keys, int rows, int[] groupIds) {
        DirectColumns.Bytes direct = DirectColumns.bytes(keys[0], rows);
        if (direct != null) {
            assignDirect(direct, rows, groupIds);
            return;
        }
        ColumnReaders.BytesReader r = ColumnReaders.bytes(keys[0]);
        for (int i = 0; i < rows; i++) {
            groupIds[i] = r.isNull(i) ? nullGroup() : find(r.get(i));
        }
    }

    private int nullGroup() {
        if (nullGroup < 0) {
            nullGroup = addGroup(null, -1, 0);
        }
        return nullGroup;
    }

    private void assignDirect(DirectColumns.Bytes v, int rows, int[] groupIds) {
        for (int i = 0; i < rows; i++) {
            if (v.isNull(i)) {
                groupIds[i] = nullGroup();
                continue;
            }
            int start = v.start(i);
            int len = v.end(i) - start;
            long head = len == 0 ? 0 : v.getLong(start) & mask(Math.min(len, 8));
            int h = hash(v, start, len, head);
            int mask = slotGroups.length - 1;
            int slot = h & mask;
            while (true) {
                int g = slotGroups[slot];
                if (g < 0) {
                    groupIds[i] = insert(slot, h, v.copy(start, len), head);
                    break;
                }
                if (slotHashes[slot] == h && groupLengths[g] == len && groupHeads[g] == head
                        && (len <= 8 || tailEquals(groupKeys.get(g), v, start, len))) {
                    groupIds[i] = g;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    /** Bytes 8..len of {@code key} equal those of the value at {@code start}. */
    private static boolean tailEquals(byte[] key, DirectColumns.Bytes v, int start, int len) {
        int k = 8;
        for (; k + 8 <= len; k += 8) {
            if ((long) LONGS.get(key, k) != v.getLong(start + k)) {
                return false;
            }
        }
        for (; k < len; k++) {
            if (key[k] != v.getByte(start + k)) {
                return false;
            }
        }
        return true;
    }

    private int find(byte[] key) {
        int h = hash(key, key.length);
        int mask = slotGroups.length - 1;
        int slot = h & mask;
        while (true) {
            int g = slotGroups[slot];
            if (g < 0) {
                return insert(slot, h, key, head(key));
            }
            if (slotHashes[slot] == h && Arrays.equals(groupKeys.get(g), key)) {
                return g;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int insert(int slot, int h, byte[] key, long head) {
        int g = addGroup(key, key.length, head);
        bytes += key.length + 16;
        slotGroups[slot] = g;
        slotHashes[slot] = h;
        if (groupKeys.size() * 2 > slotGroups.length) {
            rehash();
        }
        return g;
    }

    private int addGroup(byte[] key, int length, long head) {
        int g = groupKeys.size();
        if (g == groupLengths.length) {
            groupLengths = Arrays.copyOf(groupLengths, g * 2);
            groupHeads = Arrays.copyOf(groupHeads, g * 2);
        }
        groupKeys.add(key);
        groupLengths[g] = length;
        groupHeads[g] = head;
        return g;
    }

    /** The low {@code n} bytes (1..8) of a long. */
    private static long mask(int n) {
        return n == 8 ? -1L : (1L << (n * 8)) - 1;
    }

    private static long head(byte[] key) {
        long head = 0;
        for (int k = 0; k < Math.min(key.length, 8); k++) {
            head |= (key[k] & 0xFFL) << (k * 8);
        }
        return head;
    }

    // The two hash functions must agree: eight-byte little-endian words, then the zero-padded tail.
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
        return finish(h, tail);
    }

    /** @param head the value's first eight bytes, zero-padded */
    private static int hash(DirectColumns.Bytes v, int start, int len, long head) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        if (len < 8) {
            return finish(h, head);
        }
        h = (h ^ head) * 0xBF58476D1CE4E5B9L;
        h ^= h >>> 31;
        int k = 8;
        for (; k + 8 <= len; k += 8) {
            h = (h ^ v.getLong(start + k)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        long tail = k < len ? v.getLong(start + k) & mask(len - k) : 0;
        return finish(h, tail);
    }

    private static int finish(long h, long tail) {
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
