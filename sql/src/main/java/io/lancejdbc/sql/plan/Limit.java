package io.lancejdbc.sql.plan;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Skips {@code offset} rows, then passes at most {@code limit} rows.
 *
 * @param offset rows to skip, &gt;= 0
 * @param limit rows to pass, or -1 for no limit
 */
public record Limit(LogicalPlan input, long offset, long limit) implements LogicalPlan {
    public Limit {
        Objects.requireNonNull(input, "input");
        if (offset < 0 || limit < -1) {
            throw new IllegalArgumentException("offset must be >= 0 and limit >= -1");
        }
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
        return new Limit(inputs.get(0), offset, limit);
    }
}
