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

    /**
     * A Java heap {@link OutOfMemoryError} (not Arrow's allocator limit): the JVM's heap ran out while the query held
     * its working state (the groups of a GROUP BY, a join's build side, a sort's keys).
     *
     * @return HY001 naming the JVM's heap and what lowers the query's need, not {@code query.max_memory}, which may
     *     not be set at all
     */
    public static SqlError heapExhausted(String context, OutOfMemoryError e) {
        return new SqlError(SqlState.OUT_OF_MEMORY, context + " ran out of Java heap memory (" + e.getMessage()
                + ", -Xmx " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB) while it held its working state"
                + " (e.g. the groups of a GROUP BY; each of the scan.parallelism workers keeps its own partial"
                + " groups): give the JVM more heap (-Xmx), lower scan.parallelism, or set query.max_memory so that"
                + " such a query fails early", e);
    }
}
