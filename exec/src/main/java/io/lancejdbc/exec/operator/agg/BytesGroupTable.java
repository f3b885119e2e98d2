package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Group table for one string or binary key: open addressing over hashes, the keys' bytes kept in one arena. For
 * {@code utf8}/{@code binary} vectors the Arrow buffers are read in place ({@link DirectColumns.Bytes}), eight bytes at
 * a time, and a row's key is only copied when it starts a new group. A slot is two adjacent longs, the key's first
 * eight bytes (little-endian, zero-padded) and its hash with its group id + 1 (0 = empty), so a probe touches one
 * cache line, and keys of up to eight bytes (codes, categories, flags) compare without touching the arena.
 */
final class BytesGroupTable implements GroupTable {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Per slot: head, then (tag << 32) | (group + 1), the tag being {@link #tag}. */
    private long[] slots = new long[2 * 1024];
    /** The bytes of every group's key, group after group. */
    private byte[] arena = new byte[4096];
    private int arenaSize;
    /** Per group: where its key starts in the arena, and its length (-1 for the NULL group). */
    private int[] groupOffsets = new int[256];
    private int[] groupLengths = new int[256];
    private int size;
    private int nullGroup = -1;

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
            nullGroup = addGroup(-1);
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
            int h = tag(hash(v, start, len, head), len);
            long[] slots = this.slots;
            int mask = (slots.length >>> 1) - 1;
            int slot = (h >>> 4) & mask;
            while (true) {
                int at = slot << 1;
                long hg = slots[at + 1];
                if (hg == 0) {
                    int g = addGroup(len);
                    v.copyInto(start, len, arena, groupOffsets[g]);
                    groupIds[i] = insert(at, h, head, g);
                    break;
                }
                if ((int) (hg >>> 32) == h && slots[at] == head) {
                    int g = (int) hg - 1;
                    // Equal tags mean equal lengths below 15 bytes: a key of up to 8 bytes is then all in head.
                    if (len <= 8 || (len < 15 || groupLengths[g] == len) && tailEquals(groupOffsets[g], v, start,
                            len)) {
                        groupIds[i] = g;
                        break;
                    }
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    /** Bytes 8..len of the arena key at {@code offset} equal those of the value at {@code start}. */
    private boolean tailEquals(int offset, DirectColumns.Bytes v, int start, int len) {
        byte[] a = arena;
        int k = 8;
        for (; k + 8 <= len; k += 8) {
            if ((long) LONGS.get(a, offset + k) != v.getLong(start + k)) {
                return false;
            }
        }
        for (; k < len; k++) {
            if (a[offset + k] != v.getByte(start + k)) {
                return false;
            }
        }
        return true;
    }

    private int find(byte[] key) {
        int h = tag(hash(key, key.length), key.length);
        long head = head(key);
        int mask = (slots.length >>> 1) - 1;
        int slot = (h >>> 4) & mask;
        while (true) {
            int at = slot << 1;
            long hg = slots[at + 1];
            if (hg == 0) {
                int g = addGroup(key.length);
                System.arraycopy(key, 0, arena, groupOffsets[g], key.length);
                return insert(at, h, head, g);
            }
            if ((int) (hg >>> 32) == h && slots[at] == head) {
                int g = (int) hg - 1;
                if (groupLengths[g] == key.length && Arrays.equals(arena, groupOffsets[g],
                        groupOffsets[g] + key.length, key, 0, key.length)) {
                    return g;
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    private int insert(int at, int h, long head, int g) {
        slots[at] = head;
        slots[at + 1] = ((long) h << 32) | (g + 1L);
        if (size * 4L > slots.length) {
            rehash();
        }
        return g;
    }

    /** A new group with room for a key of {@code length} bytes (-1: the NULL group) reserved in the arena. */
    private int addGroup(int length) {
        int g = size;
        if (g == groupLengths.length) {
            groupLengths = Arrays.copyOf(groupLengths, g * 2);
            groupOffsets = Arrays.copyOf(groupOffsets, g * 2);
        }
        int bytes = Math.max(length, 0);
        if (arena.length - arenaSize < bytes) {
            long grown = Math.max((long) arenaSize + bytes, arena.length * 2L);
            if (grown > Integer.MAX_VALUE - 8) {
                throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.OUT_OF_MEMORY,
                        "GROUP BY keys need more than 2 GiB; group by fewer distinct keys");
            }
            arena = Arrays.copyOf(arena, (int) grown);
        }
        groupOffsets[g] = arenaSize;
        groupLengths[g] = length;
        arenaSize += bytes;
        size++;
        return g;
    }

    /**
     * A slot's tag: 28 bits of the hash, which also place the slot, and the key's length up to 15 (15 = 15 or
     * more), so that a probe matching tag and head has found a key of up to 8 bytes without reading the group's
     * length in another array (one cache miss less per row when the groups outgrow the cache).
     */
    private static int tag(int hash, int len) {
        return (hash & ~0xF) | Math.min(len, 15);
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
        long[] old = slots;
        long[] grown = new long[old.length * 2];
        int mask = (grown.length >>> 1) - 1;
        for (int at = 0; at < old.length; at += 2) {
            long hg = old[at + 1];
            if (hg != 0) {
                int slot = (int) (hg >>> 36) & mask;
                while (grown[(slot << 1) + 1] != 0) {
                    slot = (slot + 1) & mask;
                }
                grown[slot << 1] = old[at];
                grown[(slot << 1) + 1] = hg;
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
        int n = size;
        FieldVector v = ColumnWriters.allocate(fields[0], n, allocator);
        if (v instanceof BaseVariableWidthVector) {
            BaseVariableWidthVector w = (BaseVariableWidthVector) v;
            for (int g = 0; g < n; g++) {
                if (groupLengths[g] < 0) {
                    w.setNull(g);
                } else {
                    w.setSafe(g, arena, groupOffsets[g], groupLengths[g]);
                }
            }
        } else {
            ColumnWriters.BytesWriter w = ColumnWriters.bytes(v);
            for (int g = 0; g < n; g++) {
                if (groupLengths[g] < 0) {
                    w.setNull(g);
                } else {
                    w.set(g, Arrays.copyOfRange(arena, groupOffsets[g], groupOffsets[g] + groupLengths[g]));
                }
            }
        }
        v.setValueCount(n);
        return new FieldVector[] {v};
    }

    @Override
    public long estimatedBytes() {
        return arena.length + slots.length * 8L + groupLengths.length * 8L;
    }
}
