package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.bind.Operators;
import io.lancejdbc.sql.bind.TypeCoercion;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Rewrites correlated subqueries into joins (the decorrelation of the binder's {@link SubqueryExpr.Correlation}s):
 * <ul>
 *   <li>a WHERE conjunct {@code EXISTS (...)} into a SEMI join, {@code NOT EXISTS (...)} into an ANTI join;</li>
 *   <li>{@code x IN (...)} into a SEMI join on {@code x = value}; {@code x NOT IN (...)} into an ANTI join on
 *       {@code x = value OR x IS NULL OR value IS NULL}, which drops the row when x is NULL or the subquery has a
 *       NULL, unless the subquery has no row for it (SQL:2011 8.4 in predicate);</li>
 *   <li>a scalar subquery anywhere in a WHERE condition or a select list into a LEFT join that adds its value as a
 *       column (a SINGLE join, failing on a second row, unless the subquery is known to give at most one row), with
 *       the value for no rows substituted where it is not NULL (COUNT gives 0).</li>
 * </ul>
 * An uncorrelated {@code [NOT] IN (subquery)} WHERE conjunct becomes the same SEMI / ANTI join (NOT IN: a null-aware
 * ANTI join). Correlated EXISTS and IN in other positions (under OR, in a select list) are left in place; the
 * executor rejects them with 42000.
 */
public final class SubqueryDecorrelation {
    private SubqueryDecorrelation() {
    }

    public static LogicalPlan apply(LogicalPlan plan) {
        List<LogicalPlan> inputs = new ArrayList<>();
        for (LogicalPlan in : plan.inputs()) {
            inputs.add(apply(in));
        }
        LogicalPlan p = inputs.isEmpty() ? plan : plan.withInputs(inputs);
        if (p instanceof Filter) {
            return filter((Filter) p);
        }
        if (p instanceof Project) {
            return project((Project) p);
        }
        return p;
    }

    private static LogicalPlan filter(Filter f) {
        List<Expr> conjuncts = ExprVisitors.conjuncts(f.condition());
        if (conjuncts.stream().noneMatch(c -> ExprVisitors.hasCorrelatedSubquery(c) || unnestable(c) != null)) {
            return f;
        }
        LogicalPlan in = f.input();
        int width = in.output().size();
        List<Expr> rest = new ArrayList<>();
        for (Expr c : conjuncts) {
            SubqueryExpr s = unnestable(c);
            if (s != null) {
                in = semiJoin(in, s, s != c);
            } else {
                rest.add(c);
            }
        }
        ScalarJoins joins = new ScalarJoins(in);
        List<Expr> kept = new ArrayList<>();
        for (Expr c : rest) {
            kept.add(joins.replace(c));
        }
        LogicalPlan out = kept.isEmpty() ? joins.plan : new Filter(joins.plan, ExprVisitors.and(kept));
        return joins.plan.output().size() == width ? out : narrow(out, width);
    }

    /**
     * The subquery of a WHERE conjunct that becomes a SEMI join ({@code EXISTS}, {@code IN}) or ANTI join (under
     * NOT), or null: correlated EXISTS / IN, and uncorrelated IN, which is unnested too because a hash join has no
     * size limit where an IN list computed up front has.
     */
    private static SubqueryExpr unnestable(Expr c) {
        boolean negated = c instanceof Call && ((Call) c).function().equals(Functions.NOT);
        Expr body = negated ? ((Call) c).arg(0) : c;
        if (!(body instanceof SubqueryExpr)) {
            return null;
        }
        SubqueryExpr s = (SubqueryExpr) body;
        boolean join = s.correlated() ? s.kind() != SubqueryExpr.Kind.SCALAR : s.kind() == SubqueryExpr.Kind.IN;
        return join && (s.operand() == null || !ExprVisitors.hasSubquery(s.operand())) ? s : null;
    }

    private static LogicalPlan project(Project p) {
        if (p.exprs().stream().noneMatch(ExprVisitors::hasCorrelatedSubquery)) {
            return p;
        }
        ScalarJoins joins = new ScalarJoins(p.input());
        List<Expr> exprs = new ArrayList<>();
        for (Expr e : p.exprs()) {
            exprs.add(joins.replace(e));
        }
        return new Project(joins.plan, exprs, p.names());
    }

    /** EXISTS / IN as a SEMI join, NOT EXISTS / NOT IN as an ANTI join of {@code left} with the subquery. */
    private static LogicalPlan semiJoin(LogicalPlan left, SubqueryExpr s, boolean negated) {
        int leftWidth = left.output().size();
        LogicalPlan right = apply(s.plan());
        List<Expr> condition = new ArrayList<>();
        if (s.kind() == SubqueryExpr.Kind.IN) {
            Field vf = right.output().get(0);
            Expr value = new ColumnRef(leftWidth, vf.getName(), vf);
            Expr eq = Operators.compare(Functions.EQ, s.operand(), value);
            if (negated) {
                condition.add(new Call(Functions.OR, List.of(eq, Operators.isNull(s.operand(), false),
                        Operators.isNull(value, false)), Types.of(Types.BOOL, true)));
            } else {
                condition.add(eq);
            }
        }
        if (s.correlated()) {
            condition.add(joinCondition(s, leftWidth, right));
        }
        return new Join(left, right, negated ? JoinType.ANTI : JoinType.SEMI, ExprVisitors.and(flatten(condition)));
    }

    private static List<Expr> flatten(List<Expr> conjuncts) {
        List<Expr> out = new ArrayList<>();
        for (Expr c : conjuncts) {
            out.addAll(ExprVisitors.conjuncts(c));
        }
        return out;
    }

    /** The correlation condition over the join's columns: the left input's, then the subquery plan's. */
    private static Expr joinCondition(SubqueryExpr s, int leftWidth, LogicalPlan right) {
        SubqueryExpr.Correlation c = s.correlation();
        int planWidth = right.output().size();
        return ExprVisitors.replaceColumns(c.condition(), r -> r.index() < planWidth
                ? new ColumnRef(leftWidth + r.index(), r.name(), r.type())
                : c.outerArgs().get(r.index() - planWidth));
    }

    /** A projection of the first {@code width} columns of {@code plan}. */
    private static LogicalPlan narrow(LogicalPlan plan, int width) {
        List<Field> out = plan.output();
        List<Expr> refs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            refs.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
            names.add(out.get(i).getName());
        }
        return new Project(plan, refs, names);
    }

    /** Joins scalar subqueries to a plan one by one, replacing each by a reference to its value column. */
    private static final class ScalarJoins {
        LogicalPlan plan;

        ScalarJoins(LogicalPlan plan) {
            this.plan = plan;
        }

        Expr replace(Expr e) {
            if (e instanceof SubqueryExpr) {
                SubqueryExpr s = (SubqueryExpr) e;
                Expr operand = s.operand() == null ? null : replace(s.operand());
                if (s.correlated() && s.kind() == SubqueryExpr.Kind.SCALAR) {
                    return join(s);
                }
                return operand == s.operand() ? s
                        : new SubqueryExpr(s.kind(), s.plan(), operand, s.type(), s.correlation());
            }
            if (e instanceof Call) {
                Call c = (Call) e;
                List<Expr> args = new ArrayList<>();
                boolean changed = false;
                for (Expr a : c.args()) {
                    Expr r = replace(a);
                    changed |= r != a;
                    args.add(r);
                }
                return changed ? new Call(c.function(), args, c.type()) : c;
            }
            return e;
        }

        private Expr join(SubqueryExpr s) {
            int leftWidth = plan.output().size();
            LogicalPlan right = apply(s.plan());
            SubqueryExpr.Correlation c = s.correlation();
            Join j = new Join(plan, right, c.unique() ? JoinType.LEFT : JoinType.SINGLE,
                    joinCondition(s, leftWidth, right));
            plan = j;
            Field vf = j.output().get(leftWidth);
            Expr value = new ColumnRef(leftWidth, vf.getName(), vf);
            if (c.whenEmpty() == null) {
                return value;
            }
            Field mf = j.output().get(leftWidth + c.markerColumn());
            Expr noRow = Operators.isNull(new ColumnRef(leftWidth + c.markerColumn(), mf.getName(), mf), false);
            return TypeCoercion.coerce(Operators.caseWhen(List.of(noRow, c.whenEmpty()), value),
                    s.type().getType());
        }
    }
}
