package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.bind.QueryBinder.Bound;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.TableScan;
import io.lancejdbc.sql.plan.Values;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.TableFunction;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The FROM clause: tables (a WITH query of the same one-part name shadows a table), table functions, derived tables,
 * parenthesized joins, and the joins between them. Each table reference pins one dataset version through the
 * catalog. A derived table cannot see the enclosing query's columns (no LATERAL).
 */
final class FromClauseBinder {
    /** The function {@code FOR VERSION AS OF} / {@code FOR TIMESTAMP AS OF} is rewritten to by the parser. */
    private static final String TIME_TRAVEL = "__lance_time_travel";

    private final QueryBinder queries;
    private final VectorSearchBinder vectorSearch;

    FromClauseBinder(QueryBinder queries) {
        this.queries = queries;
        this.vectorSearch = new VectorSearchBinder(queries.ctx.catalog);
    }

    /** FROM item [JOIN ...]*; a SELECT without FROM reads one row of no columns. */
    Bound bind(FromItem first, List<net.sf.jsqlparser.statement.select.Join> joins, BindContext c) {
        Bound from = first == null
                ? new Bound(new Values(List.of(), List.of(List.of())), new Scope(List.of()))
                : fromItem(first, c);
        if (joins != null) {
            for (net.sf.jsqlparser.statement.select.Join j : joins) {
                from = join(from, j, c);
            }
        }
        return from;
    }

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
            return tableFunction(((TableFunction) item).getFunction(), alias, c);
        }
        if (item instanceof ParenthesedSelect) {
            Bound inner = queries.subqueries.isolated(() -> queries.bindSelect((ParenthesedSelect) item, c.ctes));
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

    private Bound tableFunction(Function f, String alias, BindContext c) {
        String name = f.getName().toLowerCase(Locale.ROOT);
        Map<String, String> args = SqlParser.namedArguments(f);
        if (name.equals("vector_search")) {
            LogicalPlan vs = vectorSearch.bind(args, c);
            return new Bound(vs, Scope.of(alias != null ? alias : "vector_search", vs.output()));
        }
        if (name.equals("hybrid_search")) {
            String sql = HybridSearchRewriter.rewrite(args, c.catalog);
            ParsedStatement parsed = SqlParser.parse(sql);
            Bound inner = queries.subqueries.isolated(
                    () -> queries.bindSelect(((ParsedStatement.Query) parsed).select(), c.ctes));
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
                Expr e = new ExpressionBinder(c, scope, null, null, queries).bind(on);
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
}
