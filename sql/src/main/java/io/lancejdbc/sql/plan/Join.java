package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Joins two inputs. The condition sees the left columns followed by the right columns. Output: left then right
 * columns (nullable on the outer side), or only the left columns for SEMI and ANTI joins.
 *
 * @param condition the ON condition, or null for CROSS joins
 */
public record Join(LogicalPlan left, LogicalPlan right, JoinType type, Expr condition) implements LogicalPlan {
    public Join {
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
        Objects.requireNonNull(type, "type");
    }

    @Override
    public List<Field> output() {
        List<Field> out = new ArrayList<>();
        boolean leftNullable = type == JoinType.RIGHT || type == JoinType.FULL;
        boolean rightNullable = type == JoinType.LEFT || type == JoinType.FULL || type == JoinType.SINGLE;
        for (Field f : left.output()) {
            out.add(leftNullable ? Types.withNullable(f, true) : f);
        }
        if (type == JoinType.SEMI || type == JoinType.ANTI) {
            return out;
        }
        for (Field f : right.output()) {
            out.add(rightNullable ? Types.withNullable(f, true) : f);
        }
        return out;
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of(left, right);
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return new Join(inputs.get(0), inputs.get(1), type, condition);
    }
}
