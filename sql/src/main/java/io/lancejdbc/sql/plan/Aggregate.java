package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Groups the input by {@code groupKeys} and computes {@code aggregates} per group. Output: the group keys (named
 * {@code groupNames}), then the aggregates (named {@code aggregateNames}). Without group keys there is exactly one
 * output row, also for empty input.
 */
public record Aggregate(LogicalPlan input, List<Expr> groupKeys, List<String> groupNames,
        List<AggregateCall> aggregates, List<String> aggregateNames) implements LogicalPlan {
    public Aggregate {
        Objects.requireNonNull(input, "input");
        groupKeys = List.copyOf(groupKeys);
        groupNames = List.copyOf(groupNames);
        aggregates = List.copyOf(aggregates);
        aggregateNames = List.copyOf(aggregateNames);
    }

    @Override
    public List<Field> output() {
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < groupKeys.size(); i++) {
            out.add(Types.rename(Types.withoutMetadata(groupKeys.get(i).type()), groupNames.get(i)));
        }
        for (int i = 0; i < aggregates.size(); i++) {
            out.add(Types.rename(aggregates.get(i).type(), aggregateNames.get(i)));
        }
        return out;
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of(input);
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return new Aggregate(inputs.get(0), groupKeys, groupNames, aggregates, aggregateNames);
    }
}
