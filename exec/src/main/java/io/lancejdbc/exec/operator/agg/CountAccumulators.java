package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/** COUNT(*) and COUNT(x). */
final class CountAccumulators {
    private CountAccumulators() {
    }

    /** COUNT(*) (no arguments) or COUNT(x) (non-NULL values of x). */
    static final class Count implements Accumulator {
        private long[] counts = new long[16];
        private final boolean star;

        Count(boolean star) {
            this.star = star;
        }

        @Override
        public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
            if (counts.length < groupCount) {
                counts = Arrays.copyOf(counts, Math.max(groupCount, counts.length * 2));
            }
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

        @Override
        public void merge(Accumulator other, int[] mapping, int groupCount) {
            Count o = (Count) other;
            if (counts.length < groupCount) {
                counts = Arrays.copyOf(counts, Math.max(groupCount, counts.length * 2));
            }
            for (int g = 0; g < mapping.length && g < o.counts.length; g++) {
                counts[mapping[g]] += o.counts[g];
            }
        }

        @Override
        public void write(FieldVector out, int groupCount) {
            ColumnWriters.LongWriter w = ColumnWriters.longs(out);
            for (int g = 0; g < groupCount; g++) {
                w.set(g, g < counts.length ? counts[g] : 0);
            }
            out.setValueCount(groupCount);
        }

        @Override
        public long estimatedBytes() {
            return counts.length * 8L;
        }
    }
}
