package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.parse.QualifiedNames;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;

/**
 * Binds one JSqlParser expression to a typed {@link Expr} over a {@link Scope}, handing each kind of expression to
 * its binder: {@link LiteralBinder}, {@link PredicateBinder}, {@link OperatorBinder}, {@link FunctionCallBinder},
 * {@link WindowCallBinder} and {@link SubqueryExprBinder}; column names resolve here through
 * {@link ColumnResolver}, then as outer references of a subquery. An instance is the context those binders share:
 * the statement's {@link BindContext}, the scope, and the collectors. Aggregate and window function calls are allowed
 * only when the corresponding collector is given; they bind to placeholders ({@code $agg:i}, {@code $win:i}) that the
 * query binder later replaces by column references.
 */
final class ExpressionBinder {
    static final String AGG_PREFIX = "$agg:";
    static final String WIN_PREFIX = "$win:";

    final BindContext ctx;
    final Scope scope;
    final AggregateCollector aggregates;
    final WindowCollector windows;
    final QueryBinder queries;
    /**
     * AST nodes bound as another expression (the IN rotation of {@link PredicateBinder}). The parsed tree itself is
     * never changed: a prepared statement, and the session's parse cache, bind one tree many times, possibly from
     * several threads.
     */
    final Map<Expression, Expression> substitutions = new IdentityHashMap<>();

    /**
     * @param aggregates collects aggregate calls, or null where aggregates are not allowed (42803)
     * @param windows collects window calls, or null where window functions are not allowed (42000)
     */
    ExpressionBinder(BindContext ctx, Scope scope, AggregateCollector aggregates, WindowCollector windows,
            QueryBinder queries) {
        this.ctx = ctx;
        this.scope = scope;
        this.aggregates = aggregates;
        this.windows = windows;
        this.queries = queries;
    }

    /** A binder over the same scope that rejects aggregates and window functions. */
    ExpressionBinder plain() {
        return new ExpressionBinder(ctx, scope, null, null, queries);
    }

    /** A binder over the same scope that keeps collecting aggregates but rejects window functions. */
    ExpressionBinder withoutWindows() {
        return new ExpressionBinder(ctx, scope, aggregates, null, queries);
    }

    /**
     * {@code e} bound and typed.
     *
     * @throws SqlError 42S22 for an unknown column, 42702 for an ambiguous one, 42000 for an unsupported form, and
     *     the states of the kind binders
     */
    Expr bind(Expression e) {
        Expression substitute = substitutions.get(e);
        if (substitute != null) {
            return bind(substitute);
        }
        if (e instanceof Parenthesis) {
            return bind(((Parenthesis) e).getExpression());
        }
        if (e instanceof ParenthesedExpressionList) {
            ParenthesedExpressionList<?> l = (ParenthesedExpressionList<?>) e;
            if (l.size() == 1) {
                return bind((Expression) l.get(0));
            }
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Row values " + e + " are not supported");
        }
        if (e instanceof Column) {
            return column((Column) e);
        }
        Expr r = LiteralBinder.bindOrNull(e, this);
        if (r == null) {
            r = PredicateBinder.bindOrNull(e, this);
        }
        if (r == null) {
            r = OperatorBinder.bindOrNull(e, this);
        }
        if (r == null) {
            r = WindowCallBinder.bindOrNull(e, this);
        }
        if (r == null) {
            r = FunctionCallBinder.bindOrNull(e, this);
        }
        if (r == null) {
            r = SubqueryExprBinder.bindOrNull(e, this);
        }
        if (r == null) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Expression " + e + " is not supported; see"
                    + " docs/sql-reference.md for the operators and functions lance-jdbc evaluates");
        }
        return r;
    }

    private Expr column(Column c) {
        List<String> parts = new ArrayList<>();
        if (c.getTable() != null && c.getTable().getFullyQualifiedName() != null
                && !c.getTable().getFullyQualifiedName().isEmpty()) {
            parts.addAll(QualifiedNames.split(c.getTable().getFullyQualifiedName()));
        }
        parts.add(QualifiedNames.unquote(c.getColumnName()));
        Expr base = resolveParts(parts, QualifiedNames.sourceText(c));
        if (c.getArrayConstructor() != null) {
            for (Expression idx : c.getArrayConstructor().getExpressions()) {
                base = Operators.subscript(base, bind(idx));
            }
        }
        return base;
    }

    /** A column of this scope, else an outer reference of the subquery being bound, else 42S22 naming the scope. */
    private Expr resolveParts(List<String> parts, String text) {
        Expr e = ColumnResolver.resolveOrNull(scope, parts);
        if (e != null) {
            return e;
        }
        if (ctx != null && queries != null) {
            Expr outer = queries.subqueries.outerReference(parts);
            if (outer != null) {
                return outer;
            }
            if (queries.subqueries.outerScopeHas(parts)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "Correlated reference " + text + " is not"
                        + " supported here (only from a subquery's WHERE clause to the query directly around it);"
                        + " rewrite it as a JOIN");
            }
        }
        throw new SqlError(SqlState.COLUMN_NOT_FOUND, "Column '" + text + "' not found (available: "
                + scope.describe() + ")");
    }
}
