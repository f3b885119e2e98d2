package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Group table for one integer-like key (ints, dates, times, timestamps). While the keys seen lie in a short range
 * ({@link DenseKeyMap#worthIt}: codes, years, the ids of a dimension) a row's group is looked up in a
 * {@link DenseKeyMap} by {@code key - base}; otherwise by open addressing on primitive longs, where a slot is two
 * adjacent longs (the key, then its group id + 1, 0 = empty), so a probe touches one cache line. int32 and int64
 * keys are read straight from the Arrow buffers ({@link DirectColumns.Longs}). Group ids are dense and in
 * first-seen order either way; a table leaves the dense map at most once and then keeps hashing.
 */
final class LongGroupTable implements GroupTable {
    private long[] slots = new long[2 * 1024];
    private long[] groupKeys = new long[256];
    private int size;
    private int nullGroup = -1;
    /** The dense map in use, or null while hashing ({@code slots} then holds every non-NULL group). */
    private DenseKeyMap dense;
    /** Set when the keys left a dense map: the table hashes from then on. */
    private boolean sparse;
    /** The least and greatest non-NULL key of the groups (meaningless while there is none). */
    private long minKey = Long.MAX_VALUE;
    private long maxKey = Long.MIN_VALUE;

    @Override
    public void assign(FieldVector[] keys, int rows, int[] groupIds) {
        DirectColumns.Longs direct = DirectColumns.longs(keys[0], rows);
        if (direct != null && !sparse && useDense(direct, rows)) {
            assignDense(direct, rows, groupIds);
            return;
        }
        if (dense != null) {
            leaveDense();
        }
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

    /**
     * Whether this batch's keys go through the dense map, creating or widening it when the batch's range and the
     * groups' range together are dense enough; false leaves the map (the caller hashes).
     */
    private boolean useDense(DirectColumns.Longs keys, int rows) {
        long lo = minKey;
        long hi = maxKey;
        for (int i = 0; i < rows; i++) {
            if (!keys.isNull(i)) {
                long k = keys.get(i);
                lo = Math.min(lo, k);
                hi = Math.max(hi, k);
            }
        }
        if (lo > hi) {
            // No non-NULL key so far: NULL rows only, which either path assigns to the NULL group.
            return dense != null;
        }
        if (dense != null && dense.covers(lo) && dense.covers(hi)) {
            return true;
        }
        if (!DenseKeyMap.worthIt(lo, hi, (long) size + rows)) {
            return false;
        }
        if (dense == null) {
            enterDense(lo, hi);
        } else {
            dense.cover(lo, hi);
        }
        return true;
    }

    private void assignDense(DirectColumns.Longs keys, int rows, int[] groupIds) {
        int[] ids = dense.ids();
        long base = dense.base();
        for (int i = 0; i < rows; i++) {
            if (keys.isNull(i)) {
                groupIds[i] = nullGroup();
                continue;
            }
            long k = keys.get(i);
            int at = (int) (k - base);
            int g = ids[at] - 1;
            if (g < 0) {
                g = newKeyGroup(k);
                ids[at] = g + 1;
            }
            groupIds[i] = g;
        }
    }

    /** Moves the groups of the hash slots into a new dense map covering {@code lo..hi}. */
    private void enterDense(long lo, long hi) {
        DenseKeyMap map = new DenseKeyMap(lo, hi);
        for (int g = 0; g < size; g++) {
            if (g != nullGroup) {
                map.put(groupKeys[g], g);
            }
        }
        dense = map;
        slots = null;
    }

    /** Moves the groups of the dense map into hash slots, for good. */
    private void leaveDense() {
        int capacity = 1024;
        while (capacity < 2L * size) {
            capacity <<= 1;
        }
        slots = new long[2 * capacity];
        for (int g = 0; g < size; g++) {
            if (g != nullGroup) {
                insertExisting(groupKeys[g], g);
            }
        }
        dense = null;
        sparse = true;
    }

    private void insertExisting(long key, int g) {
        int mask = (slots.length >>> 1) - 1;
        int slot = (int) SplitMix64.mix(key) & mask;
        while (slots[(slot << 1) + 1] != 0) {
            slot = (slot + 1) & mask;
        }
        slots[slot << 1] = key;
        slots[(slot << 1) + 1] = g + 1L;
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
                int created = newKeyGroup(key);
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

    /** A new group for the non-NULL {@code key}. */
    private int newKeyGroup(long key) {
        minKey = Math.min(minKey, key);
        maxKey = Math.max(maxKey, key);
        return newGroup(key);
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
        return (slots == null ? 0 : slots.length * 8L) + (dense == null ? 0 : dense.estimatedBytes())
                + groupKeys.length * 8L;
    }
}
