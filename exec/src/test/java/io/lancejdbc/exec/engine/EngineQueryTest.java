package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import io.lancejdbc.engine.SqlError;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries through the embedded engine over the demo warehouse (see {@link DemoWarehouse} for the exact data), with
 * exact expected values.
 */
class EngineQueryTest {
    @TempDir
    static Path dir;
    static Path warehouse;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() {
        warehouse = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
    }

    static List<List<Object>> rows(EngineSession s, String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = s.execute(sql, List.of(), QueryOptions.defaults())) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    List<ValueAccess.Getter> g = new ArrayList<>();
                    for (var v : batch.getFieldVectors()) {
                        g.add(ValueAccess.getter(v));
                    }
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (var x : g) {
                            row.add(x.get(i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    static List<List<Object>> rows(String sql) {
        return rows(session, sql);
    }

    static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    static String explain(String sql) {
        StringBuilder sb = new StringBuilder();
        for (List<Object> r : rows("EXPLAIN " + sql)) {
            sb.append(r.get(0)).append('\n');
        }
        return sb.toString();
    }

    @Test
    void theSameTextRunTwiceGivesTheSameRowsFromTheParseCache() {
        // The second run binds the parse tree the first one cached; "IN (...) AND" is the shape whose tree the
        // binder once rewrote while binding.
        String sql = "SELECT id FROM numbers WHERE id IN (9991, 9995, 12) AND id > 100 ORDER BY id";
        assertEquals(List.of(row(9991L), row(9995L)), rows(sql));
        assertEquals(List.of(row(9991L), row(9995L)), rows(sql));
    }

    @Test
    void pushedAndResidualPredicatesAppearInExplain() {
        String plan = explain("SELECT id FROM numbers WHERE id > 9990 AND x * 2 > 0 LIMIT 3");
        assertTrue(plan.contains("lancePushdownPredicate=(`id` > 9990)"), plan);
        assertTrue(plan.contains("predicates: x * 2.0 > 0.0"), plan);
        assertTrue(plan.contains("lanceVersion=1"), plan);
        assertTrue(plan.contains("lanceFragments=4"), plan);
        assertTrue(plan.contains("splits=4 (FRAGMENT_SCAN)"), plan);
        assertTrue(!plan.contains("lanceLimit="), "a residual predicate keeps the limit above the scan: " + plan);
    }

    @Test
    void limitIsPushedWhenNothingStaysResidual() {
        String plan = explain("SELECT id FROM numbers WHERE id >= 100 LIMIT 3 OFFSET 2");
        assertTrue(plan.contains("lanceLimit=5"), plan);
        assertEquals(List.of(row(102L), row(103L), row(104L)),
                rows("SELECT id FROM numbers WHERE id >= 100 ORDER BY id LIMIT 3 OFFSET 2"));
    }

    @Test
    void pushedFilterResults() {
        assertEquals(List.of(row(9995L)), rows("SELECT id FROM numbers WHERE id > 9990 AND upper(label) = 'N5'"));
        assertEquals(List.of(row(2000L)), rows("SELECT count(*) FROM numbers WHERE label IN ('n1', 'n2')"));
    }

    @Test
    void countStarWithoutFilterComesFromMetadata() {
        String plan = explain("SELECT count(*) FROM events");
        assertTrue(plan.contains("pushdown agg=COUNT (725)"), plan);
        assertTrue(plan.contains("lanceVersion=5"), plan);
        assertEquals(List.of(row(725L)), rows("SELECT count(*) FROM events"));
    }

    @Test
    void countStarWithPushedFilterIsCountedByLance() {
        String plan = explain("SELECT count(*) FROM numbers WHERE even");
        assertTrue(plan.contains("pushdown agg=COUNT (-1)"), plan);
        assertTrue(plan.contains("lancePushdownPredicate=(`even` = true)"), plan);
        assertEquals(List.of(row(5000L)), rows("SELECT count(*) FROM numbers WHERE even"));
    }

    @Test
    void threeValuedLogicDropsUnknownRows() {
        // amount is NULL except for purchases; NOT (amount > 10) is UNKNOWN for them, not TRUE.
        long purchases = (Long) rows("SELECT count(*) FROM events WHERE kind = 'purchase'").get(0).get(0);
        long nonNull = (Long) rows("SELECT count(amount) FROM events").get(0).get(0);
        assertEquals(purchases, nonNull);
        long notBig = (Long) rows("SELECT count(*) FROM events WHERE NOT (amount > 10)").get(0).get(0);
        long big = (Long) rows("SELECT count(*) FROM events WHERE amount > 10").get(0).get(0);
        assertEquals(nonNull, notBig + big);
        long residualNot = (Long) rows("SELECT count(*) FROM events WHERE NOT (amount * 1 > 10)").get(0).get(0);
        assertEquals(notBig, residualNot);
    }

    @Test
    void groupByHavingOrderBy() {
        assertEquals(List.of(row("n0", 1000L, 2497500.0, 2497.5, 0L, 9990L), row("n1", 1000L, 2498000.0, 2498.0, 1L,
                9991L)), rows("SELECT label, count(*), sum(x), avg(x), min(id), max(id) FROM numbers GROUP BY label"
                + " HAVING min(id) < 2 ORDER BY label"));
    }

    @Test
    void orderByNullsFirstAndLast() {
        List<List<Object>> first = rows("SELECT id, price FROM items WHERE id < 40 ORDER BY price ASC NULLS FIRST,"
                + " id LIMIT 1");
        assertEquals(null, first.get(0).get(1));
        List<List<Object>> last = rows("SELECT id, price FROM items WHERE id < 40 ORDER BY price DESC NULLS LAST,"
                + " id LIMIT 40");
        assertEquals(null, last.get(last.size() - 1).get(1));
    }

    @Test
    void nestedFieldsArraysAndMaps() {
        assertEquals(List.of(row("Ada", "London", "math", "research")),
                rows("SELECT name, address.city, tags[1], attributes['team'] FROM people WHERE id = 1"));
    }

    @Test
    void childNamespaceIsASchema() {
        assertEquals(List.of(row(LocalDate.of(2024, 1, 1), "east", 36L, new BigDecimal("791.64"))),
                rows("SELECT * FROM analytics.daily_sales ORDER BY day, region LIMIT 1"));
    }

    @Test
    void showDatabasesAndTables() {
        assertEquals(List.of(row("default"), row("analytics")), rows("SHOW DATABASES"));
        assertEquals(List.of(row("articles"), row("events"), row("items"), row("numbers"), row("people")),
                rows("SHOW TABLES"));
        assertEquals(List.of(row("daily_sales")), rows("SHOW TABLES FROM analytics"));
    }

    @Test
    void describeShowsDorisTypeNames() {
        assertEquals(row("ts", "timestamptz(6)", "YES", "false", null, ""), rows("DESC events").get(1));
        assertEquals(row("amount", "decimal(10,2)", "YES", "false", null, ""), rows("DESC events").get(4));
    }

    @Test
    void useSwitchesTheCurrentSchema() {
        EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString())));
        try {
            rows(s, "USE analytics");
            assertEquals("analytics", s.currentSchema());
            assertEquals(List.of(row(120L)), rows(s, "SELECT count(*) FROM daily_sales"));
        } finally {
            s.close();
        }
    }

