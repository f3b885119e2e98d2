package io.lancejdbc.exec.operator.agg;

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
 * {@link DistinctValues} of a string or binary argument ({@code utf8}, {@code binary}): values compare by bytes
 * (for UTF-8 text the same as by characters). The Arrow buffers of each batch are read in place and a value is
 * copied only when its pair (group, value) is new, into an arena of large chunks, so there is no object per value.
 * The open-addressing table holds each pair's hash and index; the pairs (arena position, length, group, value hash)
 * are kept in first-seen order.
 */
final class BytesDistinctValues implements DistinctValues {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int FIRST_CHUNK = 1 << 12;
    private static final int CHUNK = 1 << 20;
    private static final int INITIAL_SLOTS = 64;

    private final Field arg;
    private final BufferAllocator allocator;
    /** A slot: the pair's hash (high 32 bits) and its index + 1 (low 32 bits); 0 is an empty slot. */
    private long[] slots = new long[INITIAL_SLOTS];
    private byte[][] chunks = new byte[4][];
    private int chunkCount;
    /** Bytes used in the last chunk. */
    private int chunkUsed;
    /** Per pair, in first-seen order: chunk index (high 32 bits) and offset in it (low 32 bits). */
    private long[] positions = new long[16];
    private int[] lengths = new int[16];
    private int[] groups = new int[16];
    /** Per pair: the hash of the value's bytes alone (a merge re-hashes it with another group). */
    private int[] valueHashes = new int[16];
    private int size;
    private long arenaBytes;

    BytesDistinctValues(Field arg, BufferAllocator allocator) {
        this.arg = arg;
        this.allocator = allocator;
    }

    @Override
    public void add(FieldVector v, int rows, int[] groupIds) {
        FieldVector typed = DistinctValues.ofType(v, rows, arg, allocator);
        try {
            DirectColumns.Bytes r = DirectColumns.bytes(typed, rows);
            if (r == null) {
                throw new IllegalStateException("DISTINCT over " + arg + " read a vector that is not utf8 or binary");
            }
            for (int i = 0; i < rows; i++) {
                if (r.isNull(i)) {
                    continue;
                }
                int start = r.start(i);
                int len = r.end(i) - start;
                int vh = hash(r, start, len);
                int group = groupIds[i];
                int h = pairHash(vh, group);
                int mask = slots.length - 1;
                int s = h & mask;
                while (true) {
                    long slot = slots[s];
                    if (slot == 0) {
                        int p = append(group, len, vh);
                        copyIn(p, r, start, len);
                        slots[s] = ((long) h << 32) | (p + 1L);
                        grow();
                        break;
                    }
                    if ((int) (slot >>> 32) == h) {
                        int p = (int) slot - 1;
                        if (groups[p] == group && lengths[p] == len && equalsInput(p, r, start, len)) {
                            break;
                        }
                    }
                    s = (s + 1) & mask;
                }
            }
        } finally {
            if (typed != v) {
                typed.close();
            }
        }
    }

    @Override
    public void addAll(DistinctValues other, int[] mapping) {
        BytesDistinctValues o = (BytesDistinctValues) other;
        for (int q = 0; q < o.size; q++) {
            int group = mapping[o.groups[q]];
            int len = o.lengths[q];
            byte[] src = o.chunks[(int) (o.positions[q] >>> 32)];
            int from = (int) o.positions[q];
            int vh = o.valueHashes[q];
            int h = pairHash(vh, group);
            int mask = slots.length - 1;
            int s = h & mask;
            while (true) {
                long slot = slots[s];
                if (slot == 0) {
                    int p = append(group, len, vh);
                    System.arraycopy(src, from, chunks[(int) (positions[p] >>> 32)], (int) positions[p], len);
                    slots[s] = ((long) h << 32) | (p + 1L);
                    grow();
                    break;
                }
                if ((int) (slot >>> 32) == h) {
                    int p = (int) slot - 1;
                    int at = (int) positions[p];
                    if (groups[p] == group && lengths[p] == len && Arrays.equals(
                            chunks[(int) (positions[p] >>> 32)], at, at + len, src, from, from + len)) {
                        break;
                    }
                }
                s = (s + 1) & mask;
            }
        }
    }

