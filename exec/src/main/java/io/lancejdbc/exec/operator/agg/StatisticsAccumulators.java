package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import org.apache.arrow.vector.FieldVector;

/** Variance and standard deviation (Welford's algorithm), GROUP_CONCAT, BOOL_AND and BOOL_OR. */
final class StatisticsAccumulators {
    private StatisticsAccumulators() {
    }

    /** var_samp, var_pop, stddev_samp, stddev_pop. */
    static final class Variance implements Accumulator {
        private long[] n = new long[16];
        private double[] mean = new double[16];
        private double[] m2 = new double[16];
        private final boolean sample;
        private final boolean sqrt;

        Variance(String function) {
            this.sample = function.endsWith("_samp");
            this.sqrt = function.startsWith("stddev");
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            ensure(groupCount);
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    fold(groupIds[i], r.get(i));
                }
            }
        }

        private void fold(int g, double x) {
            n[g]++;
            double d = x - mean[g];
            mean[g] += d / n[g];
            m2[g] += d * (x - mean[g]);
        }

        private void ensure(int size) {
            n = GroupArrays.fit(n, size);
            mean = GroupArrays.fit(mean, size);
            m2 = GroupArrays.fit(m2, size);
        }

        // Not retractable: Welford's update cannot be undone exactly; window frames whose start moves recompute.
        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            ensure(group + 1);
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(args[0]);
            for (int i = from; i < to; i++) {
                if (!r.isNull(i)) {
                    fold(group, r.get(i));
                }
            }
        }

        @Override
        public void reset(int group) {
            ensure(group + 1);
            n[group] = 0;
            mean[group] = 0;
            m2[group] = 0;
        }

        private void put(ColumnWriters.DoubleWriter w, int g, int index) {
            long count = n[g];
            if (count == 0 || sample && count < 2) {
                w.setNull(index);
            } else {
                double v = m2[g] / (sample ? count - 1 : count);
                w.set(index, sqrt ? Math.sqrt(v) : v);
            }
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            put(ColumnWriters.doubles(out), group, index);
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            Variance o = (Variance) other;
            ensure(groupCount);
            for (int g = 0; g < mapping.length && g < o.n.length; g++) {
                if (o.n[g] == 0) {
                    continue;
                }
                int t = mapping[g];
                long na = n[t];
                long nb = o.n[g];
                long total = na + nb;
                double delta = o.mean[g] - mean[t];
                mean[t] += delta * nb / total;
                m2[t] += o.m2[g] + delta * delta * ((double) na * nb / total);
                n[t] = total;
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ensure(groupCount);
            ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
            for (int g = 0; g < groupCount; g++) {
                put(w, g, g);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return n.length * 24L;
        }
    }

    /** GROUP_CONCAT(x[, separator]): non-NULL values joined in input order; default separator ",". */
    static final class GroupConcat implements Accumulator {
        private StringBuilder[] values = new StringBuilder[16];
        private long bytes;
        /** The separator last used, for joining partial results. */
        private String separator;

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            values = GroupArrays.fit(values, groupCount);
            ValueAccess.Getter v = ValueAccess.getter(args[0]);
            ValueAccess.Getter sep = args.length > 1 ? ValueAccess.getter(args[1]) : null;
            for (int i = 0; i < rows; i++) {
                fold(v, sep, i, groupIds[i]);
            }
        }

        // Not retractable (a value would have to be cut from the front); window frames whose start moves recompute.
        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            values = GroupArrays.fit(values, group + 1);
            ValueAccess.Getter v = ValueAccess.getter(args[0]);
            ValueAccess.Getter sep = args.length > 1 ? ValueAccess.getter(args[1]) : null;
            for (int i = from; i < to; i++) {
                fold(v, sep, i, group);
            }
        }

        @Override
        public void reset(int group) {
            values = GroupArrays.fit(values, group + 1);
            if (values[group] != null) {
                bytes -= values[group].length() * 2L;
                values[group] = null;
            }
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            ValueAccess.setter(out).set(index, values[group] == null ? null : values[group].toString());
        }

        private void fold(ValueAccess.Getter v, ValueAccess.Getter sep, int i, int g) {
            {
                Object x = v.get(i);
                if (x == null) {
                    return;
                }
                StringBuilder sb = values[g];
                if (sep != null && separator == null) {
                    Object s0 = sep.get(i);
                    separator = s0 == null ? "" : (String) s0;
                }
                if (sb == null) {
                    values[g] = new StringBuilder((String) x);
                } else {
                    Object s = sep == null ? "," : sep.get(i);
                    separator = s == null ? "" : (String) s;
                    sb.append(separator).append((String) x);
                }
                bytes += ((String) x).length() * 2L;
                if (bytes > 1L << 30) {
                    throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.OUT_OF_MEMORY,
                            "GROUP_CONCAT result exceeds 1 GiB");
                }
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            GroupConcat o = (GroupConcat) other;
            values = GroupArrays.fit(values, groupCount);
            for (int g = 0; g < mapping.length && g < o.values.length; g++) {
                if (o.values[g] == null) {
                    continue;
                }
                int t = mapping[g];
                if (values[t] == null) {
                    values[t] = new StringBuilder(o.values[g]);
                } else {
                    values[t].append(o.separator == null ? "," : o.separator).append(o.values[g]);
                }
            }
            bytes += o.bytes;
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            values = GroupArrays.fit(values, groupCount);
            ValueAccess.Setter s = ValueAccess.setter(out);
            for (int g = 0; g < groupCount; g++) {
                s.set(g, values[g] != null ? values[g].toString() : null);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return bytes + values.length * 8L;
        }
    }

    /** BOOL_AND / BOOL_OR over non-NULL values, by counting TRUE and FALSE (exact to remove); NULL without any. */
    static final class BoolAgg implements Accumulator {
        private long[] trues = new long[16];
        private long[] falses = new long[16];
        private final boolean and;

        BoolAgg(boolean and) {
            this.and = and;
        }

        private void ensure(int n) {
            trues = GroupArrays.fit(trues, n);
            falses = GroupArrays.fit(falses, n);
        }

        private void fold(ColumnReaders.BoolReader r, int i, int g, int sign) {
            if (!r.isNull(i)) {
                if (r.get(i)) {
                    trues[g] += sign;
                } else {
                    falses[g] += sign;
                }
            }
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            ensure(groupCount);
            ColumnReaders.BoolReader r = ColumnReaders.bools(args[0]);
            for (int i = 0; i < rows; i++) {
                fold(r, i, groupIds[i], 1);
            }
        }

        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            ensure(group + 1);
            ColumnReaders.BoolReader r = ColumnReaders.bools(args[0]);
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
            ColumnReaders.BoolReader r = ColumnReaders.bools(args[0]);
            for (int i = from; i < to; i++) {
                fold(r, i, group, -1);
            }
        }

        @Override
        public void reset(int group) {
            ensure(group + 1);
            trues[group] = 0;
            falses[group] = 0;
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            BoolAgg o = (BoolAgg) other;
            ensure(groupCount);
            for (int g = 0; g < mapping.length && g < o.trues.length; g++) {
                trues[mapping[g]] += o.trues[g];
                falses[mapping[g]] += o.falses[g];
            }
        }

        private void put(ColumnWriters.BoolWriter w, int g, int index) {
            if (trues[g] + falses[g] == 0) {
                w.setNull(index);
            } else {
                w.set(index, and ? falses[g] == 0 : trues[g] > 0);
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ensure(groupCount);
            ColumnWriters.BoolWriter w = ColumnWriters.bools(out);
            for (int g = 0; g < groupCount; g++) {
                put(w, g, g);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            put(ColumnWriters.bools(out), group, index);
        }

        @Override
        public long estimatedBytes() {
            return trues.length * 16L;
        }
    }
}
