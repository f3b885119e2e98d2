package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/** Appends one column per window function to the input columns. */
public record Window(LogicalPlan input, List<WindowCall> calls, List<String> names) implements LogicalPlan {
    public Window {
        Objects.requireNonNull(input, "input");
        calls = List.copyOf(calls);
        names = List.copyOf(names);
    }

    @Override
    public List<Field> output() {
        List<Field> out = new ArrayList<>(input.output());
        for (int i = 0; i < calls.size(); i++) {
            out.add(Types.rename(calls.get(i).type(), names.get(i)));
        }
        return out;
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of(input);
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return new Window(inputs.get(0), calls, names);
    }
}
