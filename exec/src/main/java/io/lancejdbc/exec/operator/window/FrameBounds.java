package io.lancejdbc.exec.operator.window;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.plan.WindowFrame;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The frame {@code [start, end)} (window positions) of every row, per SQL:2011 7.11 window clause: ROWS counts
 * rows; RANGE with CURRENT ROW extends to the peers; RANGE with an offset compares the one ORDER BY value (rows
 * whose value lies within the offset, NULLs being peers only of NULLs and NaNs only of NaNs). Starts and ends never
 * decrease within a partition, which the aggregates rely on.
 */
final class FrameBounds {
    final int[] start;
    final int[] end;

    private FrameBounds(int n) {
        this.start = new int[n];
        this.end = new int[n];
    }

    /**
     * @param orderKey the single ORDER BY vector (row ids index it), needed for RANGE with an offset; else null
     * @param ascending direction of that key
     * @throws SqlError 42000 for RANGE with an offset over a key that is not numeric
     */
    static FrameBounds of(WindowOrder order, WindowFrame frame, FieldVector orderKey, boolean ascending) {
        int n = order.perm().length;
        FrameBounds b = new FrameBounds(n);
        boolean[] ps = order.partitionStart();
        boolean[] peers = order.peerStart();
        int[] peerFirst = new int[n];
        int[] peerEnd = new int[n];
        for (int p = 0; p < n; p++) {
            peerFirst[p] = peers[p] ? p : peerFirst[p - 1];
        }
        for (int p = n - 1; p >= 0; p--) {
            peerEnd[p] = p + 1 == n || peers[p + 1] ? p + 1 : peerEnd[p + 1];
        }
        boolean startOffset = !frame.rows() && !frame.startUnbounded() && frame.startOffset() != 0;
        boolean endOffset = !frame.rows() && !frame.endUnbounded() && frame.endOffset() != 0;
        RangeValues values = startOffset || endOffset ? RangeValues.of(orderKey, ascending, order.perm()) : null;
        int partStart = 0;
        for (int p0 = 0; p0 < n; ) {
            int p1 = p0 + 1;
            while (p1 < n && !ps[p1]) {
                p1++;
            }
            partStart = p0;
            int partEnd = p1;
            // Non-NULL ORDER BY values form one run in the partition; NULLs sit before or after it.
            int nnStart = partStart;
            int nnEnd = partEnd;
            if (values != null) {
                while (nnStart < partEnd && values.isNull(nnStart)) {
                    nnStart++;
                }
                nnEnd = nnStart;
                while (nnEnd < partEnd && !values.isNull(nnEnd)) {
                    nnEnd++;
                }
            }
            int lo = nnStart;
            int hi = nnStart;
            for (int p = partStart; p < partEnd; p++) {
                int s;
                int e;
                if (frame.rows()) {
                    s = frame.startUnbounded() ? partStart : clamp(p - frame.startOffset(), partStart, partEnd);
                    e = frame.endUnbounded() ? partEnd : clamp(p + frame.endOffset() + 1, partStart, partEnd);
                } else {
                    boolean rowNull = values != null && values.isNull(p);
                    if (frame.startUnbounded()) {
                        s = partStart;
                    } else if (!startOffset) {
                        s = peerFirst[p];
                    } else if (rowNull) {
                        s = peerFirst[p];
                    } else {
                        while (lo < nnEnd && values.before(lo, p, frame.startOffset())) {
                            lo++;
                        }
                        s = lo;
                    }
                    if (frame.endUnbounded()) {
                        e = partEnd;
                    } else if (!endOffset) {
                        e = peerEnd[p];
                    } else if (rowNull) {
                        e = peerEnd[p];
                    } else {
                        hi = Math.max(hi, lo);
                        while (hi < nnEnd && values.notAfter(hi, p, frame.endOffset())) {
                            hi++;
                        }
                        e = hi;
                    }
                }
                b.start[p] = s;
                b.end[p] = Math.max(s, e);
            }
            p0 = p1;
        }
        return b;
    }

    private static int clamp(long x, int lo, int hi) {
        return (int) Math.max(lo, Math.min(hi, x));
    }

    /** The ORDER BY values by window position, oriented so that window order is ascending. */
    private abstract static class RangeValues {
        /** NULL, or NaN: a value that is only a peer of its own kind, never within an offset of a number. */
        abstract boolean isNull(int p);

        /** Value at {@code q} lies before (current value - offset): outside the frame start. */
        abstract boolean before(int q, int p, long offset);

