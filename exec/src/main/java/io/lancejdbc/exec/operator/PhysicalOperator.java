package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A node of the physical plan: immutable, knows its output schema, and opens a fresh batch stream per execution.
 * EXPLAIN prints exactly this tree.
 */
public interface PhysicalOperator {

    /** The schema of every batch the operator produces. */
    Schema schema();

    /** Input operators, in order. */
    List<PhysicalOperator> children();

    /** One-line description for EXPLAIN, e.g. {@code FILTER} or {@code LANCE_SCAN default.items}. */
    String name();

    /** Detail lines for EXPLAIN (Doris-style {@code key=value} lines for Lance scans), never credentials. */
    List<String> details();

    /**
     * Starts producing batches.
     *
     * @throws io.lancejdbc.engine.SqlError when the operator cannot start (e.g. a dataset cannot be read)
     */
    BatchStream open(ExecContext ctx);
}
