package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.TableScan;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Moves filters toward the scans (through projections and into the matching side of joins) and splits the
 * filter directly above a table scan into conjuncts pushed into Lance and residual predicates (Doris Lance Catalog
 * manual, Predicate Pushdown: top-level AND conjuncts are pushed independently).
 *
 * <p>Immutable; one instance per optimization. With {@code intoLance} false the filters still move down to the
 * scans, but every conjunct stays a residual predicate evaluated by lance-jdbc, so the same query can be answered
 * with and without Lance evaluating its filter.
 */
public final class PredicatePushdown {
    private final boolean intoLance;

    private PredicatePushdown(boolean intoLance) {
        this.intoLance = intoLance;
    }

    /** Pushes filters down and pushable conjuncts into the Lance scans. */
    public static LogicalPlan apply(LogicalPlan plan) {
        return apply(plan, true);
    }

    /**
     * @param intoLance whether pushable conjuncts become the scans' Lance filters (false: all stay residual)
     */
    public static LogicalPlan apply(LogicalPlan plan, boolean intoLance) {
        return new PredicatePushdown(intoLance).rewrite(plan);
    }

    private LogicalPlan rewrite(LogicalPlan plan) {
        List<LogicalPlan> inputs = new ArrayList<>();
        for (LogicalPlan in : plan.inputs()) {
            inputs.add(rewrite(in));
        }
        LogicalPlan p = inputs.isEmpty() ? plan : plan.withInputs(inputs);
        if (p instanceof Filter) {
            return pushFilter((Filter) p);
        }
        if (p instanceof Join && ((Join) p).condition() != null) {
            return pushJoinCondition((Join) p);
        }
        return p;
    }

    /**
     * Moves ON conjuncts that read one side only into that side, where the join type allows it: a left-only
     * conjunct when a left row failing it is dropped anyway (INNER, RIGHT, SEMI), a right-only conjunct when a right
     * row failing it can only go unmatched (INNER, LEFT, SEMI, ANTI, SINGLE).
     */
    private LogicalPlan pushJoinCondition(Join j) {
        int leftWidth = j.left().output().size();
        JoinType t = j.type();
        boolean leftOk = t == JoinType.INNER || t == JoinType.RIGHT || t == JoinType.SEMI;
        boolean rightOk = t == JoinType.INNER || t == JoinType.LEFT || t == JoinType.SEMI || t == JoinType.ANTI
                || t == JoinType.SINGLE;
        List<Expr> left = new ArrayList<>();
        List<Expr> right = new ArrayList<>();
        List<Expr> keep = new ArrayList<>();
        for (Expr c : ExprVisitors.conjuncts(j.condition())) {
            BitSet cols = ExprVisitors.columns(c);
            if (cols.isEmpty() || ExprVisitors.hasSubquery(c)) {
                keep.add(c);
            } else if (leftOk && cols.previousSetBit(Integer.MAX_VALUE) < leftWidth) {
                left.add(c);
            } else if (rightOk && cols.nextSetBit(0) >= leftWidth) {
                right.add(ExprVisitors.shift(c, -leftWidth));
            } else {
                keep.add(c);
            }
        }
        if (left.isEmpty() && right.isEmpty()) {
            return j;
        }
        LogicalPlan l = left.isEmpty() ? j.left() : pushFilter(new Filter(j.left(), ExprVisitors.and(left)));
        LogicalPlan r = right.isEmpty() ? j.right() : pushFilter(new Filter(j.right(), ExprVisitors.and(right)));
        return new Join(l, r, t, ExprVisitors.and(keep));
    }

    private LogicalPlan pushFilter(Filter f) {
        LogicalPlan input = f.input();
        List<Expr> conjuncts = ExprVisitors.conjuncts(f.condition());
        if (input instanceof Filter) {
            List<Expr> all = new ArrayList<>(ExprVisitors.conjuncts(((Filter) input).condition()));
            all.addAll(conjuncts);
            return pushFilter(new Filter(((Filter) input).input(), ExprVisitors.and(all)));
        }
        if (input instanceof TableScan) {
            return intoScan((TableScan) input, conjuncts);
        }
        if (input instanceof Project) {
            Project p = (Project) input;
            List<Expr> below = new ArrayList<>();
            List<Expr> above = new ArrayList<>();
            for (Expr c : conjuncts) {
                if (ExprVisitors.hasSubquery(c)) {
                    above.add(c);
                    continue;
                }
                Expr substituted = ExprVisitors.replaceColumns(c, ref -> p.exprs().get(ref.index()));
                if (ExprVisitors.hasSubquery(substituted)) {
                    above.add(c);
                } else {
                    below.add(substituted);
                }
            }
            if (below.isEmpty()) {
                return f;
            }
            LogicalPlan newInput = pushFilter(new Filter(p.input(), ExprVisitors.and(below)));
            LogicalPlan projected = new Project(newInput, p.exprs(), p.names());
            return above.isEmpty() ? projected : new Filter(projected, ExprVisitors.and(above));
        }
        if (input instanceof Join) {
            return intoJoin((Join) input, conjuncts, f);
        }
        return f;
    }

