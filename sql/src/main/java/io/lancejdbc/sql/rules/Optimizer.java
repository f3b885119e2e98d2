package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.plan.LogicalPlan;

/** The logical rewrites, in order: subquery decorrelation, predicate pushdown, column pruning, limit pushdown. */
public final class Optimizer {
    private Optimizer() {
    }

    public static LogicalPlan optimize(LogicalPlan plan) {
        LogicalPlan p = SubqueryDecorrelation.apply(plan);
        p = PredicatePushdown.apply(p);
        p = ColumnPruning.apply(p);
        return LimitPushdown.apply(p);
    }
}
