package io.lancejdbc.sql.bind;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.plan.AggregateCall;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.WindowCall;
import io.lancejdbc.sql.plan.WindowFrame;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;

/** Typing of window functions (ranking, offsets, first/last value, and aggregates over a window). */
final class WindowFunctions {
    private WindowFunctions() {
    }

    static WindowCall type(String name, List<Expr> args, boolean star, boolean distinct, List<Expr> partition,
            List<SortKey> order, WindowFrame frame) {
        if (distinct) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "DISTINCT in window functions is not supported");
        }
        switch (name) {
            case "row_number":
            case "rank":
            case "dense_rank":
                FunctionRegistry.arity(name, args, 0, 0);
                return new WindowCall(name, args, partition, order, frame, Types.of(Types.INT64, false));
            case "percent_rank":
            case "cume_dist":
                FunctionRegistry.arity(name, args, 0, 0);
                return new WindowCall(name, args, partition, order, frame, Types.of(Types.FLOAT64, false));
            case "ntile": {
                FunctionRegistry.arity(name, args, 1, 1);
                Expr n = args.get(0);
                if (!(n instanceof Literal) || !(((Literal) n).value() instanceof Long) || (Long) ((Literal) n).value() < 1) {
                    throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "NTILE needs a positive integer constant");
                }
                return new WindowCall(name, args, partition, order, frame, Types.of(Types.INT64, false));
            }
            case "lag":
            case "lead": {
                FunctionRegistry.arity(name, args, 1, 3);
                List<Expr> a = new ArrayList<>(args);
                if (a.size() >= 2) {
                    Expr off = a.get(1);
                    if (!(off instanceof Literal) || !(((Literal) off).value() instanceof Long)) {
                        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, name.toUpperCase()
                                + " offset must be an integer constant");
                    }
                } else {
                    a.add(Literal.ofLong(1));
                }
                Expr value = a.get(0);
                if (a.size() == 3) {
                    // The value and the default share one result type (LAG(int_col, 1, 1.5) is a decimal).
                    org.apache.arrow.vector.types.pojo.ArrowType common = TypeCoercion.commonType(
                            value.type().getType(), a.get(2).type().getType(), name);
                    if (!Types.isNull(common)) {
                        value = TypeCoercion.coerce(value, common);
                        a.set(0, value);
                        a.set(2, TypeCoercion.coerce(a.get(2), common));
                    }
                }
                return new WindowCall(name, a, partition, order, frame,
                        Types.withNullable(Types.withoutMetadata(Types.rename(value.type(), "")), true));
            }
            case "first_value":
            case "last_value":
                FunctionRegistry.arity(name, args, 1, 1);
                return new WindowCall(name, args, partition, order, frame,
                        Types.withNullable(Types.withoutMetadata(Types.rename(args.get(0).type(), "")), true));
            default:
                if (!FunctionRegistry.isAggregate(name)) {
                    throw new SqlError(SqlState.UNDEFINED_FUNCTION, "Unknown window function " + name + "()");
                }
                AggregateCall agg = FunctionRegistry.aggregate(name, args, false, star);
                return new WindowCall(agg.function(), agg.args(), partition, order, frame, agg.type());
        }
    }
}
