package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.plan.LogicalPlan;

/** The logical rewrites, in order: predicate pushdown, column pruning, limit pushdown. */
public final class Optimizer {
    private Optimizer() {
    }

    public static LogicalPlan optimize(LogicalPlan plan) {
        LogicalPlan p = PredicatePushdown.apply(plan);
        p = ColumnPruning.apply(p);
        return LimitPushdown.apply(p);
    }
}
