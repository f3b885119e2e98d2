package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.ExprVisitors;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ParamRef;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
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
import io.lancejdbc.sql.plan.Window;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.engine.types.TypeSupport;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.ExceptOp;
import net.sf.jsqlparser.statement.select.Fetch;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.IntersectOp;
import net.sf.jsqlparser.statement.select.MinusOp;
import net.sf.jsqlparser.statement.select.Offset;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.UnionOp;
import net.sf.jsqlparser.statement.select.WithItem;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Turns a parsed query into a logical plan: name resolution against the catalog (pinning one dataset version per
 * table reference), typing, aggregates, windows, ORDER BY over aliases/ordinals/hidden expressions, LIMIT/OFFSET,
 * joins, derived tables, CTEs, set operations and uncorrelated subqueries.
 */
public final class QueryBinder {
    /** A bound relation: its plan and the names its columns can be addressed by. */
    record Bound(LogicalPlan plan, Scope scope) {
    }

    private final BindContext ctx;
    private final Deque<Scope> outerScopes = new ArrayDeque<>();
    private final VectorSearchBinder vectorSearch;

    private QueryBinder(BindContext ctx) {
        this.ctx = ctx;
        this.vectorSearch = new VectorSearchBinder(ctx.catalog);
    }

    /**
     * Binds a query.
     *
     * @param parameters values of the {@code ?} markers as literals, or null to prepare (markers stay {@link ParamRef})
     * @param clock the statement clock for CURRENT_DATE / NOW()
     * @throws SqlError with a 42xxx / 3F000 / 22xxx / 25006 state for every user error
     */
    public static LogicalPlan bind(Select select, CatalogView catalog, List<Literal> parameters, Clock clock) {
        QueryBinder b = new QueryBinder(new BindContext(catalog, parameters, clock, CteScope.EMPTY));
        Bound bound = b.bindSelect(select, CteScope.EMPTY);
        LogicalPlan plan = typeUntypedNulls(bound.plan());
        for (Field f : plan.output()) {
            if (!TypeSupport.isSupported(f)) {
                throw unsupportedColumn(f.getName());
            }
        }
        return plan;
    }

    /**
     * A select-list expression that is NULL whatever the row ({@code SELECT NULL}, {@code NULL + NULL}) has no type
     * of its own; in the result it becomes an INT NULL (as in DuckDB), so that JDBC can describe and read it. Only the
     * final projection (under LIMIT) changes: inside a query, the untyped NULL still takes the type its context
     * gives it (UNION, CASE, COALESCE). Columns of a table whose type is Arrow's null stay unsupported.
     */
    private static LogicalPlan typeUntypedNulls(LogicalPlan plan) {
        if (plan instanceof io.lancejdbc.sql.plan.Limit) {
            LogicalPlan in = plan.inputs().get(0);
            LogicalPlan typed = typeUntypedNulls(in);
            return typed == in ? plan : plan.withInputs(List.of(typed));
        }
        if (!(plan instanceof Project)) {
            return plan;
        }
        Project p = (Project) plan;
        List<Expr> exprs = new ArrayList<>(p.exprs());
        boolean changed = false;
        for (int i = 0; i < exprs.size(); i++) {
            Expr e = exprs.get(i);
            if (Types.isNull(e.type().getType()) && !(e instanceof ColumnRef)) {
                exprs.set(i, Literal.nullOf(Types.INT32));
                changed = true;
            }
        }
        return changed ? new Project(p.input(), exprs, p.names()) : plan;
    }

