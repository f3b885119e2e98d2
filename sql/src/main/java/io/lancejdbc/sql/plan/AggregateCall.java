package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One aggregate function application.
 *
 * @param function lower-case name: count, count_star, sum, avg, min, max, stddev_samp, stddev_pop, var_samp,
 *     var_pop, group_concat, any_value, bool_and, bool_or
 * @param args argument expressions over the aggregate's input (empty for count_star; group_concat: value[, separator])
 * @param distinct true for {@code f(DISTINCT ...)}
 * @param type result type
 */
public record AggregateCall(String function, List<Expr> args, boolean distinct, Field type) {
    public AggregateCall {
        Objects.requireNonNull(function, "function");
        args = List.copyOf(args);
        Objects.requireNonNull(type, "type");
    }

    public String sql() {
        if (function.equals("count_star")) {
            return "count(*)";
        }
        return function + "(" + (distinct ? "DISTINCT " : "")
                + args.stream().map(Expr::sql).collect(Collectors.joining(", ")) + ")";
    }
}
