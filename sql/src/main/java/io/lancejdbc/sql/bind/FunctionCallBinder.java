package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.QualifiedNames;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.MySQLGroupConcat;
import net.sf.jsqlparser.expression.TrimFunction;
import net.sf.jsqlparser.schema.Column;

/**
 * Function calls: scalar functions and aggregates typed by {@link FunctionRegistry}, the keyword forms
 * {@code TRIM([LEADING|TRAILING] x)}, {@code POSITION(sub IN s)}, {@code SUBSTRING(s FROM p [FOR n])},
 * {@code GROUP_CONCAT(x SEPARATOR s)}, DATE_ADD / DATE_SUB with a number of days or an interval, and
 * {@code f(...).field} on a struct-valued call. An aggregate binds to a placeholder {@code $agg:i} that the query
 * binder replaces by a column of the Aggregate node; it is allowed only where the binder collects aggregates.
 */
final class FunctionCallBinder {
    private FunctionCallBinder() {
    }

    /** {@code e} bound as a function call, or null when {@code e} is not one. */
    static Expr bindOrNull(Expression e, ExpressionBinder b) {
        if (e instanceof TrimFunction) {
            return trim((TrimFunction) e, b);
        }
        if (e instanceof MySQLGroupConcat) {
            return groupConcat((MySQLGroupConcat) e, b);
        }
        if (e instanceof Function) {
            return function((Function) e, b);
        }
        return null;
    }