    static SqlError unsupportedColumn(String name) {
        return new SqlError(SqlState.UNSUPPORTED_SQL, "Column '" + name + "' has a type lance-jdbc cannot read"
                + " (UNSUPPORTED_TYPE in DESC); leave it out, e.g. SELECT * EXCEPT (" + name + ") ...");
    }

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
    record SubqueryBinding(LogicalPlan plan, int visibleColumns, SubqueryExpr.Correlation correlation,
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

    /** Placeholder function name prefix of an outer reference inside a subquery being bound. */
    static final String OUTER_PREFIX = "$outer:";

    private final Deque<OuterReferences> correlations = new ArrayDeque<>();

    /** @param ctes the CTEs visible where the subquery appears */
    SubqueryBinding bindSubquery(Select s, Scope outer, SubqueryExpr.Kind kind, CteScope ctes) {
        OuterReferences refs = new OuterReferences(outer, topBlock(s), kind);
        outerScopes.push(outer);
        correlations.push(refs);
        try {
            LogicalPlan plan = bindSelect(s, ctes).plan();
            if (refs.columns.isEmpty()) {
                return new SubqueryBinding(plan, plan.output().size(), null, false, false);
            }
            if (refs.plan == null || hasOuterPlaceholder(refs.plan)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "A subquery may refer to the enclosing query"
                        + " only in the WHERE clause of a plain SELECT (" + describeOuter(refs) + "); rewrite it"
                        + " as a JOIN");
            }
            List<Expr> args = new ArrayList<>(refs.columns);
            return new SubqueryBinding(refs.plan, refs.visible, new SubqueryExpr.Correlation(args, refs.condition,
                    refs.unique, refs.whenEmpty, refs.markerColumn), refs.aggregateWithoutGroupBy, refs.having);
        } finally {
            correlations.pop();
            outerScopes.pop();
        }
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

    /**
     * An outer reference: {@code parts} resolved in the scope of the query directly enclosing the subquery being
     * bound, as an expression over placeholders; null when the name is not an outer column there.
     */
    Expr outerReference(List<String> parts, String text) {
        OuterReferences refs = correlations.peek();
        if (refs == null || outerScopes.peek() != refs.outer) {
            return null;
        }
        Expr e = new ExpressionBinder(ctx, refs.outer, null, null, null).resolveOrNull(parts, text);
        if (e == null) {
            return null;
        }
        return ExprVisitors.replaceColumns(e, refs::placeholder);
    }

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
                return true;
            }
        }
        return false;
    }

    private Bound bindSelect(Select select, CteScope ctes) {
        CteScope scope = ctes;
        if (select.getWithItemsList() != null) {
            scope = ctes.child();
            java.util.Set<String> names = new java.util.HashSet<>();
            for (WithItem<?> w : select.getWithItemsList()) {
                if (w.isRecursive()) {
                    throw new SqlError(SqlState.UNSUPPORTED_SQL, "WITH RECURSIVE is not supported");
                }
                String name = QualifiedNames.unquote(w.getAlias().getName());
                // Names match case-insensitively; a second definition would silently hide the first.
                if (!names.add(name.toLowerCase(java.util.Locale.ROOT))) {
                    throw new SqlError(SqlState.SYNTAX_ERROR, "WITH query name '" + name + "' is defined more than"
                            + " once in the same WITH clause; give each query its own name");
                }
                Bound cte = bindSelect((Select) w.getSelect(), scope);
                LogicalPlan plan = cte.plan();
                if (w.getWithItemList() != null && !w.getWithItemList().isEmpty()) {
                    plan = renameColumns(plan, w.getWithItemList().stream()
                            .map(i -> QualifiedNames.unquote(i.toString())).toList(), w.getAlias().getName());
                }
                scope = scope.with(QualifiedNames.unquote(w.getAlias().getName()), plan);
            }
        }
        CteScope finalScope = scope;
        if (select instanceof PlainSelect) {
            return bindPlain((PlainSelect) select, finalScope);
        }
        if (select instanceof SetOperationList) {
            return bindSetOperation((SetOperationList) select, finalScope);
        }
        if (select instanceof ParenthesedSelect) {
            ParenthesedSelect p = (ParenthesedSelect) select;
            Bound inner = bindSelect(p.getSelect(), finalScope);
            return orderAndLimit(inner, p.getOrderByElements(), p.getLimit(), p.getOffset(), p.getFetch());
        }
        throw new SqlError(SqlState.UNSUPPORTED_SQL, "Query form " + select.getClass().getSimpleName()
                + " is not supported");
    }

    private static LogicalPlan renameColumns(LogicalPlan plan, List<String> names, String alias) {
        List<Field> out = plan.output();
        if (names.size() != out.size()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Column list of " + alias + " has " + names.size()
                    + " names but the query returns " + out.size() + " columns");
        }
        List<Expr> refs = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            refs.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
        }
        return new Project(plan, refs, names);
    }

    // ---------------------------------------------------------------- plain SELECT

    private Bound bindPlain(PlainSelect ps, CteScope ctes) {
        BindContext c = ctx.withCtes(ctes);
        if (ps.getIntoTables() != null) {
            throw new SqlError(SqlState.READ_ONLY_TRANSACTION, "SELECT INTO is not supported (read-only driver)");
        }
        if (ps.getForMode() != null) {
            // accepting it would pretend to lock rows; DatabaseMetaData.supportsSelectForUpdate() says false
            throw new SqlError(SqlState.READ_ONLY_TRANSACTION, "SELECT ... FOR " + ps.getForMode()
                    + " is not supported: lance-jdbc is read-only and takes no row locks; leave out the FOR clause");
        }
        Bound from = ps.getFromItem() == null
                ? new Bound(new Values(List.of(), List.of(List.of())), new Scope(List.of()))
                : fromItem(ps.getFromItem(), c);
        if (ps.getJoins() != null) {
            for (net.sf.jsqlparser.statement.select.Join j : ps.getJoins()) {
                from = join(from, j, c);
            }
        }
        LogicalPlan plan = from.plan();
        Scope scope = from.scope();
        OuterReferences refs = correlations.peek();
        List<Expr> correlated = new ArrayList<>();
        if (ps.getWhere() != null) {
            Expr where = new ExpressionBinder(c, scope, null, null, this).bind(ps.getWhere());
            TypeCoercion.requireBoolean(where, "WHERE");
            if (refs != null && refs.top == ps && containsOuter(where)) {
                // The conjuncts that read the enclosing row become the condition of the join the subquery turns into.
                List<Expr> local = new ArrayList<>();
                for (Expr conjunct : ExprVisitors.conjuncts(where)) {
                    (containsOuter(conjunct) ? correlated : local).add(TypeCoercion.coerce(conjunct, Types.BOOL));
                }
                where = ExprVisitors.and(local);
            }
            if (where != null) {
                plan = new Filter(plan, TypeCoercion.coerce(where, Types.BOOL));
            }
        }
        if (!correlated.isEmpty()) {
            return correlatedBlock(ps, c, plan, scope, correlated, refs);
        }

        AggregateCollector aggs = new AggregateCollector();
        WindowCollector wins = new WindowCollector();
        ExpressionBinder itemBinder = new ExpressionBinder(c, scope, aggs, wins, this);

        List<Expr> items = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (SelectItem<?> item : ps.getSelectItems()) {
            expandItem(item, scope, itemBinder, items, names);
        }

        List<Expr> groupKeys = new ArrayList<>();
        boolean grouped = false;
        if (ps.getGroupBy() != null) {
            grouped = true;
            if (ps.getGroupBy().getGroupingSets() != null && !ps.getGroupBy().getGroupingSets().isEmpty()) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "GROUPING SETS, ROLLUP and CUBE are not supported");
            }
            ExpressionList<?> list = ps.getGroupBy().getGroupByExpressionList();
            ExpressionBinder keyBinder = new ExpressionBinder(c, scope, null, null, this);
            for (Object o : list) {
                groupKeys.add(groupKey((Expression) o, scope, keyBinder, items, names));
            }
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
                order.add(orderItem(o, scope, itemBinder, items, names));
            }
        }
        grouped |= !aggs.isEmpty();

        int width;
        if (grouped) {
            List<String> keyNames = new ArrayList<>();
            for (Expr k : groupKeys) {
                keyNames.add(k.sql());
            }
            List<String> aggNames = new ArrayList<>();
            for (AggregateCall a : aggs.calls()) {
                aggNames.add(a.sql());
            }
            plan = new Aggregate(plan, groupKeys, keyNames, aggs.calls(), aggNames);
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
        width = plan.output().size() - wins.calls().size();
        if (!wins.isEmpty()) {
            int base = width;
            LogicalPlan windowed = plan;
            items.replaceAll(e -> replaceWindows(e, base, windowed));
            for (OrderItem o : order) {
                if (o.expr != null) {
                    o.expr = replaceWindows(o.expr, base, windowed);
                }
            }
        }

        // Hidden ORDER BY columns ride along the projection and are dropped after sorting.
        int visible = items.size();
        List<Expr> projected = new ArrayList<>(items);
        List<String> projectedNames = new ArrayList<>(names);
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
        plan = new Project(plan, projected, projectedNames);
        if (ps.getDistinct() != null) {
            if (ps.getDistinct().getOnSelectItems() != null) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "DISTINCT ON is not supported");
            }
            plan = new Distinct(plan);
        }
        if (!sortKeys.isEmpty()) {
            plan = new Sort(plan, sortKeys);
        }
        plan = limit(plan, ps.getLimit(), ps.getOffset(), ps.getFetch());
        if (projected.size() > visible) {
            List<Expr> visibleRefs = new ArrayList<>();
            List<Field> out = plan.output();
            for (int i = 0; i < visible; i++) {
                visibleRefs.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
            }
            plan = new Project(plan, visibleRefs, names);
        }
        return new Bound(plan, Scope.of(null, plan.output()));
    }

    /**
     * The rest of a correlated subquery's SELECT block once its WHERE clause is split: the block's plan without the
     * correlated conjuncts, returning the select list followed by the columns those conjuncts read, and the
     * conjuncts as the correlation condition (recorded in {@code refs}). With aggregates the correlated conjuncts
     * must be equalities {@code inner = outer}; their inner sides become extra GROUP BY keys, so there is one group
     * per enclosing row's values.
     */
    private Bound correlatedBlock(PlainSelect ps, BindContext c, LogicalPlan input, Scope scope,
            List<Expr> correlated, OuterReferences refs) {
        if (ps.getDistinct() != null && ps.getDistinct().getOnSelectItems() != null) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "DISTINCT ON is not supported");
        }
        long limit = -1;
        if (ps.getLimit() != null || ps.getOffset() != null || ps.getFetch() != null) {
            LogicalPlan probe = limit(new Values(List.of(), List.of()), ps.getLimit(), ps.getOffset(), ps.getFetch());
            boolean limited = probe instanceof Limit;
            if (limited && (refs.kind != SubqueryExpr.Kind.EXISTS || ((Limit) probe).offset() > 0)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "LIMIT and OFFSET are not supported in a"
                        + " correlated subquery (except LIMIT in EXISTS); use an aggregate such as MIN() or MAX()");
            }
            limit = limited ? ((Limit) probe).limit() : -1;
        }
        AggregateCollector aggs = new AggregateCollector();
        WindowCollector wins = new WindowCollector();
        ExpressionBinder itemBinder = new ExpressionBinder(c, scope, aggs, wins, this);
        List<Expr> items = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (SelectItem<?> item : ps.getSelectItems()) {
            expandItem(item, scope, itemBinder, items, names);
        }
        List<Expr> userKeys = new ArrayList<>();
        if (ps.getGroupBy() != null) {
            if (ps.getGroupBy().getGroupingSets() != null && !ps.getGroupBy().getGroupingSets().isEmpty()) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "GROUPING SETS, ROLLUP and CUBE are not supported");
            }
            ExpressionBinder keyBinder = new ExpressionBinder(c, scope, null, null, this);
            for (Object o : ps.getGroupBy().getGroupByExpressionList()) {
                userKeys.add(groupKey((Expression) o, scope, keyBinder, items, names));
            }
        }
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
        int visible = items.size();
        List<Expr> projected = new ArrayList<>(items);
        List<String> projectedNames = new ArrayList<>(names);
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
                            + " not " + cj.sql().replace(OUTER_PREFIX, "outer#"));
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
            List<String> keyNames = new ArrayList<>();
            for (Expr k : keys) {
                keyNames.add(k.sql());
            }
            List<String> aggNames = new ArrayList<>();
            for (AggregateCall a : aggs.calls()) {
                aggNames.add(a.sql());
            }
            Aggregate agg = new Aggregate(plan, keys, keyNames, aggs.calls(), aggNames);
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
        boolean aOuter = containsOuter(a);
        boolean bOuter = containsOuter(b);
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
            if (call.function().startsWith(OUTER_PREFIX)) {
                int k = Integer.parseInt(call.function().substring(OUTER_PREFIX.length()));
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

    private void expandItem(SelectItem<?> item, Scope scope, ExpressionBinder binder, List<Expr> items,
            List<String> names) {
        Expression e = item.getExpression();
        if (e instanceof AllTableColumns) {
            AllTableColumns atc = (AllTableColumns) e;
            List<String> q = QualifiedNames.split(atc.getTable().getFullyQualifiedName());
            String qualifier = q.get(q.size() - 1);
            if (!scope.hasQualifier(qualifier)) {
                throw new SqlError(SqlState.TABLE_NOT_FOUND, "Unknown table '" + qualifier + "' in "
                        + QualifiedNames.sourceText(e));
            }
            addColumns(scope.columnsOf(qualifier), except(atc), items, names, QualifiedNames.sourceText(e));
            return;
        }
        if (e instanceof AllColumns) {
            if (scope.size() == 0) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "SELECT * needs a FROM clause");
            }
            addColumns(scope.columnsOf(null), except((AllColumns) e), items, names, QualifiedNames.sourceText(e));
            return;
        }
        Expr bound = binder.bind(e);
        items.add(bound);
        if (item.getAlias() != null) {
            names.add(QualifiedNames.unquote(item.getAlias().getName()));
        } else if (bound instanceof ColumnRef) {
            names.add(((ColumnRef) bound).name());
        } else if (e instanceof Column && ((Column) e).getArrayConstructor() == null) {
            names.add(QualifiedNames.unquote(((Column) e).getColumnName()));
        } else {
            names.add(QualifiedNames.sourceText(e));
        }
    }

    private static Set<String> except(AllColumns all) {
        Set<String> out = new LinkedHashSet<>();
        if (all.getExceptColumns() != null) {
            for (Column c : all.getExceptColumns()) {
                out.add(QualifiedNames.unquote(c.getColumnName()).toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static void addColumns(List<Scope.Column> cols, Set<String> except, List<Expr> items, List<String> names,
            String text) {
        Set<String> unmatched = new LinkedHashSet<>(except);
        for (Scope.Column c : cols) {
            String lower = c.name().toLowerCase(Locale.ROOT);
            if (except.contains(lower)) {
                unmatched.remove(lower);
                continue;
            }
            if (!TypeSupport.isSupported(c.field())) {
                throw unsupportedColumn(c.name());
            }
            items.add(Scope.ref(c));
            names.add(c.name());
        }
        if (!unmatched.isEmpty()) {
            throw new SqlError(SqlState.COLUMN_NOT_FOUND, "EXCEPT names unknown column(s) " + unmatched + " in " + text);
        }
    }

    private Expr groupKey(Expression e, Scope scope, ExpressionBinder binder, List<Expr> items, List<String> names) {
        if (e instanceof LongValue) {
            int ordinal = (int) ((LongValue) e).getValue();
            if (ordinal < 1 || ordinal > items.size()) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "GROUP BY position " + ordinal + " is not in the select"
                        + " list (1.." + items.size() + ")");
            }
            return checkNoAggregate(items.get(ordinal - 1), "GROUP BY " + ordinal);
        }
        if (e instanceof Column && ((Column) e).getTable() == null) {
            String name = QualifiedNames.unquote(((Column) e).getColumnName());
            if (scope.find(null, name) == null) {
                for (int i = 0; i < names.size(); i++) {
                    if (names.get(i).equalsIgnoreCase(name)) {
                        return checkNoAggregate(items.get(i), "GROUP BY " + name);
                    }
                }
            }
        }
        return binder.bind(e);
    }

    private static Expr checkNoAggregate(Expr e, String where) {
        if (containsPlaceholder(e)) {
            throw new SqlError(SqlState.GROUPING_ERROR, where + " refers to an aggregate or window function");
        }
        return e;
    }

    static boolean containsPlaceholder(Expr e) {
        if (e instanceof Call) {
            Call c = (Call) e;
            if (c.function().startsWith("$")) {
                return true;
            }
            for (Expr a : c.args()) {
                if (containsPlaceholder(a)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** One ORDER BY item while binding: either a select-list position or an expression. */
    private static final class OrderItem {
        int selectIndex = -1;
        Expr expr;
        boolean ascending;
        boolean nullsFirst;
        String source;
    }

    private OrderItem orderItem(OrderByElement o, Scope scope, ExpressionBinder binder, List<Expr> items,
            List<String> names) {
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

    // ---------------------------------------------------------------- LIMIT

    private LogicalPlan limit(LogicalPlan plan, net.sf.jsqlparser.statement.select.Limit limit, Offset offset,
            Fetch fetch) {
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
        Expr v = new ExpressionBinder(ctx, new Scope(List.of()), null, null, this).bind(e);
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

    private Bound orderAndLimit(Bound inner, List<OrderByElement> orderBy,
            net.sf.jsqlparser.statement.select.Limit limit, Offset offset, Fetch fetch) {
        LogicalPlan plan = inner.plan();
        if (orderBy != null && !orderBy.isEmpty()) {
            List<SortKey> keys = new ArrayList<>();
            List<Field> out = plan.output();
            List<String> names = out.stream().map(Field::getName).toList();
            List<Expr> refs = new ArrayList<>();
            for (int i = 0; i < out.size(); i++) {
                refs.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
            }
            ExpressionBinder b = new ExpressionBinder(ctx, inner.scope(), null, null, this);
            for (OrderByElement o : orderBy) {
                OrderItem item = orderItem(o, inner.scope(), b, refs, names);
                Expr key = item.selectIndex >= 0 ? refs.get(item.selectIndex) : item.expr;
                keys.add(new SortKey(key, item.ascending, item.nullsFirst));
            }
            plan = new Sort(plan, keys);
        }
        plan = limit(plan, limit, offset, fetch);
        return new Bound(plan, Scope.of(null, plan.output()));
    }

    // ---------------------------------------------------------------- set operations

    private Bound bindSetOperation(SetOperationList s, CteScope ctes) {
        List<Select> selects = s.getSelects();
        List<LogicalPlan> operands = new ArrayList<>();
        operands.add(bindSelect(selects.get(0), ctes).plan());
        List<SetOperation.Kind> kinds = new ArrayList<>();
        List<Boolean> alls = new ArrayList<>();
        for (int i = 1; i < selects.size(); i++) {
            operands.add(bindSelect(selects.get(i), ctes).plan());
            net.sf.jsqlparser.statement.select.SetOperation op = s.getOperations().get(i - 1);
            if (op instanceof UnionOp) {
                kinds.add(SetOperation.Kind.UNION);
                alls.add(((UnionOp) op).isAll());
            } else if (op instanceof IntersectOp) {
                kinds.add(SetOperation.Kind.INTERSECT);
                alls.add(op.toString().toUpperCase(Locale.ROOT).contains("ALL"));
            } else if (op instanceof ExceptOp || op instanceof MinusOp) {
                kinds.add(SetOperation.Kind.EXCEPT);
                alls.add(op.toString().toUpperCase(Locale.ROOT).contains("ALL"));
            } else {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Set operation " + op + " is not supported");
            }
        }
        // INTERSECT binds tighter than UNION and EXCEPT (SQL:2011 7.13); operators of one level go left to right.
        for (int i = 0; i < kinds.size(); ) {
            if (kinds.get(i) == SetOperation.Kind.INTERSECT) {
                operands.set(i, setOperation(kinds.get(i), alls.get(i), operands.get(i), operands.get(i + 1)));
                operands.remove(i + 1);
                kinds.remove(i);
                alls.remove(i);
            } else {
                i++;
            }
        }
        LogicalPlan acc = operands.get(0);
        for (int i = 0; i < kinds.size(); i++) {
            acc = setOperation(kinds.get(i), alls.get(i), acc, operands.get(i + 1));
        }
        return orderAndLimit(new Bound(acc, Scope.of(null, acc.output())), s.getOrderByElements(), s.getLimit(),
                s.getOffset(), s.getFetch());
    }

    private static LogicalPlan setOperation(SetOperation.Kind kind, boolean all, LogicalPlan left, LogicalPlan right) {
        List<Field> l = left.output();
        List<Field> r = right.output();
        if (l.size() != r.size()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, kind + " inputs have different column counts: " + l.size()
                    + " and " + r.size());
        }
        List<Field> out = new ArrayList<>();
        List<ArrowType> types = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            ArrowType t = TypeCoercion.commonType(l.get(i).getType(), r.get(i).getType(), kind + " column " + (i + 1));
            if (Types.isNull(t)) {
                t = Types.INT32;
            }
            types.add(t);
            Field template = l.get(i).getType().equals(t) ? l.get(i) : r.get(i).getType().equals(t) ? r.get(i)
                    : Types.of(t, true);
            out.add(Types.rename(Types.withNullable(Types.withoutMetadata(template),
                    l.get(i).isNullable() || r.get(i).isNullable()), l.get(i).getName()));
        }
        return new SetOperation(kind, all, List.of(castTo(left, types), castTo(right, types)), out);
    }

    private static LogicalPlan castTo(LogicalPlan p, List<ArrowType> types) {
        List<Field> out = p.output();
        boolean same = true;
        for (int i = 0; i < out.size(); i++) {
            same &= out.get(i).getType().equals(types.get(i));
        }
        if (same) {
            return p;
        }
        List<Expr> exprs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            exprs.add(TypeCoercion.coerce(new ColumnRef(i, out.get(i).getName(), out.get(i)), types.get(i)));
            names.add(out.get(i).getName());
        }
        return new Project(p, exprs, names);
    }

    // ---------------------------------------------------------------- FROM

    private Bound fromItem(FromItem item, BindContext c) {
        String alias = item.getAlias() == null ? null : QualifiedNames.unquote(item.getAlias().getName());
        if (item.getAlias() != null && item.getAlias().getAliasColumns() != null
                && !item.getAlias().getAliasColumns().isEmpty()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Column aliases in FROM (t(a, b)) are not supported");
        }
        if (item instanceof Table) {
            Table t = (Table) item;
            List<String> parts = QualifiedNames.split(t.getFullyQualifiedName());
            if (parts.size() == 1) {
                LogicalPlan cte = c.ctes.find(parts.get(0));
                if (cte != null) {
                    return new Bound(cte, Scope.of(alias != null ? alias : parts.get(0), cte.output()));
                }
            }
            BoundTable table = c.catalog.resolveTable(parts);
            TableScan scan = TableScan.allColumns(table);
            return new Bound(scan, Scope.of(alias != null ? alias : table.name(), scan.output()));
        }
        if (item instanceof TableFunction) {
            Function f = ((TableFunction) item).getFunction();
            String name = f.getName().toLowerCase(Locale.ROOT);
            Map<String, String> args = SqlParser.namedArguments(f);
            if (name.equals("vector_search")) {
                LogicalPlan vs = vectorSearch.bind(args, c);
                return new Bound(vs, Scope.of(alias != null ? alias : "vector_search", vs.output()));
            }
            if (name.equals("hybrid_search")) {
                String sql = HybridSearchRewriter.rewrite(args, c.catalog);
                ParsedStatement parsed = SqlParser.parse(sql);
                outerScopes.push(new Scope(List.of()));
                Bound inner;
                try {
                    inner = bindSelect(((ParsedStatement.Query) parsed).select(), c.ctes);
                } finally {
                    outerScopes.pop();
                }
                return new Bound(inner.plan(), Scope.of(alias != null ? alias : name, inner.plan().output()));
            }
            if (name.equals("full_text_search")) {
                io.lancejdbc.sql.plan.FullTextSearch fts = new FullTextSearchBinder(c.catalog).bind(args, c);
                return new Bound(fts, Scope.of(alias != null ? alias : name, fts.output()));
            }
            if (name.equals(HistoryFunctions.VERSIONS) || name.equals(HistoryFunctions.TAGS)) {
                Values rows = HistoryFunctions.bind(name, args, c.catalog);
                return new Bound(rows, Scope.of(alias != null ? alias : name, rows.output()));
            }
            if (name.equals(TIME_TRAVEL)) {
                return timeTravel(args, alias, c);
            }
            if (name.equals("s3") || name.equals("local")) {
                Map<String, String> rest = new java.util.LinkedHashMap<>(args);
                io.lancejdbc.sql.catalog.VersionSpec version = TimeTravelBinder.take(rest, c, name);
                BoundTable table = c.catalog.resolveFileTvf(name, rest, version);
                TableScan scan = TableScan.allColumns(table);
                return new Bound(scan, Scope.of(alias != null ? alias : name, scan.output()));
            }
            throw new SqlError(SqlState.UNDEFINED_FUNCTION, "Unknown table function " + f.getName()
                    + "(); available: vector_search, full_text_search, hybrid_search, s3, local, versions, tags");
        }
        if (item instanceof ParenthesedSelect) {
            ParenthesedSelect ps = (ParenthesedSelect) item;
            outerScopes.push(new Scope(List.of()));
            Bound inner;
            try {
                inner = bindSelect(ps, c.ctes);
            } finally {
                outerScopes.pop();
            }
            return new Bound(inner.plan(), Scope.of(alias, inner.plan().output()));
        }
        if (item instanceof ParenthesedFromItem) {
            ParenthesedFromItem p = (ParenthesedFromItem) item;
            Bound b = fromItem(p.getFromItem(), c);
            if (p.getJoins() != null) {
                for (net.sf.jsqlparser.statement.select.Join j : p.getJoins()) {
                    b = join(b, j, c);
                }
            }
            return b;
        }
        throw new SqlError(SqlState.UNSUPPORTED_SQL, "FROM item " + item + " is not supported");
    }

    /** The function {@code FOR VERSION AS OF} / {@code FOR TIMESTAMP AS OF} is rewritten to by the parser. */
    private static final String TIME_TRAVEL = "__lance_time_travel";

    /** {@code t FOR VERSION AS OF ...}: the table at the version asked for (docs/time-travel.md). */
    private Bound timeTravel(Map<String, String> args, String alias, BindContext c) {
        Map<String, String> rest = new java.util.LinkedHashMap<>(args);
        String tableText = rest.remove("table");
        io.lancejdbc.sql.catalog.VersionSpec version = TimeTravelBinder.take(rest, c, "FOR VERSION AS OF");
        if (tableText == null || !rest.isEmpty()) {
            throw new SqlError(SqlState.UNDEFINED_FUNCTION, "Unknown table function " + TIME_TRAVEL + "()");
        }
        List<String> parts = QualifiedNames.split(tableText);
        if (parts.size() == 1 && c.ctes.find(parts.get(0)) != null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "FOR VERSION AS OF / FOR TIMESTAMP AS OF applies to tables, but"
                    + " '" + parts.get(0) + "' is a WITH query; put the clause on the table inside the WITH query");
        }
        BoundTable table = c.catalog.resolveTable(parts, version);
        TableScan scan = TableScan.allColumns(table);
        return new Bound(scan, Scope.of(alias != null ? alias : table.name(), scan.output()));
    }

    private Bound join(Bound left, net.sf.jsqlparser.statement.select.Join j, BindContext c) {
        Bound right = fromItem(j.getRightItem(), c);
        JoinType type;
        if (j.isLeft()) {
            type = JoinType.LEFT;
        } else if (j.isRight()) {
            type = JoinType.RIGHT;
        } else if (j.isFull()) {
            type = JoinType.FULL;
        } else if (j.isCross() || j.isSimple() && (j.getOnExpressions() == null || j.getOnExpressions().isEmpty())) {
            type = JoinType.CROSS;
        } else {
            type = JoinType.INNER;
        }
        if (j.isSemi() || j.isApply() || j.isStraight()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Join form " + j + " is not supported");
        }
        Scope scope = Scope.concat(left.scope(), right.scope().withFields(right.plan().output()));
        List<String> using = new ArrayList<>();
        if (j.getUsingColumns() != null) {
            for (Column col : j.getUsingColumns()) {
                using.add(QualifiedNames.unquote(col.getColumnName()));
            }
        }
        if (j.isNatural()) {
            for (Scope.Column lc : left.scope().columnsOf(null)) {
                for (Scope.Column rc : right.scope().columnsOf(null)) {
                    if (lc.name().equalsIgnoreCase(rc.name())) {
                        using.add(lc.name());
                    }
                }
            }
            if (type == JoinType.CROSS) {
                type = JoinType.INNER;
            }
        }
        Expr condition = null;
        List<Scope.Column[]> usingPairs = new ArrayList<>();
        if (!using.isEmpty()) {
            if (type == JoinType.CROSS) {
                type = JoinType.INNER;
            }
            List<Expr> eqs = new ArrayList<>();
            for (String name : using) {
                Scope.Column lc = left.scope().find(null, name);
                Scope.Column rc = right.scope().find(null, name);
                if (lc == null || rc == null) {
                    throw new SqlError(SqlState.COLUMN_NOT_FOUND, "USING column '" + name + "' must exist on both"
                            + " sides of the join");
                }
                int rightIndex = rc.index() + left.scope().size();
                Scope.Column shifted = new Scope.Column(rc.qualifier(), rc.name(), rc.field(), rightIndex);
                usingPairs.add(new Scope.Column[] {lc, shifted});
                eqs.add(Operators.compare(Functions.EQ, Scope.ref(lc),
                        new ColumnRef(rightIndex, rc.name(), right.plan().output().get(rc.index()))));
            }
            condition = eqs.size() == 1 ? eqs.get(0) : Operators.logical(Functions.AND, eqs);
        } else if (j.getOnExpressions() != null && !j.getOnExpressions().isEmpty()) {
            List<Expr> conds = new ArrayList<>();
            for (Expression on : j.getOnExpressions()) {
                Expr e = new ExpressionBinder(c, scope, null, null, this).bind(on);
                TypeCoercion.requireBoolean(e, "JOIN ON");
                conds.add(TypeCoercion.coerce(e, Types.BOOL));
            }
            condition = conds.size() == 1 ? conds.get(0) : Operators.logical(Functions.AND, conds);
        } else if (type != JoinType.CROSS) {
            throw new SqlError(SqlState.SYNTAX_ERROR, type + " JOIN needs an ON or USING clause");
        }
        Join join = new Join(left.plan(), right.plan(), type, condition);
        if (usingPairs.isEmpty()) {
            return new Bound(join, scope.withFields(join.output()));
        }
        return usingProjection(join, type, usingPairs, scope.withFields(join.output()));
    }

    /**
     * JOIN ... USING / NATURAL JOIN: the join columns come first, once each (the left value; the right one for RIGHT
     * joins; COALESCE of both for FULL joins, SQL:2011 7.7 join column), then the remaining columns of both sides.
     * Qualified names still reach each side's own copy.
     */
    private static Bound usingProjection(Join join, JoinType type, List<Scope.Column[]> pairs, Scope joinScope) {
        List<Field> out = join.output();
        List<Expr> exprs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Scope.Column> cols = new ArrayList<>();
        java.util.Set<Integer> joinColumns = new java.util.HashSet<>();
        for (Scope.Column[] p : pairs) {
            int li = p[0].index();
            int ri = p[1].index();
            joinColumns.add(li);
            joinColumns.add(ri);
            Expr l = new ColumnRef(li, p[0].name(), out.get(li));
            Expr r = new ColumnRef(ri, p[1].name(), out.get(ri));
            Expr e = type == JoinType.RIGHT ? r
                    : type == JoinType.FULL ? FunctionRegistry.scalar("coalesce", List.of(l, r)) : l;
            cols.add(new Scope.Column(null, p[0].name(), Types.rename(e.type(), p[0].name()), exprs.size()));
            exprs.add(e);
            names.add(p[0].name());
        }
        int shift = exprs.size();
        for (int i = 0; i < out.size(); i++) {
            exprs.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
            names.add(out.get(i).getName());
        }
        for (Scope.Column c : joinScope.columns()) {
            cols.add(new Scope.Column(c.qualifier(), c.name(), c.field(), c.index() + shift,
                    c.hiddenUnqualified() || joinColumns.contains(c.index())));
        }
        Project p = new Project(join, exprs, names);
        return new Bound(p, new Scope(cols));
    }

    /** Maps expressions over the aggregate input to references into the aggregate output. */
    private static final class GroupingRewriter {
        private final List<Expr> keys;
        private final List<Field> output;

        GroupingRewriter(List<Expr> keys, List<Field> output) {
            this.keys = keys;
            this.output = output;
        }

        Expr rewrite(Expr e) {
            int k = keys.indexOf(e);
            if (k >= 0) {
                return new ColumnRef(k, output.get(k).getName(), output.get(k));
            }
            if (e instanceof Call) {
                Call c = (Call) e;
                if (c.function().startsWith(ExpressionBinder.AGG_PREFIX)) {
                    int i = keys.size() + Integer.parseInt(c.function().substring(ExpressionBinder.AGG_PREFIX.length()));
                    return new ColumnRef(i, output.get(i).getName(), output.get(i));
                }
                if (c.function().startsWith(ExpressionBinder.WIN_PREFIX)) {
                    return c;
                }
                List<Expr> args = new ArrayList<>();
                for (Expr a : c.args()) {
                    args.add(rewrite(a));
                }
                return new Call(c.function(), args, c.type());
            }
            if (e instanceof ColumnRef) {
                throw new SqlError(SqlState.GROUPING_ERROR, "Column '" + ((ColumnRef) e).name() + "' must appear in"
                        + " GROUP BY or be used in an aggregate function");
            }
            if (e instanceof SubqueryExpr) {
                SubqueryExpr s = (SubqueryExpr) e;
                SubqueryExpr.Correlation c = s.correlation();
                if (c != null) {
                    List<Expr> args = new ArrayList<>();
                    for (Expr a : c.outerArgs()) {
                        args.add(rewrite(a));
                    }
                    c = c.withOuterArgs(args);
                }
                return s.operand() == null && c == null ? s
                        : new SubqueryExpr(s.kind(), s.plan(), s.operand() == null ? null : rewrite(s.operand()),
                                s.type(), c);
            }
            return e;
        }

        WindowCall rewrite(WindowCall w) {
            List<Expr> args = new ArrayList<>();
            for (Expr a : w.args()) {
                args.add(rewrite(a));
            }
            List<Expr> partition = new ArrayList<>();
            for (Expr p : w.partitionBy()) {
                partition.add(rewrite(p));
            }
            List<SortKey> order = new ArrayList<>();
            for (SortKey s : w.orderBy()) {
                order.add(new SortKey(rewrite(s.expr()), s.ascending(), s.nullsFirst()));
            }
            return new WindowCall(w.function(), args, partition, order, w.frame(), w.type());
        }
    }
}