    /** Records a new pair and reserves {@code len} bytes of arena for its value; returns its index. */
    private int append(int group, int len, int valueHash) {
        if (size == groups.length) {
            int n = size * 2;
            positions = Arrays.copyOf(positions, n);
            lengths = Arrays.copyOf(lengths, n);
            groups = Arrays.copyOf(groups, n);
            valueHashes = Arrays.copyOf(valueHashes, n);
        }
        if (chunkCount == 0 || chunkUsed + len > chunks[chunkCount - 1].length) {
            if (chunkCount == chunks.length) {
                chunks = Arrays.copyOf(chunks, chunkCount * 2);
            }
            // Chunks double from 4 KiB to 1 MiB; a value longer than that gets a chunk of its own.
            int next = chunkCount == 0 ? FIRST_CHUNK : Math.min(CHUNK, chunks[chunkCount - 1].length * 2);
            chunks[chunkCount++] = new byte[Math.max(next, len)];
            arenaBytes += Math.max(next, len);
            chunkUsed = 0;
        }
        positions[size] = ((long) (chunkCount - 1) << 32) | chunkUsed;
        chunkUsed += len;
        lengths[size] = len;
        groups[size] = group;
        valueHashes[size] = valueHash;
        return size++;
    }

    private void copyIn(int p, DirectColumns.Bytes r, int start, int len) {
        r.copyInto(start, len, chunks[(int) (positions[p] >>> 32)], (int) positions[p]);
    }

    /** The value of pair {@code p} equals the {@code len} bytes at {@code start} of the batch. */
    private boolean equalsInput(int p, DirectColumns.Bytes r, int start, int len) {
        byte[] b = chunks[(int) (positions[p] >>> 32)];
        int at = (int) positions[p];
        int k = 0;
        for (; k + 8 <= len; k += 8) {
            if ((long) LONGS.get(b, at + k) != r.getLong(start + k)) {
                return false;
            }
        }
        for (; k < len; k++) {
            if (b[at + k] != r.getByte(start + k)) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        if (size * 2L <= slots.length) {
            return;
        }
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long slot : old) {
            if (slot != 0) {
                int s = (int) (slot >>> 32) & mask;
                while (slots[s] != 0) {
                    s = (s + 1) & mask;
                }
                slots[s] = slot;
            }
        }
    }

    /** The hash of the {@code len} bytes at {@code start}: eight-byte little-endian words, then the zero-padded tail. */
    private static int hash(DirectColumns.Bytes r, int start, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        int k = 0;
        for (; k + 8 <= len; k += 8) {
            h = (h ^ r.getLong(start + k)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        if (k < len) {
            int n = len - k;
            long tail = r.getLong(start + k) & (n == 8 ? -1L : (1L << (n * 8)) - 1);
            h = (h ^ tail) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        h *= 0x94D049BB133111EBL;
        return (int) (h ^ (h >>> 32));
    }

    private static int pairHash(int valueHash, int group) {
        return (int) SplitMix64.mix(((long) valueHash << 32) | (group & 0xFFFFFFFFL));
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public FieldVector write(int[] groupsOut) {
        long total = 0;
        for (int p = 0; p < size; p++) {
            total += lengths[p];
        }
        BaseVariableWidthVector out = (BaseVariableWidthVector) arg.createVector(allocator);
        try {
            out.allocateNew(Math.max(total, 1), Math.max(size, 1));
            for (int p = 0; p < size; p++) {
                out.setSafe(p, chunks[(int) (positions[p] >>> 32)], (int) positions[p], lengths[p]);
            }
            out.setValueCount(size);
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
        System.arraycopy(groups, 0, groupsOut, 0, size);
        return out;
    }

    @Override
    public long estimatedBytes() {
        return slots.length * 8L + groups.length * 20L + arenaBytes;
    }
}
