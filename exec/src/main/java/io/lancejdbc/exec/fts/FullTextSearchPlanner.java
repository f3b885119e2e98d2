package io.lancejdbc.exec.fts;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.plan.PhysicalPlannerExtension;
import io.lancejdbc.sql.plan.FullTextSearch;
import io.lancejdbc.sql.plan.LogicalPlan;

/** Plans {@code full_text_search(...)} ({@link FullTextSearch}) as one {@link FullTextSearchOperator}. */
public final class FullTextSearchPlanner implements PhysicalPlannerExtension {

    /**
     * @throws SqlError 42000 for a table reference that reads several datasets ({@code "uris"})
     */
    @Override
    public PhysicalOperator plan(LogicalPlan node, PhysicalPlanner planner) {
        if (!(node instanceof FullTextSearch)) {
            return null;
        }
        FullTextSearch fts = (FullTextSearch) node;
        if (!(fts.table().handle() instanceof PinnedTable) || !((PinnedTable) fts.table().handle()).isSingleDataset()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "full_text_search() needs one Lance dataset, got "
                    + fts.table().qualifiedName());
        }
        return new FullTextSearchOperator(fts, (PinnedTable) fts.table().handle());
    }
}
