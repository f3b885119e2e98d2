package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineConfig;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EXPLAIN prints the whole physical tree that runs: split stages with their split count and degree, partial and final
 * aggregation, per-split partial Top-K under its final merge, a join's parallel probe and uncorrelated subqueries as
 * child plans. Each test compares every line of the plan over the demo warehouse ({@link DemoWarehouse}: items has
 * 1,200 rows in 5 fragments, version 3) with {@code scan.parallelism = 4}.
 */
class ExplainPlanTreeTest {
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

    private static void assertPlan(String sql, String... expected) {
        List<String> actual = SessionRows.column(session, "EXPLAIN " + sql);
        assertEquals(String.join("\n", expected), String.join("\n", actual), sql);
    }

    @Test
    void scanWithResidualFilterIsOneOrderedSplitStage() {
        assertPlan("SELECT id, name FROM items WHERE price > 10 AND name LIKE '%7'");
    }

    @Test
    void groupByIsFinalOverPartialPerWorker() {
        assertPlan("SELECT category, COUNT(*), SUM(price) FROM items GROUP BY category");
    }

    @Test
    void orderByLimitIsFinalMergeOverPerSplitPartialTopK() {
        assertPlan("SELECT id, price FROM items ORDER BY price DESC, id LIMIT 5");
    }

    @Test
    void aggregateOverJoinProbesSplitByStageWorkers() {
        assertPlan("SELECT COUNT(*) FROM items i JOIN numbers n ON i.id = n.id WHERE n.x < 100");
    }

    @Test
    void uncorrelatedSubqueryIsPlannedAsChild() {
        assertPlan("SELECT id FROM items WHERE price > (SELECT AVG(price) FROM items) ORDER BY id LIMIT 3");
    }

    @Test
    void vectorSearchShowsSegmentsWithoutTheQueryVector() {
        assertPlan("SELECT id, _distance FROM vector_search(\"table\" = \"items\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"[1,0,0,0,0,0,0,0]\", \"k\" = \"3\", \"nprobes\" = \"4\")");
    }
}
