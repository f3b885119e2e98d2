package io.lancejdbc.exec.sqlops;

import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.row;
import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import io.lancejdbc.engine.EngineSession;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Joins through the embedded engine over {@link SqlOpsWarehouse} (exact data there). */
class JoinQueryTest {
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
    void innerJoinMatchesEqualKeysAndNeverNullKeys() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(2L, 30L), row(3L, 20L), row(3L, 30L)),
                wh.sortedRows("SELECT l.id, r.id FROM l JOIN r ON l.k = r.k"));
    }

    @Test
    void leftJoinKeepsUnmatchedLeftRowsWithNulls() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(2L, 30L), row(3L, 20L), row(3L, 30L),
                row(4L, null), row(5L, null)),
                wh.sortedRows("SELECT l.id, r.id FROM l LEFT JOIN r ON l.k = r.k"));
    }

    @Test
    void rightJoinKeepsUnmatchedRightRowsWithNulls() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(2L, 30L), row(3L, 20L), row(3L, 30L),
                row(null, 40L), row(null, 50L)),
                wh.sortedRows("SELECT l.id, r.id FROM l RIGHT JOIN r ON l.k = r.k"));
    }

    @Test
    void fullJoinKeepsUnmatchedRowsOfBothSides() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(2L, 30L), row(3L, 20L), row(3L, 30L),
                row(4L, null), row(5L, null), row(null, 40L), row(null, 50L)),
                wh.sortedRows("SELECT l.id, r.id FROM l FULL OUTER JOIN r ON l.k = r.k"));
    }

    @Test
    void residualConditionFiltersKeyMatches() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(3L, 20L)),
                wh.sortedRows("SELECT l.id, r.id FROM l JOIN r ON l.k = r.k AND l.s = r.s"));
    }

    @Test
    void leftJoinWithResidualNullExtendsRowsWhoseMatchesAllFail() {
        assertEquals(sorted(row(1L, 10L), row(2L, null), row(3L, null), row(4L, null), row(5L, null)),
                wh.sortedRows("SELECT l.id, r.id FROM l LEFT JOIN r ON l.k = r.k AND r.w < 150"));
    }

    @Test
    void fullJoinWithResidualReportsEachSidesUnmatchedRows() {
        assertEquals(sorted(row(1L, 10L), row(2L, null), row(3L, null), row(4L, null), row(5L, null),
                row(null, 20L), row(null, 30L), row(null, 40L), row(null, 50L)),
                wh.sortedRows("SELECT l.id, r.id FROM l FULL JOIN r ON l.k = r.k AND r.w < 150"));
    }

    @Test
    void stringKeysJoinByValue() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(3L, 20L)),
                wh.sortedRows("SELECT l.id, r.id FROM l JOIN r ON l.s = r.s"));
    }

    @Test
    void multiColumnKeys() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(3L, 20L)),
                wh.sortedRows("SELECT l.id, r.id FROM l JOIN r ON l.k = r.k AND r.s = l.s AND l.id > 0"));
    }

    @Test
    void nullSafeEqualityMatchesNullKeys() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(2L, 30L), row(3L, 20L), row(3L, 30L),
                row(4L, 40L)),
                wh.sortedRows("SELECT l.id, r.id FROM l JOIN r ON l.k <=> r.k"));
    }

    @Test
    void nonEquiConditionRunsAsNestedLoop() {
        assertEquals(10, wh.rows("SELECT l.id, r.id FROM l JOIN r ON l.id * 10 < r.id").size());
        assertEquals(sorted(row(4L, 50L), row(5L, null)),
                wh.sortedRows("SELECT l.id, r.id FROM l LEFT JOIN r ON l.id * 10 < r.id WHERE l.id >= 4"));
    }

    @Test
    void explainShowsHashAndNestedLoopJoins() {
        String hash = String.join("\n", wh.rows("EXPLAIN SELECT l.id FROM l JOIN r ON l.k = r.k AND l.v < r.w")
                .stream().map(r -> (String) r.get(0)).toList());
        assertTrue(hash.contains("HASH_JOIN"), hash);
        assertTrue(hash.contains("equi keys: k = k"), hash);
        assertTrue(hash.contains("residual: "), hash);
        String loop = String.join("\n", wh.rows("EXPLAIN SELECT l.id FROM l JOIN r ON l.id < r.id").stream()
                .map(r -> (String) r.get(0)).toList());
        assertTrue(loop.contains("NESTED_LOOP_JOIN"), loop);
    }

    @Test
    void keyColumnsOnlyTheConditionReadsAreNotCopied() {
        String q = "SELECT l.id, r.w FROM l JOIN r ON l.k = r.k";
        String plan = String.join("\n", wh.rows("EXPLAIN " + q).stream().map(r -> (String) r.get(0)).toList());
        assertTrue(plan.contains("output columns: id, w"), plan);
        assertEquals(sorted(row(1L, 100L), row(2L, 200L), row(2L, 300L), row(3L, 200L), row(3L, 300L)),
                wh.sortedRows(q));
    }

    @Test
    void crossJoinPairsEveryRow() {
        assertEquals(25, wh.rows("SELECT * FROM l CROSS JOIN r").size());
        assertEquals(List.of(row(25L)), wh.rows("SELECT count(*) FROM l, r"));
    }

    @Test
    void usingJoinShowsTheKeyOnce() {
        assertEquals(List.of("k", "id", "s", "v", "id", "s", "w"),
                wh.columns("SELECT * FROM l JOIN r USING (k)"));
        assertEquals(sorted(row(1L, 1L, 10L), row(2L, 2L, 20L), row(2L, 2L, 30L), row(2L, 3L, 20L),
                row(2L, 3L, 30L)), wh.sortedRows("SELECT k, l.id, r.id FROM l JOIN r USING (k)"));
    }

    @Test
    void fullJoinUsingCoalescesTheKey() {
        assertEquals(sorted(row(1L, 1L, 1L), row(2L, 2L, 2L), row(2L, 2L, 2L), row(2L, 2L, 2L), row(2L, 2L, 2L),
                row(7L, null, 7L), row(9L, 9L, null), row(null, null, null), row(null, null, null)),
                wh.sortedRows("SELECT k, l.k, r.k FROM l FULL JOIN r USING (k)"));
    }

    @Test
    void rightJoinUsingTakesTheRightKey() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(2L, 30L), row(2L, 20L), row(2L, 30L), row(null, 40L),
                row(7L, 50L)), wh.sortedRows("SELECT k, r.id FROM l RIGHT JOIN r USING (k)"));
    }

    @Test
    void naturalJoinUsesEveryCommonColumn() {
        // Common columns: id, k, s; no row has the same id on both sides.
        assertEquals(List.of(), wh.rows("SELECT * FROM l NATURAL JOIN r"));
    }

    @Test
    void selfJoinWithAliases() {
        assertEquals(sorted(row(1L, 1L), row(2L, 2L), row(2L, 3L), row(3L, 2L), row(3L, 3L), row(5L, 5L)),
                wh.sortedRows("SELECT a.id, b.id FROM l a JOIN l b ON a.k = b.k"));
    }

    @Test
    void joinWithDerivedAggregate() {
        assertEquals(sorted(row(1L, 1L), row(2L, 2L), row(3L, 2L)),
                wh.sortedRows("SELECT l.id, g.c FROM l JOIN (SELECT k, count(*) AS c FROM r GROUP BY k) g"
                        + " ON l.k = g.k"));
    }

    @Test
    void joinWithEmptySide() {
        assertEquals(List.of(), wh.rows("SELECT l.id FROM l JOIN (SELECT * FROM r WHERE id < 0) e ON l.k = e.k"));
        assertEquals(sorted(row(1L, null), row(2L, null), row(3L, null), row(4L, null), row(5L, null)),
                wh.sortedRows("SELECT l.id, e.id FROM l LEFT JOIN (SELECT * FROM r WHERE id < 0) e ON l.k = e.k"));
        assertEquals(List.of(), wh.rows("SELECT e.id FROM (SELECT * FROM l WHERE id < 0) e JOIN r ON e.k = r.k"));
        assertEquals(sorted(row(null, 10L), row(null, 20L), row(null, 30L), row(null, 40L), row(null, 50L)),
                wh.sortedRows("SELECT e.id, r.id FROM (SELECT * FROM l WHERE id < 0) e RIGHT JOIN r ON e.k = r.k"));
    }

    @Test
    void threeWayJoinAndFilterOnTop() {
        assertEquals(sorted(row(2L, 20L, 2L), row(2L, 20L, 3L)),
                wh.sortedRows("SELECT a.id, r.id, b.id FROM l a JOIN r ON a.k = r.k JOIN l b ON r.k = b.k"
                        + " WHERE a.id = 2 AND r.s = 'b'"));
    }

    @Test
    void joinOnExpressionKeys() {
        assertEquals(sorted(row(1L, 10L), row(2L, 20L), row(3L, 30L), row(4L, 40L), row(5L, 50L)),
                wh.sortedRows("SELECT l.id, r.id FROM l JOIN r ON l.id * 10 = r.id"));
    }

    @Test
    void selfJoinCountsEveryPairOfEqualKeys() {
        assertEquals(List.of(row(21L)), wh.rows("SELECT count(*) FROM emp a JOIN emp b ON a.dept = b.dept"));
    }

    @Test
    void manyToManyJoinAcrossBatchesCountsEveryPair() {
        // 1000 keys with 20 rows each on both sides: 400 pairs per key, output in many batches.
        assertEquals(List.of(row(400_000L)), wh.rows("SELECT count(*) FROM big a JOIN big b ON a.k = b.k"));
        // Each left row pairs with the 20 right rows of its key.
        assertEquals(List.of(row(3_999_800_000L)),
                wh.rows("SELECT sum(a.id) FROM big a JOIN big b ON a.k = b.k"));
    }

    @Test
    void oneToOneJoinKeepsEveryRow() {
        assertEquals(List.of(row(20_000L, 199_990_000L)),
                wh.rows("SELECT count(*), sum(b.id) FROM big a JOIN big b ON a.id = b.id"));
        assertEquals(List.of(row(20_000L, 20L)),
                wh.rows("SELECT count(*), count(DISTINCT r.id) FROM big LEFT JOIN (SELECT id * 1000 AS id FROM big"
                        + " WHERE id < 20) r ON big.id = r.id"));
    }

    @Test
    void buildSideOverTheMemoryLimitFailsNamingTheProperty() {
        try (EngineSession s = wh.session(Map.of("query.max_memory", "128k"))) {
            SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s,
                    "SELECT count(*) FROM big a JOIN big b ON a.id = b.id"));
            assertEquals("HY001", e.sqlState());
            assertTrue(e.getMessage().contains("query.max_memory (128 KiB)") || e.getMessage().contains(
                    "query.max_memory"), e.getMessage());
        }
    }

    @Test
    void nestedLoopBuildSideIsBoundedToo() {
        try (EngineSession s = wh.session(Map.of("query.max_memory", "128k"))) {
            SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s,
                    "SELECT count(*) FROM big a JOIN big b ON a.id < b.id"));
            assertEquals("HY001", e.sqlState());
            assertTrue(e.getMessage().startsWith("Nested loop join build side (the right input"), e.getMessage());
        }
    }
}
