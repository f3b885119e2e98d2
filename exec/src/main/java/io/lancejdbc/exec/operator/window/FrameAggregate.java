package io.lancejdbc.exec.operator.window;

import io.lancejdbc.exec.expr.ColumnReaders;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.operator.RowComparator;
import io.lancejdbc.exec.operator.agg.Int128Sums;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The running state of one aggregate over a window frame. Rows enter at the frame end ({@link #add}) and, when the
 * aggregate supports it, leave at the frame start ({@link #remove}, always the oldest row still inside), so sliding
 * frames cost O(1) per row; aggregates that cannot remove a row are recomputed for each moved frame start. Results
 * follow the GROUP BY aggregates: NULLs are skipped, an empty (or all-NULL) frame gives NULL (COUNT: 0), integer SUM
 * fails with 22003 on overflow.
 */
abstract class FrameAggregate {
    /** Empties the state. */
    abstract void reset();

    /** Adds row {@code row} (a row id) at the frame end. */
    abstract void add(int row);

    /** True when {@link #remove} is supported. */
    abstract boolean removable();

    /** Removes row {@code row}, the oldest row of the frame. */
    void remove(int row) {
        throw new UnsupportedOperationException();
    }

    /** Stores the current result as the value of row {@code target}. */
    abstract void emit(int target);

    /** The results of every row. */
    abstract WindowResult result();

    /**
     * The aggregate for {@code function} over the argument vectors (all rows).
     *
     * @param type the result type
     */
    static FrameAggregate create(String function, List<FieldVector> args, Field type, int n) {
        ArrowType argType = args.isEmpty() ? null : args.get(0).getField().getType();
        ArrowType out = type.getType();
        switch (function) {
            case "count_star":
                return new Count(null, n);
            case "count":
                return new Count(args.get(0), n);
            case "sum":
            case "avg": {
                boolean avg = function.equals("avg");
                if (argType instanceof ArrowType.FloatingPoint) {
                    return new DoubleSum(args.get(0), avg, n);
                }
                boolean intLike = argType instanceof ArrowType.Int && !(((ArrowType.Int) argType).getBitWidth() == 64
                        && !((ArrowType.Int) argType).getIsSigned());
                if (intLike && !(out instanceof ArrowType.Decimal)) {
                    return new LongSum(args.get(0), avg, n);
                }
                return new DecimalSum(args.get(0), avg, n);
            }
            case "min":
            case "max":
                return new MinMax(args.get(0), function.equals("max"), n);
            case "any_value":
                return new FirstNonNull(args.get(0), n);
            case "bool_and":
            case "bool_or":
                return new BoolAgg(args.get(0), function.equals("bool_and"), n);
            case "stddev_samp":
            case "stddev_pop":
            case "var_samp":
            case "var_pop":
                return new Variance(args.get(0), function, n);
            case "group_concat":
                return new GroupConcat(args.get(0), args.size() > 1 ? args.get(1) : null, n);
            default:
                throw new SqlError(SqlState.UNDEFINED_FUNCTION, "Aggregate " + function + "() cannot be used as a"
                        + " window function");
        }
    }

    /** COUNT(*) and COUNT(x). */
    static final class Count extends FrameAggregate {
        private final FieldVector arg;
        private final WindowResult.Longs out;
        private long count;

        Count(FieldVector arg, int n) {
            this.arg = arg;
            this.out = new WindowResult.Longs(n, false);
        }

        @Override
        void reset() {
            count = 0;
        }

        @Override
        void add(int row) {
            if (arg == null || !arg.isNull(row)) {
                count++;
            }
        }

        @Override
        boolean removable() {
            return true;
        }

        @Override
        void remove(int row) {
            if (arg == null || !arg.isNull(row)) {
                count--;
            }
        }

        @Override
        void emit(int target) {
            out.set(target, count);
        }

        @Override
        WindowResult result() {
            return out;
        }
    }

    /**
     * SUM / AVG of integers, kept exactly in 128 bits ({@link Int128Sums}): SUM fails with 22003 only when the frame's
     * total lies outside BIGINT, AVG is the exact mean rounded to float64.
     */
    static final class LongSum extends FrameAggregate {
        private final ColumnReaders.LongReader r;
        private final boolean avg;
        private final WindowResult.Longs sums;
        private final WindowResult.Doubles avgs;
        private long sum;
        private long high;
        private long count;

        LongSum(FieldVector arg, boolean avg, int n) {
            this.r = ColumnReaders.longs(arg);
            this.avg = avg;
            this.sums = avg ? null : new WindowResult.Longs(n, true);
            this.avgs = avg ? new WindowResult.Doubles(n) : null;
        }

        @Override
        void reset() {
            sum = 0;
            high = 0;
            count = 0;
        }

        @Override
        void add(int row) {
            if (!r.isNull(row)) {
                long x = r.get(row);
                long s = sum + x;
                high = Int128Sums.highAfterAdd(high, sum, x, s);
                sum = s;
                count++;
            }
        }

        @Override
        boolean removable() {
            return true;
        }

        @Override
        void remove(int row) {
            if (!r.isNull(row)) {
                long x = r.get(row);
                high = Int128Sums.highAfterSubtract(high, sum, x);
                sum -= x;
                count--;
            }
        }

        @Override
        void emit(int target) {
            if (count == 0) {
                if (avg) {
                    avgs.nulls[target] = true;
                } else {
                    sums.setNull(target);
                }
                return;
            }
            if (avg) {
                avgs.values[target] = Int128Sums.mean(high, sum, count);
            } else if (!Int128Sums.fitsLong(high, sum)) {
                throw new SqlError(SqlState.NUMERIC_OUT_OF_RANGE, "BIGINT overflow in SUM over a window: the sum is "
                        + Int128Sums.value(high, sum) + "; cast the argument to DECIMAL(38,0) to sum beyond"
                        + " 9223372036854775807");
            } else {
                sums.set(target, sum);
            }
        }

        @Override
        WindowResult result() {
            return avg ? avgs : sums;
        }
    }

    /** SUM / AVG of floats with compensated (Neumaier) summation; NaN and infinities counted apart. */
    static final class DoubleSum extends FrameAggregate {
        private final ColumnReaders.DoubleReader r;
        private final boolean avg;
        private final WindowResult.Doubles out;
        private double sum;
        private double compensation;
        private long count;
        private long nans;
        private long posInf;
        private long negInf;

        DoubleSum(FieldVector arg, boolean avg, int n) {
            this.r = ColumnReaders.doubles(arg);
            this.avg = avg;
            this.out = new WindowResult.Doubles(n);
        }

        @Override
        void reset() {
            sum = 0;
            compensation = 0;
            count = 0;
            nans = 0;
            posInf = 0;
            negInf = 0;
        }

        private void accumulate(double x, int sign) {
            if (Double.isNaN(x)) {
                nans += sign;
            } else if (x == Double.POSITIVE_INFINITY) {
                posInf += sign;
            } else if (x == Double.NEGATIVE_INFINITY) {
                negInf += sign;
            } else {
                double y = sign * x;
                double t = sum + y;
                compensation += Math.abs(sum) >= Math.abs(y) ? (sum - t) + y : (y - t) + sum;
                sum = t;
            }
        }

        @Override
        void add(int row) {
            if (!r.isNull(row)) {
                accumulate(r.get(row), 1);
                count++;
            }
        }

        @Override
        boolean removable() {
            return true;
        }

        @Override
        void remove(int row) {
            if (!r.isNull(row)) {
                accumulate(r.get(row), -1);
                count--;
            }
        }

        @Override
        void emit(int target) {
            if (count == 0) {
                out.nulls[target] = true;
                return;
            }
            double total;
            if (nans > 0 || posInf > 0 && negInf > 0) {
                total = Double.NaN;
            } else if (posInf > 0) {
                total = Double.POSITIVE_INFINITY;
            } else if (negInf > 0) {
                total = Double.NEGATIVE_INFINITY;
            } else {
                total = sum + compensation;
            }
            out.values[target] = avg ? total / count : total;
        }

        @Override
        WindowResult result() {
            return out;
        }
    }

    /** SUM / AVG of decimals (and unsigned 64-bit integers), exact; AVG rounds to the result scale. */
    static final class DecimalSum extends FrameAggregate {
        private final ColumnReaders.DecimalReader r;
        private final boolean avg;
        private final WindowResult.Objects out;
        private BigDecimal sum = BigDecimal.ZERO;
        private long count;

        DecimalSum(FieldVector arg, boolean avg, int n) {
            this.r = ColumnReaders.decimals(arg);
            this.avg = avg;
            this.out = new WindowResult.Objects(n);
        }

        @Override
        void reset() {
            sum = BigDecimal.ZERO;
            count = 0;
        }

        @Override
        void add(int row) {
            if (!r.isNull(row)) {
                sum = sum.add(r.get(row));
                count++;
            }
        }

        @Override
        boolean removable() {
            return true;
        }

        @Override
        void remove(int row) {
            if (!r.isNull(row)) {
                sum = sum.subtract(r.get(row));
                count--;
            }
        }

        @Override
        void emit(int target) {
            out.values[target] = count == 0 ? null
                    : avg ? sum.divide(BigDecimal.valueOf(count), MathContext.DECIMAL128) : sum;
        }

        @Override
        WindowResult result() {
            return out;
        }
    }

    /**
     * An aggregate whose value is a row of the frame: a queue of candidate rows (indices into the partition) whose
     * head is the answer, -1 (NULL) when empty. Rows leave the frame in the order they entered, so removing a row
     * only ever drops the head.
     */
    abstract static class RowQueue extends FrameAggregate {
        private final FieldVector arg;
        private final WindowResult.RowRefs out;
        private int[] queue = new int[16];
        private int head;
        private int tail;

        RowQueue(FieldVector arg, int n) {
            this.arg = arg;
            this.out = new WindowResult.RowRefs(arg, n);
        }

        /** Whether the last queued row must leave the queue now that {@code row} arrives (MIN/MAX candidates). */
        abstract boolean dropsLast(int last, int row);

        @Override
        void reset() {
            head = 0;
            tail = 0;
        }

        @Override
        void add(int row) {
            if (arg.isNull(row)) {
                return;
            }
            while (tail > head && dropsLast(queue[tail - 1], row)) {
                tail--;
            }
            if (tail == queue.length) {
                if (head > 0) {
                    System.arraycopy(queue, head, queue, 0, tail - head);
                    tail -= head;
                    head = 0;
                } else {
                    queue = java.util.Arrays.copyOf(queue, queue.length * 2);
                }
            }
            queue[tail++] = row;
        }

        @Override
        boolean removable() {
            return true;
        }

        @Override
        void remove(int row) {
            if (tail > head && queue[head] == row) {
                head++;
            }
        }

        @Override
        void emit(int target) {
            out.rows[target] = tail > head ? queue[head] : -1;
        }

        @Override
        WindowResult result() {
            return out;
        }
    }

    /** MIN / MAX by a monotonic queue of candidate rows: O(1) amortized per added or removed row. */
    static final class MinMax extends RowQueue {
        private final boolean max;
        private final RowComparator cmp;

        MinMax(FieldVector arg, boolean max, int n) {
            super(arg, n);
            this.max = max;
            this.cmp = new RowComparator(List.of(List.of(arg)), new boolean[] {true}, new boolean[] {true});
        }

        @Override
        boolean dropsLast(int last, int row) {
            int c = cmp.compare(last, row);
            // Drop candidates the new row beats (or ties: it stays in the frame longer).
            return max ? c <= 0 : c >= 0;
        }
    }

    /** ANY_VALUE: the first non-NULL value of the frame. */
    static final class FirstNonNull extends RowQueue {
        FirstNonNull(FieldVector arg, int n) {
            super(arg, n);
        }

        @Override
        boolean dropsLast(int last, int row) {
            return false;
        }
    }

    /** BOOL_AND / BOOL_OR by counting TRUE and FALSE values. */
    static final class BoolAgg extends FrameAggregate {
        private final ColumnReaders.BoolReader r;
        private final boolean and;
        private final WindowResult.Objects out;
        private long trues;
        private long falses;

        BoolAgg(FieldVector arg, boolean and, int n) {
            this.r = ColumnReaders.bools(arg);
            this.and = and;
            this.out = new WindowResult.Objects(n);
        }

        @Override
        void reset() {
            trues = 0;
            falses = 0;
        }

        @Override
        void add(int row) {
            if (!r.isNull(row)) {
                if (r.get(row)) {
                    trues++;
                } else {
                    falses++;
                }
            }
        }

        @Override
        boolean removable() {
            return true;
        }

        @Override
        void remove(int row) {
            if (!r.isNull(row)) {
                if (r.get(row)) {
                    trues--;
                } else {
                    falses--;
                }
            }
        }

        @Override
        void emit(int target) {
            out.values[target] = trues + falses == 0 ? null : and ? falses == 0 : trues > 0;
        }

        @Override
        WindowResult result() {
            return out;
        }
    }

    /** Variances and standard deviations (Welford's update; recomputed when the frame start moves). */
    static final class Variance extends FrameAggregate {
        private final ColumnReaders.DoubleReader r;
        private final boolean sample;
        private final boolean sqrt;
        private final WindowResult.Doubles out;
        private long count;
        private double mean;
        private double m2;

        Variance(FieldVector arg, String function, int n) {
            this.r = ColumnReaders.doubles(arg);
            this.sample = function.endsWith("_samp");
            this.sqrt = function.startsWith("stddev");
            this.out = new WindowResult.Doubles(n);
        }

        @Override
        void reset() {
            count = 0;
            mean = 0;
            m2 = 0;
        }

        @Override
        void add(int row) {
            if (!r.isNull(row)) {
                double x = r.get(row);
                count++;
                double d = x - mean;
                mean += d / count;
                m2 += d * (x - mean);
            }
        }

        @Override
        boolean removable() {
            return false;
        }

        @Override
        void emit(int target) {
            if (count == 0 || sample && count < 2) {
                out.nulls[target] = true;
                return;
            }
            double v = m2 / (sample ? count - 1 : count);
            out.values[target] = sqrt ? Math.sqrt(v) : v;
        }

        @Override
        WindowResult result() {
            return out;
        }
    }

    /** GROUP_CONCAT over the frame, in window order (recomputed when the frame start moves). */
    static final class GroupConcat extends FrameAggregate {
        private final ValueAccess.Getter value;
        private final ValueAccess.Getter separator;
        private final WindowResult.Objects out;
        private StringBuilder sb;
        private String cached;

        GroupConcat(FieldVector value, FieldVector separator, int n) {
            this.value = ValueAccess.getter(value);
            this.separator = separator == null ? null : ValueAccess.getter(separator);
            this.out = new WindowResult.Objects(n);
        }

        @Override
        void reset() {
            sb = null;
            cached = null;
        }

        @Override
        void add(int row) {
            Object x = value.get(row);
            if (x == null) {
                return;
            }
            cached = null;
            if (sb == null) {
                sb = new StringBuilder((String) x);
            } else {
                Object s = separator == null ? "," : separator.get(row);
                sb.append(s == null ? "" : (String) s).append((String) x);
            }
            if (sb.length() > 1 << 29) {
                throw new SqlError(SqlState.OUT_OF_MEMORY, "GROUP_CONCAT result exceeds 1 GiB");
            }
        }

        @Override
        boolean removable() {
            return false;
        }

        @Override
        void emit(int target) {
            if (sb != null && cached == null) {
                cached = sb.toString();
            }
            out.values[target] = cached;
        }

        @Override
        WindowResult result() {
            return out;
        }
    }
}
