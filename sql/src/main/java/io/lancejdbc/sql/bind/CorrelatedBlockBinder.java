package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.QueryBinder.Bound;
import io.lancejdbc.sql.bind.SubqueryBinder.OuterReferences;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.plan.Aggregate;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.plan.Distinct;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.Values;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The rest of a correlated subquery's SELECT block once its WHERE clause is split: the block's plan without the
 * correlated conjuncts, returning the select list followed by the columns those conjuncts read, and the conjuncts as
 * the correlation condition (recorded in the {@link OuterReferences}). With aggregates the correlated conjuncts must
 * be equalities {@code inner = outer}; their inner sides become extra GROUP BY keys, so there is one group per
 * enclosing row's values.
 */
final class CorrelatedBlockBinder {
    private final QueryBinder queries;

    CorrelatedBlockBinder(QueryBinder queries) {
        this.queries = queries;
    }

    /**
     * @param from the block's FROM clause with its uncorrelated WHERE conjuncts applied
     * @param correlated the WHERE conjuncts that read the enclosing row
     */
    Bound bind(PlainSelect ps, BindContext c, Bound from, List<Expr> correlated, OuterReferences refs) {
        LogicalPlan input = from.plan();
        Scope scope = from.scope();
        if (ps.getDistinct() != null && ps.getDistinct().getOnSelectItems() != null) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "DISTINCT ON is not supported");
        }
        long limit = -1;
        if (ps.getLimit() != null || ps.getOffset() != null || ps.getFetch() != null) {
            LogicalPlan probe = queries.orderLimit.limit(new Values(List.of(), List.of()), ps.getLimit(),
                    ps.getOffset(), ps.getFetch());
            boolean limited = probe instanceof Limit;
            if (limited && (refs.kind != SubqueryExpr.Kind.EXISTS || ((Limit) probe).offset() > 0)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "LIMIT and OFFSET are not supported in a"
                        + " correlated subquery (except LIMIT in EXISTS); use an aggregate such as MIN() or MAX()");
            }
            limit = limited ? ((Limit) probe).limit() : -1;
        }
        AggregateCollector aggs = new AggregateCollector();
        WindowCollector wins = new WindowCollector();
        ExpressionBinder itemBinder = new ExpressionBinder(c, scope, aggs, wins, queries);
        SelectList select = SelectList.bind(ps.getSelectItems(), scope, itemBinder);
        List<Expr> userKeys = ps.getGroupBy() == null ? new ArrayList<>()
                : select.groupKeys(ps.getGroupBy(), scope, new ExpressionBinder(c, scope, null, null, queries));
        Expr having = null;
        if (ps.getHaving() != null) {
            having = itemBinder.bind(ps.getHaving());
            TypeCoercion.requireBoolean(having, "HAVING");
        }
        if (!wins.isEmpty()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Window functions are not supported in a correlated"
                    + " subquery");
        }
        boolean grouped = ps.getGroupBy() != null || having != null || !aggs.isEmpty();
        int visible = select.size();
        List<Expr> projected = new ArrayList<>(select.items);
        List<String> projectedNames = new ArrayList<>(select.names);
        List<Expr> conditions = new ArrayList<>();
        LogicalPlan plan = input;
        int width;
        if (!grouped) {
            // The inner columns the correlated conjuncts read ride along after the select list.
            java.util.BitSet used = new java.util.BitSet();
            for (Expr cj : correlated) {
                ExprVisitors.columns(cj, used);
            }
            int[] position = new int[scope.size()];
            List<Field> in = input.output();
            for (int i = used.nextSetBit(0); i >= 0; i = used.nextSetBit(i + 1)) {
                position[i] = projected.size();
                projected.add(new ColumnRef(i, in.get(i).getName(), in.get(i)));
                projectedNames.add("$corr" + projected.size());
            }
            width = projected.size();
            for (Expr cj : correlated) {
                Expr remapped = ExprVisitors.replaceColumns(cj, r -> new ColumnRef(position[r.index()], r.name(),
                        r.type()));
                conditions.add(outerToColumns(remapped, width, refs));
            }
            plan = new Project(plan, projected, projectedNames);
        } else {
            List<Expr> innerKeys = new ArrayList<>();
            List<Expr> outerSides = new ArrayList<>();
            for (Expr cj : correlated) {
                Expr[] sides = equalitySides(cj);
                if (sides == null) {
                    throw new SqlError(SqlState.UNSUPPORTED_SQL, "A correlated subquery with aggregates may"
                            + " compare the enclosing query's columns only by equality with its own (inner = outer),"
                            + " not " + cj.sql().replace(SubqueryBinder.OUTER_PREFIX, "outer#"));
                }
                innerKeys.add(sides[0]);
                outerSides.add(sides[1]);
            }
            List<Expr> keys = new ArrayList<>(userKeys);
            int[] keyIndex = new int[innerKeys.size()];
            for (int j = 0; j < innerKeys.size(); j++) {
                int k = keys.indexOf(innerKeys.get(j));
                if (k < 0) {
                    keys.add(innerKeys.get(j));
                    k = keys.size() - 1;
                }
                keyIndex[j] = k;
            }
            Aggregate agg = SelectBlockBinder.aggregate(plan, keys, aggs.calls());
            List<Field> aggOut = agg.output();
            GroupingRewriter rw = new GroupingRewriter(keys, aggOut);
            projected.replaceAll(rw::rewrite);
            plan = agg;
            if (having != null) {
                plan = new Filter(plan, TypeCoercion.coerce(rw.rewrite(having), Types.BOOL));
            }
            for (int j = 0; j < innerKeys.size(); j++) {
                projected.add(new ColumnRef(keyIndex[j], aggOut.get(keyIndex[j]).getName(), aggOut.get(keyIndex[j])));
                projectedNames.add("$corr" + projected.size());
            }
            width = projected.size();
            for (int j = 0; j < innerKeys.size(); j++) {
                Field f = aggOut.get(keyIndex[j]);
                conditions.add(Operators.compare(Functions.EQ, new ColumnRef(visible + j, f.getName(), f),
                        outerToColumns(outerSides.get(j), width, refs)));
            }
            List<Expr> groupedItems = new ArrayList<>(projected.subList(0, visible));
            plan = new Project(plan, projected, projectedNames);
            refs.aggregateWithoutGroupBy = ps.getGroupBy() == null;
            refs.having = having != null;
            refs.unique = ps.getGroupBy() == null;
            if (refs.kind == SubqueryExpr.Kind.SCALAR && ps.getGroupBy() == null && !groupedItems.isEmpty()) {
                Expr empty = overNoRows(groupedItems.get(0), keys.size(), aggs.calls());
                if (having != null) {
                    empty = Operators.caseWhen(List.of(TypeCoercion.coerce(overNoRows(rw.rewrite(having), keys.size(),
                            aggs.calls()), Types.BOOL), empty), null);
                }
                if (!(empty instanceof Literal && ((Literal) empty).isNull())) {
                    refs.whenEmpty = empty;
                    refs.markerColumn = visible;
                }
            }
        }
        if (ps.getDistinct() != null) {
            plan = new Distinct(plan);
        }
        if (limit == 0) {
            plan = new Limit(plan, 0, 0);
        }
        refs.plan = plan;
        refs.visible = visible;
        refs.condition = ExprVisitors.and(conditions);
        return new Bound(plan, Scope.of(null, plan.output()));
    }

    /** {inner side, outer side} of {@code inner = outer} (either order); null for any other conjunct. */
    private static Expr[] equalitySides(Expr e) {
        if (!(e instanceof Call) || !((Call) e).function().equals(Functions.EQ)) {
            return null;
        }
        Expr a = ((Call) e).arg(0);
        Expr b = ((Call) e).arg(1);
        boolean aOuter = SubqueryBinder.containsOuter(a);
        boolean bOuter = SubqueryBinder.containsOuter(b);
        if (aOuter && !bOuter && ExprVisitors.columns(a).isEmpty()) {
            return new Expr[] {b, a};
        }
        if (bOuter && !aOuter && ExprVisitors.columns(b).isEmpty()) {
            return new Expr[] {a, b};
        }
        return null;
    }

    /** {@code e} with every outer placeholder {@code $outer:k} replaced by {@code ColumnRef(base + k)}. */
    private static Expr outerToColumns(Expr e, int base, OuterReferences refs) {
        if (e instanceof Call) {
            Call call = (Call) e;
            if (call.function().startsWith(SubqueryBinder.OUTER_PREFIX)) {
                int k = Integer.parseInt(call.function().substring(SubqueryBinder.OUTER_PREFIX.length()));
                return new ColumnRef(base + k, refs.columns.get(k).name(), call.type());
            }
            List<Expr> args = new ArrayList<>();
            for (Expr a : call.args()) {
                args.add(outerToColumns(a, base, refs));
            }
            return new Call(call.function(), args, call.type());
        }
        return e;
    }

    /**
     * {@code e} (over an aggregate's output) evaluated for a group of no rows: COUNT gives 0, every other aggregate
     * and every group key NULL (SQL:2011 10.9 aggregate function, general rules).
     */
    private static Expr overNoRows(Expr e, int keyCount, List<AggregateCall> calls) {
        return ExprVisitors.replaceColumns(e, r -> {
            if (r.index() >= keyCount) {
                String fn = calls.get(r.index() - keyCount).function();
                if (fn.equals("count") || fn.equals("count_star")) {
                    return Literal.ofLong(0);
                }
            }
            return Literal.nullOf(r.type().getType());
        });
    }
}
