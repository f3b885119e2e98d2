package io.lancejdbc.sql.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/** Orders the input by {@code keys}; ties keep no particular order. */
public record Sort(LogicalPlan input, List<SortKey> keys) implements LogicalPlan {
    public Sort {
        Objects.requireNonNull(input, "input");
        keys = List.copyOf(keys);
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
        return new Sort(inputs.get(0), keys);
    }
}
