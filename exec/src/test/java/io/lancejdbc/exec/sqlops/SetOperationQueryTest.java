package io.lancejdbc.exec.sqlops;

import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.row;
import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UNION / INTERSECT / EXCEPT [ALL] over {@link SqlOpsWarehouse}: l.k = {1, 2, 2, NULL, 9}, r.k = {1, 2, 2, NULL, 7},
 * l.s = {a, b, b, NULL, z}, r.s = {a, b, bb, NULL, q}. NULLs are equal to each other in set operations.
 */
class SetOperationQueryTest {
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

    @Test
    void unionRemovesDuplicatesAndKeepsOneNull() {
        assertEquals(sorted(row((Object) null), row(1L), row(2L), row(7L), row(9L)),
                wh.sortedRows("SELECT k FROM l UNION SELECT k FROM r"));
    }

    @Test
    void unionAllKeepsEveryRow() {
        assertEquals(sorted(row(1L), row(2L), row(2L), row((Object) null), row(9L), row(1L), row(2L), row(2L),
                row((Object) null), row(7L)), wh.sortedRows("SELECT k FROM l UNION ALL SELECT k FROM r"));
    }

    @Test
    void intersectTreatsNullsAsEqual() {
        assertEquals(sorted(row((Object) null), row(1L), row(2L)),
                wh.sortedRows("SELECT k FROM l INTERSECT SELECT k FROM r"));
    }

    @Test
    void intersectAllKeepsTheSmallerMultiplicity() {
        assertEquals(sorted(row((Object) null), row(1L), row(2L), row(2L)),
                wh.sortedRows("SELECT k FROM l INTERSECT ALL SELECT k FROM r"));
        assertEquals(sorted(row((Object) null), row("a"), row("b")),
                wh.sortedRows("SELECT s FROM l INTERSECT ALL SELECT s FROM r"));
    }

    @Test
    void exceptRemovesEveryRowFoundOnTheRight() {
        assertEquals(List.of(row(9L)), wh.rows("SELECT k FROM l EXCEPT SELECT k FROM r"));
        assertEquals(sorted(row("z")), wh.sortedRows("SELECT s FROM l EXCEPT SELECT s FROM r"));
    }

    @Test
    void exceptAllSubtractsMultiplicities() {
        assertEquals(sorted(row("b"), row("z")), wh.sortedRows("SELECT s FROM l EXCEPT ALL SELECT s FROM r"));
        assertEquals(sorted(row(2L), row(2L), row(9L)),
                wh.sortedRows("SELECT k FROM l EXCEPT ALL SELECT k FROM r WHERE k <> 2 OR k IS NULL"));
    }

    @Test
    void minusIsExcept() {
        assertEquals(List.of(row(9L)), wh.rows("SELECT k FROM l MINUS SELECT k FROM r"));
    }

    @Test
    void multiColumnRowsCompareEveryColumn() {
        assertEquals(sorted(row(null, null), row(1L, "a"), row(2L, "b")),
                wh.sortedRows("SELECT k, s FROM l INTERSECT SELECT k, s FROM r"));
        assertEquals(sorted(row(9L, "z")), wh.sortedRows("SELECT k, s FROM l EXCEPT SELECT k, s FROM r"));
    }

    @Test
    void intersectBindsTighterThanUnion() {
        // 9 UNION (l.k INTERSECT r.k) = {9} + {NULL, 1, 2}
        assertEquals(sorted(row((Object) null), row(1L), row(2L), row(9L)),
                wh.sortedRows("SELECT 9 AS k UNION SELECT k FROM l INTERSECT SELECT k FROM r"));
        // (l.k EXCEPT r.k) UNION r.k, left to right
        assertEquals(sorted(row((Object) null), row(1L), row(2L), row(7L), row(9L)),
                wh.sortedRows("SELECT k FROM l EXCEPT SELECT k FROM r UNION SELECT k FROM r"));
    }

    @Test
    void emptySides() {
        assertEquals(List.of(), wh.rows("SELECT k FROM l WHERE id < 0 INTERSECT SELECT k FROM r"));
        assertEquals(sorted(row((Object) null), row(1L), row(2L), row(9L)),
                wh.sortedRows("SELECT k FROM l EXCEPT SELECT k FROM r WHERE id < 0"));
        assertEquals(sorted(row(1L), row(2L), row(7L), row(2L), row((Object) null)),
                wh.sortedRows("SELECT k FROM l WHERE id < 0 UNION ALL SELECT k FROM r"));
    }

    @Test
    void unionWithOrderByAndLimitOrdersTheWholeResult() {
        assertEquals(List.of(row(9L), row(7L)),
                wh.rows("SELECT k FROM l UNION SELECT k FROM r ORDER BY k DESC NULLS LAST LIMIT 2"));
    }

    @Test
    void unionCastsToTheCommonType() {
        assertEquals(sorted(row(10.0), row(20.0), row(30.0), row(40.0), row(100.0), row(200.0)),
                wh.sortedRows("SELECT v FROM l WHERE v IS NOT NULL UNION SELECT w FROM r WHERE w <= 200"));
        assertEquals(List.of("v"), wh.columns("SELECT v FROM l UNION ALL SELECT w FROM r"));
    }

    @Test
    void unionOfConstantsAndACte() {
        assertEquals(List.of(row(1L, "x"), row(2L, "y")),
                wh.rows("WITH c AS (SELECT 1 AS n, 'x' AS t UNION ALL SELECT 2, 'y') SELECT * FROM c ORDER BY n"));
    }

    @Test
    void setOperationInADerivedTableAndAggregated() {
        assertEquals(List.of(row(5L, 19L)),
                wh.rows("SELECT count(*), sum(k) FROM (SELECT k FROM l UNION SELECT k FROM r) u"));
    }

    @Test
    void bigIntersectAndExceptAll() {
        assertEquals(List.of(row(1000L)),
                wh.rows("SELECT count(*) FROM (SELECT k FROM big INTERSECT SELECT k FROM big) t"));
        assertEquals(List.of(row(10_000L)), wh.rows("SELECT count(*) FROM (SELECT k FROM big EXCEPT ALL"
                + " SELECT k FROM big WHERE id < 10000) t"));
    }

    @Test
    void rightSideOverTheMemoryLimitFailsNamingTheProperty() {
        try (EngineSession s = wh.session(Map.of("query.max_memory", "128k"))) {
            SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s,
                    "SELECT id FROM l INTERSECT SELECT id FROM big"));
            assertEquals("HY001", e.sqlState());
            assertTrue(e.getMessage().startsWith("INTERSECT build side (the right input"), e.getMessage());
        }
    }

    @Test
    void explainNamesTheOperators() {
        String plan = String.join("\n", wh.rows("EXPLAIN SELECT k FROM l INTERSECT ALL SELECT k FROM r UNION"
                + " SELECT k FROM r").stream().map(r -> (String) r.get(0)).toList());
        assertTrue(plan.contains("HASH_INTERSECT_ALL"), plan);
        assertTrue(plan.contains("UNION_ALL"), plan);
        assertTrue(plan.contains("HASH_DISTINCT"), plan);
    }
}
