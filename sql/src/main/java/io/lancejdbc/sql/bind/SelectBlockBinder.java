package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.OrderLimitBinder.OrderItem;
import io.lancejdbc.sql.bind.QueryBinder.Bound;
import io.lancejdbc.sql.bind.SubqueryBinder.OuterReferences;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.plan.Aggregate;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.plan.Distinct;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.Sort;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.Window;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One plain SELECT block, clause by clause in SQL's logical order: FROM and joins, WHERE, GROUP BY / aggregates,
 * HAVING, window functions, the select list, DISTINCT, ORDER BY (over aliases, ordinals or hidden expressions that
 * ride along the projection and are dropped after sorting), LIMIT / OFFSET. In a correlated subquery's top block the
 * WHERE conjuncts that read the enclosing row are split off and the rest goes to {@link CorrelatedBlockBinder}.
 */
final class SelectBlockBinder {
    private final QueryBinder queries;

    SelectBlockBinder(QueryBinder queries) {
        this.queries = queries;
    }

    Bound bind(PlainSelect ps, CteScope ctes) {
        BindContext c = queries.ctx.withCtes(ctes);
        if (ps.getIntoTables() != null) {
            throw new SqlError(SqlState.READ_ONLY_TRANSACTION, "SELECT INTO is not supported (read-only driver)");
        }
        if (ps.getForMode() != null) {
            // accepting it would pretend to lock rows; DatabaseMetaData.supportsSelectForUpdate() says false
            throw new SqlError(SqlState.READ_ONLY_TRANSACTION, "SELECT ... FOR " + ps.getForMode()
                    + " is not supported: lance-jdbc is read-only and takes no row locks; leave out the FOR clause");
        }
        Bound from = queries.from.bind(ps.getFromItem(), ps.getJoins(), c);
        LogicalPlan plan = from.plan();
        Scope scope = from.scope();
        OuterReferences refs = queries.subqueries.innermost();
        List<Expr> correlated = new ArrayList<>();
        if (ps.getWhere() != null) {
            Expr where = new ExpressionBinder(c, scope, null, null, queries).bind(ps.getWhere());
            TypeCoercion.requireBoolean(where, "WHERE");
            if (refs != null && refs.top == ps && SubqueryBinder.containsOuter(where)) {
                // The conjuncts that read the enclosing row become the condition of the join the subquery turns into.
                List<Expr> local = new ArrayList<>();
                for (Expr conjunct : ExprVisitors.conjuncts(where)) {
                    (SubqueryBinder.containsOuter(conjunct) ? correlated : local)
                            .add(TypeCoercion.coerce(conjunct, Types.BOOL));
                }
                where = ExprVisitors.and(local);
            }
            if (where != null) {
                plan = new Filter(plan, TypeCoercion.coerce(where, Types.BOOL));
            }
        }
        if (!correlated.isEmpty()) {
            return queries.correlated.bind(ps, c, new Bound(plan, scope), correlated, refs);
        }

        AggregateCollector aggs = new AggregateCollector();
        WindowCollector wins = new WindowCollector();
        ExpressionBinder itemBinder = new ExpressionBinder(c, scope, aggs, wins, queries);
        SelectList select = SelectList.bind(ps.getSelectItems(), scope, itemBinder);
        List<Expr> items = select.items;

        List<Expr> groupKeys = new ArrayList<>();
        boolean grouped = false;
        if (ps.getGroupBy() != null) {
            grouped = true;
            groupKeys = select.groupKeys(ps.getGroupBy(), scope, new ExpressionBinder(c, scope, null, null, queries));
        }
        Expr having = null;
        if (ps.getHaving() != null) {
            having = itemBinder.bind(ps.getHaving());
            TypeCoercion.requireBoolean(having, "HAVING");
            grouped = true;
        }
        // ORDER BY may reference select aliases, ordinals or any input expression (also aggregates when grouped).
        List<OrderItem> order = new ArrayList<>();
        if (ps.getOrderByElements() != null) {
            for (OrderByElement o : ps.getOrderByElements()) {
                order.add(OrderLimitBinder.orderItem(o, itemBinder, items, select.names));
            }
        }
        grouped |= !aggs.isEmpty();

        if (grouped) {
            plan = aggregate(plan, groupKeys, aggs.calls());
            GroupingRewriter rw = new GroupingRewriter(groupKeys, plan.output());
            items.replaceAll(rw::rewrite);
            for (OrderItem o : order) {
                if (o.expr != null) {
                    o.expr = rw.rewrite(o.expr);
                }
            }
            if (having != null) {
                plan = new Filter(plan, TypeCoercion.coerce(rw.rewrite(having), Types.BOOL));
            }
            if (!wins.isEmpty()) {
                List<WindowCall> rewritten = new ArrayList<>();
                for (WindowCall w : wins.calls()) {
                    rewritten.add(rw.rewrite(w));
                }
                plan = windowNode(plan, rewritten);
            }
        } else if (!wins.isEmpty()) {
            plan = windowNode(plan, wins.calls());
        }
        int width = plan.output().size() - wins.calls().size();
        if (!wins.isEmpty()) {
            LogicalPlan windowed = plan;
            items.replaceAll(e -> replaceWindows(e, width, windowed));
            for (OrderItem o : order) {
                if (o.expr != null) {
                    o.expr = replaceWindows(o.expr, width, windowed);
                }
            }
        }
        return project(ps, plan, select, order);
    }

