package io.lancejdbc.exec.operator;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import org.apache.arrow.vector.util.OversizedAllocationException;

/** The SqlError for an exception an operator did not expect, by what it means to the user. */
public final class ExecutionFailures {
    private ExecutionFailures() {
    }

    /**
     * @param context what failed, e.g. {@code "Aggregation"}, for the HY000 message of an unclassified failure
     * @return HY001 when the query allocator refused an allocation (its {@code query.max_memory} limit), 54000 when a
     *     batch outgrew an Arrow vector (2 GB of variable-width data in one vector, e.g.
     *     {@code repeat(s, 1000000)} over a batch of 8192 rows), HY000 otherwise
     */
    public static SqlError of(String context, Throwable t) {
        if (t instanceof SqlError) {
            return (SqlError) t;
        }
        if (t instanceof org.apache.arrow.memory.OutOfMemoryException) {
            // The query allocator's limit (query.max_memory), reached inside a worker or an operator.
            return new SqlError(SqlState.OUT_OF_MEMORY, context + " exceeded the query's memory limit"
                    + " (query.max_memory): " + t.getMessage() + "; raise query.max_memory (connection property or"
                    + " SET query.max_memory = ...)", t);
        }
        if (t instanceof OversizedAllocationException) {
            return new SqlError(SqlState.LIMIT_EXCEEDED, context + " failed: the values of one batch need more than"
                    + " 2 GB, the most one Arrow vector holds; make the values smaller (e.g. a smaller repeat() or"
                    + " lpad() length) or lower Statement.setFetchSize", t);
        }
        return new SqlError(SqlState.GENERAL_ERROR, context + " failed: " + t.getMessage(), t);
    }
}
