package io.lancejdbc.sql.plan;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A node of the logical plan: an immutable relational operator whose output columns are addressed by position
 * ({@link io.lancejdbc.sql.expr.ColumnRef#index()}).
 */
public sealed interface LogicalPlan
        permits TableScan, Filter, Project, Aggregate, Sort, Limit, Join, SetOperation, Values, Window,
                VectorSearch, FullTextSearch, Distinct {

    /** The output columns (name = column label, type, nullability), in order. */
    List<Field> output();

    /** The input plans, in order (empty for leaves). */
    List<LogicalPlan> inputs();

    /** This node with its inputs replaced (same size and order as {@link #inputs()}). */
    LogicalPlan withInputs(List<LogicalPlan> inputs);
}
