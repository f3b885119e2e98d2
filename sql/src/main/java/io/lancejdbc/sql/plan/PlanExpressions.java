package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.expr.Expr;
import java.util.function.Consumer;

/** Visits every expression held by a plan tree (not descending into subquery plans). */
public final class PlanExpressions {
    private PlanExpressions() {
    }

    public static void forEach(LogicalPlan plan, Consumer<Expr> visitor) {
        if (plan instanceof TableScan) {
            ((TableScan) plan).pushedPredicates().forEach(visitor);
        } else if (plan instanceof Filter) {
            visitor.accept(((Filter) plan).condition());
        } else if (plan instanceof Project) {
            ((Project) plan).exprs().forEach(visitor);
        } else if (plan instanceof Aggregate) {
            Aggregate a = (Aggregate) plan;
            a.groupKeys().forEach(visitor);
            for (AggregateCall c : a.aggregates()) {
                c.args().forEach(visitor);
            }
        } else if (plan instanceof Sort) {
            for (SortKey k : ((Sort) plan).keys()) {
                visitor.accept(k.expr());
            }
        } else if (plan instanceof Join) {
            Expr c = ((Join) plan).condition();
            if (c != null) {
                visitor.accept(c);
            }
        } else if (plan instanceof Values) {
            for (java.util.List<Expr> row : ((Values) plan).rows()) {
                row.forEach(visitor);
            }
        } else if (plan instanceof Window) {
            for (WindowCall w : ((Window) plan).calls()) {
                w.args().forEach(visitor);
                w.partitionBy().forEach(visitor);
                for (SortKey k : w.orderBy()) {
                    visitor.accept(k.expr());
                }
            }
        }
        for (LogicalPlan in : plan.inputs()) {
            forEach(in, visitor);
        }
    }
}
