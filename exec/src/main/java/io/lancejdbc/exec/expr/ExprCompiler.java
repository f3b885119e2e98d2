package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.expr.ParamRef;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Compiles bound expressions into vectorized evaluators. An uncorrelated subquery compiles to the values its planned
 * child operator produced before the expression's operator opened ({@code UNCORRELATED_SUBQUERIES} in the plan); the
 * compiler never plans or runs a query itself.
 */
public final class ExprCompiler {
    /** The first-column values of the uncorrelated subqueries run so far, by subquery plan (identity). */
    public interface SubqueryValues {
        /**
         * @return the values in order (SCALAR: at most 2 rows read, EXISTS: at most 1), or null when the plan's
         *     subquery has not been run
         */
        List<Object> valuesOf(io.lancejdbc.sql.plan.LogicalPlan plan);
    }

    /** No subquery has been run. */
    public static final SubqueryValues NO_SUBQUERIES = plan -> null;

    private final Clock clock;
    private final SubqueryValues subqueries;

    /**
     * @param clock the statement clock for NOW() and CURRENT_DATE (one value per statement)
     * @param subqueries the values of the subqueries run before the operators open
     */
    public ExprCompiler(Clock clock, SubqueryValues subqueries) {
        this.clock = clock;
        this.subqueries = subqueries;
    }

    /** This compiler also knowing {@code more} (looked up first). */
    public ExprCompiler withSubqueryValues(SubqueryValues more) {
        SubqueryValues outer = subqueries;
        return new ExprCompiler(clock, plan -> {
            List<Object> v = more.valuesOf(plan);
            return v != null ? v : outer.valuesOf(plan);
        });
    }

    private List<Object> subqueryValues(SubqueryExpr s) {
        List<Object> v = subqueries.valuesOf(s.plan());
        if (v == null) {
            throw new IllegalStateException("the uncorrelated subquery " + s.sql() + " was not planned before"
                    + " its operator");
        }
        return v;
    }

