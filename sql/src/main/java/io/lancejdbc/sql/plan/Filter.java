package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Keeps the input rows for which {@code condition} is TRUE (not FALSE, not NULL).
 *
 * @param condition a boolean expression over the input's columns
 */
public record Filter(LogicalPlan input, Expr condition) implements LogicalPlan {
    public Filter {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(condition, "condition");
    }

    @Override
    public List<Field> output() {
        return input.output();
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of(input);
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return new Filter(inputs.get(0), condition);
    }
}
