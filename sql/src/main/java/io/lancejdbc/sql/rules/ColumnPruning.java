package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.plan.Aggregate;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.plan.Distinct;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.SetOperation;
import io.lancejdbc.sql.plan.Sort;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.TableScan;
import io.lancejdbc.sql.plan.Values;
import io.lancejdbc.sql.plan.VectorSearch;
import io.lancejdbc.sql.plan.Window;
import io.lancejdbc.sql.plan.WindowCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Removes columns nobody reads, so that scans read only what the query needs (column pruning). Works top-down with
 * the set of output positions each node's parent needs, and remaps column references bottom-up.
 */
public final class ColumnPruning {
    /** A pruned plan and where each old output position went (-1 when dropped). */
    private record Pruned(LogicalPlan plan, int[] mapping) {
    }

    private ColumnPruning() {
    }

    /** Prunes {@code plan}, keeping all of its own output columns. */
    public static LogicalPlan apply(LogicalPlan plan) {
        BitSet all = new BitSet();
        all.set(0, plan.output().size());
        Pruned p = prune(plan, all);
        // The root keeps every column, so its mapping is the identity.
        return p.plan();
    }

    private static Pruned prune(LogicalPlan plan, BitSet required) {
        if (plan instanceof TableScan) {
            return scan((TableScan) plan, required);
        }
        if (plan instanceof VectorSearch) {
            return vectorSearch((VectorSearch) plan, required);
        }
        if (plan instanceof io.lancejdbc.sql.plan.FullTextSearch) {
            return fullTextSearch((io.lancejdbc.sql.plan.FullTextSearch) plan, required);
        }
        if (plan instanceof Filter) {
            Filter f = (Filter) plan;
            BitSet need = (BitSet) required.clone();
            ExprVisitors.columns(f.condition(), need);
            Pruned in = prune(f.input(), need);
            return new Pruned(new Filter(in.plan(), ExprVisitors.remap(f.condition(), in.mapping())), in.mapping());
        }
        if (plan instanceof Project) {
            return project((Project) plan, required);
        }
        if (plan instanceof Sort) {
            Sort s = (Sort) plan;
            BitSet need = (BitSet) required.clone();
            for (SortKey k : s.keys()) {
                ExprVisitors.columns(k.expr(), need);
            }
            Pruned in = prune(s.input(), need);
            List<SortKey> keys = new ArrayList<>();
            for (SortKey k : s.keys()) {
                keys.add(new SortKey(ExprVisitors.remap(k.expr(), in.mapping()), k.ascending(), k.nullsFirst()));
            }
            return new Pruned(new Sort(in.plan(), keys), in.mapping());
        }
        if (plan instanceof Limit) {
            Limit l = (Limit) plan;
            Pruned in = prune(l.input(), required);
            return new Pruned(new Limit(in.plan(), l.offset(), l.limit()), in.mapping());
        }
        if (plan instanceof Aggregate) {
            return aggregate((Aggregate) plan);
        }
        if (plan instanceof Join) {
            return join((Join) plan, required);
        }
        if (plan instanceof Window) {
            return window((Window) plan, required);
        }
        if (plan instanceof Distinct || plan instanceof SetOperation || plan instanceof Values) {
            // Duplicate elimination depends on every column; keep them all.
            List<LogicalPlan> inputs = new ArrayList<>();
            for (LogicalPlan in : plan.inputs()) {
                BitSet all = new BitSet();
                all.set(0, in.output().size());
                inputs.add(prune(in, all).plan());
            }
            return new Pruned(inputs.isEmpty() ? plan : plan.withInputs(inputs), identity(plan.output().size()));
        }
        throw new IllegalStateException("no pruning rule for " + plan.getClass().getSimpleName());
    }

    private static Pruned scan(TableScan s, BitSet required) {
        List<Integer> cols = new ArrayList<>();
        int[] mapping = new int[s.columns().size()];
        Arrays.fill(mapping, -1);
        for (int i = 0; i < s.columns().size(); i++) {
            if (required.get(i)) {
                mapping[i] = cols.size();
                cols.add(s.columns().get(i));
            }
        }
        return new Pruned(new TableScan(s.table(), cols, s.pushedPredicates(), s.lanceFilter(), s.limit()), mapping);
    }

    private static Pruned fullTextSearch(io.lancejdbc.sql.plan.FullTextSearch f, BitSet required) {
        int n = f.columns().size();
        List<Integer> cols = new ArrayList<>();
        int[] mapping = new int[n + 1];
        Arrays.fill(mapping, -1);
        for (int i = 0; i < n; i++) {
            if (required.get(i)) {
                mapping[i] = cols.size();
                cols.add(f.columns().get(i));
            }
        }
        mapping[n] = cols.size();
        return new Pruned(f.withColumns(cols), mapping);
    }

    private static Pruned vectorSearch(VectorSearch v, BitSet required) {
        int n = v.columns().size();
        List<Integer> cols = new ArrayList<>();
        int[] mapping = new int[n + 1];
        Arrays.fill(mapping, -1);
        for (int i = 0; i < n; i++) {
            if (required.get(i)) {
                mapping[i] = cols.size();
                cols.add(v.columns().get(i));
            }
        }
        mapping[n] = cols.size();
        return new Pruned(new VectorSearch(v.table(), v.spec(), cols), mapping);
    }

