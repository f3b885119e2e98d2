package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.QueryBinder.Bound;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.plan.LogicalPlan;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Subqueries in expressions (scalar, IN, EXISTS) and the scopes around them. A subquery may read the columns of the
 * query directly around it only from the WHERE clause of its top SELECT block; such outer references bind to
 * placeholders ({@code $outer:k}) and the block is decorrelated by {@link CorrelatedBlockBinder} into a plan plus a
 * join condition. A derived table in FROM is bound {@link #isolated}: it sees no enclosing columns.
 */
final class SubqueryBinder {
    /** Placeholder function name prefix of an outer reference inside a subquery being bound. */
    static final String OUTER_PREFIX = "$outer:";

    /**
     * A bound subquery.
     *
     * @param plan the plan (a correlated one has extra columns after the visible ones)
     * @param visibleColumns the columns the subquery's SELECT list returns
     * @param correlation null for an uncorrelated subquery
     * @param aggregateWithoutGroupBy the subquery aggregates without GROUP BY: exactly one row per enclosing row
     *     (ignoring HAVING)
     * @param having the subquery has a HAVING clause
     */
    record Binding(LogicalPlan plan, int visibleColumns, SubqueryExpr.Correlation correlation,
            boolean aggregateWithoutGroupBy, boolean having) {
    }

    /**
     * The enclosing query's columns a subquery refers to (outer references), collected while binding it, and the
     * decorrelated form its top SELECT block produces.
     */
    static final class OuterReferences {
        final Scope outer;
        final PlainSelect top;
        final SubqueryExpr.Kind kind;
        final List<ColumnRef> columns = new ArrayList<>();
        LogicalPlan plan;
        int visible;
        Expr condition;
        boolean unique;
        Expr whenEmpty;
        int markerColumn = -1;
        boolean aggregateWithoutGroupBy;
        boolean having;

        OuterReferences(Scope outer, PlainSelect top, SubqueryExpr.Kind kind) {
            this.outer = outer;
            this.top = top;
            this.kind = kind;
        }

        /** The placeholder standing for outer column {@code c} while the subquery is bound. */
        Expr placeholder(ColumnRef c) {
            int i = 0;
            while (i < columns.size() && columns.get(i).index() != c.index()) {
                i++;
            }
            if (i == columns.size()) {
                columns.add(c);
            }
            return new Call(OUTER_PREFIX + i, List.of(), c.type());
        }
    }

    private final QueryBinder queries;
    private final Deque<Scope> outerScopes = new ArrayDeque<>();
    private final Deque<OuterReferences> correlations = new ArrayDeque<>();

    SubqueryBinder(QueryBinder queries) {
        this.queries = queries;
    }

    /**
     * Binds subquery {@code s} appearing in an expression over {@code outer}.
     *
     * @param ctes the CTEs visible where the subquery appears
     * @throws SqlError 42000 when it refers to the enclosing query outside its WHERE clause
     */
    Binding bind(Select s, Scope outer, SubqueryExpr.Kind kind, CteScope ctes) {
        OuterReferences refs = new OuterReferences(outer, topBlock(s), kind);
        outerScopes.push(outer);
        correlations.push(refs);
        try {
            LogicalPlan plan = queries.bindSelect(s, ctes).plan();
            if (refs.columns.isEmpty()) {
                return new Binding(plan, plan.output().size(), null, false, false);
            }
            if (refs.plan == null || hasOuterPlaceholder(refs.plan)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "A subquery may refer to the enclosing query"
                        + " only in the WHERE clause of a plain SELECT (" + describeOuter(refs) + "); rewrite it"
                        + " as a JOIN");
            }
            List<Expr> args = new ArrayList<>(refs.columns);
            return new Binding(refs.plan, refs.visible, new SubqueryExpr.Correlation(args, refs.condition,
                    refs.unique, refs.whenEmpty, refs.markerColumn), refs.aggregateWithoutGroupBy, refs.having);
        } finally {
            correlations.pop();
            outerScopes.pop();
        }
    }

    /** Binds a derived table (or a rewritten table function): no enclosing query's column is visible inside. */
    Bound isolated(Supplier<Bound> binding) {
        outerScopes.push(new Scope(List.of()));
        try {
            return binding.get();
        } finally {
            outerScopes.pop();
        }
    }

    /** The subquery being bound innermost, or null outside any subquery. */
    OuterReferences innermost() {
        return correlations.peek();
    }

    /**
     * An outer reference: {@code parts} resolved in the scope of the query directly enclosing the subquery being
     * bound, as an expression over placeholders; null when the name is not an outer column there.
     */
    Expr outerReference(List<String> parts) {
        OuterReferences refs = correlations.peek();
        if (refs == null || outerScopes.peek() != refs.outer) {
            return null;
        }
        Expr e = ColumnResolver.resolveOrNull(refs.outer, parts);
        if (e == null) {
            return null;
        }
        return ExprVisitors.replaceColumns(e, refs::placeholder);
    }

    /** Some enclosing scope (not only the directly enclosing one) has a column named {@code parts}. */
    boolean outerScopeHas(List<String> parts) {
        for (Scope s : outerScopes) {
            try {
                String name = parts.get(parts.size() - 1);
                String qualifier = parts.size() > 1 ? parts.get(parts.size() - 2) : null;
                if (qualifier != null && !s.hasQualifier(qualifier)) {
                    continue;
                }
                if (s.find(qualifier, name) != null) {
                    return true;
                }
            } catch (SqlError e) {
                // An ambiguous name there still names an enclosing column.
                return true;
            }
        }
        return false;
    }

    private static String describeOuter(OuterReferences refs) {
        List<String> names = new ArrayList<>();
        for (ColumnRef c : refs.columns) {
            names.add(c.name());
        }
        return "it refers to " + String.join(", ", names);
    }

    /** The PlainSelect a subquery consists of (through redundant parentheses), or null. */
    private static PlainSelect topBlock(Select s) {
        Select cur = s;
        while (cur instanceof ParenthesedSelect && cur.getWithItemsList() == null) {
            ParenthesedSelect p = (ParenthesedSelect) cur;
            if (p.getOrderByElements() != null || p.getLimit() != null || p.getOffset() != null
                    || p.getFetch() != null) {
                return null;
            }
            cur = p.getSelect();
        }
        return cur instanceof PlainSelect && cur.getWithItemsList() == null ? (PlainSelect) cur : null;
    }

    static boolean hasOuterPlaceholder(LogicalPlan plan) {
        boolean[] found = new boolean[1];
        io.lancejdbc.sql.plan.PlanExpressions.forEach(plan, e -> found[0] |= containsOuter(e));
        return found[0];
    }

    static boolean containsOuter(Expr e) {
        if (e instanceof Call) {
            Call c = (Call) e;
            if (c.function().startsWith(OUTER_PREFIX)) {
                return true;
            }
            for (Expr a : c.args()) {
                if (containsOuter(a)) {
                    return true;
                }
            }
        }
        if (e instanceof SubqueryExpr) {
            SubqueryExpr sq = (SubqueryExpr) e;
            if (sq.operand() != null && containsOuter(sq.operand())) {
                return true;
            }
            if (sq.correlation() != null) {
                for (Expr a : sq.correlation().outerArgs()) {
                    if (containsOuter(a)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
