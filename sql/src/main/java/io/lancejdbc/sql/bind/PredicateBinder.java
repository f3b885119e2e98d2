package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.conditional.XorExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.CosineSimilarity;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsBooleanExpression;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Boolean-valued operators: AND, OR, XOR, NOT, comparisons, {@code <=>}, IS [NOT] NULL / TRUE / FALSE / DISTINCT
 * FROM, BETWEEN, IN (a list here, a subquery through {@link SubqueryExprBinder}), LIKE / ILIKE and REGEXP / RLIKE.
 * Typing and three-valued logic are {@link Operators}'.
 */
final class PredicateBinder {
    private PredicateBinder() {
    }

    /** {@code e} bound as a predicate, or null when {@code e} is not one of the predicate forms. */
    static Expr bindOrNull(Expression e, ExpressionBinder b) {
        if (e instanceof AndExpression) {
            return Operators.logical(Functions.AND, List.of(b.bind(((BinaryExpression) e).getLeftExpression()),
                    b.bind(((BinaryExpression) e).getRightExpression())));
        }
        if (e instanceof OrExpression) {
            return Operators.logical(Functions.OR, List.of(b.bind(((BinaryExpression) e).getLeftExpression()),
                    b.bind(((BinaryExpression) e).getRightExpression())));
        }
        if (e instanceof XorExpression) {
            Expr l = b.bind(((BinaryExpression) e).getLeftExpression());
            Expr r = b.bind(((BinaryExpression) e).getRightExpression());
            return Operators.compare(Functions.NE, TypeCoercion.coerce(l, Types.BOOL), TypeCoercion.coerce(r, Types.BOOL));
        }
        if (e instanceof NotExpression) {
            return Operators.not(b.bind(((NotExpression) e).getExpression()));
        }
        if (e instanceof InExpression) {
            return in((InExpression) e, b);
        }
        if (e instanceof CosineSimilarity) {
            // JSqlParser 5.3 reads "<=>" as its cosine-similarity operator; in our (Doris/MySQL) dialect it is
            // null-safe equality.
            BinaryExpression x = (BinaryExpression) e;
            return Operators.compare(Functions.NULL_SAFE_EQ, b.bind(x.getLeftExpression()),
                    b.bind(x.getRightExpression()));
        }
        if (e instanceof ComparisonOperator) {
            return comparison((ComparisonOperator) e, b);
        }
        if (e instanceof IsNullExpression) {
            IsNullExpression n = (IsNullExpression) e;
            return Operators.isNull(b.bind(n.getLeftExpression()), n.isNot());
        }
        if (e instanceof IsBooleanExpression) {
            IsBooleanExpression x = (IsBooleanExpression) e;
            Expr v = b.bind(x.getLeftExpression());
            TypeCoercion.requireBoolean(v, "IS TRUE/FALSE operand");
            // x IS TRUE is never NULL: it is (x <=> TRUE).
            Expr r = Operators.compare(Functions.NULL_SAFE_EQ, TypeCoercion.coerce(v, Types.BOOL),
                    Literal.ofBoolean(x.isTrue()));
            return x.isNot() ? Operators.not(r) : r;
        }
        if (e instanceof IsDistinctExpression) {
            IsDistinctExpression d = (IsDistinctExpression) e;
            Expr eq = Operators.compare(Functions.NULL_SAFE_EQ, b.bind(d.getLeftExpression()),
                    b.bind(d.getRightExpression()));
            return d.isNot() ? eq : Operators.not(eq);
        }
        if (e instanceof Between) {
            Between x = (Between) e;
            Expr v = b.bind(x.getLeftExpression());
            Expr lo = Operators.compare(Functions.GE, v, b.bind(x.getBetweenExpressionStart()));
            Expr hi = Operators.compare(Functions.LE, v, b.bind(x.getBetweenExpressionEnd()));
            Expr both = Operators.logical(Functions.AND, List.of(lo, hi));
            return x.isNot() ? Operators.not(both) : both;
        }
        if (e instanceof LikeExpression) {
            return like((LikeExpression) e, b);
        }
        return null;
    }

