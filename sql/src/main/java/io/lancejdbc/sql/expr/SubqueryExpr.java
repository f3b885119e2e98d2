package io.lancejdbc.sql.expr;

import io.lancejdbc.sql.plan.LogicalPlan;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A subquery used as a value: a scalar subquery (one column, at most one row), {@code operand IN (subquery)}, or
 * {@code EXISTS (subquery)}. An uncorrelated plan references no column of the enclosing query and runs once per
 * query. A correlated one carries a {@link Correlation}; the optimizer rewrites it into a join
 * ({@code io.lancejdbc.sql.rules.SubqueryDecorrelation}).
 *
 * @param kind what the subquery computes
 * @param plan the subquery plan (SCALAR and IN: the value in column 0; a correlated plan may have more columns, the
 *     ones its correlation condition reads)
 * @param operand the left operand of IN (over the enclosing input), or null
 * @param type BOOL for IN and EXISTS, the column type (nullable) for SCALAR
 * @param correlation how the subquery depends on the enclosing row, or null when it does not
 */
public record SubqueryExpr(Kind kind, LogicalPlan plan, Expr operand, Field type, Correlation correlation)
        implements Expr {
    /** The three subquery forms. */
    public enum Kind { SCALAR, IN, EXISTS }

    /**
     * The dependence of a correlated subquery on the enclosing row: the subquery's rows for an enclosing row are the
     * rows of {@code plan} for which {@code condition} is TRUE.
     *
     * @param outerArgs expressions over the enclosing input that the condition reads
     * @param condition a boolean expression over the plan's columns ({@code ColumnRef} 0 .. w-1) followed by the
     *     outer arguments ({@code ColumnRef} w .. w+k-1, w = plan width)
     * @param unique true when at most one plan row satisfies the condition for any enclosing row
     * @param whenEmpty SCALAR only: the value when no row matches (an aggregate over no rows, e.g. 0 for COUNT), or
     *     null for NULL
     * @param markerColumn SCALAR with {@code whenEmpty}: a plan column that is never NULL in a matching row, so a
     *     NULL there after an outer join means "no row"; -1 otherwise
     */
    public record Correlation(List<Expr> outerArgs, Expr condition, boolean unique, Expr whenEmpty,
            int markerColumn) {
        public Correlation {
            outerArgs = List.copyOf(outerArgs);
            Objects.requireNonNull(condition, "condition");
        }

        /** This correlation with {@code args} as the outer arguments. */
        public Correlation withOuterArgs(List<Expr> args) {
            return new Correlation(args, condition, unique, whenEmpty, markerColumn);
        }
    }

    public SubqueryExpr {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(type, "type");
    }

    /** An uncorrelated subquery. */
    public SubqueryExpr(Kind kind, LogicalPlan plan, Expr operand, Field type) {
        this(kind, plan, operand, type, null);
    }

    /** True when the subquery depends on the enclosing row. */
    public boolean correlated() {
        return correlation != null;
    }

    @Override
    public String sql() {
        String c = correlation == null ? "<subquery>" : "<correlated subquery>";
        switch (kind) {
            case IN:
                return operand.sql() + " IN (" + c + ")";
            case EXISTS:
                return "EXISTS (" + c + ")";
            default:
                return "(" + c + ")";
        }
    }
}