    private static Pruned project(Project p, BitSet required) {
        List<Expr> exprs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int[] mapping = new int[p.exprs().size()];
        Arrays.fill(mapping, -1);
        BitSet need = new BitSet();
        for (int i = 0; i < p.exprs().size(); i++) {
            if (required.get(i)) {
                mapping[i] = exprs.size();
                exprs.add(p.exprs().get(i));
                names.add(p.names().get(i));
                ExprVisitors.columns(p.exprs().get(i), need);
            }
        }
        Pruned in = prune(p.input(), need);
        List<Expr> remapped = new ArrayList<>();
        for (Expr e : exprs) {
            remapped.add(ExprVisitors.remap(e, in.mapping()));
        }
        return new Pruned(new Project(in.plan(), remapped, names), mapping);
    }

    private static Pruned aggregate(Aggregate a) {
        BitSet need = new BitSet();
        for (Expr k : a.groupKeys()) {
            ExprVisitors.columns(k, need);
        }
        for (AggregateCall c : a.aggregates()) {
            for (Expr arg : c.args()) {
                ExprVisitors.columns(arg, need);
            }
        }
        Pruned in = prune(a.input(), need);
        List<Expr> keys = new ArrayList<>();
        for (Expr k : a.groupKeys()) {
            keys.add(ExprVisitors.remap(k, in.mapping()));
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : a.aggregates()) {
            List<Expr> args = new ArrayList<>();
            for (Expr arg : c.args()) {
                args.add(ExprVisitors.remap(arg, in.mapping()));
            }
            calls.add(new AggregateCall(c.function(), args, c.distinct(), c.type()));
        }
        Aggregate na = new Aggregate(in.plan(), keys, a.groupNames(), calls, a.aggregateNames());
        return new Pruned(na, identity(a.output().size()));
    }

    private static Pruned join(Join j, BitSet required) {
        int leftWidth = j.left().output().size();
        int rightWidth = j.right().output().size();
        BitSet need = (BitSet) required.clone();
        if (j.condition() != null) {
            ExprVisitors.columns(j.condition(), need);
        }
        BitSet leftNeed = need.get(0, leftWidth);
        BitSet rightNeed = need.get(leftWidth, leftWidth + rightWidth);
        Pruned l = prune(j.left(), leftNeed);
        Pruned r = prune(j.right(), rightNeed);
        int newLeftWidth = l.plan().output().size();
        boolean semi = j.type() == JoinType.SEMI || j.type() == JoinType.ANTI;
        int[] combined = new int[leftWidth + rightWidth];
        for (int i = 0; i < leftWidth; i++) {
            combined[i] = l.mapping()[i];
        }
        for (int i = 0; i < rightWidth; i++) {
            int m = r.mapping()[i];
            combined[leftWidth + i] = m < 0 ? -1 : m + newLeftWidth;
        }
        Expr cond = j.condition() == null ? null : ExprVisitors.remap(j.condition(), combined);
        Join nj = new Join(l.plan(), r.plan(), j.type(), cond);
        int[] outMapping = semi ? Arrays.copyOf(combined, leftWidth) : combined;
        return new Pruned(nj, outMapping);
    }

    private static Pruned window(Window w, BitSet required) {
        int inWidth = w.input().output().size();
        BitSet need = required.get(0, inWidth);
        for (WindowCall c : w.calls()) {
            for (Expr a : c.args()) {
                ExprVisitors.columns(a, need);
            }
            for (Expr p : c.partitionBy()) {
                ExprVisitors.columns(p, need);
            }
            for (SortKey k : c.orderBy()) {
                ExprVisitors.columns(k.expr(), need);
            }
        }
        Pruned in = prune(w.input(), need);
        List<WindowCall> calls = new ArrayList<>();
        for (WindowCall c : w.calls()) {
            List<Expr> args = new ArrayList<>();
            for (Expr a : c.args()) {
                args.add(ExprVisitors.remap(a, in.mapping()));
            }
            List<Expr> part = new ArrayList<>();
            for (Expr p : c.partitionBy()) {
                part.add(ExprVisitors.remap(p, in.mapping()));
            }
            List<SortKey> order = new ArrayList<>();
            for (SortKey k : c.orderBy()) {
                order.add(new SortKey(ExprVisitors.remap(k.expr(), in.mapping()), k.ascending(), k.nullsFirst()));
            }
            calls.add(new WindowCall(c.function(), args, part, order, c.frame(), c.type()));
        }
        int newInWidth = in.plan().output().size();
        int[] mapping = new int[inWidth + w.calls().size()];
        for (int i = 0; i < inWidth; i++) {
            mapping[i] = in.mapping()[i];
        }
        for (int i = 0; i < w.calls().size(); i++) {
            mapping[inWidth + i] = newInWidth + i;
        }
        return new Pruned(new Window(in.plan(), calls, w.names()), mapping);
    }

    private static int[] identity(int n) {
        int[] m = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = i;
        }
        return m;
    }
}