    private LogicalPlan intoJoin(Join j, List<Expr> conjuncts, Filter original) {
        int leftWidth = j.left().output().size();
        boolean leftOk = j.type() == JoinType.INNER || j.type() == JoinType.LEFT || j.type() == JoinType.CROSS
                || j.type() == JoinType.SEMI || j.type() == JoinType.ANTI || j.type() == JoinType.SINGLE;
        boolean rightOk = j.type() == JoinType.INNER || j.type() == JoinType.RIGHT || j.type() == JoinType.CROSS;
        List<Expr> left = new ArrayList<>();
        List<Expr> right = new ArrayList<>();
        List<Expr> keep = new ArrayList<>();
        for (Expr c : conjuncts) {
            BitSet cols = ExprVisitors.columns(c);
            if (ExprVisitors.hasSubquery(c)) {
                keep.add(c);
            } else if (leftOk && (cols.isEmpty() || cols.previousSetBit(Integer.MAX_VALUE) < leftWidth)) {
                left.add(c);
            } else if (rightOk && cols.nextSetBit(0) >= leftWidth) {
                right.add(ExprVisitors.shift(c, -leftWidth));
            } else {
                keep.add(c);
            }
        }
        if (left.isEmpty() && right.isEmpty()) {
            return original;
        }
        LogicalPlan l = left.isEmpty() ? j.left() : pushFilter(new Filter(j.left(), ExprVisitors.and(left)));
        LogicalPlan r = right.isEmpty() ? j.right() : pushFilter(new Filter(j.right(), ExprVisitors.and(right)));
        Join nj = new Join(l, r, j.type(), j.condition());
        return keep.isEmpty() ? nj : new Filter(nj, ExprVisitors.and(keep));
    }

    private LogicalPlan intoScan(TableScan scan, List<Expr> conjuncts) {
        List<Field> tableFields = scan.table().schema().getFields();
        List<Expr> pushed = new ArrayList<>(scan.pushedPredicates());
        List<String> rendered = new ArrayList<>();
        if (scan.lanceFilter() != null) {
            rendered.add(scan.lanceFilter());
        }
        // Lance joins the pushed conjuncts into one AND: at most one IN list per column (LanceFilterRenderer).
        java.util.Set<Integer> inListColumns = new java.util.HashSet<>();
        for (Expr p : pushed) {
            LanceFilterRenderer.inListColumn(p, tableFields).ifPresent(inListColumns::add);
        }
        List<Expr> residual = new ArrayList<>();
        for (Expr c : conjuncts) {
            // Scan output position → table column position.
            Expr overTable = ExprVisitors.replaceColumns(c,
                    ref -> new ColumnRef(scan.columns().get(ref.index()), ref.name(), ref.type()));
            Optional<String> text = !intoLance || ExprVisitors.hasSubquery(c) ? Optional.empty()
                    : LanceFilterRenderer.render(overTable, tableFields);
            java.util.OptionalInt list = LanceFilterRenderer.inListColumn(overTable, tableFields);
            if (text.isPresent() && list.isPresent() && !inListColumns.add(list.getAsInt())) {
                text = Optional.empty();
            }
            if (text.isPresent()) {
                pushed.add(overTable);
                rendered.add(text.get());
            } else {
                residual.add(c);
            }
        }
        String filter = rendered.isEmpty() ? null : LanceFilterRenderer.conjunction(rendered);
        TableScan newScan = new TableScan(scan.table(), scan.columns(), pushed, filter, scan.limit());
        return residual.isEmpty() ? newScan : new Filter(newScan, ExprVisitors.and(residual));
    }
}
