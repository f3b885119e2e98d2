package io.lancejdbc.exec.sqlops;

import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Window functions over {@code emp} of {@link SqlOpsWarehouse}:
 * <pre>
 * id dept  salary h      id dept  salary h
 * 1  eng   100    1      5  ops   70     2
 * 2  eng   120    2      6  ops   70     3
 * 3  eng   120    3      7  sales NULL   1
 * 4  eng   90     4      8  NULL  50     5
 * </pre>
 */
class WindowQueryTest {
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

    /** The second column of {@code SELECT id, <expr> FROM emp ORDER BY id}. */
    private static List<Object> byId(String expr) {
        List<Object> out = new ArrayList<>();
        for (List<Object> r : wh.rows("SELECT id, " + expr + " FROM emp ORDER BY id")) {
            out.add(r.get(1));
        }
        return out;
    }

    private static List<Object> values(Object... v) {
        return java.util.Arrays.asList(v);
    }

    @Test
    void rowNumberWithinPartitionsBySeveralKeys() {
        assertEquals(values(3L, 1L, 2L, 4L, 1L, 2L, 1L, 1L),
                byId("row_number() OVER (PARTITION BY dept ORDER BY salary DESC, id)"));
    }

    @Test
    void rankAndDenseRankGiveTiesOneRank() {
        assertEquals(values(3L, 1L, 1L, 4L, 1L, 1L, 1L, 1L), byId("rank() OVER (PARTITION BY dept ORDER BY salary DESC)"));
        assertEquals(values(2L, 1L, 1L, 3L, 1L, 1L, 1L, 1L),
                byId("dense_rank() OVER (PARTITION BY dept ORDER BY salary DESC)"));
    }

    @Test
    void percentRankAndCumeDist() {
        assertEquals(values(1.0 / 3, 2.0 / 3, 2.0 / 3, 0.0, 0.0, 0.0, 0.0, 0.0),
                byId("percent_rank() OVER (PARTITION BY dept ORDER BY salary)"));
        assertEquals(values(0.5, 1.0, 1.0, 0.25, 1.0, 1.0, 1.0, 1.0),
                byId("cume_dist() OVER (PARTITION BY dept ORDER BY salary)"));
    }

    @Test
    void booleanPartitionKeyWithNullsFormsItsOwnPartition() {
        // salary > 80: TRUE for ids 1-4, FALSE for 5, 6, 8, NULL for 7.
        assertEquals(values(4L, 4L, 4L, 4L, 3L, 3L, 1L, 3L), byId("count(*) OVER (PARTITION BY salary > 80)"));
    }

    @Test
    void radixSortedPartitionsOfUnequalSizesBySeveralKeys() {
        // Partitions k % 7 of 2860 rows (and one of 2840, sorted last), radix sorted by id % 256 (one byte) and id
        // (two bytes): an odd number of passes, so the sorted order ends in a scratch buffer.
        assertEquals(List.of(List.of(255L, 1L), List.of(511L, 1L), List.of(767L, 1L), List.of(1023L, 1L),
                List.of(1279L, 1L), List.of(1535L, 2L), List.of(1791L, 2L), List.of(2047L, 1L), List.of(2303L, 2L),
                List.of(2559L, 2L), List.of(3071L, 1L), List.of(3327L, 2L), List.of(4095L, 2L), List.of(4351L, 2L)),
                wh.rows("SELECT id, rn FROM (SELECT id, row_number() OVER (PARTITION BY k % 7 ORDER BY id % 256 DESC,"
                        + " id) AS rn FROM big) t WHERE rn <= 2 ORDER BY id"));
    }

    @Test
    void ntileSpreadsTheRemainderOverTheFirstBuckets() {
        assertEquals(values(1L, 1L, 1L, 2L, 2L, 2L, 3L, 3L), byId("ntile(3) OVER (ORDER BY id)"));
        assertEquals(values(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L), byId("ntile(20) OVER (ORDER BY id)"));
    }

    @Test
    void lagAndLeadWithinPartitions() {
        assertEquals(values(null, 100L, 120L, 120L, null, 70L, null, null),
                byId("lag(salary) OVER (PARTITION BY dept ORDER BY id)"));
        assertEquals(values(120L, 120L, 90L, 0L, 70L, 0L, 0L, 0L),
                byId("lead(salary, 1, 0) OVER (PARTITION BY dept ORDER BY id)"));
        assertEquals(values(null, null, 100L, 120L, 120L, 90L, 70L, 70L), byId("lag(salary, 2) OVER (ORDER BY id)"));
    }

