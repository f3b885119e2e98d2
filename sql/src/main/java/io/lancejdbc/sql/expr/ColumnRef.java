package io.lancejdbc.sql.expr;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A reference to column {@code index} of the input relation.
 *
 * @param index 0-based column position in the input's output schema
 * @param name the column's display name (for EXPLAIN and messages)
 * @param type the column's field
 */
public record ColumnRef(int index, String name, Field type) implements Expr {
    public ColumnRef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (index < 0) {
            throw new IllegalArgumentException("column index must be >= 0");
        }
    }

    @Override
    public String sql() {
        return name;
    }
}
