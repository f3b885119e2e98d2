package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One window function: {@code function(args) OVER (PARTITION BY ... ORDER BY ... frame)}.
 *
 * @param function lower-case: row_number, rank, dense_rank, ntile, lag, lead, first_value, last_value, or an
 *     aggregate name (sum, avg, min, max, count, count_star)
 * @param frame the frame for aggregates and first/last_value
 */
public record WindowCall(String function, List<Expr> args, List<Expr> partitionBy, List<SortKey> orderBy,
        WindowFrame frame, Field type) {
    public WindowCall {
        Objects.requireNonNull(function, "function");
        args = List.copyOf(args);
        partitionBy = List.copyOf(partitionBy);
        orderBy = List.copyOf(orderBy);
        Objects.requireNonNull(frame, "frame");
        Objects.requireNonNull(type, "type");
    }
}
