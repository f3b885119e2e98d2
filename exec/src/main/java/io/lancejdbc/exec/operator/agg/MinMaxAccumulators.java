package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.DirectColumns;
import io.lancejdbc.exec.expr.ValueAccess;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/** MIN and MAX; ANY_VALUE keeps the first non-NULL value. */
final class MinMaxAccumulators {
    private MinMaxAccumulators() {
    }

    /** MIN/MAX of integer-like values (signed comparison; uint64 goes through {@link ObjectMinMax}). */
    static final class LongMinMax implements Accumulator {
        private long[] values = new long[16];
        private boolean[] seen = new boolean[16];
        private final boolean max;

        LongMinMax(boolean max) {
            this.max = max;
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
                    int g = groupIds[i];
                    long x = r.get(i);
                    if (!seen[g] || (max ? x > values[g] : x < values[g])) {
                        values[g] = x;
                        seen[g] = true;
                    }
                }
            }
        }

        private void ensure(int n) {
            values = GroupArrays.fit(values, n);
            seen = GroupArrays.fit(seen, n);
        }

        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            ensure(group + 1);
            ColumnReaders.LongReader r = ColumnReaders.longs(args[0]);
            for (int i = from; i < to; i++) {
                if (!r.isNull(i)) {
                    long x = r.get(i);
                    if (!seen[group] || (max ? x > values[group] : x < values[group])) {
                        values[group] = x;
                        seen[group] = true;
                    }
                }
            }
        }

        @Override
        public void reset(int group) {
            ensure(group + 1);
            seen[group] = false;
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            ColumnWriters.LongWriter w = ColumnWriters.longs(out);
            if (seen[group]) {
                w.set(index, values[group]);
            } else {
                w.setNull(index);
            }
        }

        // The same loop over a final reader class: no interface call or bounds check per row.
        private void updateDirect(DirectColumns.Longs r, int rows, int[] groupIds) {
            long[] values = this.values;
            boolean[] seen = this.seen;
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    int g = groupIds[i];
                    long x = r.get(i);
                    if (!seen[g] || (max ? x > values[g] : x < values[g])) {
                        values[g] = x;
                        seen[g] = true;
                    }
                }
            }
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            LongMinMax o = (LongMinMax) other;
            ensure(groupCount);
            for (int g = 0; g < mapping.length && g < o.seen.length; g++) {
                if (!o.seen[g]) {
                    continue;
                }
                int t = mapping[g];
                long x = o.values[g];
                if (!seen[t] || (max ? x > values[t] : x < values[t])) {
                    values[t] = x;
                    seen[t] = true;
                }
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ensure(groupCount);
            for (int g = 0; g < groupCount; g++) {
                writeGroup(g, out, g);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return values.length * 9L;
        }
    }

    /** MIN/MAX of floats; NaN is the greatest value, as in ORDER BY. */
    static final class DoubleMinMax implements Accumulator {
        private double[] values = new double[16];
        private boolean[] seen = new boolean[16];
        private final boolean max;

        DoubleMinMax(boolean max) {
            this.max = max;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            ensure(groupCount);
            ColumnReaders.DoubleReader r = ColumnReaders.doubles(args[0]);
            for (int i = 0; i < rows; i++) {
                if (!r.isNull(i)) {
                    int g = groupIds[i];
                    double x = r.get(i);
                    if (!seen[g]) {
                        values[g] = x;
                        seen[g] = true;
                    } else {
                        int c = compare(x, values[g]);
                        if (max ? c > 0 : c < 0) {
                            values[g] = x;
                        }
                    }
                }
            }
        }

        static int compare(double a, double b) {
            if (a == b) {
                return 0;
            }
            boolean an = Double.isNaN(a);
            boolean bn = Double.isNaN(b);
            if (an || bn) {
                return an && bn ? 0 : an ? 1 : -1;
            }
            return a < b ? -1 : 1;
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            DoubleMinMax o = (DoubleMinMax) other;
            ensure(groupCount);
            for (int g = 0; g < mapping.length && g < o.seen.length; g++) {
                if (!o.seen[g]) {
                    continue;
                }
                int t = mapping[g];
                double x = o.values[g];
                if (!seen[t]) {
                    values[t] = x;
                    seen[t] = true;
                } else {
                    int c = compare(x, values[t]);
                    if (max ? c > 0 : c < 0) {
                        values[t] = x;
                    }
                }
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

        private void put(ColumnWriters.DoubleWriter w, int g, int index) {
            if (seen[g]) {
                w.set(index, values[g]);
            } else {
                w.setNull(index);
            }
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            put(ColumnWriters.doubles(out), group, index);
        }

        private void ensure(int n) {
            values = GroupArrays.fit(values, n);
            seen = GroupArrays.fit(seen, n);
        }

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

        private void fold(int g, double x) {
            if (!seen[g]) {
                values[g] = x;
                seen[g] = true;
            } else {
                int c = compare(x, values[g]);
                if (max ? c > 0 : c < 0) {
                    values[g] = x;
                }
            }
        }

        @Override
        public void reset(int group) {
            ensure(group + 1);
            seen[group] = false;
        }

        @Override
        public long estimatedBytes() {
            return values.length * 9L;
        }
    }

    /** MIN/MAX/ANY_VALUE of any comparable engine value (decimals, strings, binaries, booleans, uint64, nested). */
    static final class ObjectMinMax implements Accumulator {
        /** -1: MIN, 1: MAX, 0: ANY_VALUE. */
        private final int direction;
        private Object[] values = new Object[16];
        private long bytes;

        ObjectMinMax(int direction) {
            this.direction = direction;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            values = GroupArrays.fit(values, groupCount);
            ValueAccess.Getter get = ValueAccess.getter(args[0]);
            for (int i = 0; i < rows; i++) {
                int g = groupIds[i];
                if (direction == 0 && values[g] != null) {
                    continue;
                }
                Object x = get.get(i);
                if (x == null) {
                    continue;
                }
                Object cur = values[g];
                if (cur == null || direction != 0 && Integer.signum(compare(x, cur)) == direction) {
                    values[g] = x;
                    if (cur == null) {
                        bytes += 32;
                    }
                }
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        static int compare(Object a, Object b) {
            if (a instanceof byte[]) {
                return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
            }
            if (a instanceof String) {
                return Arrays.compareUnsigned(((String) a).getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        ((String) b).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            if (a instanceof Comparable) {
                return ((Comparable) a).compareTo(b);
            }
            return String.valueOf(a).compareTo(String.valueOf(b));
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            ObjectMinMax o = (ObjectMinMax) other;
            values = GroupArrays.fit(values, groupCount);
            for (int g = 0; g < mapping.length && g < o.values.length; g++) {
                Object x = o.values[g];
                if (x == null) {
                    continue;
                }
                int t = mapping[g];
                Object cur = values[t];
                if (cur == null || direction != 0 && Integer.signum(compare(x, cur)) == direction) {
                    values[t] = x;
                }
            }
            bytes += o.bytes;
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            values = GroupArrays.fit(values, groupCount);
            ValueAccess.Setter s = ValueAccess.setter(out);
            for (int g = 0; g < groupCount; g++) {
                s.set(g, values[g]);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            ValueAccess.setter(out).set(index, values[group]);
        }

        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            values = GroupArrays.fit(values, group + 1);
            ValueAccess.Getter get = ValueAccess.getter(args[0]);
            for (int i = from; i < to; i++) {
                if (direction == 0 && values[group] != null) {
                    return;
                }
                Object x = get.get(i);
                if (x == null) {
                    continue;
                }
                Object cur = values[group];
                if (cur == null || direction != 0 && Integer.signum(compare(x, cur)) == direction) {
                    values[group] = x;
                }
            }
        }

        @Override
        public void reset(int group) {
            values = GroupArrays.fit(values, group + 1);
            values[group] = null;
        }

        @Override
        public long estimatedBytes() {
            return values.length * 8L + bytes;
        }
    }
}
