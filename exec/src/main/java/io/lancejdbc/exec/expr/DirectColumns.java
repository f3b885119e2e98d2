package io.lancejdbc.exec.expr;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;

/**
 * Reads the common column types of one batch straight from the Arrow buffers, for the per-row loops of operators
 * (aggregation, grouping). The readers are final classes, so a loop over them compiles to plain loads, where the
 * {@link ColumnReaders} interfaces cost an interface call and an {@link ArrowBuf} bounds check (with a reference-count
 * read) per value.
 *
 * <p>Safety: each factory checks once that the buffers hold {@code rows} values (and, for variable width, each read
 * checks its offsets against the data buffer), so reads of rows {@code 0..rows-1} stay inside the buffers. The
 * caller must own the batch for as long as it reads (operators read the batches they were handed and close them
 * afterwards), because the readers keep raw addresses. Every factory returns null for a vector it does not cover;
 * callers then use {@link ColumnReaders}.
 */
public final class DirectColumns {
    private static final boolean BIG_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN;

    private DirectColumns() {
    }

    /** Signed 32- or 64-bit integers ({@code int32}, {@code int64}) of one batch. */
    public static final class Longs {
        private final long validity;
        private final long data;
        private final boolean wide;
        private final int rows;

        private Longs(long validity, long data, boolean wide, int rows) {
            this.validity = validity;
            this.data = data;
            this.wide = wide;
            this.rows = rows;
        }

        /** @param i a row below the {@code rows} given to the factory */
        public boolean isNull(int i) {
            return validity != 0 && DirectColumns.isNull(validity, i);
        }

        /** Whether some row of the batch is NULL. */
        public boolean hasNulls() {
            return validity != 0;
        }

        /** The non-NULL rows of {@code from..from+63}: see {@link DirectColumns#validBits}. */
        public long validBits(int from) {
            return DirectColumns.validBits(validity, rows, from);
        }

        /** The value of row {@code i} (undefined for a NULL row). */
        public long get(int i) {
            return wide ? MemoryUtil.getLong(data + ((long) i << 3)) : MemoryUtil.getInt(data + ((long) i << 2));
        }
    }

    /** {@code float64} values of one batch. */
    public static final class Doubles {
        private final long validity;
        private final long data;
        private final int rows;

        private Doubles(long validity, long data, int rows) {
            this.validity = validity;
            this.data = data;
            this.rows = rows;
        }

        /** @param i a row below the {@code rows} given to the factory */
        public boolean isNull(int i) {
            return validity != 0 && DirectColumns.isNull(validity, i);
        }

        /** Whether some row of the batch is NULL. */
        public boolean hasNulls() {
            return validity != 0;
        }

        /** The non-NULL rows of {@code from..from+63}: see {@link DirectColumns#validBits}. */
        public long validBits(int from) {
            return DirectColumns.validBits(validity, rows, from);
        }

        /** The value of row {@code i} (undefined for a NULL row). */
        public double get(int i) {
            return Double.longBitsToDouble(MemoryUtil.getLong(data + ((long) i << 3)));
        }
    }

    /**
     * The raw bits of a fixed-width vector of 1, 2, 4 or 8 bytes per value (integers of every width and sign, floats,
     * dates, times, timestamps), sign-extended to a long. Two values of one vector are equal as stored exactly when
     * their bits are; what equality means beyond that (floats) is the caller's.
     */
    public static final class Fixed {
        private final long validity;
        private final long data;
        private final int width;

        private Fixed(long validity, long data, int width) {
            this.validity = validity;
            this.data = data;
            this.width = width;
        }

        /** @param i a row below the {@code rows} given to the factory */
        public boolean isNull(int i) {
            return validity != 0 && DirectColumns.isNull(validity, i);
        }

        /** Whether any row of the batch is NULL (else {@link #isNull} is false for every row). */
        public boolean hasNulls() {
            return validity != 0;
        }

