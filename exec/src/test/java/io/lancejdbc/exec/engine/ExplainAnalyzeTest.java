package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EXPLAIN ANALYZE runs the query and prints the plan with what each operator did; the figures are checked against the
 * row counts the same data gives to ordinary queries (items: 1,200 rows in 5 fragments of 250, 250, 250, 250 and 200
 * rows, see {@link DemoWarehouse}), with {@code scan.parallelism = 4}.
 */
class ExplainAnalyzeTest {
    private static final Pattern OPERATOR_LINE = Pattern.compile("^((?:  )*)([A-Z_]+.*)$");
    private static final Pattern ACTUAL = Pattern.compile("actual: rows=(\\d+) batches=(\\d+) bytes=(\\d+)"
            + " time=([0-9.]+)ms");
    private static final Pattern LANCE = Pattern.compile("actual: lanceFragmentsRead=(\\d+) lanceRequests=(\\d+)");

    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() {
        Path warehouse = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString(),
                "scan.parallelism", "4")));
    }

    @AfterAll
    static void close() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
    }

    /** What one operator line of the analyzed plan reported. */
    record Figures(String operator, long rows, long batches, long bytes, double millis, long fragments,
            long requests) {
    }

    /** The analyzed operators in plan order (depth-first), by their EXPLAIN line. */
    private static List<Figures> analyze(String sql) {
        List<String> lines = SessionRows.column(session, "EXPLAIN ANALYZE " + sql);
        List<Figures> out = new ArrayList<>();
        String op = null;
        long[] f = null;
        double millis = -1;
        for (String line : lines) {
            Matcher m = OPERATOR_LINE.matcher(line);
            if (m.matches()) {
                if (op != null) {
                    out.add(new Figures(op, f[0], f[1], f[2], millis, f[3], f[4]));
                }
                op = m.group(2);
                f = new long[] {-1, -1, -1, -1, -1};
                millis = -1;
                continue;
            }
            Matcher a = ACTUAL.matcher(line.trim());
            if (a.matches()) {
                f[0] = Long.parseLong(a.group(1));
                f[1] = Long.parseLong(a.group(2));
                f[2] = Long.parseLong(a.group(3));
                millis = Double.parseDouble(a.group(4));
            }
            Matcher l = LANCE.matcher(line.trim());
            if (l.matches()) {
                f[3] = Long.parseLong(l.group(1));
                f[4] = Long.parseLong(l.group(2));
            }
        }
        if (op != null) {
            out.add(new Figures(op, f[0], f[1], f[2], millis, f[3], f[4]));
        }
        return out;
    }

    private static Figures first(List<Figures> plan, String prefix) {
        return plan.stream().filter(p -> p.operator().startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + prefix + " in " + plan));
    }

    private static long count(String sql) {
        return ((Number) SessionRows.rows(session, sql).get(0).get(0)).longValue();
    }

    @Test
    void pushedFilterScanCountsTheRowsLanceReturnedAndOneRequestPerFragment() {
        long expected = count("SELECT COUNT(*) FROM items WHERE price > 10");
        List<Figures> plan = analyze("SELECT id FROM items WHERE price > 10");
        assertEquals(expected, plan.get(0).rows(), plan.toString());
        Figures scan = first(plan, "LANCE_SCAN lance.default.items");
        assertEquals(expected, scan.rows());
        assertEquals(5, scan.fragments());
        assertEquals(5, scan.requests());
        Figures stage = first(plan, "PARALLEL_SPLITS");
        assertEquals(expected, stage.rows());
        assertEquals(scan.batches(), stage.batches());
        assertEquals(scan.bytes(), stage.bytes());
    }

    @Test
    void residualFilterPassesFewerRowsThanItsScanRead() {
        long expected = count("SELECT COUNT(*) FROM items WHERE concat(name, 'x') LIKE '%7x'");
        List<Figures> plan = analyze("SELECT id FROM items WHERE concat(name, 'x') LIKE '%7x'");
        assertEquals(expected, first(plan, "FILTER").rows());
        assertEquals(1200, first(plan, "LANCE_SCAN lance.default.items").rows());
        assertEquals(expected, plan.get(0).rows());
    }

    @Test
    void groupByCountsGroupsOfTheFinalAndThePartialStates() {
        long groups = count("SELECT COUNT(DISTINCT category) FROM items");
        List<Figures> plan = analyze("SELECT category, COUNT(*) FROM items GROUP BY category");
        Figures fin = first(plan, "HASH_AGGREGATE (final)");
        assertEquals(groups, fin.rows());
        assertEquals(1, fin.batches());
        Figures partial = first(plan, "HASH_AGGREGATE (partial)");
        // Every worker that read at least one split holds every category it saw: between 5 (one worker) and 4 * 5.
        assertTrue(partial.rows() >= groups && partial.rows() <= 4 * groups, plan.toString());
        assertEquals(1200, first(plan, "LANCE_SCAN lance.default.items").rows());
        assertEquals(5, first(plan, "LANCE_SCAN lance.default.items").requests());
    }

    @Test
    void partialAggregateCountsOneStatePerWorkerAndItsWorkersTime() {
        List<Figures> plan = analyze("SELECT category, COUNT(*) FROM items GROUP BY category");
        Figures partial = first(plan, "HASH_AGGREGATE (partial)");
        Figures stage = first(plan, "PARALLEL_SPLITS splits=5 degree=4");
        // Every one of the stage's 4 workers hands one state to the final aggregation (one that found no split left
        // hands an empty one); the states are heap tables, not Arrow batches.
        assertEquals(4, partial.batches(), plan.toString());
        assertEquals(0, partial.bytes(), plan.toString());
        // A worker's time covers the reads of its splits (the stage's time) and folding them into its state.
        assertTrue(stage.millis() > 0, plan.toString());
        assertTrue(partial.millis() >= stage.millis(), plan.toString());
        assertEquals(1200, stage.rows());
    }

    @Test
    void partialDistinctCountsItsStatesAndGroups() {
        long groups = count("SELECT COUNT(DISTINCT category) FROM items");
        List<Figures> plan = analyze("SELECT DISTINCT category FROM items");
        assertEquals(groups, plan.get(0).rows(), plan.toString());
        Figures partial = first(plan, "HASH_DISTINCT (partial)");
        assertEquals(4, partial.batches(), plan.toString());
        assertTrue(partial.rows() >= groups && partial.rows() <= 4 * groups, plan.toString());
        assertTrue(partial.millis() >= first(plan, "PARALLEL_SPLITS").millis(), plan.toString());
    }

    @Test
    void topKPartialsKeepLimitRowsPerSplit() {
        List<Figures> plan = analyze("SELECT id, price FROM items ORDER BY price DESC, id LIMIT 5");
        assertEquals(5, first(plan, "TOP_N (final merge)").rows());
        // Each of the 5 fragments (splits) keeps its best 5 rows.
        assertEquals(25, first(plan, "TOP_N (partial, per split)").rows());
        assertEquals(1200, first(plan, "LANCE_SCAN lance.default.items").rows());
    }

    @Test
    void subqueryPlanRunsOnceBeforeTheMainPlan() {
        long expected = count("SELECT COUNT(*) FROM items WHERE price > (SELECT AVG(price) FROM items)");
        List<Figures> plan = analyze("SELECT id FROM items WHERE price > (SELECT AVG(price) FROM items)");
        assertEquals("UNCORRELATED_SUBQUERIES", plan.get(0).operator());
        assertEquals(expected, plan.get(0).rows());
        // The subquery's aggregate returns its one row; both scans read the whole table once.
        List<Figures> aggregates = plan.stream().filter(p -> p.operator().startsWith("HASH_AGGREGATE (final)"))
                .toList();
        assertEquals(1, aggregates.size(), plan.toString());
        assertEquals(1, aggregates.get(0).rows());
        List<Figures> scans = plan.stream().filter(p -> p.operator().startsWith("LANCE_SCAN")).toList();
        assertEquals(2, scans.size());
        assertEquals(5, scans.get(0).requests());
        assertEquals(5, scans.get(1).requests());
    }
}
