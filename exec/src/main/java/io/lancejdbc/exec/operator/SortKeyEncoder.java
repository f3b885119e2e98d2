package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.ColumnReaders;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The first sort key of buffered batches normalized once into {@code long} codes whose <em>unsigned</em> order is the
 * key's SQL order with its direction applied, so that the full sort compares primitives instead of reading Arrow
 * vectors through {@link RowComparator} per comparison. NULLs get no code: their rows are listed apart (in input
 * order) and placed first or last by the caller, so no value shares a code with NULL.
 *
 * <p>The orders folded in are {@link RowComparator}'s, which stays the definition: signed integers of every width,
 * dates, times and timestamps as the {@code long}s {@link ColumnReaders#longs} reads (timestamps in microseconds);
 * uint64 unsigned; floats with every NaN equal and above {@code +Infinity}, {@code -0.0} equal to {@code 0.0}
 * ({@link SortPrefix#orderedBits}); booleans false before true; DECIMAL(p ≤ 18) by its unscaled value. These codes are
 * <em>exact</em>: equal codes mean equal keys. Strings and binaries (by unsigned bytes, the engine's only collation)
 * code their first 8 bytes, and wider decimals their value clamped to the {@code long} range: there a smaller code
 * still means a smaller key, but equal codes must be compared again in full ({@link Encoded#exact()} is false).
 */
final class SortKeyEncoder {
    private SortKeyEncoder() {
    }

    /**
     * The codes of one sort key over all buffered rows, numbered {@code 0..total-1} in input order (batch by batch).
     *
     * @param codes {@code codes[i]} is the code of row {@code rows[i]} for {@code i < nonNull}
     * @param rows the rows with a value ({@code [0, nonNull)}, ascending) then the NULL rows ({@code [nonNull,
     *     total)}, ascending)
     * @param exact whether equal codes mean equal keys
     */
    record Encoded(long[] codes, int[] rows, int nonNull, boolean exact) {
    }

    /** One batch's key read as codes. */
    private interface RowCode {
        long code(int row);
    }

    /** Whether {@link #encode} can code a key of type {@code t}. */
    static boolean encodable(ArrowType t) {
        switch (t.getTypeID()) {
            case Int:
            case Date:
            case Time:
            case Timestamp:
            case FloatingPoint:
            case Bool:
            case Utf8:
            case LargeUtf8:
            case Binary:
            case LargeBinary:
            case FixedSizeBinary:
            case Null:
                return true;
            case Decimal:
                return ((ArrowType.Decimal) t).getBitWidth() == 128;
            default:
                return false;
        }
    }

    /**
     * @param keyVectors the key's vector of each batch, in input order; their type must be {@link #encodable}
     * @param total the rows of all batches
     */
    static Encoded encode(List<FieldVector> keyVectors, int total, boolean ascending) {
        long[] codes = new long[total];
        int[] rows = new int[total];
        int nonNull = 0;
        int nullAt = total;
        int base = 0;
        boolean exact = true;
        long[] batchCodes = new long[0];
        for (FieldVector v : keyVectors) {
            int n = v.getValueCount();
            ArrowType t = v.getField().getType();
            exact = exact && isExact(t);
            if (t.getTypeID() == ArrowType.ArrowTypeID.Null) {
                for (int r = 0; r < n; r++) {
                    rows[--nullAt] = base + r;
                }
                base += n;
                continue;
            }
            long flip = ascending ? 0L : -1L;
            if (SortPrefix.hasCodes(t)) {
                // The Top-K's codes (signed order, ascending): flipping the sign bit gives the unsigned order.
                if (batchCodes.length < n) {
                    batchCodes = new long[n];
                }
                SortPrefix.encode(v, true, true, batchCodes);
                for (int r = 0; r < n; r++) {
                    if (v.isNull(r)) {
                        rows[--nullAt] = base + r;
                    } else {
                        codes[nonNull] = (batchCodes[r] ^ Long.MIN_VALUE) ^ flip;
                        rows[nonNull++] = base + r;
                    }
                }
                base += n;
                continue;
            }
            RowCode c = rowCode(v, t);
            for (int r = 0; r < n; r++) {
                if (v.isNull(r)) {
                    rows[--nullAt] = base + r;
                } else {
                    codes[nonNull] = c.code(r) ^ flip;
                    rows[nonNull++] = base + r;
                }
            }
            base += n;
        }
        // The NULL rows were written from the end backwards: reverse them into input order.
        for (int i = nullAt, j = total - 1; i < j; i++, j--) {
            int x = rows[i];
            rows[i] = rows[j];
            rows[j] = x;
        }
        return new Encoded(codes, rows, nonNull, exact);
    }

    private static boolean isExact(ArrowType t) {
        switch (t.getTypeID()) {
            case Utf8:
            case LargeUtf8:
            case Binary:
            case LargeBinary:
            case FixedSizeBinary:
                return false;
            case Decimal:
                return ((ArrowType.Decimal) t).getPrecision() <= 18;
            default:
                return true;
        }
    }

    /**
     * Codes in unsigned ascending order (the caller complements them for DESC) of the types {@link SortPrefix} does
     * not code: booleans, DECIMAL(p) by its unscaled value (clamped to the {@code long} range), fixed-size binaries by
     * their first 8 bytes.
     */
    private static RowCode rowCode(FieldVector v, ArrowType t) {
        switch (t.getTypeID()) {
            case Bool: {
                ColumnReaders.BoolReader r = ColumnReaders.bools(v);
                return row -> r.get(row) ? 1L : 0L;
            }
            case Decimal: {
                ArrowBuf d = ((DecimalVector) v).getDataBuffer();
                return row -> {
                    // Little-endian two's complement, 16 bytes: the low word, then the high word.
                    long low = d.getLong((long) row * 16);
                    long high = d.getLong((long) row * 16 + 8);
                    if (high == (low >> 63)) {
                        return low ^ Long.MIN_VALUE;
                    }
                    return high < 0 ? 0L : -1L;
                };
            }
            case FixedSizeBinary: {
                ArrowBuf data = ((FixedSizeBinaryVector) v).getDataBuffer();
                int w = ((FixedSizeBinaryVector) v).getByteWidth();
                return row -> prefix(data, (long) row * w, w);
            }
            default:
                throw new IllegalArgumentException("no sort code for " + v.getField());
        }
    }

    /** The first 8 bytes, big-endian and zero-padded: unsigned order of the codes follows the bytes' order. */
    private static long prefix(ArrowBuf data, long start, long length) {
        if (length >= 8) {
            return Long.reverseBytes(data.getLong(start));
        }
        long code = 0;
        for (int k = 0; k < length; k++) {
            code |= (data.getByte(start + k) & 0xFFL) << (56 - 8 * k);
        }
        return code;
    }
}
