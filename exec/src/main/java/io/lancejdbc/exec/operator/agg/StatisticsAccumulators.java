package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import java.util.Arrays;
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
            if (n.length < groupCount) {
                int size = Math.max(groupCount, n.length * 2);
                n = Arrays.copyOf(n, size);
                mean = Arrays.copyOf(mean, size);
                m2 = Arrays.copyOf(m2, size);
            }
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    int g = groupIds[i];
                    double x = r.get(i);
                    n[g]++;
                    double d = x - mean[g];
                    mean[g] += d / n[g];
                    m2[g] += d * (x - mean[g]);
                }
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            Variance o = (Variance) other;
            if (n.length < groupCount) {
                int size = Math.max(groupCount, n.length * 2);
                n = Arrays.copyOf(n, size);
                mean = Arrays.copyOf(mean, size);
                m2 = Arrays.copyOf(m2, size);
            }
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
            ColumnWriters.DoubleWriter w = ColumnWriters.doubles(out);
            for (int g = 0; g < groupCount; g++) {
                long count = g < n.length ? n[g] : 0;
                if (count == 0 || sample && count < 2) {
                    w.setNull(g);
                } else {
                    double v = m2[g] / (sample ? count - 1 : count);
                    w.set(g, sqrt ? Math.sqrt(v) : v);
                }
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
            if (values.length < groupCount) {
                values = Arrays.copyOf(values, Math.max(groupCount, values.length * 2));
            }
            ValueAccess.Getter v = ValueAccess.getter(args[0]);
            ValueAccess.Getter sep = args.length > 1 ? ValueAccess.getter(args[1]) : null;
            for (int i = 0; i < rows; i++) {
                Object x = v.get(i);
                if (x == null) {
                    continue;
                }
                int g = groupIds[i];
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
            if (values.length < groupCount) {
                values = Arrays.copyOf(values, Math.max(groupCount, values.length * 2));
            }
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
            ValueAccess.Setter s = ValueAccess.setter(out);
            for (int g = 0; g < groupCount; g++) {
                s.set(g, g < values.length && values[g] != null ? values[g].toString() : null);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return bytes + values.length * 8L;
        }
    }

    /** BOOL_AND / BOOL_OR over non-NULL values; NULL for a group without any. */
    static final class BoolAgg implements Accumulator {
        private byte[] state = new byte[16];
        private final boolean and;

        BoolAgg(boolean and) {
            this.and = and;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            if (state.length < groupCount) {
                state = Arrays.copyOf(state, Math.max(groupCount, state.length * 2));
            }
            ColumnReaders.BoolReader r = ColumnReaders.bools(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    int g = groupIds[i];
                    boolean x = r.get(i);
                    boolean cur = state[g] == 0 ? and : state[g] == 2;
                    boolean next = and ? cur && x : cur || x;
                    state[g] = (byte) (next ? 2 : 1);
                }
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            BoolAgg o = (BoolAgg) other;
            if (state.length < groupCount) {
                state = Arrays.copyOf(state, Math.max(groupCount, state.length * 2));
            }
            for (int g = 0; g < mapping.length && g < o.state.length; g++) {
                if (o.state[g] == 0) {
                    continue;
                }
                int t = mapping[g];
                boolean x = o.state[g] == 2;
                boolean cur = state[t] == 0 ? and : state[t] == 2;
                state[t] = (byte) ((and ? cur && x : cur || x) ? 2 : 1);
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ColumnWriters.BoolWriter w = ColumnWriters.bools(out);
            for (int g = 0; g < groupCount; g++) {
                byte s = g < state.length ? state[g] : 0;
                if (s == 0) {
                    w.setNull(g);
                } else {
                    w.set(g, s == 2);
                }
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return state.length;
        }
    }
}
