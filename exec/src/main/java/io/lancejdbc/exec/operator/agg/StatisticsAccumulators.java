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
                if (sb == null) {
                    values[g] = new StringBuilder((String) x);
                } else {
                    Object s = sep == null ? "," : sep.get(i);
                    sb.append(s == null ? "" : (String) s).append((String) x);
                }
                bytes += ((String) x).length() * 2L;
                if (bytes > 1L << 30) {
                    throw new io.lancejdbc.sql.SqlError(io.lancejdbc.sql.SqlState.OUT_OF_MEMORY,
                            "GROUP_CONCAT result exceeds 1 GiB");
                }
            }
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
