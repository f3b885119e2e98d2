package io.lancejdbc.exec.operator;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Gathers one fixed-width column (integers, floats, dates, times, timestamps, decimals, fixed-size binaries; not
 * booleans, whose values are bits) from rows addressed as {@code (batch << 32) | row}: the value bytes and the
 * validity bit of each row are read straight from the source buffers and written in place, one typed load and store
 * per value, instead of one {@code copyFromSafe} per value (which re-checks the target's capacity and type on every
 * call). The result is the same vector {@code copyFromSafe} would build: equal values and NULLs; a NULL's value bytes
 * are zero.
 */
final class FixedWidthGather {
    private FixedWidthGather() {
    }

    /** Whether {@code dst} can be gathered into here (a fixed-width vector whose values are whole bytes). */
    static boolean applies(FieldVector dst) {
        return dst instanceof BaseFixedWidthVector && !(dst instanceof BitVector)
                && ((BaseFixedWidthVector) dst).getTypeWidth() > 0;
    }

    /**
     * Fills {@code dst} (allocated for at least {@code to - from} values, every validity bit clear) with the values
     * {@code refs[from..to)} of column {@code column} of {@code sources}, and sets its value count.
     *
     * @return false, with {@code dst} untouched, when a referenced source vector is not a fixed-width vector of
     *     {@code dst}'s width (the caller copies value by value instead)
     */
    static boolean gather(List<VectorSchemaRoot> sources, int column, long[] refs, int from, int to,
            BaseFixedWidthVector dst) {
        int width = dst.getTypeWidth();
        int batches = sources.size();
        ArrowBuf[] data = new ArrowBuf[batches];
        ArrowBuf[] validity = new ArrowBuf[batches];
        for (int k = from; k < to; k++) {
            int b = (int) (refs[k] >>> 32);
            if (data[b] == null) {
                FieldVector v = sources.get(b).getVector(column);
                if (!(v instanceof BaseFixedWidthVector) || ((BaseFixedWidthVector) v).getTypeWidth() != width) {
                    return false;
                }
                data[b] = v.getDataBuffer();
                ArrowBuf bits = v.getValidityBuffer();
                // A vector imported without NULLs may have no validity buffer at all: every value is set.
                validity[b] = bits != null && bits.capacity() >= (v.getValueCount() + 7L) / 8 ? bits : null;
            }
        }
        copyValues(data, refs, from, to, width, dst.getDataBuffer());
        copyValidity(validity, refs, from, to, dst.getValidityBuffer(), dst.getDataBuffer(), width);
        dst.setValueCount(to - from);
        return true;
    }

    private static void copyValues(ArrowBuf[] data, long[] refs, int from, int to, int width, ArrowBuf out) {
        switch (width) {
            case 8 -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    out.setLong((long) (k - from) << 3, data[(int) (ref >>> 32)].getLong((long) (int) ref << 3));
                }
            }
            case 4 -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    out.setInt((long) (k - from) << 2, data[(int) (ref >>> 32)].getInt((long) (int) ref << 2));
                }
            }
            case 2 -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    out.setShort((long) (k - from) << 1, data[(int) (ref >>> 32)].getShort((long) (int) ref << 1));
                }
            }
            case 1 -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    out.setByte(k - from, data[(int) (ref >>> 32)].getByte((int) ref));
                }
            }
            default -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    out.setBytes((long) (k - from) * width, data[(int) (ref >>> 32)], (long) (int) ref * width,
                            width);
                }
            }
        }
    }

    /**
     * Sets the validity bit of every output row whose source row is valid, a 64-row word at a time, and zeroes the
     * value bytes of the NULL rows (as {@code copyFromSafe} leaves them).
     */
    private static void copyValidity(ArrowBuf[] validity, long[] refs, int from, int to, ArrowBuf out,
            ArrowBuf outData, int width) {
        int n = to - from;
        for (int word = 0; word < n; word += 64) {
            long bits = 0;
            int end = Math.min(n, word + 64);
            for (int i = word; i < end; i++) {
                long ref = refs[from + i];
                ArrowBuf v = validity[(int) (ref >>> 32)];
                int r = (int) ref;
                if (v == null || (v.getByte(r >>> 3) >> (r & 7) & 1) != 0) {
                    bits |= 1L << (i - word);
                }
            }
            if (bits != -1L >>> (64 - (end - word))) {
                for (int i = word; i < end; i++) {
                    if ((bits >>> (i - word) & 1) == 0) {
                        outData.setZero((long) i * width, width);
                    }
                }
            }
            int bytes = (end - word + 7) >>> 3;
            long at = word >>> 3;
            if (bytes == 8) {
                out.setLong(at, bits);
            } else {
                for (int j = 0; j < bytes; j++) {
                    out.setByte(at + j, (byte) (bits >>> (8 * j)));
                }
            }
        }
    }
}
