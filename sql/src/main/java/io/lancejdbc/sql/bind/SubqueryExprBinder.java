package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.types.Types;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Subqueries as expressions: scalar {@code (SELECT ...)} (one column, NULL when it returns no row), {@code EXISTS}
 * and {@code x IN (SELECT ...)}. A correlated subquery that aggregates without GROUP BY returns exactly one row per
 * enclosing row, so EXISTS of it is a constant and IN of it is an equality with the scalar subquery.
 */
final class SubqueryExprBinder {
    private SubqueryExprBinder() {
    }

    /** {@code e} bound as a scalar or EXISTS subquery, or null when {@code e} is neither. */
    static Expr bindOrNull(Expression e, ExpressionBinder b) {
        if (e instanceof ParenthesedSelect) {
            return scalarSubquery((ParenthesedSelect) e, b);
        }
        if (e instanceof ExistsExpression) {
            return exists((ExistsExpression) e, b);
        }
        return null;
    }

    private static Expr exists(ExistsExpression x, ExpressionBinder b) {
        Expression inner = x.getRightExpression();
        if (!(inner instanceof Select)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "EXISTS needs a subquery");
        }
        SubqueryBinder.Binding s = b.queries.subqueries.bind((Select) inner, b.scope, SubqueryExpr.Kind.EXISTS,
                b.ctx.ctes);
        if (s.correlation() != null && s.aggregateWithoutGroupBy()) {
            // An aggregate without GROUP BY returns one row for any input.
            if (s.having()) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "A correlated EXISTS subquery with HAVING but"
                        + " no GROUP BY is not supported; compare the aggregate in a scalar subquery instead");
            }
            return Literal.ofBoolean(!x.isNot());
        }
        Expr r = new SubqueryExpr(SubqueryExpr.Kind.EXISTS, s.plan(), null, Types.of(Types.BOOL, false),
                s.correlation());
        return x.isNot() ? Operators.not(r) : r;
    }

    private static Expr scalarSubquery(ParenthesedSelect select, ExpressionBinder b) {
        SubqueryBinder.Binding s = b.queries.subqueries.bind(select, b.scope, SubqueryExpr.Kind.SCALAR, b.ctx.ctes);
        if (s.visibleColumns() != 1) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "A scalar subquery must return exactly one column, got "
                    + s.visibleColumns());
        }
        return scalar(s);
    }

    private static Expr scalar(SubqueryBinder.Binding s) {
        LogicalPlan p = s.plan();
        return new SubqueryExpr(SubqueryExpr.Kind.SCALAR, p, null,
                Types.withNullable(Types.withoutMetadata(Types.rename(p.output().get(0), "")), true), s.correlation());
    }

    /**
     * {@code value [NOT] IN (subquery)}.
     *
     * @throws SqlError 42000 when the subquery returns more than one column, 42804 when its column and {@code value}
     *     have no common type
     */
    static Expr in(Expr value, Select subquery, boolean not, ExpressionBinder b) {
        SubqueryBinder.Binding s = b.queries.subqueries.bind(subquery, b.scope, SubqueryExpr.Kind.IN, b.ctx.ctes);
        LogicalPlan p = s.plan();
        if (s.visibleColumns() != 1) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "The subquery of IN must return one column, got "
                    + s.visibleColumns());
        }
        ArrowType common = TypeCoercion.commonType(value.type().getType(), p.output().get(0).getType(),
                "IN subquery");
        Expr r;
        if (s.correlation() != null && s.aggregateWithoutGroupBy()) {
            // One value per enclosing row: x IN (v) is x = v, with the same NULL semantics.
            r = Operators.compare(Functions.EQ, value, scalar(s));
        } else {
            r = new SubqueryExpr(SubqueryExpr.Kind.IN, p, TypeCoercion.coerce(value, common),
                    Types.of(Types.BOOL, true), s.correlation());
        }
        return not ? Operators.not(r) : r;
    }
}
