package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/** SUM and AVG over integers (exact, overflow is an error), floats and decimals. */
final class SumAccumulators {
    private SumAccumulators() {
    }

    /**
     * SUM or AVG of integers, summed exactly in 128 bits ({@link Int128Sums}), so that only the final sum decides:
     * SUM is BIGINT and fails with 22003 when the total lies outside it (not when a running total does), AVG is the
     * exact mean rounded to float64.
     */
    static final class LongSum implements Accumulator {
        /** Low 64 bits of each group's sum (two's complement). */
        private long[] sums = new long[16];
        /** High 64 bits of each group's sum. */
        private long[] highs = new long[16];
        private long[] counts = new long[16];
        private final boolean average;

        LongSum(boolean average) {
            this.average = average;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            ensure(groupCount);
            DirectColumns.Longs direct = DirectColumns.longs(args[0], rows);
            if (direct != null) {
                updateDirect(direct, rows, groupIds);
                return;
            }
            ColumnReaders.LongReader r = ColumnReaders.longs(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    add(groupIds[i], r.get(i));
                }
            }
        }

        // The same loop over a final reader class: no interface call or bounds check per row.
        private void updateDirect(DirectColumns.Longs r, int rows, int[] groupIds) {
            long[] sums = this.sums;
            long[] highs = this.highs;
            long[] counts = this.counts;
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    int g = groupIds[i];
                    long x = r.get(i);
                    long low = sums[g];
                    long s = low + x;
                    highs[g] = Int128Sums.highAfterAdd(highs[g], low, x, s);
                    sums[g] = s;
                    counts[g]++;
                }
            }
        }

        private void add(int g, long x) {
            long low = sums[g];
            long s = low + x;
            highs[g] = Int128Sums.highAfterAdd(highs[g], low, x, s);
            sums[g] = s;
            counts[g]++;
        }

        private static SqlError overflow(BigInteger sum) {
            return new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT overflow in SUM: the sum is " + sum
                    + "; cast the argument to DECIMAL(38,0) to sum beyond 9223372036854775807");
        }

        private void ensure(int n) {
            if (sums.length < n) {
                int size = Math.max(n, sums.length * 2);
                sums = Arrays.copyOf(sums, size);
                highs = Arrays.copyOf(highs, size);
                counts = Arrays.copyOf(counts, size);
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            LongSum o = (LongSum) other;
            ensure(groupCount);
            for (int g = 0; g < mapping.length && g < o.sums.length; g++) {
                int t = mapping[g];
                highs[t] = Int128Sums.highAfterMerge(highs[t], sums[t], o.highs[g], o.sums[g]);
                sums[t] += o.sums[g];
                counts[t] += o.counts[g];
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ensure(groupCount);
            if (average) {
                ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
                for (int g = 0; g < groupCount; g++) {
                    if (counts[g] == 0) {
                        w.setNull(g);
                    } else {
                        w.set(g, Int128Sums.mean(highs[g], sums[g], counts[g]));
                    }
                }
            } else {
                ColumnWriters.LongWriter w = ColumnWriters.longs(out);
                for (int g = 0; g < groupCount; g++) {
                    if (counts[g] == 0) {
                        w.setNull(g);
                    } else if (!Int128Sums.fitsLong(highs[g], sums[g])) {
                        throw overflow(Int128Sums.value(highs[g], sums[g]));
                    } else {
                        w.set(g, sums[g]);
                    }
                }
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return sums.length * 24L;
        }
    }

    /** SUM or AVG of floats (float64). */
    static final class DoubleSum implements Accumulator {
        private double[] sums = new double[16];
        private long[] counts = new long[16];
        private final boolean average;

        DoubleSum(boolean average) {
            this.average = average;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            if (sums.length < groupCount) {
                int size = Math.max(groupCount, sums.length * 2);
                sums = Arrays.copyOf(sums, size);
                counts = Arrays.copyOf(counts, size);
            }
            DirectColumns.Doubles direct = DirectColumns.doubles(args[0], rows);
            if (direct != null) {
                double[] sums = this.sums;
                long[] counts = this.counts;
                for (int i = 0; i < rows; i++) {
                    if (!direct.isNull(i)) {
                        int g = groupIds[i];
                        sums[g] += direct.get(i);
                        counts[g]++;
                    }
                }
                return;
            }
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    int g = groupIds[i];
                    sums[g] += r.get(i);
                    counts[g]++;
                }
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            DoubleSum o = (DoubleSum) other;
            if (sums.length < groupCount) {
                int size = Math.max(groupCount, sums.length * 2);
                sums = Arrays.copyOf(sums, size);
                counts = Arrays.copyOf(counts, size);
            }
            for (int g = 0; g < mapping.length && g < o.sums.length; g++) {
                sums[mapping[g]] += o.sums[g];
                counts[mapping[g]] += o.counts[g];
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
            for (int g = 0; g < groupCount; g++) {
                if (g >= counts.length || counts[g] == 0) {
                    w.setNull(g);
                } else {
                    w.set(g, average ? sums[g] / counts[g] : sums[g]);
                }
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return sums.length * 16L;
        }
    }

    /** SUM or AVG of decimals (and uint64), exact; AVG rounds half-up to the result scale. */
    static final class DecimalSum implements Accumulator {
        private BigDecimal[] sums = new BigDecimal[16];
        private long[] counts = new long[16];
        private final boolean average;

        DecimalSum(boolean average) {
            this.average = average;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            if (sums.length < groupCount) {
                int size = Math.max(groupCount, sums.length * 2);
                sums = Arrays.copyOf(sums, size);
                counts = Arrays.copyOf(counts, size);
            }
            ColumnReaders.DecimalReader r = ColumnReaders.decimals(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    int g = groupIds[i];
                    BigDecimal x = r.get(i);
                    sums[g] = sums[g] == null ? x : sums[g].add(x);
                    counts[g]++;
                }
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            DecimalSum o = (DecimalSum) other;
            if (sums.length < groupCount) {
                int size = Math.max(groupCount, sums.length * 2);
                sums = Arrays.copyOf(sums, size);
                counts = Arrays.copyOf(counts, size);
            }
            for (int g = 0; g < mapping.length && g < o.sums.length; g++) {
                if (o.sums[g] == null) {
                    continue;
                }
                int t = mapping[g];
                sums[t] = sums[t] == null ? o.sums[g] : sums[t].add(o.sums[g]);
                counts[t] += o.counts[g];
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            if (out.getField().getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint) {
                ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
                for (int g = 0; g < groupCount; g++) {
                    if (g >= counts.length || counts[g] == 0) {
                        w.setNull(g);
                    } else {
                        BigDecimal v = average ? sums[g].divide(BigDecimal.valueOf(counts[g]), MathContext.DECIMAL128)
                                : sums[g];
                        w.set(g, v.doubleValue());
                    }
                }
            } else {
                ColumnWriters.DecimalWriter w = ColumnWriters.decimals(out);
                for (int g = 0; g < groupCount; g++) {
                    if (g >= counts.length || counts[g] == 0) {
                        w.setNull(g);
                    } else {
                        w.set(g, average ? sums[g].divide(BigDecimal.valueOf(counts[g]), MathContext.DECIMAL128)
                                : sums[g]);
                    }
                }
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return sums.length * 48L;
        }
    }
}
