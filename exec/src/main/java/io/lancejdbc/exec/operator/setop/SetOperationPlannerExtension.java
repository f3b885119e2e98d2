package io.lancejdbc.exec.operator.setop;

import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.plan.PhysicalPlannerExtension;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.SetOperation;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Plans UNION [ALL], INTERSECT [ALL] and EXCEPT [ALL]: UNION ALL concatenates, UNION adds a hash distinct over the
 * concatenation, INTERSECT and EXCEPT hash the right input ({@link HashSetOperator}), de-duplicating the left input
 * first unless ALL is given.
 */
public final class SetOperationPlannerExtension implements PhysicalPlannerExtension {
    @Override
    public PhysicalOperator plan(LogicalPlan node, PhysicalPlanner planner) {
        if (!(node instanceof SetOperation)) {
            return null;
        }
        SetOperation s = (SetOperation) node;
        List<Field> out = s.output();
        List<PhysicalOperator> inputs = new ArrayList<>();
        for (LogicalPlan in : s.inputs()) {
            inputs.add(planner.plan(in));
        }
        if (s.kind() == SetOperation.Kind.UNION) {
            PhysicalOperator union = new UnionAllOperator(inputs, out);
            return s.all() ? union : distinct(union, out, planner);
        }
        PhysicalOperator acc = s.all() ? inputs.get(0) : distinct(inputs.get(0), out, planner);
        for (int i = 1; i < inputs.size(); i++) {
            acc = new HashSetOperator(acc, inputs.get(i), s.kind(), s.all(), out, planner.maxMemoryBytes());
        }
        return acc;
    }

    private static PhysicalOperator distinct(PhysicalOperator in, List<Field> out, PhysicalPlanner planner) {
        List<Expr> keys = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            keys.add(new ColumnRef(i, out.get(i).getName(), out.get(i)));
        }
        return planner.hashAggregate(in, keys, List.of(), out);
    }
}
