package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.stream.RowCopier;
import io.lancejdbc.exec.expr.ValueAccess;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * MIN or MAX over a sliding window frame (one group, group 0): a monotonic queue of the frame's candidate rows whose
 * head is the answer, so rows enter and leave in O(1) amortized. Rows must leave in the order they entered, which
 * window frames guarantee. The order is the one {@link MinMaxAccumulators} uses (signed integers; floats with NaN
 * greatest and -0.0 equal to 0.0; unsigned bytes for strings and binaries) and ties keep the earliest row, as the
 * GROUP BY accumulator keeps the first of equal values; the value is copied from its row unchanged.
 */
final class SlidingMinMax implements Accumulator {
    /** Row order over one argument vector. */
    private interface RowOrder {
        int compare(int a, int b);
    }

    private final boolean max;
    private final boolean longLike;
    private final boolean floating;
    private FieldVector source;
    private RowOrder order;
    private FieldVector target;
    private RowCopier copier;
    private int[] queue = new int[16];
    private int head;
    private int tail;

    SlidingMinMax(boolean max, ArrowType argType) {
        this.max = max;
        this.floating = argType instanceof ArrowType.FloatingPoint;
        boolean intLike = argType instanceof ArrowType.Int && !(((ArrowType.Int) argType).getBitWidth() == 64
                && !((ArrowType.Int) argType).getIsSigned());
        this.longLike = intLike || argType instanceof ArrowType.Date || argType instanceof ArrowType.Timestamp
                || argType instanceof ArrowType.Time;
    }

    private RowOrder order(FieldVector v) {
        if (v != source) {
            source = v;
            copier = null;
            if (longLike) {
                ColumnReaders.LongReader r = ColumnReaders.longs(v);
                order = (a, b) -> Long.compare(r.get(a), r.get(b));
            } else if (floating) {
                ColumnReaders.DoubleReader r = ColumnReaders.doubles(v);
                order = (a, b) -> MinMaxAccumulators.DoubleMinMax.compare(r.get(a), r.get(b));
            } else {
                ValueAccess.Getter g = ValueAccess.getter(v);
                order = (a, b) -> MinMaxAccumulators.ObjectMinMax.compare(g.get(a), g.get(b));
            }
        }
        return order;
    }

    @Override
    public void add(FieldVector[] args, int from, int to, int group) {
        FieldVector v = args[0];
        RowOrder o = order(v);
        for (int i = from; i < to; i++) {
            if (v.isNull(i)) {
                continue;
            }
            // Drop candidates the new row beats strictly; an equal earlier row stays the answer.
            while (tail > head) {
                int c = o.compare(i, queue[tail - 1]);
                if (max ? c > 0 : c < 0) {
                    tail--;
                } else {
                    break;
                }
            }
            if (tail == queue.length) {
                if (head > 0) {
                    System.arraycopy(queue, head, queue, 0, tail - head);
                    tail -= head;
                    head = 0;
                } else {
                    queue = Arrays.copyOf(queue, queue.length * 2);
                }
            }
            queue[tail++] = i;
        }
    }

    @Override
    public boolean retractable() {
        return true;
    }

    /** Removes rows {@code [from, to)}, the oldest rows of the frame. */
    @Override
    public void retract(FieldVector[] args, int from, int to, int group) {
        for (int i = from; i < to && tail > head; i++) {
            if (queue[head] == i) {
                head++;
            }
        }
    }

    @Override
    public void reset(int group) {
        head = 0;
        tail = 0;
    }

    @Override
    public void writeGroup(int group, FieldVector out, int index) {
        if (tail == head) {
            RowCopier.nulls(out).setNull(index);
            return;
        }
        if (out != target || copier == null) {
            target = out;
            copier = RowCopier.of(source, out);
        }
        copier.copy(queue[head], index);
    }

    @Override
    public void update(FieldVector[] args, int rows, int[] groupIds, int groupCount) {
        throw new UnsupportedOperationException("SlidingMinMax serves window frames; GROUP BY uses MinMaxAccumulators");
    }

    @Override
    public void merge(Accumulator other, int[] mapping, int groupCount) {
        throw new UnsupportedOperationException("SlidingMinMax serves window frames; GROUP BY uses MinMaxAccumulators");
    }

    @Override
    public void write(FieldVector out, int groupCount) {
        throw new UnsupportedOperationException("SlidingMinMax serves window frames; GROUP BY uses MinMaxAccumulators");
    }

    @Override
    public long estimatedBytes() {
        return queue.length * 4L;
    }
}