    @Test
    void lagDefaultOfAnotherTypeWidensTheResult() {
        assertEquals(values(new java.math.BigDecimal("0.5"), new java.math.BigDecimal("1.0")),
                wh.rows("SELECT lag(id, 1, 0.5) OVER (ORDER BY id) FROM emp ORDER BY id LIMIT 2").stream()
                        .map(r -> r.get(0)).toList());
    }

    @Test
    void firstAndLastValueFollowTheFrame() {
        assertEquals(values(100L, 100L, 100L, 100L, 70L, 70L, null, 50L),
                byId("first_value(salary) OVER (PARTITION BY dept ORDER BY id)"));
        assertEquals(values(100L, 120L, 120L, 90L, 70L, 70L, null, 50L),
                byId("last_value(salary) OVER (PARTITION BY dept ORDER BY id)"));
        assertEquals(values(90L, 90L, 90L, 90L, 70L, 70L, null, 50L), byId("last_value(salary) OVER (PARTITION BY"
                + " dept ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)"));
    }

    @Test
    void aggregateOverWholePartition() {
        assertEquals(values(430L, 430L, 430L, 430L, 140L, 140L, null, 50L), byId("sum(salary) OVER (PARTITION BY dept)"));
        assertEquals(values(4L, 4L, 4L, 4L, 2L, 2L, 1L, 1L), byId("count(*) OVER (PARTITION BY dept)"));
        assertEquals(values(7L, 7L, 7L, 7L, 7L, 7L, 7L, 7L), byId("count(salary) OVER ()"));
    }

    @Test
    void runningSumSkipsNulls() {
        assertEquals(values(100L, 220L, 340L, 430L, 500L, 570L, 570L, 620L), byId("sum(salary) OVER (ORDER BY id)"));
    }

    @Test
    void defaultRangeFrameIncludesPeers() {
        assertEquals(values(190L, 430L, 430L, 90L, 140L, 140L, null, 50L),
                byId("sum(salary) OVER (PARTITION BY dept ORDER BY salary)"));
    }

    @Test
    void slidingRowsFrames() {
        assertEquals(values(220L, 340L, 330L, 280L, 230L, 140L, 120L, 50L),
                byId("sum(salary) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)"));
        assertEquals(values(100.0, 110.0, 120.0, 105.0, 80.0, 70.0, 70.0, 50.0),
                byId("avg(salary) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"));
        assertEquals(values(100L, 120L, 120L, 120L, 120L, 90L, 70L, 70L),
                byId("max(salary) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)"));
        assertEquals(values(100L, 100L, 100L, 90L, 70L, 70L, 70L, 50L),
                byId("min(salary) OVER (ORDER BY id ROWS 2 PRECEDING)"));
        assertEquals(values(120L, 120L, 90L, 70L, 70L, null, 50L, null),
                byId("sum(salary) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING)"));
    }

    @Test
    void rangeFramesWithOffsetsCompareValues() {
        assertEquals(values(100L, 290L, 380L, 280L, 290L, 380L, 100L, 140L),
                byId("sum(salary) OVER (ORDER BY h RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)"));
        assertEquals(values(4L, 4L, 3L, 2L, 4L, 3L, 4L, 1L),
                byId("count(*) OVER (ORDER BY h RANGE BETWEEN CURRENT ROW AND 1 FOLLOWING)"));
        assertEquals(values(290L, 380L, 280L, 140L, 380L, 280L, 290L, 50L),
                byId("sum(salary) OVER (ORDER BY h DESC RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)"));
    }

    @Test
    void otherAggregatesOverFrames() {
        assertEquals(values("eng", "eng,eng", "eng,eng", "eng,eng", "eng,ops", "ops,ops", "ops,sales", "sales"),
                byId("string_agg(dept, ',') OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"));
        assertEquals(values(168.75, 168.75, 168.75, 168.75, 0.0, 0.0, null, 0.0),
                byId("var_pop(salary) OVER (PARTITION BY dept)"));
        assertEquals(List.of(row(1L, true), row(2L, true), row(3L, true), row(4L, false), row(5L, false),
                row(6L, false), row(7L, false), row(8L, false)), wh.rows("SELECT id, bool_and(b) OVER (ORDER BY id)"
                + " FROM (SELECT id, salary >= 100 AS b FROM emp) t ORDER BY id"));
    }

