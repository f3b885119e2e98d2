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
     * @return 54000 when a batch outgrew an Arrow vector (2 GB of variable-width data in one vector, e.g.
     *     {@code repeat(s, 1000000)} over a batch of 8192 rows), HY000 otherwise
     */
    public static SqlError of(String context, Throwable t) {
        if (t instanceof SqlError) {
            return (SqlError) t;
        }
        if (t instanceof OversizedAllocationException) {
            return new SqlError(SqlState.LIMIT_EXCEEDED, context + " failed: the values of one batch need more than"
                    + " 2 GB, the most one Arrow vector holds; make the values smaller (e.g. a smaller repeat() or"
                    + " lpad() length) or lower Statement.setFetchSize", t);
        }
        return new SqlError(SqlState.GENERAL_ERROR, context + " failed: " + t.getMessage(), t);
    }
}