    /**
     * @throws SqlError 42000 when the expression uses something the executor cannot evaluate
     */
    public CompiledExpr compile(Expr e) {
        if (e instanceof ColumnRef) {
            return new ColumnExpr(((ColumnRef) e).index(), e.type());
        }
        if (e instanceof Literal) {
            return new ConstantExpr(((Literal) e).value(), e.type());
        }
        if (e instanceof ParamRef) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "No value specified for parameter "
                    + (((ParamRef) e).index() + 1));
        }
        if (e instanceof SubqueryExpr) {
            return subquery((SubqueryExpr) e);
        }
        return call((Call) e);
    }

    private CompiledExpr call(Call c) {
        String fn = c.function();
        switch (fn) {
            case Functions.EQ:
            case Functions.NE:
            case Functions.LT:
            case Functions.LE:
            case Functions.GT:
            case Functions.GE:
            case Functions.NULL_SAFE_EQ:
                return new ComparisonExpr(fn, compile(c.arg(0)), compile(c.arg(1)));
            case Functions.AND:
            case Functions.OR:
            case Functions.NOT:
            case Functions.IS_NULL:
            case Functions.IS_NOT_NULL:
                return new LogicExpr(fn, compileAll(c.args()));
            case Functions.ADD:
            case Functions.SUBTRACT:
            case Functions.MULTIPLY:
            case Functions.DIVIDE:
            case Functions.INT_DIVIDE:
            case Functions.MODULO:
                return new ArithmeticExpr(fn, compile(c.arg(0)), compile(c.arg(1)), c.type());
            case Functions.NEGATE:
                return new ArithmeticExpr(fn, compile(c.arg(0)), null, c.type());
            case Functions.CAST:
            case Functions.TRY_CAST:
                return new CastExpr(compile(c.arg(0)), c.type(), fn.equals(Functions.TRY_CAST), c.arg(0).sql());
            case Functions.CASE: {
                List<CompiledExpr> whenThen = new ArrayList<>();
                List<Boolean> mayFail = new ArrayList<>();
                int n = c.args().size();
                for (int i = 0; i + 1 < n; i += 2) {
                    whenThen.add(compile(c.arg(i)));
                    whenThen.add(compile(c.arg(i + 1)));
                    mayFail.add(mayFail(c.arg(i + 1)));
                }
                CompiledExpr otherwise = n % 2 == 1 ? compile(c.arg(n - 1)) : null;
                return new CaseExpr(whenThen, otherwise, mayFail, n % 2 == 1 && mayFail(c.arg(n - 1)), c.type());
            }
            case Functions.IN: {
                List<Expr> items = c.args().subList(1, c.args().size());
                if (items.stream().allMatch(i -> i instanceof Literal)) {
                    List<Object> values = new ArrayList<>();
                    for (Expr i : items) {
                        values.add(((Literal) i).value());
                    }
                    return new InListExpr(compile(c.arg(0)), values);
                }
                List<CompiledExpr> ors = new ArrayList<>();
                CompiledExpr value = compile(c.arg(0));
                for (Expr i : items) {
                    ors.add(new ComparisonExpr(Functions.EQ, value, compile(i)));
                }
                return ors.size() == 1 ? ors.get(0) : new LogicExpr(Functions.OR, ors);
            }
            case Functions.LIKE:
            case Functions.ILIKE:
                return new LikeExpr(compile(c.arg(0)), compile(c.arg(1)),
                        c.args().size() > 2 ? compile(c.arg(2)) : null, fn.equals(Functions.ILIKE));
            case "interval":
                throw new SqlError(SqlState.DATATYPE_MISMATCH, "An INTERVAL can only be added to or subtracted from a"
                        + " date or timestamp");
            default:
                if (fn.startsWith("$")) {
                    throw new IllegalStateException("unresolved placeholder " + fn);
                }
                return ScalarKernels.compile(c, this::compile, clock);
        }
    }

    private CompiledExpr subquery(SubqueryExpr s) {
        if (s.correlated()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "A correlated " + (s.kind() == SubqueryExpr.Kind.SCALAR
                    ? "scalar subquery" : s.kind() + " subquery") + " is not supported in this position; use"
                    + " EXISTS / IN / NOT IN as a WHERE condition joined by AND, and scalar subqueries in WHERE or the"
                    + " select list");
        }
        switch (s.kind()) {
            case EXISTS:
                return new ConstantExpr(!subqueryValues(s).isEmpty(), s.type());
            case SCALAR: {
                List<Object> values = subqueryValues(s);
                if (values.size() > 1) {
                    throw new SqlError("21000", "Scalar subquery returned more than one row; add LIMIT 1 or an"
                            + " aggregate");
                }
                return new ConstantExpr(values.isEmpty() ? null : values.get(0), s.type());
            }
            default: {
                List<Object> values = subqueryValues(s);
                ArrowType from = s.plan().output().get(0).getType();
                ArrowType to = s.operand().type().getType();
                List<Object> converted = new ArrayList<>(values.size());
                for (Object v : values) {
                    converted.add(v == null ? null : io.lancejdbc.sql.bind.LiteralCasts.convert(v, from, to));
                }
                return new InListExpr(compile(s.operand()), converted);
            }
        }
    }

    private List<CompiledExpr> compileAll(List<Expr> args) {
        List<CompiledExpr> out = new ArrayList<>(args.size());
        for (Expr a : args) {
            out.add(compile(a));
        }
        return out;
    }

    /** True when evaluating {@code e} can raise a data error (so CASE must evaluate it only where taken). */
    static boolean mayFail(Expr e) {
        if (e instanceof Call) {
            Call c = (Call) e;
            switch (c.function()) {
                case Functions.DIVIDE:
                case Functions.INT_DIVIDE:
                case Functions.MODULO:
                case Functions.CAST:
                    return true;
                case Functions.ADD:
                case Functions.SUBTRACT:
                case Functions.MULTIPLY:
                case Functions.NEGATE:
                    if (!Types.isFloating(c.type().getType())) {
                        return true;
                    }
                    break;
                default:
                    if (ScalarKernels.mayRaise(c.function())) {
                        return true;
                    }
                    break;
            }
            for (Expr a : c.args()) {
                if (mayFail(a)) {
                    return true;
                }
            }
        }
        return false;
    }
}
