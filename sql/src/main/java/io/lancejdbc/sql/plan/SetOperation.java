package io.lancejdbc.sql.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * UNION, INTERSECT or EXCEPT of inputs with the same column count; inputs are already cast to {@code output}'s
 * types. Without ALL the result has no duplicate rows.
 */
public record SetOperation(Kind kind, boolean all, List<LogicalPlan> inputs, List<Field> output)
        implements LogicalPlan {
    /** The set operator. */
    public enum Kind { UNION, INTERSECT, EXCEPT }

    public SetOperation {
        Objects.requireNonNull(kind, "kind");
        inputs = List.copyOf(inputs);
        output = List.copyOf(output);
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> newInputs) {
        return new SetOperation(kind, all, newInputs, output);
    }
}
