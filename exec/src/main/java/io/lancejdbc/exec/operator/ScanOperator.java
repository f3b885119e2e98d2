package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.engine.PinnedTable;
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
 * Reads the projected columns of one pinned dataset version, one split per fragment, splits in parallel with ordered
 * delivery; the pushed predicate and limit go to Lance.
 */
public final class ScanOperator implements PhysicalOperator, SplitSource {
    private final BoundTable table;
    private final PinnedTable pinned;
    private final List<String> columns;
    private final String lanceFilter;
    private final long limit;
    private final Schema schema;
    private final List<Split> splits;
    private final boolean wholeDataset;

    /**
     * @param output the output fields (the projected table columns, in order)
     * @param lanceFilter the pushed Lance filter, or null
     * @param limit the pushed row limit per split, or -1
     */
    public ScanOperator(BoundTable table, List<String> columns, List<Field> output, String lanceFilter, long limit) {
        this.table = table;
        this.pinned = (PinnedTable) table.handle();
        this.columns = List.copyOf(columns);
        this.lanceFilter = lanceFilter;
        this.limit = limit;
        this.schema = new Schema(output);
        Snapshot s = pinned.snapshot();
        this.wholeDataset = FragmentSplitPlanner.hasDuplicateFragmentIds(s);
        this.splits = wholeDataset ? List.of() : FragmentSplitPlanner.plan(s);
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
        Snapshot s = pinned.snapshot();
        List<String> out = new ArrayList<>();
        out.add("columns: " + (columns.isEmpty() ? "(none)" : String.join(", ", columns)));
        out.add("lanceCatalogType=" + pinned.catalogType());
        out.add("lanceVersion=" + s.version());
        out.add("lanceFragments=" + s.fragments().size());
        if (lanceFilter != null) {
            out.add("lancePushdownPredicate=" + lanceFilter);
        }
        if (limit >= 0) {
            out.add("lanceLimit=" + limit);
        }
        out.add("splits=" + (wholeDataset ? 1 : splits.size()) + " (FRAGMENT_SCAN"
                + (wholeDataset ? ", whole dataset: duplicate fragment ids in the manifest" : "") + ")");
        return out;
    }

    /** The planned splits, in delivery order. */
    public List<Split> splits() {
        return splits;
    }

    @Override
    public int splitCount() {
        return wholeDataset ? 1 : splits.size();
    }

    @Override
    public BatchStream openSplit(ExecContext ctx, int i) {
        ScanRequest req = ScanRequest.of(pinned.source(), pinned.snapshot().version()).withColumns(columns)
                .withBatchSize(ctx.batchSize());
        if (!wholeDataset) {
            req = req.withFragments(splits.get(i).fragmentIds());
        }
        if (lanceFilter != null) {
            req = req.withFilter(lanceFilter);
        }
        if (limit >= 0) {
            req = req.withLimit(limit);
        }
        return new RenamingStream(ctx.scanReader().scan(req, ctx.allocator()), schema, ctx.allocator());
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        return new OrderedParallelStream(schema, splitCount(), i -> openSplit(ctx, i), ctx.workers(),
                ctx.cancellation(), ctx.scanParallelism(), 2);
    }

    @Override
    public String toString() {
        return name() + " " + details().stream().collect(Collectors.joining(", "));
    }
}