    @Test
    void unknownTableListsTheTablesThatExist() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT * FROM nope"));
        assertEquals("42S02", e.sqlState());
        assertEquals("Table 'default.nope' not found in catalog lance (tables in default: articles, events, items,"
                + " numbers, people)", e.getMessage());
    }

    @Test
    void unknownSchemaListsTheSchemasThatExist() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT * FROM nope.t"));
        assertEquals("3F000", e.sqlState());
        assertEquals("Schema 'nope' not found in catalog lance (schemas: default, analytics)", e.getMessage());
    }

    @Test
    void tableNamesMatchCaseInsensitively() {
        assertEquals(List.of(row(10000L)), rows("SELECT count(*) FROM NUMBERS"));
    }

    @Test
    void parallelScanReturnsTheRowsOfASerialScanInTheSameOrder() {
        Map<String, String> serial = new HashMap<>(Map.of("warehouse", warehouse.toString(), "scan.parallelism", "1"));
        Map<String, String> parallel = new HashMap<>(Map.of("warehouse", warehouse.toString(),
                "scan.parallelism", "4"));
        try (EngineSession a = engine.openSession(EngineConfig.of(serial));
                EngineSession b = engine.openSession(EngineConfig.of(parallel))) {
            List<List<Object>> ra = rows(a, "SELECT id, x, label FROM numbers WHERE id % 7 = 3");
            List<List<Object>> rb = rows(b, "SELECT id, x, label FROM numbers WHERE id % 7 = 3");
            assertEquals(1429, ra.size());
            assertEquals(ra, rb);
        }
    }

    @Test
    void aSerialScanReadsRunsOfFragmentsInTableOrder() {
        Map<String, String> serial = Map.of("warehouse", warehouse.toString(), "scan.parallelism", "1");
        String sql = "SELECT id FROM numbers WHERE label = 'n3'";
        try (EngineSession a = engine.openSession(EngineConfig.of(serial))) {
            String plan = String.join("\n", rows(a, "EXPLAIN " + sql).stream().map(r -> (String) r.get(0)).toList());
            assertTrue(plan.contains("PARALLEL_SPLITS splits=2 degree=1"), plan);
            assertTrue(plan.contains("splits=2 (FRAGMENT_SCAN, 2 fragments per split)"), plan);
            assertTrue(plan.contains("lancePushdownPredicate=(`label` = 'n3')"), plan);
            List<List<Object>> expected = new ArrayList<>();
            for (long id = 0; id < 10_000; id++) {
                if (id % 10 == 3) {
                    expected.add(row(id));
                }
            }
            assertEquals(expected, rows(a, sql));
        }
    }

    @Test
    void divisionByZeroIs22012() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT id / 0 FROM numbers"));
        assertEquals("22012", e.sqlState());
    }

    @Test
    void caseGuardsDivision() {
        assertEquals(List.of(row(0.0), row(1.0)), rows("SELECT CASE WHEN id = 0 THEN 0 ELSE id / id END FROM numbers"
                + " ORDER BY id LIMIT 2"));
    }

    @Test
    void unknownPropertyIsAWarning() {
        try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString(),
                "colour", "blue")))) {
            assertEquals(List.of("Unknown connection property 'colour' is ignored; see Driver.getPropertyInfo for the"
                    + " properties lance-jdbc understands"), s.takeWarnings());
        }
    }

    @Test
    void parallelPartialAggregationEqualsSerialAggregation() {
        String sql = "SELECT label, count(*), count(DISTINCT day), sum(id), avg(x), min(x), max(day), stddev_samp(x),"
                + " var_pop(id), bool_and(even), bool_or(even), any_value(label), min(label) FROM numbers"
                + " WHERE id % 3 <> 1 GROUP BY label ORDER BY label";
        Map<String, String> serial = Map.of("warehouse", warehouse.toString(), "scan.parallelism", "1");
        Map<String, String> parallel = Map.of("warehouse", warehouse.toString(), "scan.parallelism", "3");
        try (EngineSession a = engine.openSession(EngineConfig.of(serial));
                EngineSession b = engine.openSession(EngineConfig.of(parallel))) {
            List<List<Object>> ra = rows(a, sql);
            List<List<Object>> rb = rows(b, sql);
            assertEquals(10, ra.size());
            for (int i = 0; i < ra.size(); i++) {
                List<Object> x = ra.get(i);
                List<Object> y = rb.get(i);
                for (int c = 0; c < x.size(); c++) {
                    if (x.get(c) instanceof Double) {
                        assertEquals((Double) x.get(c), (Double) y.get(c), Math.abs((Double) x.get(c)) * 1e-12,
                                "row " + i + " col " + c);
                    } else {
                        assertEquals(x.get(c), y.get(c), "row " + i + " col " + c);
                    }
                }
            }
            // label n1 holds ids 1, 11, 21, ...; those with id % 3 = 1 are filtered out.
            assertEquals(666L, ra.get(1).get(1));
        }
    }

    @Test
    void groupConcatCollectsEveryValue() {
        List<List<Object>> r = rows("SELECT group_concat(label SEPARATOR '|') FROM numbers WHERE id < 3");
        List<String> parts = new ArrayList<>(List.of(((String) r.get(0).get(0)).split("\\|")));
        java.util.Collections.sort(parts);
        assertEquals(List.of("n0", "n1", "n2"), parts);
    }

    /**
     * Runs {@code body} on a thread with a 512 KB stack, so that a statement of a few thousand terms overflows it
     * whatever the JIT has compiled (compiled frames are smaller, so on the caller's thread the depth that overflows
     * changes from run to run).
     */
    static Throwable onSmallStack(Runnable body) throws InterruptedException {
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                body.run();
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "small-stack", 512 * 1024);
        t.start();
        t.join();
        return thrown[0];
    }

    @Test
    void longOperatorChainIsTooComplexInsteadOfOverflowingTheStack() throws InterruptedException {
        // The parser reads a left-associative chain without recursion; binding and planning recurse over its depth.
        Throwable e = onSmallStack(() -> rows("SELECT 1" + " + 1".repeat(20_000)));
        assertInstanceOf(SqlError.class, e);
        assertEquals("54001", ((SqlError) e).sqlState());
        assertTrue(e.getMessage().contains("too complex"), e.getMessage());
        assertEquals(List.of(row(10_000L)), rows("SELECT count(*) FROM numbers"), "the session still works");
    }

    @Test
    void longOrChainInWhereIsTooComplexAndLeaksNothing() throws InterruptedException {
        Throwable e = onSmallStack(() -> rows("SELECT count(*) FROM numbers WHERE " + "id = 1 OR ".repeat(20_000)
                + "false"));
        assertInstanceOf(SqlError.class, e);
        assertEquals("54001", ((SqlError) e).sqlState());
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
    }

    @Test
    void preparingADeepStatementIsTooComplex() throws InterruptedException {
        Throwable e = onSmallStack(() -> session.prepare("SELECT " + "CASE WHEN 1 = 1 THEN ".repeat(3_000) + "1"
                + " END".repeat(3_000)));
        assertInstanceOf(SqlError.class, e);
        assertEquals("54001", ((SqlError) e).sqlState());
    }

    @Test
    void comparingAnArrayWithANumberIsATypeMismatch() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT tags = 1 FROM people"));
        assertEquals("42804", e.sqlState(), e.getMessage());
        assertTrue(e.getMessage().contains("array"), e.getMessage());
    }

    @Test
    void unionOfAnArrayAndANumberIsATypeMismatch() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT tags FROM people UNION SELECT 1"));
        assertEquals("42804", e.sqlState(), e.getMessage());
        assertTrue(e.getMessage().contains("array"), e.getMessage());
    }

    @Test
    void negatingTheSmallestBigintIsOutOfRange() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT -CAST(-9223372036854775808 AS BIGINT)"));
        assertEquals("22003", e.sqlState());
        assertTrue(e.getMessage().contains("-(-9223372036854775808)"), e.getMessage());
    }

    @Test
    void timestampBeyondTheMicrosecondRangeIsADatetimeOverflow() {
        SqlError e = assertThrows(SqlError.class, () -> rows(
                "SELECT TIMESTAMP '2020-01-01 00:00:00' + INTERVAL 9223372036854775807 MICROSECOND"));
        assertEquals("22008", e.sqlState());
        assertTrue(e.getMessage().contains("outside the range of a microsecond timestamp"), e.getMessage());
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
    }

    @Test
    void aWithQueryNameDefinedTwiceIsAnError() {
        SqlError e = assertThrows(SqlError.class,
                () -> rows("WITH t AS (SELECT 1 AS a), T AS (SELECT 2 AS a) SELECT * FROM t"));
        assertEquals("42000", e.sqlState());
        assertTrue(e.getMessage().contains("WITH query name 'T' is defined more than once"), e.getMessage());
        assertEquals(List.of(row(2L)), rows("WITH t AS (SELECT 1 AS a) SELECT * FROM (WITH t AS (SELECT 2 AS a)"
                + " SELECT * FROM t) x"), "an inner WITH may shadow an outer name");
    }

    @Test
    void countOfSeveralArgumentsWithoutDistinctIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT count(id, label) FROM numbers"));
        assertEquals("42883", e.sqlState());
        assertTrue(e.getMessage().contains("Function count() takes 1 argument, got 2"), e.getMessage());
    }
}
