package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.ColumnReaders;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A sort key's values encoded as {@code long}s whose signed order is the key's SQL order (direction and NULL
 * placement applied; floats with NaN above every number and {@code -0.0} equal to {@code 0.0}, as
 * {@link RowComparator} orders them). Two different encodings order their rows; equal encodings say nothing (an
 * integer at {@code Long.MIN_VALUE}/{@code MAX_VALUE} shares its code with NULL), so the caller falls back to the full
 * comparison on a tie.
 */
final class SortPrefix {
    private SortPrefix() {
    }

    /** @return the codes of rows {@code 0..rowCount-1}, or null when the key's type has no encoding here */
    static long[] encode(FieldVector key, boolean ascending, boolean nullsFirst) {
        ArrowType t = key.getField().getType();
        int n = key.getValueCount();
        long[] out = new long[n];
        long nullCode = nullsFirst ? Long.MIN_VALUE : Long.MAX_VALUE;
        switch (t.getTypeID()) {
            case Int:
            case Date:
            case Time:
            case Timestamp: {
                boolean unsigned64 = t instanceof ArrowType.Int && !((ArrowType.Int) t).getIsSigned()
                        && ((ArrowType.Int) t).getBitWidth() == 64;
                ColumnReaders.LongReader r = ColumnReaders.longs(key);
                for (int i = 0; i < n; i++) {
                    if (r.isNull(i)) {
                        out[i] = nullCode;
                    } else {
                        long v = unsigned64 ? r.get(i) ^ Long.MIN_VALUE : r.get(i);
                        out[i] = ascending ? v : ~v;
                    }
                }
                return out;
            }
            case FloatingPoint: {
                ColumnReaders.DoubleReader r = ColumnReaders.doubles(key);
                for (int i = 0; i < n; i++) {
                    if (r.isNull(i)) {
                        out[i] = nullCode;
                    } else {
                        long v = orderedBits(r.get(i));
                        out[i] = ascending ? v : ~v;
                    }
                }
                return out;
            }
            default:
                return null;
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
