package io.lancejdbc.exec.plan;

import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.operator.CountOperator;
import io.lancejdbc.exec.operator.FilterOperator;
import io.lancejdbc.exec.operator.LimitOperator;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.ProjectOperator;
import io.lancejdbc.exec.operator.ScanOperator;
import io.lancejdbc.exec.operator.SortOperator;
import io.lancejdbc.exec.operator.ValuesOperator;
import io.lancejdbc.exec.operator.agg.HashAggregateOperator;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.plan.Aggregate;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.plan.Distinct;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.Sort;
import io.lancejdbc.sql.plan.TableScan;
import io.lancejdbc.sql.plan.Values;
import io.lancejdbc.exec.operator.SparseOutput;
import io.lancejdbc.exec.operator.PartialTopNOperator;
import io.lancejdbc.exec.operator.SplitPipeline;
import io.lancejdbc.exec.operator.SplitStage;
import io.lancejdbc.exec.operator.agg.FinalAggregateOperator;
import io.lancejdbc.exec.operator.agg.PartialAggregateOperator;
import java.util.Optional;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Turns an optimized logical plan into physical operators: fragment-parallel scans, COUNT(*) from metadata, hash
 * aggregation, Top-N for ORDER BY + LIMIT. Extension points for joins, set operations, windows and vector search
 * are the {@link PhysicalPlannerExtension}s.
 *
 * <p>Distribution is planned here, not decided while running: a scan is read through a {@link SplitStage}
 * ({@code PARALLEL_SPLITS}, split order) of {@code scan.parallelism} workers; an aggregation over transforms and
 * split probes of a scan with several splits becomes a final aggregation over per-worker partial ones
 * ({@link FinalAggregateOperator} over {@link PartialAggregateOperator} over a per-worker stage); ORDER BY … LIMIT
 * over such a chain becomes a final Top-N merging per-split partial Top-Ns ({@link PartialTopNOperator}).
 */
public final class PhysicalPlanner {
    /** The largest {@code offset + limit} planned as per-split partial Top-Ns (each running split holds that many). */
    static final int PARTIAL_TOPN_MAX_ROWS = 100_000;

    private final long maxMemoryBytes;
    private final List<PhysicalPlannerExtension> extensions;
    private final java.util.Map<String, String> settings;

    /**
     * @param maxMemoryBytes the query memory limit handed to memory-hungry operators (Long.MAX_VALUE: none)
     * @param extensions planners for the node kinds this class does not know
     * @param settings the session settings (connection properties overlaid with SET variables), lower-case keys
     */
    public PhysicalPlanner(long maxMemoryBytes, List<PhysicalPlannerExtension> extensions,
            java.util.Map<String, String> settings) {
        this.maxMemoryBytes = maxMemoryBytes;
        this.extensions = List.copyOf(extensions);
        this.settings = java.util.Map.copyOf(settings);
    }

    public long maxMemoryBytes() {
        return maxMemoryBytes;
    }

    /**
     * A session setting, e.g. {@code topn_lazy_materialization_threshold}; null when unset (callers apply defaults
     * from {@link io.lancejdbc.engine.config.EngineProperty}).
     */
    public String setting(String name) {
        return settings.get(name);
    }

    /** Splits read at the same time per stage: {@code scan.parallelism}, else the available processors. */
    public int parallelism() {
        String v = settings.get("scan.parallelism");
        return v == null ? Math.max(1, Runtime.getRuntime().availableProcessors()) : Math.max(1, Integer.parseInt(v));
    }

    /**
     * GROUP BY / DISTINCT over {@code input}: two-phase (partial per worker, then final) when the input is a
     * pipeline over a scan of several splits and {@code scan.parallelism} is above 1, one-phase otherwise.
     */
    public PhysicalOperator hashAggregate(PhysicalOperator input, List<Expr> keys, List<AggregateCall> aggregates,
            List<Field> output) {
        int degree = parallelism();
        Optional<SplitPipeline> pipeline = degree > 1 ? SplitPipeline.of(input) : Optional.empty();
        if (pipeline.isPresent() && pipeline.get().splitCount() > 1) {
            SplitStage stage = new SplitStage(pipeline.get(), degree, SplitStage.Delivery.PER_WORKER);
            return new FinalAggregateOperator(new PartialAggregateOperator(stage, keys, aggregates, output,
                    maxMemoryBytes));
        }
        return new HashAggregateOperator(input, keys, aggregates, output, maxMemoryBytes);
    }

    /** ORDER BY … LIMIT: per-split partial Top-Ns merged by a final one where the input splits, else one heap. */
    private PhysicalOperator topN(PhysicalOperator input, List<io.lancejdbc.sql.plan.SortKey> keys, long offset,
            long limit) {
        long keep = limit < 0 ? -1 : SortOperator.keep(offset, limit);
        int degree = parallelism();
        if (degree > 1 && keep >= 0 && keep <= PARTIAL_TOPN_MAX_ROWS) {
            Optional<SplitPipeline> pipeline = SplitPipeline.of(input);
            if (pipeline.isPresent() && pipeline.get().splitCount() > 1 && !pipeline.get().hasProbes()) {
                PartialTopNOperator partial = new PartialTopNOperator(pipeline.get().top(), keys, (int) keep);
                SplitStage stage = new SplitStage(pipeline.get().then(partial), degree,
                        SplitStage.Delivery.SPLIT_ORDER);
                return SortOperator.finalTopN(stage, keys, offset, limit);
            }
        }
        return new SortOperator(input, keys, offset, limit);
    }

