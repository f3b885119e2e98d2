package io.lancejdbc.exec.operator.hash;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ValueAccess;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One key column of a batch, materialized for hashing and equality: the values of integer-like, floating point and
 * 128-bit decimal columns as 64-bit words, strings and binaries through their Arrow buffers, anything else as
 * normalized Java values. Two key columns built from vectors of the same Arrow type compare with
 * {@link #equal(int, KeyColumn, int)}.
 *
 * <p>Equality is SQL equality with the conventions of the comparison kernels: {@code -0.0 = 0.0}, NaN equals NaN,
 * decimals by value. NULL handling belongs to the caller ({@link #isNull(int)}).
 */
public abstract class KeyColumn {
    private final boolean[] nulls;
    private final boolean hasNulls;

    KeyColumn(FieldVector v, int rows) {
        this.hasNulls = v.getNullCount() > 0;
        this.nulls = hasNulls ? new boolean[rows] : null;
        if (hasNulls) {
            if (v.getMinorType() == org.apache.arrow.vector.types.Types.MinorType.NULL) {
                java.util.Arrays.fill(nulls, true);
            } else {
                ArrowBuf validity = v.getValidityBuffer();
                for (int i = 0; i < rows; i++) {
                    nulls[i] = BitVectorHelper.get(validity, i) == 0;
                }
            }
        }
    }

    /**
     * Materializes rows {@code [0, rows)} of {@code v}.
     *
     * @param v a key vector; it must stay open while this column is used (strings are read from its buffers)
     */
    public static KeyColumn of(FieldVector v, int rows) {
        ArrowType t = v.getField().getType();
        switch (t.getTypeID()) {
            case Int:
            case Date:
            case Time:
            case Timestamp:
            case Bool:
                return new Words(v, rows, longs(v, rows));
            case FloatingPoint:
                return new Words(v, rows, doubleBits(v, rows));
            case Decimal:
                if (v instanceof DecimalVector) {
                    return decimal128((DecimalVector) v, rows);
                }
                return new Values(v, rows);
            case Utf8:
            case Binary:
            case LargeUtf8:
            case LargeBinary:
            case FixedSizeBinary:
                return new Bytes(v, rows);
            case Null:
                return new Words(v, rows, new long[rows]);
            default:
                return new Values(v, rows);
        }
    }

    /** True when row {@code i} is NULL. */
    public final boolean isNull(int i) {
        return hasNulls && nulls[i];
    }

    /** True when some row is NULL. */
    public final boolean hasNulls() {
        return hasNulls;
    }

    /** A hash of the value of row {@code i} (not mixed; equal values hash equally). */
    public abstract long hash(int i);

    /** True when row {@code i} equals row {@code j} of {@code other} (a column of the same type; both non-null). */
    public abstract boolean equal(int i, KeyColumn other, int j);

    /** The single 64-bit word of each row when this column has one (integer-like, floats), else null. */
    public long[] words() {
        return null;
    }

    /** Approximate heap bytes held. */
    public abstract long estimatedBytes();

    private static long[] longs(FieldVector v, int rows) {
        long[] out = new long[rows];
        if (v instanceof BigIntVector) {
            // One bulk copy instead of a virtual read per row: this is the probe loop's hottest step.
            readLongs(((BigIntVector) v).getDataBuffer(), out, rows);
            return out;
        }
        ColumnReaders.LongReader r = ColumnReaders.longs(v);
        for (int i = 0; i < rows; i++) {
            // NULL rows keep 0 (their NULL flag decides); some readers (booleans) refuse to read a NULL slot.
            out[i] = r.isNull(i) ? 0L : r.get(i);
        }
        return out;
    }

    /** Copies {@code n} little-endian 64-bit values from the start of {@code buf} into {@code out}. */
    static void readLongs(ArrowBuf buf, long[] out, int n) {
        if (n > 0) {
            buf.nioBuffer(0, n * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out, 0, n);
        }
    }

    private static long[] doubleBits(FieldVector v, int rows) {
        long[] out = new long[rows];
        if (v instanceof Float8Vector) {
            readLongs(((Float8Vector) v).getDataBuffer(), out, rows);
            for (int i = 0; i < rows; i++) {
                out[i] = DoubleKeyBits.of(out[i]);
            }
            return out;
        }
        ColumnReaders.DoubleReader r = ColumnReaders.doubles(v);
        for (int i = 0; i < rows; i++) {
            if (r.isNull(i)) {
                // float16 refuses to read a NULL slot; NULL rows are told apart by isNull, not by their word.
                continue;
            }
            double d = r.get(i);
            // -0.0 equals 0.0 and every NaN equals every other NaN, so both get one representation.
            out[i] = DoubleKeyBits.of(Double.doubleToRawLongBits(d));
        }
        return out;
    }

    private static KeyColumn decimal128(DecimalVector v, int rows) {
        long[] lo = new long[rows];
        long[] hi = new long[rows];
        ArrowBuf d = v.getDataBuffer();
        for (int i = 0; i < rows; i++) {
            lo[i] = d.getLong((long) i * 16);
            hi[i] = d.getLong((long) i * 16 + 8);
        }
        return new Words2(v, rows, lo, hi);
    }

    static long mix(long x) {
        long h = x * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 32);
    }

    /** Values as one 64-bit word each. */
    static final class Words extends KeyColumn {
        private final long[] values;

        Words(FieldVector v, int rows, long[] values) {
            super(v, rows);
            this.values = values;
        }

        @Override
        public long hash(int i) {
            return values[i];
        }

        @Override
        public boolean equal(int i, KeyColumn other, int j) {
            return values[i] == ((Words) other).values[j];
        }

        @Override
        public long[] words() {
            return values;
        }

        @Override
        public long estimatedBytes() {
            return values.length * 9L;
        }
    }

    /** Values as two 64-bit words each (128-bit decimals of one scale). */
    static final class Words2 extends KeyColumn {
        private final long[] lo;
        private final long[] hi;

        Words2(FieldVector v, int rows, long[] lo, long[] hi) {
            super(v, rows);
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public long hash(int i) {
            return lo[i] * 31 + hi[i];
        }

        @Override
        public boolean equal(int i, KeyColumn other, int j) {
            Words2 o = (Words2) other;
            return lo[i] == o.lo[j] && hi[i] == o.hi[j];
        }

        @Override
        public long estimatedBytes() {
            return lo.length * 17L;
        }
    }

    /** Strings and binaries, read in place from the Arrow buffers. */
    static final class Bytes extends KeyColumn {
        private final ColumnReaders.BytesReader reader;
        private final long[] hashes;

        Bytes(FieldVector v, int rows) {
            super(v, rows);
            this.reader = ColumnReaders.bytes(v);
            this.hashes = new long[rows];
            for (int i = 0; i < rows; i++) {
                if (!isNull(i)) {
                    int len = reader.length(i);
                    long h = len;
                    for (int k = 0; k < len; k++) {
                        h = 31 * h + reader.byteAt(i, k);
                    }
                    hashes[i] = h;
                }
            }
        }

        @Override
        public long hash(int i) {
            return hashes[i];
        }

        @Override
        public boolean equal(int i, KeyColumn other, int j) {
            Bytes o = (Bytes) other;
            if (hashes[i] != o.hashes[j]) {
                return false;
            }
            int len = reader.length(i);
            if (len != o.reader.length(j)) {
                return false;
            }
            for (int k = 0; k < len; k++) {
                if (reader.byteAt(i, k) != o.reader.byteAt(j, k)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public long estimatedBytes() {
            return hashes.length * 9L;
        }
    }

    /** Any other type (nested, 256-bit decimals) as normalized Java values. */
    static final class Values extends KeyColumn {
        private final Object[] values;

        Values(FieldVector v, int rows) {
            super(v, rows);
            ValueAccess.Getter g = ValueAccess.getter(v);
            values = new Object[rows];
            for (int i = 0; i < rows; i++) {
                values[i] = KeyValues.normalize(g.get(i));
            }
        }

        @Override
        public long hash(int i) {
            return java.util.Objects.hashCode(values[i]);
        }

        @Override
        public boolean equal(int i, KeyColumn other, int j) {
            return java.util.Objects.equals(values[i], ((Values) other).values[j]);
        }

        @Override
        public long estimatedBytes() {
            return values.length * 48L;
        }
    }
}
