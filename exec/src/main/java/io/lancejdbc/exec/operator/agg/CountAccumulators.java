package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import org.apache.arrow.vector.FieldVector;

/** COUNT(*) and COUNT(x). */
final class CountAccumulators {
    private CountAccumulators() {
    }

    /** COUNT(*) (no arguments) or COUNT(x) (non-NULL values of x); removing rows is exact. */
    static final class Count implements Accumulator {
        private long[] counts = new long[16];
        private final boolean star;

        Count(boolean star) {
            this.star = star;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            counts = GroupArrays.fit(counts, groupCount);
            // COUNT(x) over a batch without NULLs counts like COUNT(*) and skips the per-row validity test.
            if (star || args[0].getNullCount() == 0) {
                for (int i = 0; i < rows; i++) {
                    counts[groupIds[i]]++;
                }
            } else {
                FieldVector v = args[0];
                for (int i = 0; i < rows; i++) {
                    if (!v.isNull(i)) {
                        counts[groupIds[i]]++;
                    }
                }
            }
        }

        private long nonNull(FieldVector[] args, int from, int to) {
            if (star) {
                return to - from;
            }
            long c = 0;
            for (int i = from; i < to; i++) {
                if (!args[0].isNull(i)) {
                    c++;
                }
            }
            return c;
        }

        @Override
        public void add(FieldVector[] args, int from, int to, int group) {
            counts = GroupArrays.fit(counts, group + 1);
            counts[group] += nonNull(args, from, to);
        }

        @Override
        public boolean retractable() {
            return true;
        }

        @Override
        public void retract(FieldVector[] args, int from, int to, int group) {
            counts[group] -= nonNull(args, from, to);
        }

        @Override
        public void reset(int group) {
            counts = GroupArrays.fit(counts, group + 1);
            counts[group] = 0;
        }

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            Count o = (Count) other;
            counts = GroupArrays.fit(counts, groupCount);
            for (int g = 0; g < mapping.length && g < o.counts.length; g++) {
                counts[mapping[g]] += o.counts[g];
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            counts = GroupArrays.fit(counts, groupCount);
            ColumnWriters.LongWriter w = ColumnWriters.longs(out);
            for (int g = 0; g < groupCount; g++) {
                w.set(g, counts[g]);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public void writeGroup(int group, FieldVector out, int index) {
            ColumnWriters.longs(out).set(index, counts[group]);
        }

        @Override
        public long estimatedBytes() {
            return counts.length * 8L;
        }
    }
}