        /** Value at {@code q} is at most (current value + offset): inside the frame end. */
        abstract boolean notAfter(int q, int p, long offset);

        static RangeValues of(FieldVector key, boolean ascending, int[] perm) {
            if (key == null) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "RANGE with an offset needs exactly one ORDER BY"
                        + " key; use ROWS or one numeric ORDER BY key");
            }
            ArrowType t = key.getField().getType();
            int sign = ascending ? 1 : -1;
            if (t instanceof ArrowType.Decimal) {
                // Exactly: a DECIMAL(38) key read as DOUBLE would merge values closer than the double's ulp.
                ColumnReaders.DecimalReader r = ColumnReaders.decimals(key);
                return new RangeValues() {
                    @Override
                    boolean isNull(int p) {
                        return r.isNull(perm[p]);
                    }

                    private java.math.BigDecimal oriented(int p) {
                        java.math.BigDecimal x = r.get(perm[p]);
                        return ascending ? x : x.negate();
                    }

                    @Override
                    boolean before(int q, int p, long offset) {
                        return oriented(q).compareTo(oriented(p).subtract(java.math.BigDecimal.valueOf(offset))) < 0;
                    }

                    @Override
                    boolean notAfter(int q, int p, long offset) {
                        return oriented(q).compareTo(oriented(p).add(java.math.BigDecimal.valueOf(offset))) <= 0;
                    }
                };
            }
            if (t instanceof ArrowType.FloatingPoint) {
                ColumnReaders.DoubleReader r = ColumnReaders.doubles(key);
                return new RangeValues() {
                    // NaN +- offset is NaN and compares false with everything: like NULL, a NaN row's frame is its
                    // NaN peers (NaN sorts above every number, so NaNs form one run at an end of the numbers).
                    @Override
                    boolean isNull(int p) {
                        return r.isNull(perm[p]) || Double.isNaN(r.get(perm[p]));
                    }

                    @Override
                    boolean before(int q, int p, long offset) {
                        return sign * r.get(perm[q]) < sign * r.get(perm[p]) - offset;
                    }

                    @Override
                    boolean notAfter(int q, int p, long offset) {
                        return sign * r.get(perm[q]) <= sign * r.get(perm[p]) + offset;
                    }
                };
            }
            if (t instanceof ArrowType.Int && !((ArrowType.Int) t).getIsSigned()
                    && ((ArrowType.Int) t).getBitWidth() == 64) {
                // uint64: the stored long is unsigned (2^63 .. 2^64-1 read as negative longs); compare exactly.
                ColumnReaders.LongReader r = ColumnReaders.longs(key);
                return new RangeValues() {
                    @Override
                    boolean isNull(int p) {
                        return r.isNull(perm[p]);
                    }

                    private java.math.BigInteger oriented(int p) {
                        long x = r.get(perm[p]);
                        java.math.BigInteger v = java.math.BigInteger.valueOf(x >>> 1).shiftLeft(1)
                                .or(java.math.BigInteger.valueOf(x & 1));
                        return ascending ? v : v.negate();
                    }

                    @Override
                    boolean before(int q, int p, long offset) {
                        return oriented(q).compareTo(oriented(p).subtract(java.math.BigInteger.valueOf(offset))) < 0;
                    }

                    @Override
                    boolean notAfter(int q, int p, long offset) {
                        return oriented(q).compareTo(oriented(p).add(java.math.BigInteger.valueOf(offset))) <= 0;
                    }
                };
            }
            if (t instanceof ArrowType.Int) {
                ColumnReaders.LongReader r = ColumnReaders.longs(key);
                return new RangeValues() {
                    @Override
                    boolean isNull(int p) {
                        return r.isNull(perm[p]);
                    }

                    private long oriented(int p) {
                        long x = r.get(perm[p]);
                        return ascending ? x : x == Long.MIN_VALUE ? Long.MAX_VALUE : -x;
                    }

                    @Override
                    boolean before(int q, int p, long offset) {
                        long cur = oriented(p);
                        long bound = cur - offset;
                        if (offset > 0 ? bound > cur : bound < cur) {
                            return offset < 0;
                        }
                        return oriented(q) < bound;
                    }

                    @Override
                    boolean notAfter(int q, int p, long offset) {
                        long cur = oriented(p);
                        long bound = cur + offset;
                        if (offset > 0 ? bound < cur : bound > cur) {
                            return offset > 0;
                        }
                        return oriented(q) <= bound;
                    }
                };
            }
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "RANGE with an offset needs a numeric ORDER BY key, not "
                    + key.getField().getType() + "; use ROWS");
        }
    }
}
