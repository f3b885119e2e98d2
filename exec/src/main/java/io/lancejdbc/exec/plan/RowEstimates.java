package io.lancejdbc.exec.plan;

import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.sql.plan.Aggregate;
import io.lancejdbc.sql.plan.Distinct;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.SetOperation;
import io.lancejdbc.sql.plan.TableScan;
import io.lancejdbc.sql.plan.Values;
import io.lancejdbc.sql.plan.VectorSearch;

/**
 * Rough output row counts of logical plans, from the pinned snapshots' fragment row counts, for choosing the build
 * side of a join. Filters are assumed to keep a quarter of their input, aggregates a tenth; the numbers only need
 * to rank two inputs, not to be right.
 */
public final class RowEstimates {
    /** What an input of unknown size counts as. */
    public static final double UNKNOWN = 1e6;

    private RowEstimates() {
    }

    /** The estimated number of rows {@code plan} returns (&gt;= 0). */
    public static double of(LogicalPlan plan) {
        if (plan instanceof TableScan) {
            TableScan s = (TableScan) plan;
            double rows = s.table().handle() instanceof PinnedTable
                    ? ((PinnedTable) s.table().handle()).snapshot().logicalRows() : UNKNOWN;
            if (s.lanceFilter() != null) {
                rows *= 0.25;
            }
            return s.limit() >= 0 ? Math.min(rows, s.limit()) : rows;
        }
        if (plan instanceof VectorSearch) {
            return ((VectorSearch) plan).spec().topK();
        }
        if (plan instanceof Values) {
            return ((Values) plan).rows().size();
        }
        if (plan instanceof Filter) {
            return of(((Filter) plan).input()) * 0.25;
        }
        if (plan instanceof Limit) {
            Limit l = (Limit) plan;
            double in = of(l.input());
            return l.limit() >= 0 ? Math.min(in, l.limit()) : in;
        }
        if (plan instanceof Aggregate) {
            Aggregate a = (Aggregate) plan;
            return a.groupKeys().isEmpty() ? 1 : Math.max(1, of(a.input()) * 0.1);
        }
        if (plan instanceof Distinct) {
            return of(((Distinct) plan).input()) * 0.5;
        }
        if (plan instanceof Join) {
            Join j = (Join) plan;
            double l = of(j.left());
            double r = of(j.right());
            if (j.type() == JoinType.SEMI || j.type() == JoinType.ANTI) {
                return l * 0.5;
            }
            if (j.type() == JoinType.CROSS) {
                return l * r;
            }
            return Math.max(l, r);
        }
        if (plan instanceof SetOperation) {
            double sum = 0;
            for (LogicalPlan in : plan.inputs()) {
                sum += of(in);
            }
            return sum;
        }
        // Project, Sort, Window: as many rows as their input.
        return plan.inputs().isEmpty() ? UNKNOWN : of(plan.inputs().get(0));
    }
}
