package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Computes one output column per expression.
 *
 * @param exprs expressions over the input's columns
 * @param names output column labels, same size as {@code exprs}
 */
public record Project(LogicalPlan input, List<Expr> exprs, List<String> names) implements LogicalPlan {
    public Project {
        Objects.requireNonNull(input, "input");
        exprs = List.copyOf(exprs);
        names = List.copyOf(names);
        if (exprs.size() != names.size()) {
            throw new IllegalArgumentException("one name per expression");
        }
    }

    @Override
    public List<Field> output() {
        List<Field> out = new ArrayList<>(exprs.size());
        for (int i = 0; i < exprs.size(); i++) {
            Expr e = exprs.get(i);
            Field t = e.type();
            // A bare column keeps its source metadata (schema/table names for ResultSetMetaData).
            out.add(Types.rename(e instanceof io.lancejdbc.sql.expr.ColumnRef ? t : Types.withoutMetadata(t),
                    names.get(i)));
        }
        return out;
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of(input);
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return new Project(inputs.get(0), exprs, names);
    }
}
