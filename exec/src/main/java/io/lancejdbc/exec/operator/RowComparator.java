package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ValueAccess;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Compares rows addressed as {@code (batch << 32) | row} by a list of key vectors per batch, with per-key
 * direction and NULL placement. Floats order NaN above every number and {@code -0.0} equal to {@code 0.0}.
 */
public final class RowComparator {
    /** Compares one key column across batches. */
    private interface KeyCompare {
        int compare(int ba, int ra, int bb, int rb);

        boolean isNull(int b, int r);
    }

    private final KeyCompare[] keys;
    private final boolean[] ascending;
    private final boolean[] nullsFirst;

    /**
     * @param keyVectors keyVectors.get(b).get(k) is key k of batch b
     */
    public RowComparator(List<List<FieldVector>> keyVectors, boolean[] ascending, boolean[] nullsFirst) {
        int nk = ascending.length;
        this.ascending = ascending.clone();
        this.nullsFirst = nullsFirst.clone();
        this.keys = new KeyCompare[nk];
        int nb = keyVectors.size();
        for (int k = 0; k < nk; k++) {
            ArrowType t = nb == 0 ? ArrowType.Null.INSTANCE : keyVectors.get(0).get(k).getField().getType();
            keys[k] = keyCompare(t, keyVectors, k, nb);
        }
    }

    private static KeyCompare keyCompare(ArrowType t, List<List<FieldVector>> vs, int k, int nb) {
        switch (t.getTypeID()) {
            case Int:
            case Date:
            case Time:
            case Timestamp: {
                boolean unsigned = t instanceof ArrowType.Int && !((ArrowType.Int) t).getIsSigned()
                        && ((ArrowType.Int) t).getBitWidth() == 64;
                ColumnReaders.LongReader[] r = new ColumnReaders.LongReader[nb];
                for (int b = 0; b < nb; b++) {
                    r[b] = ColumnReaders.longs(vs.get(b).get(k));
                }
                return new KeyCompare() {
                    @Override
                    public int compare(int ba, int ra, int bb, int rb) {
                        return unsigned ? Long.compareUnsigned(r[ba].get(ra), r[bb].get(rb))
                                : Long.compare(r[ba].get(ra), r[bb].get(rb));
                    }

                    @Override
                    public boolean isNull(int b, int row) {
                        return r[b].isNull(row);
                    }
                };
            }
            case FloatingPoint: {
                ColumnReaders.DoubleReader[] r = new ColumnReaders.DoubleReader[nb];
                for (int b = 0; b < nb; b++) {
                    r[b] = ColumnReaders.doubles(vs.get(b).get(k));
                }
                return new KeyCompare() {
                    @Override
                    public int compare(int ba, int ra, int bb, int rb) {
                        double x = r[ba].get(ra);
                        double y = r[bb].get(rb);
                        if (x == y) {
                            return 0;
                        }
                        boolean xn = Double.isNaN(x);
                        boolean yn = Double.isNaN(y);
                        if (xn || yn) {
                            return xn && yn ? 0 : xn ? 1 : -1;
                        }
                        return x < y ? -1 : 1;
                    }

                    @Override
                    public boolean isNull(int b, int row) {
                        return r[b].isNull(row);
                    }
                };
            }
            case Decimal: {
                ColumnReaders.DecimalReader[] r = new ColumnReaders.DecimalReader[nb];
                for (int b = 0; b < nb; b++) {
                    r[b] = ColumnReaders.decimals(vs.get(b).get(k));
                }
                return new KeyCompare() {
                    @Override
                    public int compare(int ba, int ra, int bb, int rb) {
                        return r[ba].get(ra).compareTo(r[bb].get(rb));
                    }

                    @Override
                    public boolean isNull(int b, int row) {
                        return r[b].isNull(row);
                    }
                };
            }
            case Utf8:
            case LargeUtf8:
            case Binary:
            case LargeBinary:
            case FixedSizeBinary: {
                ColumnReaders.BytesReader[] r = new ColumnReaders.BytesReader[nb];
                for (int b = 0; b < nb; b++) {
                    r[b] = ColumnReaders.bytes(vs.get(b).get(k));
                }
                return new KeyCompare() {
                    @Override
                    public int compare(int ba, int ra, int bb, int rb) {
                        return r[ba].compare(ra, r[bb], rb);
                    }

                    @Override
                    public boolean isNull(int b, int row) {
                        return r[b].isNull(row);
                    }
                };
            }
            case Bool: {
                ColumnReaders.BoolReader[] r = new ColumnReaders.BoolReader[nb];
                for (int b = 0; b < nb; b++) {
                    r[b] = ColumnReaders.bools(vs.get(b).get(k));
                }
                return new KeyCompare() {
                    @Override
                    public int compare(int ba, int ra, int bb, int rb) {
                        return Boolean.compare(r[ba].get(ra), r[bb].get(rb));
                    }

                    @Override
                    public boolean isNull(int b, int row) {
                        return r[b].isNull(row);
                    }
                };
            }
            case Null:
                return new KeyCompare() {
                    @Override
                    public int compare(int ba, int ra, int bb, int rb) {
                        return 0;
                    }

                    @Override
                    public boolean isNull(int b, int row) {
                        return true;
                    }
                };
            default: {
                ValueAccess.Getter[] g = new ValueAccess.Getter[nb];
                FieldVector[] raw = new FieldVector[nb];
                for (int b = 0; b < nb; b++) {
                    raw[b] = vs.get(b).get(k);
                    g[b] = ValueAccess.getter(raw[b]);
                }
                return new KeyCompare() {
                    @Override
                    public int compare(int ba, int ra, int bb, int rb) {
                        return String.valueOf(g[ba].get(ra)).compareTo(String.valueOf(g[bb].get(rb)));
                    }

                    @Override
                    public boolean isNull(int b, int row) {
                        return raw[b].isNull(row);
                    }
                };
            }
        }
    }

