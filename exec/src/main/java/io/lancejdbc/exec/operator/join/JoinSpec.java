package io.lancejdbc.exec.operator.join;

import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.JoinType;
import java.util.List;
import java.util.Objects;

/**
 * What a join computes, as the physical planner decided it.
 *
 * @param type the join type (CROSS is an INNER join without keys or residual)
 * @param leftKeys equi-join key expressions over the left input (empty for a nested-loop join)
 * @param rightKeys the matching key expressions over the right input, same size and types as {@code leftKeys}
 * @param nullSafe per key: true for {@code <=>} (NULL matches NULL), false for {@code =}
 * @param residual the rest of the ON condition, over the left columns followed by the right columns, evaluated on
 *     key matches; null when there is none
 * @param buildLeft true to build the hash table over the left input and stream the right one (never for SEMI,
 *     ANTI and SINGLE)
 * @param nullAwareAnti for {@code NOT IN (subquery)}: an ANTI join on one key that returns no row when the right
 *     side has a NULL key, and drops left rows whose key is NULL unless the right side is empty
 */
public record JoinSpec(JoinType type, List<Expr> leftKeys, List<Expr> rightKeys, boolean[] nullSafe, Expr residual,
        boolean buildLeft, boolean nullAwareAnti) {
    public JoinSpec {
        Objects.requireNonNull(type, "type");
        leftKeys = List.copyOf(leftKeys);
        rightKeys = List.copyOf(rightKeys);
        nullSafe = nullSafe.clone();
        if (leftKeys.size() != rightKeys.size() || nullSafe.length != leftKeys.size()) {
            throw new IllegalArgumentException("one right key and one null-safety flag per left key");
        }
        boolean leftPreserving = type == JoinType.SEMI || type == JoinType.ANTI || type == JoinType.SINGLE;
        if (buildLeft && leftPreserving) {
            throw new IllegalArgumentException(type + " joins build over the right input");
        }
        if (nullAwareAnti && (type != JoinType.ANTI || leftKeys.size() != 1)) {
            throw new IllegalArgumentException("a null-aware anti join has one key");
        }
    }

    /** True when the join hashes keys (false: nested loop). */
    public boolean hashed() {
        return !leftKeys.isEmpty();
    }

    /** Probe rows without a match are returned, NULL-extended. */
    boolean probeOuter() {
        return buildLeft ? type == JoinType.RIGHT || type == JoinType.FULL
                : type == JoinType.LEFT || type == JoinType.FULL || type == JoinType.SINGLE;
    }

    /** Build rows without a match are returned at the end, NULL-extended. */
    boolean buildOuter() {
        return buildLeft ? type == JoinType.LEFT || type == JoinType.FULL
                : type == JoinType.RIGHT || type == JoinType.FULL;
    }

    /** Only the left (probe) columns are returned, once per row. */
    boolean semiOrAnti() {
        return type == JoinType.SEMI || type == JoinType.ANTI;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JoinSpec s && type == s.type && leftKeys.equals(s.leftKeys)
                && rightKeys.equals(s.rightKeys) && java.util.Arrays.equals(nullSafe, s.nullSafe)
                && Objects.equals(residual, s.residual) && buildLeft == s.buildLeft
                && nullAwareAnti == s.nullAwareAnti;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, leftKeys, rightKeys, java.util.Arrays.hashCode(nullSafe), residual, buildLeft,
                nullAwareAnti);
    }
}
