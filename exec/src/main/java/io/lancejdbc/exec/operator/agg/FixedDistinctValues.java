package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import io.lancejdbc.exec.operator.hash.DoubleKeyBits;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@link DistinctValues} of a fixed-width argument (integers of every width and sign, uint64 included, floats,
 * dates, times, timestamps), on primitive arrays: an open-addressing table of (key bits, group) pairs and the pairs'
 * values, as stored, in first-seen order. No object per value.
 */
final class FixedDistinctValues implements DistinctValues {
    /** When two stored bit patterns are the same value. */
    enum Equality {
        /** Equal bits (integers, dates, times, timestamps: one unit per vector). */
        BITS,
        /** {@code float32}: -0.0 equals 0.0, every NaN is one value. */
        FLOAT,
        /** {@code float64}: -0.0 equals 0.0, every NaN is one value. */
        DOUBLE
    }

    private static final int INITIAL_SLOTS = 64;

    private final Field arg;
    private final Equality equality;
    private final BufferAllocator allocator;
    /**
     * Whether keys fit in 32 bits (values of at most four bytes): a slot is then one long, the key's low 32 bits
     * then the group + 1; otherwise two longs, the key ({@link #key}) then the group + 1. 0 marks an empty slot.
     */
    private final boolean narrow;
    private long[] slots;
    /** The pairs in first-seen order: the value's bits as stored, and its group. */
    private long[] values = new long[16];
    private int[] groups = new int[16];
    private int size;

    FixedDistinctValues(Field arg, Equality equality, BufferAllocator allocator) {
        this.arg = arg;
        this.equality = equality;
        this.allocator = allocator;
        this.narrow = width(arg.getType()) <= 4;
        this.slots = new long[narrow ? INITIAL_SLOTS : INITIAL_SLOTS * 2];
    }

    /** Bytes per value of a fixed-width type (8 when unsure: the wide layout holds every width). */
    private static int width(ArrowType t) {
        if (t instanceof ArrowType.Int) {
            return ((ArrowType.Int) t).getBitWidth() / 8;
        }
        if (t instanceof ArrowType.FloatingPoint) {
            return ((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.DOUBLE ? 8 : 4;
        }
        if (t instanceof ArrowType.Date) {
            return ((ArrowType.Date) t).getUnit() == DateUnit.DAY ? 4 : 8;
        }
        if (t instanceof ArrowType.Time) {
            return ((ArrowType.Time) t).getBitWidth() / 8;
        }
        return 8;
    }

    @Override
    public void add(FieldVector v, int rows, int[] groupIds) {
        FieldVector typed = DistinctValues.ofType(v, rows, arg, allocator);
        try {
            DirectColumns.Fixed r = DirectColumns.fixed(typed, rows);
            if (r == null) {
                throw new IllegalStateException("DISTINCT over " + arg + " read a vector that is not fixed-width");
            }
            if (equality == Equality.BITS) {
                for (int i = 0; i < rows; i++) {
                    if (!r.isNull(i)) {
                        long bits = r.get(i);
                        insert(groupIds[i], bits, bits);
                    }
                }
            } else {
                for (int i = 0; i < rows; i++) {
                    if (!r.isNull(i)) {
                        long bits = r.get(i);
                        insert(groupIds[i], key(bits), bits);
                    }
                }
            }
        } finally {
            if (typed != v) {
                typed.close();
            }
        }
    }

    /** The bits that identify the value {@code bits} under this set's equality. */
    private long key(long bits) {
        switch (equality) {
            case DOUBLE:
                return DoubleKeyBits.of(bits);
            case FLOAT: {
                float f = Float.intBitsToFloat((int) bits);
                return f == 0.0f ? 0L : Float.floatToIntBits(f);
            }
            default:
                return bits;
        }
    }

    private void insert(int group, long key, long bits) {
        if (narrow) {
            insertNarrow(group, key, bits);
            return;
        }
        long tag = group + 1L;
        int mask = (slots.length >> 1) - 1;
        int s = hash(key, group) & mask;
        while (true) {
            int at = s << 1;
            long t = slots[at + 1];
            if (t == 0) {
                slots[at] = key;
                slots[at + 1] = tag;
                append(group, bits);
                return;
            }
            if (t == tag && slots[at] == key) {
                return;
            }
            s = (s + 1) & mask;
        }
    }

    private void insertNarrow(int group, long key, long bits) {
        long packed = (key << 32) | (group + 1L);
        int mask = slots.length - 1;
        int s = hash(key, group) & mask;
        while (true) {
            long t = slots[s];
            if (t == 0) {
                slots[s] = packed;
                append(group, bits);
                return;
            }
            if (t == packed) {
                return;
            }
            s = (s + 1) & mask;
        }
    }

    private void append(int group, long bits) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
            groups = Arrays.copyOf(groups, size * 2);
        }
        values[size] = bits;
        groups[size] = group;
        size++;
        if (size * 2L > (narrow ? slots.length : slots.length >> 1)) {
            if (narrow) {
                rehashNarrow();
            } else {
                rehash();
            }
        }
    }

    private static int hash(long key, int group) {
        return (int) SplitMix64.mix(key * 0x9E3779B97F4A7C15L + group);
    }

    private void rehash() {
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = (slots.length >> 1) - 1;
        for (int at = 0; at < old.length; at += 2) {
            long tag = old[at + 1];
            if (tag != 0) {
                int s = hash(old[at], (int) (tag - 1)) & mask;
                while (slots[(s << 1) + 1] != 0) {
                    s = (s + 1) & mask;
                }
                slots[s << 1] = old[at];
                slots[(s << 1) + 1] = tag;
            }
        }
    }

    private void rehashNarrow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long packed : old) {
            if (packed != 0) {
                int s = hash((int) (packed >> 32), (int) packed - 1) & mask;
                while (slots[s] != 0) {
                    s = (s + 1) & mask;
                }
                slots[s] = packed;
            }
        }
    }

    @Override
    public void addAll(DistinctValues other, int[] mapping) {
        FixedDistinctValues o = (FixedDistinctValues) other;
        for (int i = 0; i < o.size; i++) {
            insert(mapping[o.groups[i]], key(o.values[i]), o.values[i]);
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public FieldVector write(int[] groupsOut) {
        FieldVector out = ColumnWriters.allocate(arg, size, allocator);
        try {
            int width = ((BaseFixedWidthVector) out).getTypeWidth();
            ArrowBuf data = out.getDataBuffer();
            ArrowBuf validity = out.getValidityBuffer();
            for (int i = 0; i < size; i++) {
                long bits = values[i];
                switch (width) {
                    case 8:
                        data.setLong((long) i * 8, bits);
                        break;
                    case 4:
                        data.setInt((long) i * 4, (int) bits);
                        break;
                    case 2:
                        data.setShort((long) i * 2, (short) bits);
                        break;
                    default:
                        data.setByte(i, (byte) bits);
                        break;
                }
                BitVectorHelper.setBit(validity, i);
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
        return slots.length * 8L + values.length * 8L + groups.length * 4L;
    }
}
