package io.lancejdbc.exec.operator.window;

import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.plan.WindowFrame;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.operator.VectorGather;
import io.lancejdbc.exec.operator.agg.Accumulator;
import io.lancejdbc.exec.operator.agg.Accumulators;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.FieldVector;

/**
 * Computes one window function for every row, given the rows in window order: ranking functions from the partition
 * and peer boundaries, LAG/LEAD/FIRST_VALUE/LAST_VALUE as references to other rows, aggregates over each row's frame
 * (SQL:2011 6.10 window function).
 */
final class WindowEvaluator {
    private WindowEvaluator() {
    }

    /**
     * @param args the call's argument values for every row (LAG/LEAD: value, then the default already placed after
     *     the values, see {@code withDefault})
     * @param withDefault LAG/LEAD: {@code args.get(0)} holds the values in rows {@code [0, n)} and the defaults in
     *     rows {@code [n, 2n)}
     * @param orderKey the single ORDER BY vector, for RANGE frames with an offset; else null
     */
    static WindowResult evaluate(WindowCall call, WindowOrder order, List<FieldVector> args, boolean withDefault,
            FieldVector orderKey, boolean ascending, int n, BufferAllocator allocator) {
        int[] perm = order.perm();
        boolean[] ps = order.partitionStart();
        boolean[] peers = order.peerStart();
        switch (call.function()) {
            case "row_number":
            case "rank":
            case "dense_rank": {
                WindowResult.Longs out = new WindowResult.Longs(n, false);
                long rank = 0;
                long dense = 0;
                int partStart = 0;
                for (int p = 0; p < n; p++) {
                    if (ps[p]) {
                        partStart = p;
                        dense = 0;
                    }
                    if (peers[p]) {
                        rank = p - partStart + 1;
                        dense++;
                    }
                    long v = call.function().equals("row_number") ? p - partStart + 1
                            : call.function().equals("rank") ? rank : dense;
                    out.set(perm[p], v);
                }
                return out;
            }
            case "percent_rank":
            case "cume_dist": {
                WindowResult.Doubles out = new WindowResult.Doubles(n);
                boolean cume = call.function().equals("cume_dist");
                for (int p0 = 0; p0 < n; ) {
                    int p1 = partitionEnd(ps, p0, n);
                    int size = p1 - p0;
                    for (int g0 = p0; g0 < p1; ) {
                        int g1 = g0 + 1;
                        while (g1 < p1 && !peers[g1]) {
                            g1++;
                        }
                        double v = cume ? (double) (g1 - p0) / size
                                : size == 1 ? 0.0 : (double) (g0 - p0) / (size - 1);
                        for (int p = g0; p < g1; p++) {
                            out.values[perm[p]] = v;
                        }
                        g0 = g1;
                    }
                    p0 = p1;
                }
                return out;
            }
            case "ntile": {
                long buckets = (Long) ((Literal) call.args().get(0)).value();
                WindowResult.Longs out = new WindowResult.Longs(n, false);
                for (int p0 = 0; p0 < n; ) {
                    int p1 = partitionEnd(ps, p0, n);
                    long size = p1 - p0;
                    long q = size / buckets;
                    long rem = size % buckets;
                    for (int p = p0; p < p1; p++) {
                        long k = p - p0;
                        long bucket = q == 0 ? k + 1
                                : k < rem * (q + 1) ? k / (q + 1) + 1 : rem + (k - rem * (q + 1)) / q + 1;
                        out.set(perm[p], bucket);
                    }
                    p0 = p1;
                }
                return out;
            }
            case "lag":
            case "lead": {
                long offset = (Long) ((Literal) call.args().get(1)).value();
                long shift = call.function().equals("lag") ? -offset : offset;
                WindowResult.RowRefs out = new WindowResult.RowRefs(args.get(0), n);
                for (int p0 = 0; p0 < n; ) {
                    int p1 = partitionEnd(ps, p0, n);
                    for (int p = p0; p < p1; p++) {
                        long t = p + shift;
                        int row = perm[p];
                        out.rows[row] = t >= p0 && t < p1 ? perm[(int) t] : withDefault ? n + row : -1;
                    }
                    p0 = p1;
                }
                return out;
            }
            case "first_value":
            case "last_value": {
                FrameBounds b = FrameBounds.of(order, call.frame(), orderKey, ascending);
                boolean first = call.function().equals("first_value");
                WindowResult.RowRefs out = new WindowResult.RowRefs(args.get(0), n);
                for (int p = 0; p < n; p++) {
                    int s = b.start[p];
                    int e = b.end[p];
                    out.rows[perm[p]] = s >= e ? -1 : first ? perm[s] : perm[e - 1];
                }
                return out;
            }
            default:
                return aggregate(call, order, args, orderKey, ascending, n, allocator);
        }
    }