    /** Compares two rows addressed as {@code (batch << 32) | row}: negative, zero or positive. */
    public int compare(long a, long b) {
        return compareFrom(0, a, b);
    }

    /**
     * Compares two rows by the keys from {@code firstKey} on, as {@link #compare} does when the earlier keys are equal.
     */
    int compareFrom(int firstKey, long a, long b) {
        int ba = (int) (a >>> 32);
        int ra = (int) a;
        int bb = (int) (b >>> 32);
        int rb = (int) b;
        for (int k = firstKey; k < keys.length; k++) {
            KeyCompare kc = keys[k];
            boolean an = kc.isNull(ba, ra);
            boolean bn = kc.isNull(bb, rb);
            int c;
            if (an || bn) {
                if (an && bn) {
                    continue;
                }
                c = an == nullsFirst[k] ? -1 : 1;
                return c;
            }
            c = kc.compare(ba, ra, bb, rb);
            if (c != 0) {
                return ascending[k] ? c : -c;
            }
        }
        return 0;
    }

    /** Sorts {@code refs[0..n)} (stable merge sort). */
    public void sort(long[] refs, int n) {
        mergeSort(refs, new long[n], 0, n);
    }

    /**
     * Sorts {@code refs[from..to)} (stable merge sort).
     *
     * @param tmp scratch space at least as long as {@code to} (reused across calls)
     */
    public void sort(long[] refs, int from, int to, long[] tmp) {
        mergeSort(refs, tmp, from, to, 0);
    }

    /**
     * Sorts {@code refs[from..to)} (stable merge sort) by the keys from {@code firstKey} on: the tie-breaker of rows
     * whose earlier keys are known equal.
     */
    void sortFrom(int firstKey, long[] refs, int from, int to, long[] tmp) {
        mergeSort(refs, tmp, from, to, firstKey);
    }

    private void mergeSort(long[] a, long[] tmp, int lo, int hi) {
        mergeSort(a, tmp, lo, hi, 0);
    }

    private void mergeSort(long[] a, long[] tmp, int lo, int hi, int firstKey) {
        if (hi - lo <= 16) {
            for (int i = lo + 1; i < hi; i++) {
                long x = a[i];
                int j = i - 1;
                while (j >= lo && compareFrom(firstKey, a[j], x) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid, firstKey);
        mergeSort(a, tmp, mid, hi, firstKey);
        if (compareFrom(firstKey, a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, lo, tmp, lo, hi - lo);
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            if (j >= hi || i < mid && compareFrom(firstKey, tmp[i], tmp[j]) <= 0) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }
}
