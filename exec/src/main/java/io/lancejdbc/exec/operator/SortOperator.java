package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.plan.SortKey;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.AllocationReservation;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * ORDER BY, optionally fused with LIMIT/OFFSET (Top-N). A Top-N of at most {@link TopNStream#MAX_HEAP_ROWS} rows
 * runs as a bounded heap ({@link TopNStream}); a larger one buffers the input and cuts it back to the best
 * {@code offset + limit} rows whenever it grows past twice that (and at least one batch), so memory stays bounded by
 * the limit rather than the input. Both keep rows with equal keys in input order, as the full sort does.
 *
 * <p>A full sort (and a Top-N above the heap's size) buffers its input and orders it with {@link FullSorter}: the
 * first key normalized into primitive codes and radix-sorted, ties broken by the other keys.
 */
public final class SortOperator implements PhysicalOperator {
    private static final int MIN_COMPACTION_ROWS = 65_536;

    private final PhysicalOperator input;
    private final List<SortKey> keys;
    private final long offset;
    private final long limit;
    /** Whether the input is a split stage of {@link PartialTopNOperator}s whose rows this Top-N merges. */
    private final boolean mergesPartials;

    /** @param limit rows to return after {@code offset}, or -1 for a full sort */
    public SortOperator(PhysicalOperator input, List<SortKey> keys, long offset, long limit) {
        this(input, keys, offset, limit, false);
    }

    /**
     * The final Top-N over a {@link SplitStage} (split order) of per-split {@link PartialTopNOperator}s.
     */
    public static SortOperator finalTopN(SplitStage partials, List<SortKey> keys, long offset, long limit) {
        return new SortOperator(partials, keys, offset, limit, true);
    }

    /**
     * The rows a Top-N keeps, {@code offset + limit} (both {@code >= 0}), saturated at {@link Long#MAX_VALUE}: LIMIT
     * 9223372036854775807 OFFSET 5 keeps every row instead of overflowing to a negative count.
     */
    public static long keep(long offset, long limit) {
        return offset > Long.MAX_VALUE - limit ? Long.MAX_VALUE : offset + limit;
    }

    private SortOperator(PhysicalOperator input, List<SortKey> keys, long offset, long limit,
            boolean mergesPartials) {
        this.mergesPartials = mergesPartials;
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
        return limit >= 0 ? (mergesPartials ? "TOP_N (final merge)" : "TOP_N") : "SORT";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        out.add("order by: " + keysSql(keys));
        if (limit >= 0) {
            out.add("limit: " + limit + (offset > 0 ? ", offset: " + offset : ""));
        }
        return out;
    }

    static String keysSql(List<SortKey> keys) {
        List<String> k = new ArrayList<>();
        for (SortKey s : keys) {
            k.add(s.sql());
        }
        return String.join(", ", k);
    }

    public List<SortKey> keys() {
        return keys;
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
        BatchStream in = ctx.open(input);
        if (limit >= 0 && keep(offset, limit) <= TopNStream.MAX_HEAP_ROWS) {
            return new TopNStream(in, compiled, asc, nullsFirst, (int) offset, (int) limit, ctx);
        }
        return new BatchStream() {
            private final List<VectorSchemaRoot> batches = new ArrayList<>();
            private final List<List<Evaluated>> keyValues = new ArrayList<>();
            private long[] order;
            /** Builds the output batches from the buffered batches in {@link #order}, once sorted. */
            private RowGatherer output;
            private int total;
            private int position;
            private boolean sorted;
            /** The heap memory of {@code order}, accounted against the query's allocator until close. */
            private AllocationReservation orderMemory;

            @Override
            public Schema schema() {
                return in.schema();
            }

            private void add(VectorSchemaRoot b) {
                batches.add(b);
                List<Evaluated> kv = new ArrayList<>();
                keyValues.add(kv);
                for (CompiledExpr e : compiled) {
                    kv.add(e.evaluate(b, ctx.allocator()));
                }
                total += b.getRowCount();
            }

            private long[] sortAll() {
                List<List<FieldVector>> kv = new ArrayList<>();
                int[] rowCounts = new int[batches.size()];
                for (int b = 0; b < batches.size(); b++) {
                    List<FieldVector> vs = new ArrayList<>();
                    for (Evaluated e : keyValues.get(b)) {
                        vs.add(e.vector());
                    }
                    kv.add(vs);
                    rowCounts[b] = batches.get(b).getRowCount();
                }
                return FullSorter.sort(kv, rowCounts, asc, nullsFirst, ctx.allocator());
            }

            /** Keeps only the best {@code keep} rows in one new batch. */
            private void compact(long keep) {
                long[] refs = sortAll();
                int n = (int) Math.min(keep, total);
                VectorSchemaRoot kept = RowGatherer.gather(in.schema(), batches, refs, 0, n, ctx.allocator());
                releaseBuffered();
                add(kept);
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
            }

            @Override
            public VectorSchemaRoot next() {
                if (!sorted) {
                    long keep = limit >= 0 ? keep(offset, limit) : -1;
                    VectorSchemaRoot b;
                    while ((b = in.next()) != null) {
                        ctx.cancellation().throwIfCancelled();
                        if (b.getRowCount() == 0) {
                            b.close();
                            continue;
                        }
                        add(b);
                        if (keep >= 0 && total > Math.max(2 * keep, MIN_COMPACTION_ROWS)) {
                            compact(keep);
                        }
                    }
                    orderMemory = FullSorter.reserve(ctx.allocator(), 8L * total);
                    order = sortAll();
                    output = new RowGatherer(in.schema(), batches);
                    sorted = true;
                    position = limit >= 0 ? (int) Math.min(offset, total) : 0;
                    if (limit >= 0) {
                        total = (int) Math.min(total, keep(offset, limit));
                    }
                }
                if (position >= total) {
                    return null;
                }
                int end = Math.min(total, position + ctx.batchSize());
                VectorSchemaRoot out = output.gather(order, position, end, ctx.allocator());
                position = end;
                return out;
            }

            @Override
            public void close() {
                if (orderMemory != null) {
                    orderMemory.close();
                    orderMemory = null;
                }
                order = null;
                output = null;
                releaseBuffered();
                in.close();
            }
        };
    }
}
