package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.plan.SortKey;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * ORDER BY, optionally fused with LIMIT/OFFSET (Top-N): with a limit, the buffer is cut back to the best
 * {@code offset + limit} rows whenever it grows past twice that (and at least one batch), so memory stays bounded by
 * the limit rather than the input. After the first cut the worst kept row is a threshold: of each later batch only
 * the rows that sort strictly before it are buffered (a row equal to it cannot displace a kept row), so a Top-N over
 * a large input sorts and copies little more than the rows that can still be in the answer.
 */
public final class SortOperator implements PhysicalOperator {
    private static final int MIN_COMPACTION_ROWS = 65_536;

    private final PhysicalOperator input;
    private final List<SortKey> keys;
    private final long offset;
    private final long limit;

    /** @param limit rows to return after {@code offset}, or -1 for a full sort */
    public SortOperator(PhysicalOperator input, List<SortKey> keys, long offset, long limit) {
        this.input = input;
        this.keys = List.copyOf(keys);
        this.offset = offset;
        this.limit = limit;
    }

    @Override
    public Schema schema() {
        return input.schema();
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(input);
    }

    @Override
    public String name() {
        return limit >= 0 ? "TOP_N" : "SORT";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        List<String> k = new ArrayList<>();
        for (SortKey s : keys) {
            k.add(s.sql());
        }
        out.add("order by: " + String.join(", ", k));
        if (limit >= 0) {
            out.add("limit: " + limit + (offset > 0 ? ", offset: " + offset : ""));
        }
        return out;
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        List<CompiledExpr> compiled = new ArrayList<>();
        boolean[] asc = new boolean[keys.size()];
        boolean[] nullsFirst = new boolean[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            compiled.add(ctx.compiler().compile(keys.get(i).expr()));
            asc[i] = keys.get(i).ascending();
            nullsFirst[i] = keys.get(i).nullsFirst();
        }
        BatchStream in = input.open(ctx);
        return new BatchStream() {
            private final List<VectorSchemaRoot> batches = new ArrayList<>();
            private final List<List<Evaluated>> keyValues = new ArrayList<>();
            private long[] order;
            private int total;
            private int position;
            private boolean sorted;

            @Override
            public Schema schema() {
                return in.schema();
            }

            /**
             * True when buffered batch 0 is the sorted result of the last cut, exactly {@code keep} rows: its last row
             * is the threshold (later batches are only appended behind it until the next cut).
             */
            private boolean thresholdReady;

            private List<Evaluated> evaluateKeys(VectorSchemaRoot b) {
                List<Evaluated> kv = new ArrayList<>();
                try {
                    for (CompiledExpr e : compiled) {
                        kv.add(e.evaluate(b, ctx.allocator()));
                    }
                } catch (RuntimeException e) {
                    kv.forEach(Evaluated::close);
                    throw e;
                }
                return kv;
            }

            private void add(VectorSchemaRoot b) {
                add(b, evaluateKeys(b));
            }

            private void add(VectorSchemaRoot b, List<Evaluated> kv) {
                batches.add(b);
                keyValues.add(kv);
                total += b.getRowCount();
            }

            /**
             * Buffers the rows of {@code b} that sort strictly before the threshold (the last row of batch 0, the
             * sorted batch the last cut left); takes ownership of {@code b}.
             */
            private void addBeatingThreshold(VectorSchemaRoot b) {
                List<Evaluated> kv = evaluateKeys(b);
                int n = b.getRowCount();
                long[] better = new long[n];
                int m = 0;
                try {
                    List<List<FieldVector>> pair = List.of(vectors(keyValues.get(0)), vectors(kv));
                    RowComparator cmp = new RowComparator(pair, asc, nullsFirst);
                    long threshold = batches.get(0).getRowCount() - 1L;
                    for (int r = 0; r < n; r++) {
                        long ref = (1L << 32) | r;
                        if (cmp.compare(ref, threshold) < 0) {
                            better[m++] = r;
                        }
                    }
                } catch (RuntimeException e) {
                    kv.forEach(Evaluated::close);
                    b.close();
                    throw e;
                }
                if (m == n) {
                    add(b, kv);
                    return;
                }
                kv.forEach(Evaluated::close);
                if (m == 0) {
                    b.close();
                    return;
                }
                VectorSchemaRoot kept;
                try {
                    kept = RowGatherer.gather(in.schema(), List.of(b), better, 0, m, ctx.allocator());
                } finally {
                    b.close();
                }
                add(kept);
            }

            private List<FieldVector> vectors(List<Evaluated> kv) {
                List<FieldVector> vs = new ArrayList<>(kv.size());
                for (Evaluated e : kv) {
                    vs.add(e.vector());
                }
                return vs;
            }

            private long[] sortAll() {
                List<List<FieldVector>> kv = new ArrayList<>();
                for (List<Evaluated> l : keyValues) {
                    kv.add(vectors(l));
                }
                long[] refs = new long[total];
                int k = 0;
                for (int b = 0; b < batches.size(); b++) {
                    int n = batches.get(b).getRowCount();
                    for (int r = 0; r < n; r++) {
                        refs[k++] = ((long) b << 32) | r;
                    }
                }
                new RowComparator(kv, asc, nullsFirst).sort(refs, total);
                return refs;
            }

            /** Keeps only the best {@code keep} rows in one new batch. */
            private void compact(long keep) {
                long[] refs = sortAll();
                int n = (int) Math.min(keep, total);
                VectorSchemaRoot kept = RowGatherer.gather(in.schema(), batches, refs, 0, n, ctx.allocator());
                releaseBuffered();
                add(kept);
                thresholdReady = n == keep && n > 0;
            }

            private void releaseBuffered() {
                for (List<Evaluated> l : keyValues) {
                    for (Evaluated e : l) {
                        e.close();
                    }
                }
                keyValues.clear();
                for (VectorSchemaRoot b : batches) {
                    b.close();
                }
                batches.clear();
                total = 0;
                thresholdReady = false;
            }

            @Override
            public VectorSchemaRoot next() {
                if (!sorted) {
                    long keep = limit >= 0 ? offset + limit : -1;
                    VectorSchemaRoot b;
                    while ((b = in.next()) != null) {
                        ctx.cancellation().throwIfCancelled();
                        if (b.getRowCount() == 0) {
                            b.close();
                            continue;
                        }
                        if (keep == 0) {
                            b.close();
                            continue;
                        }
                        if (thresholdReady) {
                            addBeatingThreshold(b);
                        } else {
                            add(b);
                        }
                        if (keep >= 0 && total > Math.max(2 * keep, MIN_COMPACTION_ROWS)) {
                            compact(keep);
                        }
                    }
                    order = sortAll();
                    sorted = true;
                    position = limit >= 0 ? (int) Math.min(offset, total) : 0;
                    if (limit >= 0) {
                        total = (int) Math.min(total, offset + limit);
                    }
                }
                if (position >= total) {
                    return null;
                }
                int end = Math.min(total, position + ctx.batchSize());
                VectorSchemaRoot out = RowGatherer.gather(in.schema(), batches, order, position, end, ctx.allocator());
                position = end;
                return out;
            }

            @Override
            public void close() {
                releaseBuffered();
                in.close();
            }
        };
    }
}
