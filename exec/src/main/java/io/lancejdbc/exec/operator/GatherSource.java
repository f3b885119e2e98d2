package io.lancejdbc.exec.operator;

import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A vector that is gathered from many times (the build side of a hash join, a window function's argument): 64-bit
 * and 32-bit fixed-width values are copied once into a Java array, so that each gather is a loop over arrays and one
 * bulk write, instead of a bounds-checked buffer read per row. Other vectors gather through {@link VectorGather}.
 * The source vector must stay open and unchanged while this object is used.
 */
public final class GatherSource {
    private final FieldVector vector;
    private final int width;
    private final long[] longs;
    private final int[] ints;
    private final byte[] validity;

    private GatherSource(FieldVector vector, int width, long[] longs, int[] ints, byte[] validity) {
        this.vector = vector;
        this.width = width;
        this.longs = longs;
        this.ints = ints;
        this.validity = validity;
    }

    /** Prepares {@code v} (all {@code v.getValueCount()} rows). */
    public static GatherSource of(FieldVector v) {
        int n = v.getValueCount();
        if (v instanceof BaseFixedWidthVector && !(v instanceof BitVector)) {
            int w = ((BaseFixedWidthVector) v).getTypeWidth();
            if (w == 8 || w == 4) {
                ArrowBuf data = ((BaseFixedWidthVector) v).getDataBuffer();
                byte[] valid = null;
                if (v.getNullCount() > 0) {
                    valid = new byte[(n + 7) / 8];
                    v.getValidityBuffer().getBytes(0, valid, 0, valid.length);
                }
                if (w == 8) {
                    long[] values = new long[n];
                    if (n > 0) {
                        data.nioBuffer(0, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(values);
                    }
                    return new GatherSource(v, 8, values, null, valid);
                }
                int[] values = new int[n];
                if (n > 0) {
                    data.nioBuffer(0, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(values);
                }
                return new GatherSource(v, 4, null, values, valid);
            }
        }
        return new GatherSource(v, 0, null, null, null);
    }

    public FieldVector vector() {
        return vector;
    }

    /**
     * Like {@link VectorGather#gather(FieldVector, Field, int[], int, int, BufferAllocator)} over this source.
     */
    public FieldVector gather(Field target, int[] rows, int from, int count, BufferAllocator allocator) {
        if (width == 0) {
            return VectorGather.gather(vector, target, rows, from, count, allocator);
        }
        BaseFixedWidthVector dst = (BaseFixedWidthVector) target.createVector(allocator);
        try {
            dst.allocateNew(Math.max(count, 1));
            ArrowBuf dv = dst.getDataBuffer();
            ArrowBuf valid = dst.getValidityBuffer();
            boolean allValid = validity == null;
            if (width == 8) {
                long[] out = new long[count];
                long[] src = longs;
                for (int k = 0; k < count; k++) {
                    int r = rows[from + k];
                    if (r >= 0) {
                        out[k] = src[r];
                    } else {
                        allValid = false;
                    }
                }
                if (count > 0) {
                    dv.nioBuffer(0, count * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(out);
                }
            } else {
                int[] out = new int[count];
                int[] src = ints;
                for (int k = 0; k < count; k++) {
                    int r = rows[from + k];
                    if (r >= 0) {
                        out[k] = src[r];
                    } else {
                        allValid = false;
                    }
                }
                if (count > 0) {
                    dv.nioBuffer(0, count * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(out);
                }
            }
            int bytes = (count + 7) / 8;
            if (allValid) {
                valid.setOne(0, bytes);
            } else {
                valid.setZero(0, valid.capacity());
                for (int k = 0; k < count; k++) {
                    int r = rows[from + k];
                    if (r >= 0 && (validity == null || (validity[r >> 3] >> (r & 7) & 1) != 0)) {
                        BitVectorHelper.setBit(valid, k);
                    }
                }
            }
            dst.setValueCount(count);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }
}