    @Test
    void windowOverGroupedAggregate() {
        assertEquals(List.of(row("eng", 430L, 1L), row("ops", 140L, 2L), row(null, 50L, 3L), row("sales", null, 4L)),
                wh.rows("SELECT dept, sum(salary), rank() OVER (ORDER BY sum(salary) DESC) AS r FROM emp"
                        + " GROUP BY dept ORDER BY r"));
    }

    @Test
    void topRowPerGroupThroughADerivedTable() {
        assertEquals(List.of(row(2L), row(5L), row(7L), row(8L)), wh.rows("SELECT id FROM (SELECT id, row_number()"
                + " OVER (PARTITION BY dept ORDER BY salary DESC, id) AS rn FROM emp) t WHERE rn = 1 ORDER BY id"));
    }

    @Test
    void severalWindowsInOneSelect() {
        assertEquals(List.of(row(1L, 1L, 8L, 100L), row(2L, 2L, 7L, 220L)),
                wh.rows("SELECT id, row_number() OVER (ORDER BY id), row_number() OVER (ORDER BY id DESC),"
                        + " sum(salary) OVER (ORDER BY id) FROM emp ORDER BY id LIMIT 2"));
    }

    @Test
    void bigPartitionsAcrossBatches() {
        assertEquals(List.of(row(210_000L, 1000L)), wh.rows("SELECT sum(rn), count(CASE WHEN rn = 1 THEN 1 END) FROM"
                + " (SELECT row_number() OVER (PARTITION BY k ORDER BY id) AS rn FROM big) t"));
        // String ORDER BY keys sort by the comparator: 's0' (200 rows) < 's1' < 's10' < ... < 's99'.
        assertEquals(List.of(row(1L, 201L), row(10L, 401L), row(99L, 19_801L)), wh.rows("SELECT id, rn FROM"
                + " (SELECT id, row_number() OVER (ORDER BY s, id) AS rn FROM big) t WHERE id IN (1, 10, 99)"
                + " ORDER BY id"));
        assertEquals(List.of(row(19_000L, 1L)), wh.rows("SELECT id, rn FROM (SELECT id, row_number() OVER"
                + " (PARTITION BY k ORDER BY s DESC, id DESC) AS rn FROM big) t WHERE id = 19000"));
    }

    @Test
    void emptyInputHasNoRows() {
        assertEquals(List.of(), wh.rows("SELECT row_number() OVER () FROM emp WHERE id < 0"));
    }

    @Test
    void aNegativeFrameOffsetIsAnInvalidValue() {
        SqlError e = assertThrows(SqlError.class, () -> wh.rows("SELECT sum(salary) OVER (ORDER BY id ROWS"
                + " BETWEEN -1 PRECEDING AND CURRENT ROW) FROM emp"));
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().startsWith("Window frame offset must not be negative, got -1"), e.getMessage());
    }

    @Test
    void rangeOffsetOverTextKeyIsNotSupported() {
        SqlError e = assertThrows(SqlError.class, () -> wh.rows("SELECT sum(salary) OVER (ORDER BY dept RANGE"
                + " BETWEEN 1 PRECEDING AND CURRENT ROW) FROM emp"));
        assertEquals("42000", e.sqlState());
    }

    @Test
    void windowInputOverTheMemoryLimitFailsNamingTheProperty() {
        // The three columns of big take about 470 KB; buffered rows may use half of the limit.
        try (EngineSession s = wh.session(Map.of("query.max_memory", "512k", "scan.parallelism", "1"))) {
            SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s, "SELECT max(rn), max(k), max(s)"
                    + " FROM (SELECT k, s, row_number() OVER (ORDER BY id) AS rn FROM big) t"));
            assertEquals("HY001", e.sqlState(), e.getMessage());
            assertTrue(e.getMessage().startsWith("Window function input ("), e.getMessage());
            assertTrue(e.getMessage().contains("query.max_memory (512 KiB)"), e.getMessage());
        }
    }

    @Test
    void explainShowsTheWindowOperator() {
        String plan = String.join("\n", wh.rows("EXPLAIN SELECT rank() OVER (PARTITION BY dept ORDER BY salary)"
                + " FROM emp").stream().map(r -> (String) r.get(0)).toList());
        assertTrue(plan.contains("WINDOW"), plan);
        assertTrue(plan.contains("function: rank() OVER (PARTITION BY dept ORDER BY salary ASC NULLS FIRST)"), plan);
    }
}
