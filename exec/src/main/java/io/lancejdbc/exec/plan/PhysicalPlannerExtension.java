package io.lancejdbc.exec.plan;

import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.sql.plan.LogicalPlan;

/** Plans logical node kinds the core planner leaves out (joins, set operations, windows, vector search). */
public interface PhysicalPlannerExtension {

    /**
     * @param planner plans the node's inputs
     * @return the operator for {@code node}, or null when this extension does not handle it
     */
    PhysicalOperator plan(LogicalPlan node, PhysicalPlanner planner);
}
