package io.lancejdbc.exec.operator.window;

import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.plan.WindowFrame;
import java.util.List;
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
            FieldVector orderKey, boolean ascending, int n) {
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
                return aggregate(call, order, args, orderKey, ascending, n);
        }
    }

    private static int partitionEnd(boolean[] ps, int p0, int n) {
        int p1 = p0 + 1;
        while (p1 < n && !ps[p1]) {
            p1++;
        }
        return p1;
    }

    private static WindowResult aggregate(WindowCall call, WindowOrder order, List<FieldVector> args,
            FieldVector orderKey, boolean ascending, int n) {
        FrameAggregate agg = FrameAggregate.create(call.function(), args, call.type(), n);
        int[] perm = order.perm();
        boolean[] ps = order.partitionStart();
        WindowFrame frame = call.frame();
        if (frame.startUnbounded() && frame.endUnbounded()) {
            for (int p0 = 0; p0 < n; ) {
                int p1 = partitionEnd(ps, p0, n);
                agg.reset();
                for (int p = p0; p < p1; p++) {
                    agg.add(perm[p]);
                }
                for (int p = p0; p < p1; p++) {
                    agg.emit(perm[p]);
                }
                p0 = p1;
            }
            return agg.result();
        }
        FrameBounds b = FrameBounds.of(order, frame, orderKey, ascending);
        boolean removable = agg.removable();
        int curStart = 0;
        int curEnd = 0;
        for (int p = 0; p < n; p++) {
            int s = b.start[p];
            int e = b.end[p];
            if (ps[p] || s < curStart || e < curEnd || s >= curEnd || s > curStart && !removable) {
                agg.reset();
                curStart = s;
                curEnd = s;
            }
            while (curEnd < e) {
                agg.add(perm[curEnd++]);
            }
            while (curStart < s) {
                agg.remove(perm[curStart++]);
            }
            agg.emit(perm[p]);
        }
        return agg.result();
    }
}
