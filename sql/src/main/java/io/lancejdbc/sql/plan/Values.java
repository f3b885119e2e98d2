package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Constant rows ({@code SELECT 1}, {@code VALUES (...)}); each row's expressions reference no columns.
 */
public record Values(List<Field> output, List<List<Expr>> rows) implements LogicalPlan {
    public Values {
        output = List.copyOf(output);
        rows = rows.stream().map(List::copyOf).toList();
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of();
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return this;
    }
}
