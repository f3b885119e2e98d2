package io.lancejdbc.sql.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/** Removes duplicate rows (NULLs compare equal to each other). */
public record Distinct(LogicalPlan input) implements LogicalPlan {
    public Distinct {
        Objects.requireNonNull(input, "input");
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
        return new Distinct(inputs.get(0));
    }
}
