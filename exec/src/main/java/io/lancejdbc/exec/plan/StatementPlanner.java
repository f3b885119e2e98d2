package io.lancejdbc.exec.plan;

import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.UncorrelatedSubqueriesOperator;
import io.lancejdbc.sql.expr.Call;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.PlanExpressions;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Plans a whole statement: the optimized query through the {@link PhysicalPlanner}, and each uncorrelated subquery
 * of its expressions as a child plan of an {@link UncorrelatedSubqueriesOperator} at the root, so that nothing is
 * planned while the query runs and EXPLAIN shows the subqueries' plans.
 */
public final class StatementPlanner {
    private final PhysicalPlanner planner;
    private final UnaryOperator<LogicalPlan> optimizer;

    /**
     * @param optimizer the logical rules applied to a subquery plan (with its row limit) before it is planned; the
     *     same the statement's plan went through
     */
    public StatementPlanner(PhysicalPlanner planner, UnaryOperator<LogicalPlan> optimizer) {
        this.planner = planner;
        this.optimizer = optimizer;
    }

    /**
     * @param optimized the statement's optimized logical plan
     * @throws io.lancejdbc.engine.SqlError as {@link PhysicalPlanner#plan} does
     */
    public PhysicalOperator plan(LogicalPlan optimized) {
        PhysicalOperator main = planner.plan(optimized);
        Map<LogicalPlan, SubqueryExpr> found = new IdentityHashMap<>();
        List<SubqueryExpr> subqueries = new ArrayList<>();
        PlanExpressions.forEach(optimized, e -> collect(e, found, subqueries));
        if (subqueries.isEmpty()) {
            return main;
        }
        List<PhysicalOperator> plans = new ArrayList<>();
        for (SubqueryExpr s : subqueries) {
            long rows = UncorrelatedSubqueriesOperator.rowsRead(s.kind());
            LogicalPlan p = rows > 0 ? new Limit(s.plan(), 0, rows) : s.plan();
            plans.add(plan(optimizer.apply(p)));
        }
        return new UncorrelatedSubqueriesOperator(main, subqueries, plans);
    }

    private static void collect(Expr e, Map<LogicalPlan, SubqueryExpr> found, List<SubqueryExpr> out) {
        if (e instanceof SubqueryExpr) {
            SubqueryExpr s = (SubqueryExpr) e;
            if (s.operand() != null) {
                collect(s.operand(), found, out);
            }
            if (!s.correlated() && !found.containsKey(s.plan())) {
                found.put(s.plan(), s);
                out.add(s);
            }
        } else if (e instanceof Call) {
            for (Expr a : ((Call) e).args()) {
                collect(a, found, out);
            }
        }
    }
}