    private static int partitionEnd(boolean[] ps, int p0, int n) {
        int p1 = p0 + 1;
        while (p1 < n && !ps[p1]) {
            p1++;
        }
        return p1;
    }

    /**
     * An aggregate over each row's frame, computed by the aggregate's one definition ({@link Accumulators}) on the
     * arguments in window order. A frame spanning the whole partition folds each partition as one group, exactly as
     * GROUP BY does, so {@code f(x) OVER (PARTITION BY g)} equals {@code f(x) ... GROUP BY g} bit for bit (same rows,
     * same order). Other frames keep one running group: rows enter at the frame end ({@link Accumulator#add}) and
     * leave at its start by {@link Accumulator#retract} when the aggregate removes rows exactly (COUNT, integer,
     * decimal and DOUBLE SUM/AVG, BOOL_AND/OR; MIN/MAX by a monotonic queue), otherwise the frame is recomputed
     * whenever its start moves (variance and standard deviation, GROUP_CONCAT, ANY_VALUE).
     */
    private static WindowResult aggregate(WindowCall call, WindowOrder order, List<FieldVector> args,
            FieldVector orderKey, boolean ascending, int n, BufferAllocator allocator) {
        int[] perm = order.perm();
        boolean[] ps = order.partitionStart();
        WindowFrame frame = call.frame();
        ArrowType argType = args.isEmpty() ? null : args.get(0).getField().getType();
        FieldVector[] ordered = new FieldVector[args.size()];
        FieldVector out = null;
        try {
            for (int i = 0; i < ordered.length; i++) {
                FieldVector a = args.get(i);
                ordered[i] = VectorGather.gather(a, a.getField(), perm, 0, n, allocator);
            }
            int[] rows = new int[n];
            if (frame.startUnbounded() && frame.endUnbounded()) {
                int[] partition = new int[n];
                int partitions = 0;
                for (int p = 0; p < n; p++) {
                    if (ps[p] || p == 0) {
                        partitions++;
                    }
                    partition[p] = partitions - 1;
                    rows[perm[p]] = partitions - 1;
                }
                try (Accumulator acc = Accumulators.plain(call.function(), argType, call.type(), allocator)) {
                    acc.update(ordered, n, partition, partitions);
                    out = ColumnWriters.allocate(call.type(), partitions, allocator);
                    acc.write(out, partitions);
                }
                return new WindowResult.RowRefs(out, rows, true);
            }
            FrameBounds b = FrameBounds.of(order, frame, orderKey, ascending);
            try (Accumulator acc = Accumulators.sliding(call.function(), argType, call.type(), allocator)) {
                out = ColumnWriters.allocate(call.type(), n, allocator);
                boolean removable = acc.retractable();
                int curStart = 0;
                int curEnd = 0;
                acc.reset(0);
                for (int p = 0; p < n; p++) {
                    int s = b.start[p];
                    int e = b.end[p];
                    if (ps[p] || s < curStart || e < curEnd || s >= curEnd || s > curStart && !removable) {
                        acc.reset(0);
                        curStart = s;
                        curEnd = s;
                    }
                    if (curEnd < e) {
                        acc.add(ordered, curEnd, e, 0);
                        curEnd = e;
                    }
                    if (curStart < s) {
                        acc.retract(ordered, curStart, s, 0);
                        curStart = s;
                    }
                    acc.writeGroup(0, out, p);
                    rows[perm[p]] = p;
                }
                out.setValueCount(n);
            }
            return new WindowResult.RowRefs(out, rows, true);
        } catch (RuntimeException e) {
            if (out != null) {
                out.close();
            }
            throw e;
        } finally {
            for (FieldVector v : ordered) {
                if (v != null) {
                    v.close();
                }
            }
        }
    }
}
