package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
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
        // Removing rows is exact: 128-bit two's complement subtraction.
        /**
         * Per group, three adjacent longs (one cache line for a row's update): the low 64 bits of the sum (two's
         * complement), its high 64 bits, and the count of values.
         */
        private long[] state = new long[16 * 3];
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

        // The same loop over a final reader class: no interface call per row, and the NULLs skipped 64 rows at a
        // time through the validity words.
        private void updateDirect(DirectColumns.Longs r, int rows, int[] groupIds) {
            long[] state = this.state;
            if (!r.hasNulls()) {
                for (int i = 0; i < rows; i++) {
                    fold(state, groupIds[i] * 3, r.get(i));
                }
                return;
            }
            for (int from = 0; from < rows; from += 64) {
                for (long bits = r.validBits(from); bits != 0; bits &= bits - 1) {
                    int i = from + Long.numberOfTrailingZeros(bits);
                    fold(state, groupIds[i] * 3, r.get(i));
                }
            }
        }

        private static void fold(long[] state, int at, long x) {
            long low = state[at];
            long s = low + x;
            state[at + 1] = Int128Sums.highAfterAdd(state[at + 1], low, x, s);
            state[at] = s;
            state[at + 2]++;
        }

        private void add(int g, long x) {
            fold(state, g * 3, x);
        }

        private static SqlError overflow(BigInteger sum) {
            return new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT overflow in SUM: the sum is " + sum
                    + "; cast the argument to DECIMAL(38,0) to sum beyond 9223372036854775807");
        }

        private void ensure(int n) {
            if (state.length < n * 3L) {
                state = java.util.Arrays.copyOf(state, Math.max(n, state.length / 3 * 2) * 3);
            }
        }

        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            ensure(group + 1);
            ColumnReaders.LongReader r = ColumnReaders.longs(args[0]);
            for (int i = from; i < to; i++) {
                if (!r.isNull(i)) {
                    add(group, r.get(i));
                }
            }
        }

        @Override
        public boolean retractable() {
            return true;
        }

        @Override
        public void retract(FieldVector[] args, int from, int to, int group) {
            ColumnReaders.LongReader r = ColumnReaders.longs(args[0]);
            int at = group * 3;
            for (int i = from; i < to; i++) {
                if (!r.isNull(i)) {
                    long x = r.get(i);
                    state[at + 1] = Int128Sums.highAfterSubtract(state[at + 1], state[at], x);
                    state[at] -= x;
                    state[at + 2]--;
                }
            }
        }

        @Override
        public void reset(int group) {
            ensure(group + 1);
            java.util.Arrays.fill(state, group * 3, group * 3 + 3, 0);
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            if (average) {
                put(ColumnWriters.doubles(out), group, index);
            } else {
                put(ColumnWriters.longs(out), group, index);
            }
        }

        private void put(ColumnWriters.DoubleWriter w, int g, int index) {
            int at = g * 3;
            if (state[at + 2] == 0) {
                w.setNull(index);
            } else {
                w.set(index, Int128Sums.mean(state[at + 1], state[at], state[at + 2]));
            }
        }

        private void put(ColumnWriters.LongWriter w, int g, int index) {
            int at = g * 3;
            if (state[at + 2] == 0) {
                w.setNull(index);
            } else if (!Int128Sums.fitsLong(state[at + 1], state[at])) {
                throw overflow(Int128Sums.value(state[at + 1], state[at]));
            } else {
                w.set(index, state[at]);
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            LongSum o = (LongSum) other;
            ensure(groupCount);
            long[] from = o.state;
            for (int g = 0; g < mapping.length && g * 3 < from.length; g++) {
                int t = mapping[g] * 3;
                int f = g * 3;
                state[t + 1] = Int128Sums.highAfterMerge(state[t + 1], state[t], from[f + 1], from[f]);
                state[t] += from[f];
                state[t + 2] += from[f + 2];
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ensure(groupCount);
            if (average) {
                ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
                for (int g = 0; g < groupCount; g++) {
                    put(w, g, g);
                }
            } else {
                ColumnWriters.LongWriter w = ColumnWriters.longs(out);
                for (int g = 0; g < groupCount; g++) {
                    put(w, g, g);
                }
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return state.length * 8L;
        }
    }

    /**
     * SUM or AVG of floats: the exact sum of the non-NULL values rounded once to float64, AVG the exact mean rounded
     * once ({@link ExactDoubleSum}), so the result is the same for any row order, any merge of partial sums and any
     * removal of rows (window frames). NaN, or both infinities, give NaN; one infinity gives it; an exact sum beyond
     * Double.MAX_VALUE gives infinity; an exact zero gives +0.0.
     */
    static final class DoubleSum implements Accumulator {
        /** Each group's exact sum and count of non-NULL values, in flat arrays. */
        private final ExactDoubleSums sums = new ExactDoubleSums();
        private final boolean average;

        DoubleSum(boolean average) {
            this.average = average;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            ExactDoubleSums sums = this.sums;
            sums.ensure(groupCount);
            DirectColumns.Doubles direct = DirectColumns.doubles(args[0], rows);
            if (direct != null && !direct.hasNulls()) {
                for (int i = 0; i < rows; i++) {
                    sums.add(groupIds[i], direct.get(i), 1);
                }
                return;
            }
            if (direct != null) {
                // NULLs skipped 64 rows at a time through the validity words, with no branch per row.
                for (int from = 0; from < rows; from += 64) {
                    for (long bits = direct.validBits(from); bits != 0; bits &= bits - 1) {
                        int i = from + Long.numberOfTrailingZeros(bits);
                        sums.add(groupIds[i], direct.get(i), 1);
                    }
                }
                return;
            }
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    sums.add(groupIds[i], r.get(i), 1);
                }
            }
        }

        private void fold(FieldVector[] args, int from, int to, int g, int sign) {
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(args[0]);
            for (int i = from; i < to; i++) {
                if (!r.isNull(i)) {
                    sums.add(g, r.get(i), sign);
                }
            }
        }

        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            sums.ensure(group + 1);
            fold(args, from, to, group, 1);
        }

        @Override
        public boolean retractable() {
            return true;
        }

        @Override
        public void retract(FieldVector[] args, int from, int to, int group) {
            fold(args, from, to, group, -1);
        }

        @Override
        public void reset(int group) {
            sums.ensure(group + 1);
            sums.reset(group);
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            DoubleSum o = (DoubleSum) other;
            sums.ensure(groupCount);
            o.sums.ensure(mapping.length);
            for (int g = 0; g < mapping.length; g++) {
                sums.merge(mapping[g], o.sums, g);
            }
        }

        private void put(ColumnWriters.DoubleWriter w, int g, int index) {
            long count = sums.count(g);
            if (count == 0) {
                w.setNull(index);
            } else {
                w.set(index, average ? sums.mean(g, count) : sums.value(g));
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            sums.ensure(groupCount);
            ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
            for (int g = 0; g < groupCount; g++) {
                put(w, g, g);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            sums.ensure(group + 1);
            put(ColumnWriters.doubles(out), group, index);
        }

        @Override
        public long estimatedBytes() {
            return sums.estimatedBytes();
        }
    }

    /** SUM or AVG of decimals (and uint64), exact (removing rows too); AVG rounds to 34 significant digits. */
    static final class DecimalSum implements Accumulator {
        private BigDecimal[] sums = new BigDecimal[16];
        private long[] counts = new long[16];
        private final boolean average;

        DecimalSum(boolean average) {
            this.average = average;
        }

        private void ensure(int n) {
            sums = GroupArrays.fit(sums, n);
            counts = GroupArrays.fit(counts, n);
        }

        private void fold(ColumnReaders.DecimalReader r, int i, int g, int sign) {
            if (!r.isNull(i)) {
                BigDecimal x = r.get(i);
                sums[g] = sums[g] == null ? (sign > 0 ? x : x.negate()) : sign > 0 ? sums[g].add(x) : sums[g].subtract(x);
                counts[g] += sign;
            }
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            ensure(groupCount);
            ColumnReaders.DecimalReader r = ColumnReaders.decimals(args[0]);
            for (int i = 0; i < rows; i++) {
                fold(r, i, groupIds[i], 1);
            }
        }

        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            ensure(group + 1);
            ColumnReaders.DecimalReader r = ColumnReaders.decimals(args[0]);
            for (int i = from; i < to; i++) {
                fold(r, i, group, 1);
            }
        }

        @Override
        public boolean retractable() {
            return true;
        }

        @Override
        public void retract(FieldVector[] args, int from, int to, int group) {
            ColumnReaders.DecimalReader r = ColumnReaders.decimals(args[0]);
            for (int i = from; i < to; i++) {
                fold(r, i, group, -1);
            }
        }

        @Override
        public void reset(int group) {
            ensure(group + 1);
            sums[group] = null;
            counts[group] = 0;
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            DecimalSum o = (DecimalSum) other;
            ensure(groupCount);
            for (int g = 0; g < mapping.length && g < o.sums.length; g++) {
                if (o.sums[g] == null) {
                    continue;
                }
                int t = mapping[g];
                sums[t] = sums[t] == null ? o.sums[g] : sums[t].add(o.sums[g]);
                counts[t] += o.counts[g];
            }
        }

        private BigDecimal result(int g) {
            return average ? sums[g].divide(BigDecimal.valueOf(counts[g]), MathContext.DECIMAL128) : sums[g];
        }

        private void put(FieldVector out, Object writer, int g, int index) {
            if (writer instanceof ColumnWriters.DoubleWriter) {
                ColumnWriters.DoubleWriter w = (ColumnWriters.DoubleWriter) writer;
                if (counts[g] == 0) {
                    w.setNull(index);
                } else {
                    w.set(index, result(g).doubleValue());
                }
            } else {
                ColumnWriters.DecimalWriter w = (ColumnWriters.DecimalWriter) writer;
                if (counts[g] == 0) {
                    w.setNull(index);
                } else {
                    w.set(index, result(g));
                }
            }
        }

        private static Object writer(FieldVector out) {
            return out.getField().getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint
                    ? ColumnWriters.doubles(out) : ColumnWriters.decimals(out);
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ensure(groupCount);
            Object w = writer(out);
            for (int g = 0; g < groupCount; g++) {
                put(out, w, g, g);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            put(out, writer(out), group, index);
        }

        @Override
        public long estimatedBytes() {
            return sums.length * 48L;
        }
    }
}
