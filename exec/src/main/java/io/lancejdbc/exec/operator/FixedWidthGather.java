package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.DirectColumns;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.Types;

/**
 * Gathers one fixed-width column of 1, 2, 4 or 8 bytes per value (integers, floats, dates, times, timestamps; not
 * booleans, decimals or fixed-size binaries) from rows addressed as {@code (batch << 32) | row}: each value is one
 * load from its source buffer ({@link DirectColumns.Fixed}, checked once per source batch) and one store into the
 * target, and the validity is written a 64-row word at a time, all set when no referenced source batch has a NULL.
 * This replaces one {@code copyFromSafe} per value, which re-checks the target's capacity and type and updates one
 * validity bit per call. The result equals the value-by-value copy: the same values and NULLs, a NULL's value bytes
 * zero.
 *
 * <p>The readers keep the source buffers' addresses: the caller must own the source batches for as long as it
 * gathers from them (an operator gathers from the batches it holds, on the thread that drives it, and closes them
 * after its last gather). Not thread-safe.
 */
final class FixedWidthGather {
    private final List<VectorSchemaRoot> sources;
    private final int column;
    private final int width;
    /**
     * The targets' type: a source of another type of the same width (float64 bits into a BIGINT, microseconds into a
     * nanosecond timestamp) is left to the value copier, whose {@code copyFromSafe} refuses it, as it refuses another
     * width, instead of being copied as raw bits.
     */
    private final Types.MinorType type;
    /** The reader of each source batch's column, made when a gather first references the batch. */
    private final DirectColumns.Fixed[] readers;

    private FixedWidthGather(List<VectorSchemaRoot> sources, int column, int width, Types.MinorType type) {
        this.sources = sources;
        this.column = column;
        this.width = width;
        this.type = type;
        this.readers = new DirectColumns.Fixed[sources.size()];
    }

    /** A gatherer of column {@code column} into vectors like {@code target}, or null when it does not cover them. */
    static FixedWidthGather of(List<VectorSchemaRoot> sources, int column, FieldVector target) {
        if (DirectColumns.fixed(target, 0) == null) {
            return null;
        }
        return new FixedWidthGather(sources, column, ((BaseFixedWidthVector) target).getTypeWidth(),
                target.getMinorType());
    }

    /**
     * Fills {@code dst} (allocated for at least {@code to - from} values) with the values {@code refs[from..to)} and
     * sets its value count.
     *
     * @return false, with {@code dst} untouched, when a referenced source vector is not a fixed-width vector of
     *     {@code dst}'s width and type (the caller copies value by value instead)
     */
    boolean gather(long[] refs, int from, int to, BaseFixedWidthVector dst) {
        boolean nulls = false;
        for (int k = from; k < to; k++) {
            int b = (int) (refs[k] >>> 32);
            DirectColumns.Fixed r = readers[b];
            if (r == null) {
                FieldVector v = sources.get(b).getVector(column);
                r = v instanceof BaseFixedWidthVector && ((BaseFixedWidthVector) v).getTypeWidth() == width
                        && v.getMinorType() == type ? DirectColumns.fixed(v, v.getValueCount()) : null;
                if (r == null) {
                    return false;
                }
                readers[b] = r;
            }
            nulls |= r.hasNulls();
        }
        int n = to - from;
        ArrowBuf data = dst.getDataBuffer();
        ArrowBuf validity = dst.getValidityBuffer();
        if (data.capacity() < (long) n * width || validity.capacity() < (n + 7L) / 8) {
            throw new IllegalStateException("gather target '" + dst.getName() + "' holds fewer than " + n + " values");
        }
        copyValues(refs, from, to, data.memoryAddress());
        if (nulls) {
            copyValidity(refs, from, to, validity, data);
        } else {
            setAll(n, validity);
        }
        dst.setValueCount(n);
        return true;
    }

    private void copyValues(long[] refs, int from, int to, long out) {
        DirectColumns.Fixed[] rs = readers;
        switch (width) {
            case 8 -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    MemoryUtil.putLong(out + ((long) (k - from) << 3), rs[(int) (ref >>> 32)].get((int) ref));
                }
            }
            case 4 -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    MemoryUtil.putInt(out + ((long) (k - from) << 2), (int) rs[(int) (ref >>> 32)].get((int) ref));
                }
            }
            case 2 -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    MemoryUtil.putShort(out + ((long) (k - from) << 1),
                            (short) rs[(int) (ref >>> 32)].get((int) ref));
                }
            }
            default -> {
                for (int k = from; k < to; k++) {
                    long ref = refs[k];
                    MemoryUtil.putByte(out + (k - from), (byte) rs[(int) (ref >>> 32)].get((int) ref));
                }
            }
        }
    }

    /** Sets the validity bit of each row whose source row is valid and zeroes the value bytes of the NULL rows. */
    private void copyValidity(long[] refs, int from, int to, ArrowBuf validity, ArrowBuf data) {
        int n = to - from;
        for (int word = 0; word < n; word += 64) {
            long bits = 0;
            int end = Math.min(n, word + 64);
            for (int i = word; i < end; i++) {
                long ref = refs[from + i];
                if (!readers[(int) (ref >>> 32)].isNull((int) ref)) {
                    bits |= 1L << (i - word);
                } else {
                    data.setZero((long) i * width, width);
                }
            }
            writeWord(validity, word, end, bits);
        }
    }

    private static void setAll(int n, ArrowBuf validity) {
        for (int word = 0; word < n; word += 64) {
            int end = Math.min(n, word + 64);
            writeWord(validity, word, end, -1L >>> (64 - (end - word)));
        }
    }

    /** Writes the validity bits of rows {@code [word, end)} ({@code word} a multiple of 64). */
    private static void writeWord(ArrowBuf validity, int word, int end, long bits) {
        int bytes = (end - word + 7) >>> 3;
        long at = word >>> 3;
        if (bytes == 8) {
            validity.setLong(at, bits);
        } else {
            for (int j = 0; j < bytes; j++) {
                validity.setByte(at + j, (byte) (bits >>> (8 * j)));
            }
        }
    }
}