        /** The bits of row {@code i} (undefined for a NULL row). */
        public long get(int i) {
            switch (width) {
                case 8:
                    return MemoryUtil.getLong(data + ((long) i << 3));
                case 4:
                    return MemoryUtil.getInt(data + ((long) i << 2));
                case 2:
                    return MemoryUtil.getShort(data + ((long) i << 1));
                default:
                    return MemoryUtil.getByte(data + i);
            }
        }
    }

    /**
     * Strings or binaries with 32-bit offsets ({@code utf8}, {@code binary}) of one batch. The bytes of a value are
     * {@code [start(i), end(i))} of the data buffer, read with {@link #getLong} and {@link #getByte}.
     */
    public static final class Bytes {
        private final long validity;
        private final long offsets;
        private final long data;
        private final long dataCapacity;

        private Bytes(long validity, long offsets, long data, long dataCapacity) {
            this.validity = validity;
            this.offsets = offsets;
            this.data = data;
            this.dataCapacity = dataCapacity;
        }

        public boolean isNull(int i) {
            return validity != 0 && DirectColumns.isNull(validity, i);
        }

        /**
         * The first byte of row {@code i}'s value.
         *
         * @throws IndexOutOfBoundsException when the offsets point outside the data buffer (a malformed batch)
         */
        public int start(int i) {
            int start = MemoryUtil.getInt(offsets + ((long) i << 2));
            int end = MemoryUtil.getInt(offsets + ((long) (i + 1) << 2));
            if (start < 0 || end < start || end > dataCapacity) {
                throw new IndexOutOfBoundsException("value " + i + " spans bytes " + start + ".." + end
                        + " of a " + dataCapacity + "-byte data buffer");
            }
            return start;
        }

        /** The byte after row {@code i}'s value; call after {@link #start(int)} checked the row. */
        public int end(int i) {
            return MemoryUtil.getInt(offsets + ((long) (i + 1) << 2));
        }

        /**
         * Eight bytes at {@code pos} (little-endian); bytes past the end of the data buffer read as zero. Callers
         * mask off what lies beyond the value.
         */
        public long getLong(long pos) {
            if (pos + 8 <= dataCapacity) {
                return MemoryUtil.getLong(data + pos);
            }
            long v = 0;
            for (long k = pos, s = 0; k < dataCapacity && s < 64; k++, s += 8) {
                v |= (MemoryUtil.getByte(data + k) & 0xFFL) << s;
            }
            return v;
        }

        /** The byte at {@code pos}, which must lie inside a value checked by {@link #start(int)}. */
        public byte getByte(long pos) {
            return MemoryUtil.getByte(data + pos);
        }

        /** A copy of {@code len} bytes from {@code pos}, which must lie inside a value checked by {@link #start(int)}. */
        public byte[] copy(long pos, int len) {
            byte[] out = new byte[len];
            MemoryUtil.copyFromMemory(data + pos, out, 0, len);
            return out;
        }

        /** Copies {@code len} bytes from {@code pos} (inside a value checked by {@link #start(int)}) into {@code dst}. */
        public void copyInto(long pos, int len, byte[] dst, int dstOffset) {
            if (dstOffset < 0 || dstOffset + len > dst.length) {
                throw new IndexOutOfBoundsException("bytes " + dstOffset + ".." + (dstOffset + len) + " of "
                        + dst.length);
            }
            MemoryUtil.copyFromMemory(data + pos, dst, dstOffset, len);
        }
    }

    /** @return a reader, or null unless {@code v} is an int32 or int64 vector */
    public static Longs longs(FieldVector v, int rows) {
        int width;
        if (v instanceof BigIntVector) {
            width = 8;
        } else if (v instanceof IntVector) {
            width = 4;
        } else {
            return null;
        }
        ArrowBuf data = v.getDataBuffer();
        requireCapacity(data, (long) rows * width, v);
        return new Longs(validity(v, rows), data.memoryAddress(), width == 8, rows);
    }

