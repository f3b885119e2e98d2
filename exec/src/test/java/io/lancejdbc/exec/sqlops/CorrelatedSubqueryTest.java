package io.lancejdbc.exec.sqlops;

import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Correlated subqueries (rewritten into joins) over {@link SqlOpsWarehouse}: l (id, k, s, v), r (id, k, s, w), emp.
 */
class CorrelatedSubqueryTest {
    @TempDir
    static Path dir;
    static SqlOpsWarehouse wh;

    @BeforeAll
    static void open() {
        wh = SqlOpsWarehouse.create(dir.resolve("wh"));
    }

    @AfterAll
    static void close() {
        wh.close();
    }

    private static List<Object> ids(String sql) {
        List<Object> out = new ArrayList<>();
        for (List<Object> r : wh.rows(sql)) {
            out.add(r.get(0));
        }
        return out;
    }

    private static List<Object> values(Object... v) {
        return java.util.Arrays.asList(v);
    }

    private static String explain(String sql) {
        return String.join("\n", wh.rows("EXPLAIN " + sql).stream().map(r -> (String) r.get(0)).toList());
    }

    @Test
    void existsBecomesASemiJoin() {
        String q = "SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k) ORDER BY id";
        assertEquals(values(1L, 2L, 3L), ids(q));
        assertTrue(explain(q).contains("join type: SEMI"), explain(q));
    }

    @Test
    void notExistsKeepsRowsWithoutMatchIncludingNullKeys() {
        assertEquals(values(4L, 5L), ids("SELECT id FROM l WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.k = l.k)"
                + " ORDER BY id"));
    }

    @Test
    void existsWithEqualityAndNonEqualityCorrelation() {
        assertEquals(values(2L), ids("SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k"
                + " AND r.w > l.v * 10) ORDER BY id"));
    }

    @Test
    void existsWithLimitInsideStillTestsForAnyRow() {
        assertEquals(values(1L, 2L, 3L), ids("SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k"
                + " LIMIT 1) ORDER BY id"));
        assertEquals(values(), ids("SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k LIMIT 0)"));
    }

    @Test
    void correlatedIn() {
        assertEquals(values(1L, 2L, 3L), ids("SELECT id FROM l WHERE s IN (SELECT s FROM r WHERE r.k = l.k)"
                + " ORDER BY id"));
    }

    @Test
    void correlatedNotInIsTrueForAnEmptySubqueryEvenWithANullOperand() {
        String q = "SELECT id FROM l WHERE s NOT IN (SELECT s FROM r WHERE r.k = l.k) ORDER BY id";
        assertEquals(values(4L, 5L), ids(q));
        assertTrue(explain(q).contains("join type: ANTI"), explain(q));
    }

    @Test
    void correlatedNotInDropsRowsWhoseSubqueryHasANull() {
        // h = 1: ids 1 (100) and 7 (NULL) see each other; 1's set is {NULL}, 7's operand is NULL.
        assertEquals(values(2L, 3L, 4L, 5L, 6L, 8L), ids("SELECT id FROM emp e WHERE salary NOT IN"
                + " (SELECT salary FROM emp x WHERE x.h = e.h AND x.id <> e.id) ORDER BY id"));
    }

    @Test
    void uncorrelatedNotInWithANullReturnsNothing() {
        String q = "SELECT id FROM l WHERE k NOT IN (SELECT k FROM r)";
        assertEquals(values(), ids(q));
        assertTrue(explain(q).contains("join type: ANTI (null-aware)"), explain(q));
        assertEquals(values(5L), ids("SELECT id FROM l WHERE k NOT IN (SELECT k FROM r WHERE k IS NOT NULL)"));
    }

    @Test
    void uncorrelatedNotInOverAnEmptySubqueryKeepsEveryRowEvenNullOperands() {
        assertEquals(values(1L, 2L, 3L, 4L, 5L), ids("SELECT id FROM l WHERE k NOT IN (SELECT k FROM r WHERE id < 0)"
                + " ORDER BY id"));
    }

    @Test
    void notInAnEmptySubqueryUnderOrIsTrueForNullOperands() {
        assertEquals(values(1L, 2L, 3L, 4L, 5L), ids("SELECT id FROM l WHERE k NOT IN (SELECT k FROM r WHERE id < 0)"
                + " OR id = 0 ORDER BY id"));
    }

    @Test
    void uncorrelatedInBecomesASemiJoin() {
        String q = "SELECT id FROM l WHERE k IN (SELECT k FROM r) ORDER BY id";
        assertEquals(values(1L, 2L, 3L), ids(q));
        assertTrue(explain(q).contains("join type: SEMI"), explain(q));
        // Under OR the subquery stays a value (an IN list computed once).
        assertEquals(values(1L, 2L, 3L, 5L), ids("SELECT id FROM l WHERE k IN (SELECT k FROM r) OR id = 5"
                + " ORDER BY id"));
    }

    @Test
    void scalarCountIsZeroWithoutRows() {
        assertEquals(List.of(row(1L, 1L), row(2L, 2L), row(3L, 2L), row(4L, 0L), row(5L, 0L)),
                wh.rows("SELECT id, (SELECT count(*) FROM r WHERE r.k = l.k) FROM l ORDER BY id"));
        assertEquals(List.of(row(1L, 2L), row(2L, 3L), row(3L, 3L), row(4L, 1L), row(5L, 1L)),
                wh.rows("SELECT id, (SELECT count(*) + 1 FROM r WHERE r.k = l.k) FROM l ORDER BY id"));
    }

