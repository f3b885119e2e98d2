package io.lancejdbc.exec.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import org.apache.arrow.vector.util.OversizedAllocationException;
import org.junit.jupiter.api.Test;

/**
 * Unexpected exceptions of operators as user errors. Reproduction of the oversized case (needs 2+ GB of memory,
 * so not run here): {@code SELECT group_concat(repeat('x', 1000000)) FROM numbers} failed with HY000 "Aggregation
 * failed: Memory required for vector is (2148000000), which is overflow or more than max allowed".
 */
class ExecutionFailuresTest {
    @Test
    void aVectorOutgrowingArrowsLimitIsAProgramLimit() {
        SqlError e = ExecutionFailures.of("Aggregation", new OversizedAllocationException(
                "Memory required for vector is (2148000000), which is overflow or more than max allowed"));
        assertEquals("54000", e.sqlState());
        assertTrue(e.getMessage().startsWith("Aggregation failed: the values of one batch need more than 2 GB"),
                e.getMessage());
    }

    @Test
    void anSqlErrorKeepsItsState() {
        SqlError original = new SqlError(SqlState.DIVISION_BY_ZERO, "Division by zero");
        assertSame(original, ExecutionFailures.of("Query", original));
    }

    @Test
    void anythingElseIsAGeneralErrorNamingTheContext() {
        SqlError e = ExecutionFailures.of("Reading split 3", new IllegalStateException("boom"));
        assertEquals("HY000", e.sqlState());
        assertEquals("Reading split 3 failed: boom", e.getMessage());
    }

    @Test
    void anAllocationPastTheQueryLimitNamesTheProperty() {
        SqlError e = ExecutionFailures.of("Reading split 2", new org.apache.arrow.memory.OutOfMemoryException(
                "Unable to allocate buffer of size 65536 due to memory limit"));
        assertEquals(SqlState.OUT_OF_MEMORY, e.sqlState());
        assertTrue(e.getMessage().startsWith("Reading split 2 exceeded the query's memory limit (query.max_memory)"),
                e.getMessage());
    }

    @Test
    void aJavaHeapOutOfMemoryNamesTheHeapNotTheQueryLimit() {
        SqlError e = ExecutionFailures.heapExhausted("The query", new OutOfMemoryError("Java heap space"));
        assertEquals(SqlState.OUT_OF_MEMORY, e.sqlState());
        assertTrue(e.getMessage().startsWith("The query ran out of Java heap memory (Java heap space, -Xmx "),
                e.getMessage());
        assertTrue(e.getMessage().contains("lower scan.parallelism"), e.getMessage());
    }
}