    /** @return a reader, or null unless {@code v} is a float64 vector */
    public static Doubles doubles(FieldVector v, int rows) {
        if (!(v instanceof Float8Vector)) {
            return null;
        }
        ArrowBuf data = v.getDataBuffer();
        requireCapacity(data, (long) rows * 8, v);
        return new Doubles(validity(v, rows), data.memoryAddress(), rows);
    }

    /** @return a reader, or null unless {@code v} is a fixed-width vector of 1, 2, 4 or 8 bytes per value */
    public static Fixed fixed(FieldVector v, int rows) {
        if (!(v instanceof BaseFixedWidthVector) || v instanceof BitVector) {
            return null;
        }
        int width = ((BaseFixedWidthVector) v).getTypeWidth();
        if (width != 1 && width != 2 && width != 4 && width != 8) {
            return null;
        }
        ArrowBuf data = v.getDataBuffer();
        requireCapacity(data, (long) rows * width, v);
        return new Fixed(validity(v, rows), data.memoryAddress(), width);
    }

    /** @return a reader, or null unless {@code v} is a utf8 or binary vector (32-bit offsets) */
    public static Bytes bytes(FieldVector v, int rows) {
        if (!(v instanceof BaseVariableWidthVector)) {
            return null;
        }
        BaseVariableWidthVector w = (BaseVariableWidthVector) v;
        ArrowBuf offsets = w.getOffsetBuffer();
        ArrowBuf data = w.getDataBuffer();
        if (rows > 0) {
            requireCapacity(offsets, ((long) rows + 1) * 4, v);
        }
        return new Bytes(validity(v, rows), offsets.memoryAddress(), data.memoryAddress(), data.capacity());
    }

    /** The validity buffer's address, or 0 when no row of the batch is NULL (the bitmap is then never read). */
    private static long validity(FieldVector v, int rows) {
        if (rows == 0) {
            return 0;
        }
        ArrowBuf validity = v.getValidityBuffer();
        requireCapacity(validity, (rows + 7L) / 8, v);
        return BitVectorHelper.getNullCount(validity, rows) == 0 ? 0 : validity.memoryAddress();
    }

    /**
     * The validity of rows {@code from..from+63} as one word, bit {@code k} set when row {@code from + k} is not
     * NULL, and clear for rows at or past {@code rows}: a loop over a batch's non-NULL rows reads the bitmap once
     * per 64 rows and visits the set bits ({@link Long#numberOfTrailingZeros}) instead of testing every row.
     *
     * @param validity the bitmap's address (at least {@code (rows + 7) / 8} bytes), or 0 when no row is NULL
     * @param from a multiple of 64 below {@code rows}
     */
    static long validBits(long validity, int rows, int from) {
        int left = rows - from;
        long mask = left >= 64 ? -1L : (1L << left) - 1;
        if (validity == 0) {
            return mask;
        }
        long at = validity + (from >>> 3);
        int bytes = ((rows + 7) >>> 3) - (from >>> 3);
        long bits;
        if (bytes >= 8) {
            bits = MemoryUtil.getLong(at);
            if (BIG_ENDIAN) {
                bits = Long.reverseBytes(bits);
            }
        } else {
            bits = 0;
            for (int k = 0; k < bytes; k++) {
                bits |= (MemoryUtil.getByte(at + k) & 0xFFL) << (k << 3);
            }
        }
        return bits & mask;
    }

    private static boolean isNull(long validity, int i) {
        return ((MemoryUtil.getByte(validity + (i >>> 3)) >> (i & 7)) & 1) == 0;
    }

    private static void requireCapacity(ArrowBuf buf, long bytes, FieldVector v) {
        if (buf.capacity() < bytes) {
            throw new IllegalStateException("Arrow vector '" + v.getName() + "' has a " + buf.capacity()
                    + "-byte buffer where its values need " + bytes + " bytes");
        }
    }
}
