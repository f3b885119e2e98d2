package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.ArrayExpression;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.RowGetExpression;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.IntegerDivision;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Value-valued operators: unary sign, arithmetic ({@code + - * / DIV %}), {@code ||}, CASE, CAST / TRY_CAST and
 * typed literals ({@code DATE '...'}), EXTRACT, INTERVAL, array subscripts and struct field access
 * ({@code (expr).field}). Typing is {@link Operators}'.
 */
final class OperatorBinder {
    private OperatorBinder() {
    }

    /** {@code e} bound as a value operator, or null when {@code e} is not one of these forms. */
    static Expr bindOrNull(Expression e, ExpressionBinder b) {
        if (e instanceof RowGetExpression) {
            // (expr).field: a field of a struct-valued expression, e.g. (phones[1]).number.
            RowGetExpression g = (RowGetExpression) e;
            Expr result = b.bind(g.getExpression());
            for (String part : QualifiedNames.split(g.getColumnName())) {
                result = Operators.field(result, part);
            }
            return result;
        }
        if (e instanceof SignedExpression) {
            SignedExpression s = (SignedExpression) e;
            Expr inner = b.bind(s.getExpression());
            if (s.getSign() == '-') {
                return Operators.negate(inner);
            }
            if (s.getSign() == '+') {
                return inner;
            }
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Operator " + s.getSign() + " is not supported");
        }
        if (e instanceof Addition) {
            return arithmetic(Functions.ADD, (BinaryExpression) e, b);
        }
        if (e instanceof Subtraction) {
            return arithmetic(Functions.SUBTRACT, (BinaryExpression) e, b);
        }
        if (e instanceof Multiplication) {
            return arithmetic(Functions.MULTIPLY, (BinaryExpression) e, b);
        }
        if (e instanceof Division) {
            return arithmetic(Functions.DIVIDE, (BinaryExpression) e, b);
        }
        if (e instanceof IntegerDivision) {
            BinaryExpression x = (BinaryExpression) e;
            return Operators.integerDivide(b.bind(x.getLeftExpression()), b.bind(x.getRightExpression()));
        }
        if (e instanceof Modulo) {
            return arithmetic(Functions.MODULO, (BinaryExpression) e, b);
        }
        if (e instanceof Concat) {
            BinaryExpression x = (BinaryExpression) e;
            Expr l = b.bind(x.getLeftExpression());
            Expr r = b.bind(x.getRightExpression());
            Expr call = FunctionRegistry.scalar("concat", List.of(l, r));
            // Unlike concat(), || yields NULL when an operand is NULL.
            return new Call(Functions.CONCAT_OP, ((Call) call).args(), call.type());
        }
        if (e instanceof CaseExpression) {
            return caseExpr((CaseExpression) e, b);
        }
        if (e instanceof CastExpression) {
            return cast((CastExpression) e, b);
        }
        if (e instanceof ExtractExpression) {
            ExtractExpression x = (ExtractExpression) e;
            if (x.getName().equalsIgnoreCase(Operators.SUNDAY_WEEK_PART)) {
                // The part behind week(x), not a name EXTRACT takes (week is the ISO week there).
                throw new SqlError(SqlState.SYNTAX_ERROR, "Unknown date part " + x.getName());
            }
            return Operators.extract(x.getName(), b.bind(x.getExpression()));
        }
        if (e instanceof IntervalExpression) {
            return interval((IntervalExpression) e, b);
        }
        if (e instanceof ArrayExpression) {
            ArrayExpression a = (ArrayExpression) e;
            return Operators.subscript(b.bind(a.getObjExpression()), b.bind(a.getIndexExpression()));
        }
        return null;
    }

    private static Expr arithmetic(String op, BinaryExpression x, ExpressionBinder b) {
        return Operators.arithmetic(op, b.bind(x.getLeftExpression()), b.bind(x.getRightExpression()));
    }

    private static Expr caseExpr(CaseExpression c, ExpressionBinder b) {
        List<Expr> whenThen = new ArrayList<>();
        Expr switchValue = c.getSwitchExpression() == null ? null : b.bind(c.getSwitchExpression());
        for (WhenClause w : c.getWhenClauses()) {
            Expr when = b.bind(w.getWhenExpression());
            if (switchValue != null) {
                when = Operators.compare(Functions.EQ, switchValue, when);
            }
            whenThen.add(when);
            whenThen.add(b.bind(w.getThenExpression()));
        }
        Expr otherwise = c.getElseExpression() == null ? null : b.bind(c.getElseExpression());
        return Operators.caseWhen(whenThen, otherwise);
    }

    private static Expr cast(CastExpression c, ExpressionBinder b) {
        ArrowType target = SqlTypeParser.parse(c.getColDataType().toString());
        Expr value = b.bind(c.getLeftExpression());
        boolean tryCast = c.keyword != null && c.keyword.equalsIgnoreCase("TRY_CAST")
                || c.keyword != null && c.keyword.equalsIgnoreCase("SAFE_CAST");
        if (c.isImplicitCast() && value instanceof Literal && Types.isString(value.type().getType())) {
            // DATE '...', TIMESTAMP '...', TIME '...' typed literals.
            return LiteralCasts.cast((Literal) value, target, false);
        }
        return Operators.cast(value, target, tryCast);
    }

    /** {@code INTERVAL 3 DAY}, {@code INTERVAL '3' DAY}, {@code INTERVAL '3 DAY'}, {@code INTERVAL n DAY}. */
    private static Expr interval(IntervalExpression iv, ExpressionBinder b) {
        Expression amountExpr = iv.getExpression();
        String param = iv.getParameter();
        String unit = iv.getIntervalType();
        Expr amount;
        if (amountExpr != null) {
            amount = b.bind(amountExpr);
        } else {
            String p = param.trim();
            if (p.startsWith("'") && p.endsWith("'")) {
                p = p.substring(1, p.length() - 1).trim();
            }
            String[] words = p.split("\\s+");
            if (unit == null && words.length == 2) {
                unit = words[1];
                p = words[0];
            }
            try {
                amount = Literal.ofLong(Long.parseLong(p));
            } catch (NumberFormatException ex) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Invalid interval amount in " + iv
                        + "; write INTERVAL 3 DAY or INTERVAL '3' DAY");
            }
        }
        if (unit == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Interval " + iv + " needs a unit (DAY, MONTH, ...)");
        }
        if (!Types.isInteger(amount.type().getType()) && !(amount instanceof Literal)) {
            throw new SqlError(SqlState.DATATYPE_MISMATCH, "Interval amounts must be integers: " + iv);
        }
        return Operators.interval(amount, unit);
    }
}
