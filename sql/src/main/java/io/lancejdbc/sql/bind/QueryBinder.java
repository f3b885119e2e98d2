package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.types.TypeSupport;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ParamRef;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Turns a parsed query into a logical plan: name resolution against the catalog (pinning one dataset version per
 * table reference), typing, aggregates, windows, ORDER BY over aliases/ordinals/hidden expressions, LIMIT/OFFSET,
 * joins, derived tables, CTEs, set operations and subqueries. This class binds WITH and dispatches each query form
 * to the binder of its clause: {@link SelectBlockBinder} (a plain SELECT, with {@link FromClauseBinder},
 * {@link SelectList} and {@link GroupingRewriter}), {@link SetOperationBinder}, {@link OrderLimitBinder} and
 * {@link SubqueryBinder} / {@link CorrelatedBlockBinder}. One instance binds one statement; the clause binders
 * reach each other and the {@link BindContext} through it.
 */
public final class QueryBinder {
    /** A bound relation: its plan and the names its columns can be addressed by. */
    record Bound(LogicalPlan plan, Scope scope) {
    }

    final BindContext ctx;
    final SubqueryBinder subqueries;
    final CorrelatedBlockBinder correlated;
    final FromClauseBinder from;
    final SelectBlockBinder selects;
    final SetOperationBinder setOperations;
    final OrderLimitBinder orderLimit;

    private QueryBinder(BindContext ctx) {
        this.ctx = ctx;
        this.subqueries = new SubqueryBinder(this);
        this.correlated = new CorrelatedBlockBinder(this);
        this.from = new FromClauseBinder(this);
        this.selects = new SelectBlockBinder(this);
        this.setOperations = new SetOperationBinder(this);
        this.orderLimit = new OrderLimitBinder(this);
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
        if (plan instanceof Limit) {
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

    /** Binds any query form with its WITH clause; {@code ctes} are the WITH queries visible around it. */
    Bound bindSelect(Select select, CteScope ctes) {
        CteScope scope = ctes;
        if (select.getWithItemsList() != null) {
            scope = ctes.child();
            Set<String> names = new HashSet<>();
            for (WithItem<?> w : select.getWithItemsList()) {
                if (w.isRecursive()) {
                    throw new SqlError(SqlState.UNSUPPORTED_SQL, "WITH RECURSIVE is not supported");
                }
                String name = QualifiedNames.unquote(w.getAlias().getName());
                // Names match case-insensitively; a second definition would silently hide the first.
                if (!names.add(name.toLowerCase(Locale.ROOT))) {
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
        if (select instanceof PlainSelect) {
            return selects.bind((PlainSelect) select, scope);
        }
        if (select instanceof SetOperationList) {
            return setOperations.bind((SetOperationList) select, scope);
        }
        if (select instanceof ParenthesedSelect) {
            ParenthesedSelect p = (ParenthesedSelect) select;
            Bound inner = bindSelect(p.getSelect(), scope);
            return orderLimit.orderAndLimit(inner, p.getOrderByElements(), p.getLimit(), p.getOffset(), p.getFetch());
        }
        throw new SqlError(SqlState.UNSUPPORTED_SQL, "Query form " + select.getClass().getSimpleName()
                + " is not supported");
    }

    /** {@code WITH q(a, b) AS (...)}: the query's columns renamed to the list given. */
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
}