    private static Expr comparison(ComparisonOperator c, ExpressionBinder b) {
        String op;
        if (c instanceof EqualsTo) {
            op = Functions.EQ;
        } else if (c instanceof NotEqualsTo) {
            op = Functions.NE;
        } else if (c instanceof GreaterThan) {
            op = Functions.GT;
        } else if (c instanceof GreaterThanEquals) {
            op = Functions.GE;
        } else if (c instanceof MinorThan) {
            op = Functions.LT;
        } else if (c instanceof MinorThanEquals) {
            op = Functions.LE;
        } else {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Operator " + c.getStringExpression()
                    + " is not supported");
        }
        if (c.getOldOracleJoinSyntax() != 0) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Oracle (+) join syntax is not supported");
        }
        return Operators.compare(op, b.bind(c.getLeftExpression()), b.bind(c.getRightExpression()));
    }

    private static Expr in(InExpression in, ExpressionBinder b) {
        Expression right = in.getRightExpression();
        // JSqlParser 5.3 parses "a IN (1, 2) AND b" as IN(a, AND((1, 2), b)): rotate the IN back under the chain.
        if (right instanceof BinaryExpression && leftmost(right) instanceof ParenthesedExpressionList
                || right instanceof BinaryExpression && leftmost(right) instanceof ParenthesedSelect) {
            return b.bind(rotateIn(in, (BinaryExpression) right, b.substitutions));
        }
        Expr value = b.bind(in.getLeftExpression());
        if (right instanceof ParenthesedSelect || right instanceof Select) {
            return SubqueryExprBinder.in(value, (Select) right, in.isNot(), b);
        }
        if (!(right instanceof ExpressionList)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "IN expects a list or a subquery: " + in);
        }
        List<Expr> items = new ArrayList<>();
        for (Object o : (ExpressionList<?>) right) {
            items.add(b.bind((Expression) o));
        }
        if (items.isEmpty()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "IN list must not be empty");
        }
        return Operators.in(value, items, in.isNot());
    }

    private static Expression leftmost(Expression e) {
        Expression cur = e;
        while (cur instanceof BinaryExpression) {
            cur = ((BinaryExpression) cur).getLeftExpression();
        }
        return cur;
    }

    /** The chain with its leftmost operand read as {@code in}'s left side IN that operand (recorded, not written). */
    private static Expression rotateIn(InExpression in, BinaryExpression chain,
            Map<Expression, Expression> substitutions) {
        BinaryExpression cur = chain;
        while (cur.getLeftExpression() instanceof BinaryExpression) {
            cur = (BinaryExpression) cur.getLeftExpression();
        }
        InExpression fixed = new InExpression(in.getLeftExpression(), cur.getLeftExpression());
        fixed.setNot(in.isNot());
        substitutions.put(cur.getLeftExpression(), fixed);
        return chain;
    }

    private static Expr like(LikeExpression l, ExpressionBinder b) {
        Expr value = b.bind(l.getLeftExpression());
        Expr pattern = b.bind(l.getRightExpression());
        switch (l.getLikeKeyWord()) {
            case REGEXP:
            case RLIKE:
            case REGEXP_LIKE: {
                Expr r = FunctionRegistry.scalar("regexp_like", List.of(value, pattern));
                return l.isNot() ? Operators.not(r) : r;
            }
            case SIMILAR_TO:
            case MATCH_ANY:
            case MATCH_ALL:
            case MATCH_PHRASE:
            case MATCH_PHRASE_PREFIX:
            case MATCH_REGEXP:
                throw new SqlError(SqlState.UNSUPPORTED_SQL, l.getLikeKeyWord() + " is not supported");
            default:
                break;
        }
        Expr escape = l.getEscape() == null ? null : b.bind(l.getEscape());
        return Operators.like(value, pattern, escape,
                l.getLikeKeyWord() == LikeExpression.KeyWord.ILIKE, l.isNot());
    }
}
