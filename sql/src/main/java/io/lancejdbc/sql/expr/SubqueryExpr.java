package io.lancejdbc.sql.expr;

import io.lancejdbc.sql.plan.LogicalPlan;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A subquery used as a value: a scalar subquery (one column, at most one row), {@code operand IN (subquery)}, or
 * {@code EXISTS (subquery)}. The plan is uncorrelated: it references no column of the enclosing query, and runs once
 * per query (correlated subqueries are rewritten into joins by the binder).
 *
 * @param kind what the subquery computes
 * @param plan the subquery plan (exactly one output column for SCALAR and IN)
 * @param operand the left operand of IN (over the enclosing input), or null
 * @param type BOOL for IN and EXISTS, the column type (nullable) for SCALAR
 */
public record SubqueryExpr(Kind kind, LogicalPlan plan, Expr operand, Field type) implements Expr {
    /** The three subquery forms. */
    public enum Kind { SCALAR, IN, EXISTS }

    public SubqueryExpr {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(type, "type");
    }

    @Override
    public String sql() {
        switch (kind) {
            case IN:
                return operand.sql() + " IN (<subquery>)";
            case EXISTS:
                return "EXISTS (<subquery>)";
            default:
                return "(<subquery>)";
        }
    }
}