    /** The select list, DISTINCT, ORDER BY and LIMIT over the block's (grouped, windowed) plan. */
    private Bound project(PlainSelect ps, LogicalPlan input, SelectList select, List<OrderItem> order) {
        int visible = select.size();
        List<Expr> projected = new ArrayList<>(select.items);
        List<String> projectedNames = new ArrayList<>(select.names);
        List<SortKey> sortKeys = new ArrayList<>();
        for (OrderItem o : order) {
            int idx = o.selectIndex;
            if (idx < 0) {
                idx = projected.indexOf(o.expr);
            }
            if (idx < 0) {
                if (ps.getDistinct() != null) {
                    throw new SqlError(SqlState.SYNTAX_ERROR, "With SELECT DISTINCT, ORDER BY expressions must appear"
                            + " in the select list: " + o.source);
                }
                projected.add(o.expr);
                projectedNames.add("$order" + projected.size());
                idx = projected.size() - 1;
            }
            Field f = Types.withoutMetadata(projected.get(idx).type());
            sortKeys.add(new SortKey(new ColumnRef(idx, projectedNames.get(idx), f), o.ascending, o.nullsFirst));
        }
        LogicalPlan plan = new Project(input, projected, projectedNames);
        if (ps.getDistinct() != null) {
            if (ps.getDistinct().getOnSelectItems() != null) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "DISTINCT ON is not supported");
            }
            plan = new Distinct(plan);
        }
        if (!sortKeys.isEmpty()) {
            plan = new Sort(plan, sortKeys);
        }
        plan = queries.orderLimit.limit(plan, ps.getLimit(), ps.getOffset(), ps.getFetch());
        if (projected.size() > visible) {
            List<Expr> visibleRefs = new ArrayList<>();
            List<Field> out = plan.output();
            for (int i = 0; i < visible; i++) {
                visibleRefs.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
            }
            plan = new Project(plan, visibleRefs, select.names);
        }
        return new Bound(plan, Scope.of(null, plan.output()));
    }

    /** An Aggregate node whose key and aggregate columns are named by their SQL text. */
    static Aggregate aggregate(LogicalPlan input, List<Expr> keys, List<AggregateCall> calls) {
        List<String> keyNames = new ArrayList<>();
        for (Expr k : keys) {
            keyNames.add(k.sql());
        }
        List<String> aggNames = new ArrayList<>();
        for (AggregateCall a : calls) {
            aggNames.add(a.sql());
        }
        return new Aggregate(input, keys, keyNames, calls, aggNames);
    }

    private static Expr replaceWindows(Expr e, int base, LogicalPlan windowed) {
        if (e instanceof Call) {
            Call call = (Call) e;
            if (call.function().startsWith(ExpressionBinder.WIN_PREFIX)) {
                int i = Integer.parseInt(call.function().substring(ExpressionBinder.WIN_PREFIX.length()));
                Field f = windowed.output().get(base + i);
                return new ColumnRef(base + i, f.getName(), f);
            }
            List<Expr> args = new ArrayList<>();
            for (Expr a : call.args()) {
                args.add(replaceWindows(a, base, windowed));
            }
            return new Call(call.function(), args, call.type());
        }
        return e;
    }

    private static LogicalPlan windowNode(LogicalPlan input, List<WindowCall> calls) {
        List<String> names = new ArrayList<>();
        for (WindowCall w : calls) {
            names.add(w.function() + "_over");
        }
        return new Window(input, calls, names);
    }
}