    /**
     * @throws SqlError 42000 for a plan node no planner supports
     */
    public PhysicalOperator plan(LogicalPlan p) {
        if (p instanceof TableScan) {
            TableScan s = (TableScan) p;
            List<String> names = new ArrayList<>();
            List<Field> fields = s.table().schema().getFields();
            for (int c : s.columns()) {
                names.add(fields.get(c).getName());
            }
            int degree = parallelism();
            ScanOperator scan = new ScanOperator(s.table(), names, s.output(), s.lanceFilter(), s.limit(), degree);
            return new SplitStage(SplitPipeline.over(scan), degree, SplitStage.Delivery.SPLIT_ORDER);
        }
        if (p instanceof Filter) {
            Filter f = (Filter) p;
            return new FilterOperator(plan(f.input()), f.condition());
        }
        if (p instanceof Project) {
            Project pr = (Project) p;
            if (isIdentity(pr)) {
                return plan(pr.input());
            }
            BitSet used = new BitSet();
            for (Expr e : pr.exprs()) {
                ExprVisitors.columns(e, used);
            }
            return new ProjectOperator(onlyColumns(plan(pr.input()), used), pr.exprs(), pr.output());
        }
        if (p instanceof Limit) {
            Limit l = (Limit) p;
            if (l.input() instanceof Sort && l.limit() >= 0) {
                Sort s = (Sort) l.input();
                return topN(plan(s.input()), s.keys(), l.offset(), l.limit());
            }
            return new LimitOperator(plan(l.input()), l.offset(), l.limit());
        }
        if (p instanceof Sort) {
            Sort s = (Sort) p;
            return new SortOperator(plan(s.input()), s.keys(), 0, -1);
        }
        if (p instanceof Aggregate) {
            Aggregate a = (Aggregate) p;
            PhysicalOperator count = countFromMetadata(a);
            if (count != null) {
                return count;
            }
            BitSet used = new BitSet();
            for (Expr e : a.groupKeys()) {
                ExprVisitors.columns(e, used);
            }
            for (AggregateCall c : a.aggregates()) {
                for (Expr e : c.args()) {
                    ExprVisitors.columns(e, used);
                }
            }
            return hashAggregate(onlyColumns(plan(a.input()), used), a.groupKeys(), a.aggregates(), a.output());
        }
        if (p instanceof Distinct) {
            List<Expr> keys = new ArrayList<>();
            List<Field> out = p.output();
            for (int i = 0; i < out.size(); i++) {
                keys.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
            }
            return hashAggregate(plan(((Distinct) p).input()), keys, List.of(), out);
        }
        if (p instanceof Values) {
            Values v = (Values) p;
            return new ValuesOperator(v.output(), v.rows());
        }
        for (PhysicalPlannerExtension e : extensions) {
            PhysicalOperator op = e.plan(p, this);
            if (op != null) {
                return op;
            }
        }
        throw new SqlError(SqlState.UNSUPPORTED_SQL, p.getClass().getSimpleName()
                + " is not supported by this engine yet");
    }

    /** Projections and aggregates read their input by column reference, so unread columns may stay unfilled. */
    private static PhysicalOperator onlyColumns(PhysicalOperator in, BitSet used) {
        return in instanceof SparseOutput ? ((SparseOutput) in).onlyColumns(used) : in;
    }

    private static boolean isIdentity(Project p) {
        List<Field> in = p.input().output();
        if (p.exprs().size() != in.size()) {
            return false;
        }
        for (int i = 0; i < in.size(); i++) {
            Expr e = p.exprs().get(i);
            if (!(e instanceof ColumnRef) || ((ColumnRef) e).index() != i
                    || !in.get(i).getName().equals(p.names().get(i))) {
                return false;
            }
        }
        return true;
    }

    /** COUNT(*) alone over a scan whose every predicate was pushed: answered by Lance without reading rows. */
    private static PhysicalOperator countFromMetadata(Aggregate a) {
        if (!a.groupKeys().isEmpty() || a.aggregates().size() != 1) {
            return null;
        }
        AggregateCall c = a.aggregates().get(0);
        if (!c.function().equals("count_star")) {
            return null;
        }
        LogicalPlan in = a.input();
        while (in instanceof Project) {
            in = ((Project) in).input();
        }
        if (!(in instanceof TableScan) || ((TableScan) in).limit() >= 0) {
            return null;
        }
        TableScan s = (TableScan) in;
        if (!(s.table().handle() instanceof PinnedTable)) {
            return null;
        }
        return new CountOperator((PinnedTable) s.table().handle(), s.table().catalog() + "." + s.table().qualifiedName(),
                s.lanceFilter(), a.output().get(0));
    }
}
