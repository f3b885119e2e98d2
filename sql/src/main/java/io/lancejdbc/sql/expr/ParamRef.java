package io.lancejdbc.sql.expr;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A {@code ?} marker seen while preparing a statement, typed from its context. Executions replace it by a
 * {@link Literal}; a plan that still holds one is not executable.
 *
 * @param index 0-based parameter position
 * @param type the inferred type ({@code Null} when the context does not decide)
 */
public record ParamRef(int index, Field type) implements Expr {
    public ParamRef {
        Objects.requireNonNull(type, "type");
    }

    @Override
    public String sql() {
        return "?" + (index + 1);
    }
}