    @Test
    void scalarAggregateIsNullWithoutRows() {
        assertEquals(List.of(row(1L, 100L), row(2L, 300L), row(3L, 300L), row(4L, null), row(5L, null)),
                wh.rows("SELECT id, (SELECT max(w) FROM r WHERE r.k = l.k) FROM l ORDER BY id"));
    }

    @Test
    void scalarSubqueryInWhere() {
        assertEquals(values(2L, 3L), ids("SELECT id FROM emp e WHERE salary > (SELECT avg(salary) FROM emp x"
                + " WHERE x.dept = e.dept) ORDER BY id"));
    }

    @Test
    void scalarWithoutAggregateTakesTheOneMatchingRow() {
        assertEquals(List.of(row(1L, 10L), row(2L, 20L), row(3L, 20L), row(4L, null), row(5L, null)),
                wh.rows("SELECT id, (SELECT r.id FROM r WHERE r.k = l.k AND r.s = l.s) FROM l ORDER BY id"));
    }

    @Test
    void scalarWithTwoMatchingRowsFails() {
        SqlError e = assertThrows(SqlError.class,
                () -> wh.rows("SELECT id, (SELECT r.id FROM r WHERE r.k = l.k) FROM l"));
        assertEquals("21000", e.sqlState());
    }

    @Test
    void existsOverGroupsWithHaving() {
        assertEquals(values(2L, 3L), ids("SELECT id FROM l WHERE EXISTS (SELECT r.s FROM r WHERE r.k = l.k"
                + " GROUP BY r.s HAVING count(*) = 1 AND max(w) > 250) ORDER BY id"));
    }

    @Test
    void existsOverAnAggregateWithoutGroupByIsAlwaysTrue() {
        assertEquals(List.of(row(5L)), wh.rows("SELECT count(*) FROM l WHERE EXISTS (SELECT max(w) FROM r"
                + " WHERE r.k = l.k)"));
    }

    @Test
    void inOverAnAggregateComparesWithItsValue() {
        assertEquals(values(1L, 2L), ids("SELECT id FROM l WHERE v * 10 IN (SELECT min(w) FROM r WHERE r.k = l.k)"
                + " ORDER BY id"));
    }

    @Test
    void nestedCorrelatedSubqueries() {
        assertEquals(values(1L, 2L, 3L), ids("SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r WHERE r.k = l.k"
                + " AND EXISTS (SELECT 1 FROM emp WHERE emp.salary = r.w / 2)) ORDER BY id"));
    }

    @Test
    void correlatedToADerivedTable() {
        assertEquals(values(2L, 3L), ids("SELECT t.id FROM (SELECT * FROM l WHERE id < 4) t WHERE EXISTS"
                + " (SELECT 1 FROM r WHERE r.k = t.k AND r.w >= 300) ORDER BY t.id"));
    }

    @Test
    void scalarSubqueryOverGroupedOuterQuery() {
        assertEquals(List.of(row(null, 0L), row(1L, 1L), row(2L, 2L), row(9L, 0L)),
                wh.rows("SELECT k, (SELECT count(*) FROM r WHERE r.k = l.k) FROM l GROUP BY k ORDER BY k"));
    }

    @Test
    void outerReferenceToANonGroupedColumnIs42803() {
        SqlError e = assertThrows(SqlError.class,
                () -> wh.rows("SELECT k, (SELECT count(*) FROM r WHERE r.id = l.id) FROM l GROUP BY k"));
        assertEquals("42803", e.sqlState());
    }

    @Test
    void outerReferenceOutsideWhereIsNotSupported() {
        SqlError e = assertThrows(SqlError.class,
                () -> wh.rows("SELECT id FROM l WHERE EXISTS (SELECT l.v FROM r WHERE r.k = l.k)"));
        assertEquals("42000", e.sqlState());
        assertTrue(e.getMessage().contains("only in the WHERE clause"), e.getMessage());
    }

    @Test
    void nonEqualityCorrelationUnderAggregatesIsNotSupported() {
        SqlError e = assertThrows(SqlError.class,
                () -> wh.rows("SELECT (SELECT max(w) FROM r WHERE r.k < l.k) FROM l"));
        assertEquals("42000", e.sqlState());
    }

    @Test
    void correlatedExistsUnderOrIsNotSupported() {
        SqlError e = assertThrows(SqlError.class,
                () -> wh.rows("SELECT id FROM l WHERE id = 5 OR EXISTS (SELECT 1 FROM r WHERE r.k = l.k)"));
        assertEquals("42000", e.sqlState());
    }

    @Test
    void referenceTwoLevelsOutIsNotSupported() {
        SqlError e = assertThrows(SqlError.class, () -> wh.rows("SELECT id FROM l WHERE EXISTS (SELECT 1 FROM r"
                + " WHERE EXISTS (SELECT 1 FROM emp WHERE emp.id = l.id))"));
        assertEquals("42000", e.sqlState());
    }
}
