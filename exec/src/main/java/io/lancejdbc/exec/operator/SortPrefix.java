package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.DirectColumns;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A sort key's values encoded as {@code long}s whose signed order is the key's SQL order (direction and NULL
 * placement applied; floats with NaN above every number and {@code -0.0} equal to {@code 0.0}, as
 * {@link RowComparator} orders them; text and binary values by their first 8 bytes, unsigned, as
 * {@link RowComparator} compares bytes). Two different encodings order their rows; equal encodings say nothing (an
 * integer at {@code Long.MIN_VALUE}/{@code MAX_VALUE} shares its code with NULL, strings sharing their first 8 bytes
 * share a code), so the caller falls back to the full comparison on a tie.
 */
final class SortPrefix {
    private SortPrefix() {
    }

    /** Whether values of type {@code t} have codes ({@link #encode(FieldVector, boolean, boolean, long[])} succeeds). */
    static boolean hasCodes(ArrowType t) {
        switch (t.getTypeID()) {
            case Int:
            case Date:
            case Time:
            case Timestamp:
            case FloatingPoint:
            case Utf8:
            case LargeUtf8:
            case Binary:
            case LargeBinary:
                return true;
            default:
                return false;
        }
    }

    /** @return the codes of rows {@code 0..rowCount-1}, or null when the key's type has no encoding here */
    static long[] encode(FieldVector key, boolean ascending, boolean nullsFirst) {
        long[] out = new long[key.getValueCount()];
        return encode(key, ascending, nullsFirst, out) ? out : null;
    }

    /**
     * Writes the codes of rows {@code 0..key.getValueCount()-1} into {@code out[0..)}.
     *
     * @param out at least {@code key.getValueCount()} long
     * @return false (and {@code out} untouched) when the key's type has no encoding ({@link #hasCodes})
     */
    static boolean encode(FieldVector key, boolean ascending, boolean nullsFirst, long[] out) {
        ArrowType t = key.getField().getType();
        if (!hasCodes(t)) {
            return false;
        }
        int n = key.getValueCount();
        long nullCode = nullsFirst ? Long.MIN_VALUE : Long.MAX_VALUE;
        // DESC is the complement of the ASC code: flip = -1 complements (x ^ -1 == ~x), flip = 0 keeps.
        long flip = ascending ? 0L : -1L;
        DirectColumns.Doubles doubles = DirectColumns.doubles(key, n);
        if (doubles != null) {
            for (int i = 0; i < n; i++) {
                out[i] = doubles.isNull(i) ? nullCode : orderedBits(doubles.get(i)) ^ flip;
            }
            return true;
        }
        // int32 and int64 vectors are signed (the unsigned widths are other vector classes).
        DirectColumns.Longs longs = DirectColumns.longs(key, n);
        if (longs != null) {
            for (int i = 0; i < n; i++) {
                out[i] = longs.isNull(i) ? nullCode : longs.get(i) ^ flip;
            }
            return true;
        }
        DirectColumns.Bytes bytes = DirectColumns.bytes(key, n);
        if (bytes != null) {
            for (int i = 0; i < n; i++) {
                out[i] = bytes.isNull(i) ? nullCode : bytesCode(bytes, i) ^ flip;
            }
            return true;
        }
        encodeGeneric(key, t, n, flip, out);
        if (key.getNullCount() > 0) {
            for (int i = 0; i < n; i++) {
                if (key.isNull(i)) {
                    out[i] = nullCode;
                }
            }
        }
        return true;
    }

    /**
     * The first 8 bytes of value {@code i}, big-endian, zero-padded (a proper prefix sorts first, as in the byte
     * comparison), made signed-comparable.
     */
    private static long bytesCode(DirectColumns.Bytes bytes, int i) {
        int start = bytes.start(i);
        int len = bytes.end(i) - start;
        long w = Long.reverseBytes(bytes.getLong(start)); // getLong reads little-endian
        if (len < 8) {
            w &= ~(-1L >>> (len * 8));
        }
        return w ^ Long.MIN_VALUE;
    }

    private static void encodeGeneric(FieldVector key, ArrowType t, int n, long flip, long[] out) {
        switch (t.getTypeID()) {
            case FloatingPoint: {
                ColumnReaders.DoubleReader r = ColumnReaders.doubles(key);
                for (int i = 0; i < n; i++) {
                    out[i] = orderedBits(r.get(i)) ^ flip;
                }
                return;
            }
            case Utf8:
            case LargeUtf8:
            case Binary:
            case LargeBinary: {
                ColumnReaders.BytesReader r = ColumnReaders.bytes(key);
                for (int i = 0; i < n; i++) {
                    if (r.isNull(i)) {
                        continue; // a NULL slot's offsets need not be valid; its code is set by the caller
                    }
                    int len = Math.min(8, r.length(i));
                    long w = 0;
                    for (int k = 0; k < len; k++) {
                        w |= (r.byteAt(i, k) & 0xffL) << (56 - 8 * k);
                    }
                    out[i] = (w ^ Long.MIN_VALUE) ^ flip;
                }
                return;
            }
            default: {
                boolean unsigned64 = t instanceof ArrowType.Int && !((ArrowType.Int) t).getIsSigned()
                        && ((ArrowType.Int) t).getBitWidth() == 64;
                long toSigned = unsigned64 ? Long.MIN_VALUE : 0L;
                ColumnReaders.LongReader r = ColumnReaders.longs(key);
                for (int i = 0; i < n; i++) {
                    out[i] = (r.get(i) ^ toSigned) ^ flip;
                }
            }
        }
    }

    /**
     * The double's bits made signed-comparable: one NaN above +Infinity, {@code -0.0} as {@code 0.0}. No double maps
     * to {@code Long.MIN_VALUE} or {@code Long.MAX_VALUE} (those would be NaN payloads), so NULL's code and the
     * complement taken for DESC never collide with a value.
     */
    static long orderedBits(double x) {
        long bits = Double.doubleToLongBits(x == 0.0 ? 0.0 : x);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }
}
