package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.plan.LogicalPlan;

/** The logical rewrites, in order: subquery decorrelation, predicate pushdown, column pruning, limit pushdown. */
public final class Optimizer {
    private Optimizer() {
    }

    /** {@link #optimize(LogicalPlan, boolean)} with predicates pushed into Lance scans. */
    public static LogicalPlan optimize(LogicalPlan plan) {
        return optimize(plan, true);
    }

    /**
     * @param intoLance whether pushable conjuncts become Lance scan filters; with false every predicate stays a
     *     residual predicate (still moved down to the scan it reads), which is the reference the pushed evaluation
     *     is tested against ({@code scan.predicate_pushdown})
     */
    public static LogicalPlan optimize(LogicalPlan plan, boolean intoLance) {
        LogicalPlan p = SubqueryDecorrelation.apply(plan);
        p = PredicatePushdown.apply(p, intoLance);
        p = ColumnPruning.apply(p);
        return LimitPushdown.apply(p);
    }
}
