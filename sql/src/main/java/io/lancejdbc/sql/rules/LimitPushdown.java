package io.lancejdbc.sql.rules;

import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.Project;
import io.lancejdbc.sql.plan.TableScan;
import java.util.ArrayList;
import java.util.List;

/**
 * Gives a table scan a row limit when a LIMIT sits above it with only projections in between: no residual
 * predicate remains, so Lance may stop after offset + limit rows (doris-semantics §3.1, LIMIT pushdown; EXPLAIN shows
 * {@code lanceLimit=}). The LIMIT itself stays, because the scan's splits each honour the limit separately.
 */
public final class LimitPushdown {
    private LimitPushdown() {
    }

    public static LogicalPlan apply(LogicalPlan plan) {
        List<LogicalPlan> inputs = new ArrayList<>();
        for (LogicalPlan in : plan.inputs()) {
            inputs.add(apply(in));
        }
        LogicalPlan p = inputs.isEmpty() ? plan : plan.withInputs(inputs);
        if (p instanceof Limit && ((Limit) p).limit() >= 0) {
            Limit l = (Limit) p;
            long rows = l.offset() + l.limit();
            return new Limit(withScanLimit(l.input(), rows), l.offset(), l.limit());
        }
        return p;
    }

    private static LogicalPlan withScanLimit(LogicalPlan p, long rows) {
        if (p instanceof TableScan) {
            TableScan s = (TableScan) p;
            long limit = s.limit() < 0 ? rows : Math.min(rows, s.limit());
            return new TableScan(s.table(), s.columns(), s.pushedPredicates(), s.lanceFilter(), limit);
        }
        if (p instanceof Project) {
            Project pr = (Project) p;
            return new Project(withScanLimit(pr.input(), rows), pr.exprs(), pr.names());
        }
        return p;
    }
}
