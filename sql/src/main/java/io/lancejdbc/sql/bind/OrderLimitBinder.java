package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.QueryBinder.Bound;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ParamRef;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Sort;
import io.lancejdbc.sql.plan.SortKey;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.Fetch;
import net.sf.jsqlparser.statement.select.Offset;
import net.sf.jsqlparser.statement.select.OrderByElement;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * ORDER BY, LIMIT, OFFSET and FETCH. An ORDER BY item is a select-list ordinal ({@code ORDER BY 2}), a select-list
 * name or alias, or any expression over the input. Names are matched in select-list order: an exact match always
 * counts, a case-insensitive one only while nothing matched yet, and two counted matches naming different
 * expressions are ambiguous (42702). Row counts are non-negative integer constants or {@code ?} parameters.
 */
final class OrderLimitBinder {
    /** One ORDER BY item while binding: either a select-list position or an expression. */
    static final class OrderItem {
        int selectIndex = -1;
        Expr expr;
        boolean ascending;
        boolean nullsFirst;
        String source;
    }

    private final QueryBinder queries;

    OrderLimitBinder(QueryBinder queries) {
        this.queries = queries;
    }

    /**
     * One ORDER BY item against a select list.
     *
     * @param items the select-list expressions, in order
     * @param names their output names (aliases), parallel to {@code items}
     * @throws SqlError 42000 for an ordinal outside 1..items.size(), 42702 for an ambiguous name
     */
    static OrderItem orderItem(OrderByElement o, ExpressionBinder binder, List<Expr> items, List<String> names) {
        OrderItem item = new OrderItem();
        item.source = QualifiedNames.sourceText(o);
        item.ascending = o.isAsc();
        item.nullsFirst = nullsFirst(o);
        Expression e = o.getExpression();
        if (e instanceof LongValue) {
            int ordinal = (int) ((LongValue) e).getValue();
            if (ordinal < 1 || ordinal > items.size()) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "ORDER BY position " + ordinal + " is not in the select"
                        + " list (1.." + items.size() + ")");
            }
            item.selectIndex = ordinal - 1;
            return item;
        }
        if (e instanceof Column && ((Column) e).getTable() == null && ((Column) e).getArrayConstructor() == null) {
            String name = QualifiedNames.unquote(((Column) e).getColumnName());
            int match = -1;
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i).equals(name) || names.get(i).equalsIgnoreCase(name) && match < 0) {
                    if (match >= 0 && !items.get(match).equals(items.get(i))) {
                        throw new SqlError(SqlState.AMBIGUOUS_COLUMN, "ORDER BY " + name
                                + " matches several select-list columns");
                    }
                    match = i;
                }
            }
            if (match >= 0) {
                item.selectIndex = match;
                return item;
            }
        }
        item.expr = binder.bind(e);
        return item;
    }

    /** NULLS FIRST / LAST as written; otherwise NULLs sort as the smallest value (first ascending, last descending). */
    static boolean nullsFirst(OrderByElement o) {
        if (o.getNullOrdering() == OrderByElement.NullOrdering.NULLS_FIRST) {
            return true;
        }
        if (o.getNullOrdering() == OrderByElement.NullOrdering.NULLS_LAST) {
            return false;
        }
        return o.isAsc();
    }

    static SortKey sortKey(Expr e, OrderByElement o) {
        return new SortKey(e, o.isAsc(), nullsFirst(o));
    }

    /** {@code plan} under a {@link Limit} for LIMIT / OFFSET / FETCH, or {@code plan} itself when none limits. */
    LogicalPlan limit(LogicalPlan plan, net.sf.jsqlparser.statement.select.Limit limit, Offset offset, Fetch fetch) {
        long count = -1;
        long skip = 0;
        if (limit != null) {
            if (limit.getRowCount() != null && !limit.isLimitAll() && !limit.isLimitNull()) {
                count = constantCount(limit.getRowCount(), "LIMIT", -1);
            }
            if (limit.getOffset() != null) {
                skip = constantCount(limit.getOffset(), "OFFSET", 0);
            }
        }
        if (offset != null) {
            skip = constantCount(offset.getOffset(), "OFFSET", 0);
        }
        if (fetch != null) {
            count = fetch.getExpression() == null ? 1 : constantCount(fetch.getExpression(), "FETCH", -1);
        }
        if (count < 0 && skip == 0) {
            return plan;
        }
        return new Limit(plan, skip, count);
    }

    /**
     * A row count of LIMIT, OFFSET or FETCH: a constant, or a {@code ?} parameter. While a statement is prepared
     * ({@code ?} still unbound) the count is {@code whilePreparing}: only the result's shape is planned then, and
     * each execution binds the statement again with the parameter's value (query builders such as jOOQ send
     * {@code LIMIT ? OFFSET ?}).
     */
    private long constantCount(Expression e, String clause, long whilePreparing) {
        Expr v = new ExpressionBinder(queries.ctx, new Scope(List.of()), null, null, queries).bind(e);
        if (v instanceof ParamRef) {
            return whilePreparing;
        }
        if (!(v instanceof Literal) || !(((Literal) v).value() instanceof Long)) {
            String got = v instanceof Literal && ((Literal) v).value() == null ? "NULL" : QualifiedNames.sourceText(e);
            throw new SqlError(SqlState.SYNTAX_ERROR, clause + " needs a non-negative integer constant, got " + got);
        }
        long n = (Long) ((Literal) v).value();
        if (n < 0) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, clause + " must not be negative, got " + n);
        }
        return n;
    }

    /**
     * ORDER BY / LIMIT applied to a whole query (a set operation or a parenthesized query): the items address the
     * query's output columns by ordinal, name or expression.
     */
    Bound orderAndLimit(Bound inner, List<OrderByElement> orderBy, net.sf.jsqlparser.statement.select.Limit limit,
            Offset offset, Fetch fetch) {
        LogicalPlan plan = inner.plan();
        if (orderBy != null && !orderBy.isEmpty()) {
            List<SortKey> keys = new ArrayList<>();
            List<Field> out = plan.output();
            List<String> names = out.stream().map(Field::getName).toList();
            List<Expr> refs = new ArrayList<>();
            for (int i = 0; i < out.size(); i++) {
                refs.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
            }
            ExpressionBinder b = new ExpressionBinder(queries.ctx, inner.scope(), null, null, queries);
            for (OrderByElement o : orderBy) {
                OrderItem item = orderItem(o, b, refs, names);
                Expr key = item.selectIndex >= 0 ? refs.get(item.selectIndex) : item.expr;
                keys.add(new SortKey(key, item.ascending, item.nullsFirst));
            }
            plan = new Sort(plan, keys);
        }
        plan = limit(plan, limit, offset, fetch);
        return new Bound(plan, Scope.of(null, plan.output()));
    }
}
