package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.pin.PinnedDataset;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.lance.ScanRequest;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.exec.split.FragmentSplitPlanner;
import io.lancejdbc.exec.split.Split;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.catalog.BoundTable;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads the projected columns of a table reference's pinned dataset versions, one lance-core scanner per split (a run
 * of consecutive fragments, {@link FragmentSplitPlanner}); the pushed predicate and limit go to Lance. The planner
 * puts a {@link SplitStage} above it that reads the splits in parallel.
 *
 * <p>A reference over several datasets (a file TVF with {@code "uris"}) is read as the datasets' splits one after
 * the other, in the reference's dataset order: the rows are the {@code UNION ALL} of the single-dataset scans, in
 * that order. The datasets' schemas are identical (checked at planning), so the projection and the pushed filter
 * apply to each unchanged; a pushed limit applies per split, as for one dataset.
 */
public final class ScanOperator implements PhysicalOperator, SplitSource {
    /** How many times the query's batch size a scan with a pushed filter asks lance-core for per batch. */
    static final int FILTERED_BATCH_FACTOR = 4;
    /** The most rows per lance-core batch a filtered scan asks for (the largest batch size a fetch size sets). */
    static final int MAX_FILTERED_BATCH_ROWS = 65_536;
    private final BoundTable table;
    private final PinnedTable pinned;
    private final List<String> columns;
    private final String lanceFilter;
    private final long limit;
    private final Schema schema;
    private final List<Split> splits;
    private final List<ScanTask> tasks;
    private final boolean anyWholeDataset;

    /** One unit of parallel work: a fragment split, or a whole dataset when {@code split} is null. */
    private record ScanTask(PinnedDataset dataset, Split split) {
    }

    /**
     * @param output the output fields (the projected table columns, in order)
     * @param lanceFilter the pushed Lance filter, or null
     * @param limit the pushed row limit per split, or -1
     * @param degree the splits the stage above reads at the same time ({@code scan.parallelism}), at least 1: the
     *     split planner sizes the splits for it
     */
    public ScanOperator(BoundTable table, List<String> columns, List<Field> output, String lanceFilter, long limit,
            int degree) {
        this.table = table;
        this.pinned = (PinnedTable) table.handle();
        this.columns = List.copyOf(columns);
        this.lanceFilter = lanceFilter;
        this.limit = limit;
        this.schema = new Schema(output);
        List<Split> allSplits = new ArrayList<>();
        List<ScanTask> allTasks = new ArrayList<>();
        boolean whole = false;
        for (PinnedDataset d : pinned.datasets()) {
            Snapshot s = d.snapshot();
            if (FragmentSplitPlanner.hasDuplicateFragmentIds(s)) {
                whole = true;
                allTasks.add(new ScanTask(d, null));
            } else {
                for (Split split : FragmentSplitPlanner.plan(s, degree)) {
                    allSplits.add(split);
                    allTasks.add(new ScanTask(d, split));
                }
            }
        }
        this.splits = List.copyOf(allSplits);
        this.tasks = List.copyOf(allTasks);
        this.anyWholeDataset = whole;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of();
    }

    @Override
    public String name() {
        return "LANCE_SCAN " + table.catalog() + "." + table.qualifiedName();
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        out.add("columns: " + (columns.isEmpty() ? "(none)" : String.join(", ", columns)));
        out.addAll(PinnedTableDetails.lines(pinned));
        if (lanceFilter != null) {
            out.add("lancePushdownPredicate=" + lanceFilter);
        }
        if (limit >= 0) {
            out.add("lanceLimit=" + limit);
        }
        out.add("splits=" + tasks.size() + " (FRAGMENT_SCAN" + fragmentsPerSplit()
                + (anyWholeDataset ? ", whole dataset: duplicate fragment ids in the manifest" : "") + ")");
        return out;
    }

    /** ", 4 fragments per split" or ", 1-4 fragments per split" when some split reads several; else empty. */
    private String fragmentsPerSplit() {
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (Split s : splits) {
            min = Math.min(min, s.fragmentIds().size());
            max = Math.max(max, s.fragmentIds().size());
        }
        if (max <= 1) {
            return "";
        }
        return ", " + (min == max ? Integer.toString(max) : min + "-" + max) + " fragments per split";
    }

    /** The planned fragment splits, in delivery order (whole-dataset reads are not splits and are left out). */
    public List<Split> splits() {
        return splits;
    }

    /** Fragment splits of every dataset plus one unit per dataset read whole, in read order. */
    @Override
    public int splitCount() {
        return tasks.size();
    }

    @Override
    public BatchStream openSplit(ExecContext ctx, int i) {
        ScanTask task = tasks.get(i);
        ScanRequest req = ScanRequest.of(task.dataset().source(), task.dataset().snapshot().version())
                .withColumns(columns).withBatchSize(lanceBatchRows(ctx.batchSize()));
        if (task.split() != null) {
            req = req.withFragments(task.split().fragmentIds());
        }
        if (ctx.profile() != null) {
            ctx.profile().scanRequest(this, task.split() != null ? task.split().fragmentIds().size()
                    : task.dataset().snapshot().fragments().size());
        }
        if (lanceFilter != null) {
            req = req.withFilter(lanceFilter);
        }
        if (limit >= 0) {
            req = req.withLimit(limit);
        }
        return new RenamingStream(ctx.scanReader().scan(req, ctx.allocator()), schema, ctx.allocator());
    }

    /**
     * The rows per batch asked of lance-core: {@code batchSize}, or {@link #FILTERED_BATCH_FACTOR} times it (at most
     * {@link #MAX_FILTERED_BATCH_ROWS}, never less than {@code batchSize}) when a filter is pushed. lance-core filters
     * each batch of rows it reads and returns what passes as one batch, so a selective filter over 8,192-row batches
     * returns about 8 rows per batch at 0.1%; every batch costs lance-core its decode, filter and export set-up and
     * us a hand-off between threads. Four times fewer batches cut the CPU of a 0.1% filter over 4M rows by about a
     * third on both sides (docs/benchmarks.md, "Selective filters: small batches"). What passes
     * an unselective filter arrives in batches of up to that many rows.
     */
    int lanceBatchRows(int batchSize) {
        if (lanceFilter == null) {
            return batchSize;
        }
        return (int) Math.max(batchSize, Math.min((long) batchSize * FILTERED_BATCH_FACTOR, MAX_FILTERED_BATCH_ROWS));
    }

    /**
     * Reads the splits one after the other on the calling thread. A planned query reads a scan through the
     * {@link SplitStage} above it, which reads the splits in parallel.
     */
    @Override
    public BatchStream open(ExecContext ctx) {
        return new BatchStream() {
            private int next;
            private BatchStream current;

            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public org.apache.arrow.vector.VectorSchemaRoot next() {
                while (true) {
                    ctx.cancellation().throwIfCancelled();
                    if (current == null) {
                        if (next >= splitCount()) {
                            return null;
                        }
                        current = openSplit(ctx, next++);
                    }
                    org.apache.arrow.vector.VectorSchemaRoot b = current.next();
                    if (b != null) {
                        return b;
                    }
                    current.close();
                    current = null;
                }
            }

            @Override
            public void close() {
                if (current != null) {
                    current.close();
                    current = null;
                }
                next = splitCount();
            }
        };
    }

    @Override
    public String toString() {
        return name() + " " + details().stream().collect(Collectors.joining(", "));
    }
}