    private static Expr trim(TrimFunction t, ExpressionBinder b) {
        if (t.getExpression() != null && t.getFromExpression() != null) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "TRIM with characters is not supported; use"
                    + " TRIM(x), LTRIM(x) or RTRIM(x)");
        }
        Expression target = t.getFromExpression() != null ? t.getFromExpression() : t.getExpression();
        if (target == null) {
            // TRIM() parses as a TrimFunction without an operand: the arity error every function gives.
            return FunctionRegistry.scalar("trim", List.of());
        }
        String fn = "trim";
        if (t.getTrimSpecification() != null) {
            switch (t.getTrimSpecification()) {
                case LEADING:
                    fn = "ltrim";
                    break;
                case TRAILING:
                    fn = "rtrim";
                    break;
                default:
                    fn = "trim";
            }
        }
        return FunctionRegistry.scalar(fn, List.of(b.bind(target)));
    }

    private static Expr groupConcat(MySQLGroupConcat g, ExpressionBinder b) {
        List<Expr> args = new ArrayList<>();
        for (Object o : g.getExpressionList()) {
            args.add(b.plain().bind((Expression) o));
        }
        if (args.size() != 1) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "GROUP_CONCAT takes one value expression");
        }
        if (g.getOrderByElements() != null && !g.getOrderByElements().isEmpty()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "ORDER BY inside GROUP_CONCAT is not supported");
        }
        args.add(Literal.ofString(g.getSeparator() == null ? "," : QualifiedNames.unquote(
                g.getSeparator().replaceAll("^'|'$", ""))));
        return aggregate("group_concat", args, g.isDistinct(), false, g, b);
    }

    private static Expr function(Function f, ExpressionBinder b) {
        Expr result = functionCall(f, b);
        // f(...).field reads a field of a struct-valued call (JSqlParser keeps the field as the call's attribute).
        Column attribute = f.getAttributeColumn();
        if (attribute != null) {
            for (String part : QualifiedNames.split(attribute.getFullyQualifiedName())) {
                result = Operators.field(result, part);
            }
        }
        return result;
    }

    private static Expr functionCall(Function f, ExpressionBinder b) {
        String name = f.getName() == null ? "" : QualifiedNames.unquote(f.getName());
        List<Expression> rawArgs = new ArrayList<>();
        if (f.getParameters() != null) {
            for (Object o : f.getParameters()) {
                rawArgs.add((Expression) o);
            }
        }
        String canonical = FunctionRegistry.canonical(name);
        if (f.getParameters() == null && f.getNamedParameters() != null) {
            rawArgs.addAll(keywordArguments(canonical, f));
        }
        boolean star = f.isAllColumns();
        if (rawArgs.size() == 1 && rawArgs.get(0) instanceof net.sf.jsqlparser.statement.select.AllColumns) {
            star = true;
            rawArgs.clear();
        }
        if (FunctionRegistry.isAggregate(canonical)) {
            List<Expr> args = new ArrayList<>();
            ExpressionBinder inner = b.plain();
            for (Expression a : rawArgs) {
                args.add(inner.bind(a));
            }
            if (star && !canonical.equals("count")) {
                throw new SqlError(SqlState.SYNTAX_ERROR, name + "(*) is not valid; only COUNT(*) takes *");
            }
            if (f.getOrderByElements() != null && !f.getOrderByElements().isEmpty()) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL, "ORDER BY inside " + name + "() is not supported");
            }
            return aggregate(canonical, args, f.isDistinct(), star, f, b);
        }
        if (FunctionRegistry.isWindowOnly(canonical)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, name + "() needs an OVER clause");
        }
        if (canonical.equals("date_add") || canonical.equals("date_sub") || canonical.equals("adddate")
                || canonical.equals("subdate")) {
            if (rawArgs.size() != 2) {
                throw new SqlError(SqlState.UNDEFINED_FUNCTION, name + "() takes 2 arguments: a date and an interval"
                        + " or a number of days");
            }
            Expr base = b.bind(rawArgs.get(0));
            Expr amount = b.bind(rawArgs.get(1));
            boolean sub = canonical.equals("date_sub") || canonical.equals("subdate");
            if (!Operators.isInterval(amount)) {
                amount = Operators.interval(amount, "day");
            }
            if (Types.isString(base.type().getType())) {
                base = TypeCoercion.coerce(base, Types.DATE);
            }
            return Operators.arithmetic(sub ? Functions.SUBTRACT : Functions.ADD, base, amount);
        }
        if (canonical.equals("try_cast") || canonical.equals("cast")) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Write " + name.toUpperCase(Locale.ROOT) + "(value AS type)");
        }
        List<Expr> args = new ArrayList<>();
        for (Expression a : rawArgs) {
            args.add(b.bind(a));
        }
        if (canonical.equals("position") && rawArgs.size() == 1) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Write POSITION(substring IN string)");
        }
        return FunctionRegistry.scalar(name, args);
    }

    /**
     * The arguments of the standard keyword forms {@code POSITION(sub IN s)} and {@code SUBSTRING(s FROM p [FOR n])},
     * which JSqlParser returns as named parameters, in positional order.
     */
    private static List<Expression> keywordArguments(String canonical, Function f) {
        List<String> names = new ArrayList<>();
        for (String n : f.getNamedParameters().getNames()) {
            names.add(n == null ? "" : n.trim().toUpperCase(Locale.ROOT));
        }
        List<String> expected = switch (canonical) {
            case "position" -> List.of("", "IN");
            case "substring" -> names.size() == 3 ? List.of("", "FROM", "FOR") : List.of("", "FROM");
            default -> List.of();
        };
        if (!names.equals(expected)) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Function " + f.getName() + "() does not take keyword"
                    + " arguments: " + f);
        }
        List<Expression> out = new ArrayList<>();
        for (Object o : f.getNamedParameters().getExpressions()) {
            out.add((Expression) o);
        }
        return out;
    }

    private static Expr aggregate(String name, List<Expr> args, boolean distinct, boolean star, Expression source,
            ExpressionBinder b) {
        if (b.aggregates == null) {
            throw new SqlError(SqlState.GROUPING_ERROR, "Aggregate function " + source + " is not allowed here"
                    + " (not in WHERE, GROUP BY, JOIN ON, or inside another aggregate)");
        }
        AggregateCall call = FunctionRegistry.aggregate(name, args, distinct, star);
        int index = b.aggregates.register(call);
        return new Call(ExpressionBinder.AGG_PREFIX + index, List.of(), call.type());
    }
}
