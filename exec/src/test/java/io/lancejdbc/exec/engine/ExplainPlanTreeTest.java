package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.config.EngineConfig;
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

    /** Compares every line; an index segment's UUID (random per warehouse write) reads {@code <uuid>}. */
    private static void assertPlan(String sql, String... expected) {
        List<String> actual = SessionRows.column(session, "EXPLAIN " + sql).stream()
                .map(l -> l.replaceAll("segment=[0-9a-f-]{36}", "segment=<uuid>")).toList();
        assertEquals(String.join("\n", expected), String.join("\n", actual), sql);
    }

    @Test
    void scanWithResidualFilterIsOneOrderedSplitStage() {
        assertPlan("SELECT id, name FROM items WHERE price > 10 AND concat(name, 'x') LIKE '%7x'",
                "FILTER",
                "     predicates: concat(name, 'x') LIKE '%7x'",
                "  PARALLEL_SPLITS splits=5 degree=4",
                "       delivery: split order",
                "    LANCE_SCAN lance.default.items",
                "         columns: id, name",
                "         lanceCatalogType=filesystem",
                "         lanceVersion=3",
                "         lanceFragments=5",
                "         lancePushdownPredicate=((`price` > 10.0) OR isnan(`price`))",
                "         splits=5 (FRAGMENT_SCAN)");
    }

    @Test
    void groupByIsFinalOverPartialPerWorker() {
        assertPlan("SELECT category, COUNT(*), SUM(price) FROM items GROUP BY category",
                "PROJECT",
                "     output: category, count(*) AS COUNT(*), sum(price) AS SUM(price)",
                "  HASH_AGGREGATE (final)",
                "       merges: 4 partial state(s)",
                "    HASH_AGGREGATE (partial)",
                "         group by: category",
                "         aggregates: count(*), sum(price)",
                "         states: one per worker (4)",
                "      PARALLEL_SPLITS splits=5 degree=4",
                "           delivery: one partition per worker (merged above)",
                "        LANCE_SCAN lance.default.items",
                "             columns: category, price",
                "             lanceCatalogType=filesystem",
                "             lanceVersion=3",
                "             lanceFragments=5",
                "             splits=5 (FRAGMENT_SCAN)");
    }

    @Test
    void orderByLimitIsFinalMergeOverPerSplitPartialTopK() {
        assertPlan("SELECT id, price FROM items ORDER BY price DESC, id LIMIT 5",
                "TOP_N (final merge)",
                "     order by: price DESC NULLS LAST, id ASC NULLS FIRST",
                "     limit: 5",
                "  PARALLEL_SPLITS splits=5 degree=4",
                "       delivery: split order",
                "    TOP_N (partial, per split)",
                "         order by: price DESC NULLS LAST, id ASC NULLS FIRST",
                "         keep: 5",
                "      LANCE_SCAN lance.default.items",
                "           columns: id, price",
                "           lanceCatalogType=filesystem",
                "           lanceVersion=3",
                "           lanceFragments=5",
                "           splits=5 (FRAGMENT_SCAN)");
    }

    @Test
    void aggregateOverJoinProbesSplitByStageWorkers() {
        assertPlan("SELECT COUNT(*) FROM items i JOIN numbers n ON i.id = n.id WHERE n.x < 100",
                "PROJECT",
                "     output: count(*) AS COUNT(*)",
                "  HASH_AGGREGATE (final)",
                "       merges: 4 partial state(s)",
                "    HASH_AGGREGATE (partial)",
                "         aggregates: count(*)",
                "         states: one per worker (4)",
                "      PARALLEL_SPLITS splits=4 degree=4",
                "           delivery: one partition per worker (merged above)",
                "           build sides: read once, shared by every split",
                "        HASH_JOIN",
                "             join type: INNER",
                "             equi keys: id = id",
                "             build side: left",
                "             probe: split by split in the stage above, against one shared build side",
                "             output columns: ",
                "          PARALLEL_SPLITS splits=5 degree=4",
                "               delivery: split order",
                "            LANCE_SCAN lance.default.items",
                "                 columns: id",
                "                 lanceCatalogType=filesystem",
                "                 lanceVersion=3",
                "                 lanceFragments=5",
                "                 splits=5 (FRAGMENT_SCAN)",
                "          LANCE_SCAN lance.default.numbers",
                "               columns: id",
                "               lanceCatalogType=filesystem",
                "               lanceVersion=1",
                "               lanceFragments=4",
                "               lancePushdownPredicate=((`x` < 100.0) AND NOT isnan(`x`))",
                "               splits=4 (FRAGMENT_SCAN)");
    }

    @Test
    void uncorrelatedSubqueryIsPlannedAsChild() {
        assertPlan("SELECT id FROM items WHERE price > (SELECT AVG(price) FROM items) ORDER BY id LIMIT 3",
                "UNCORRELATED_SUBQUERIES",
                "     subquery 1: SCALAR (<subquery>), run once before the main plan",
                "  TOP_N (final merge)",
                "       order by: id ASC NULLS FIRST",
                "       limit: 3",
                "    PARALLEL_SPLITS splits=5 degree=4",
                "         delivery: split order",
                "      TOP_N (partial, per split)",
                "           order by: id ASC NULLS FIRST",
                "           keep: 3",
                "        PROJECT",
                "             output: id",
                "          FILTER",
                "               predicates: price > (<subquery>)",
                "            LANCE_SCAN lance.default.items",
                "                 columns: id, price",
                "                 lanceCatalogType=filesystem",
                "                 lanceVersion=3",
                "                 lanceFragments=5",
                "                 splits=5 (FRAGMENT_SCAN)",
                "  LIMIT",
                "       limit: 2",
                "    PROJECT",
                "         output: avg(price) AS AVG(price)",
                "      HASH_AGGREGATE (final)",
                "           merges: 4 partial state(s)",
                "        HASH_AGGREGATE (partial)",
                "             aggregates: avg(price)",
                "             states: one per worker (4)",
                "          PARALLEL_SPLITS splits=5 degree=4",
                "               delivery: one partition per worker (merged above)",
                "            LANCE_SCAN lance.default.items",
                "                 columns: price",
                "                 lanceCatalogType=filesystem",
                "                 lanceVersion=3",
                "                 lanceFragments=5",
                "                 splits=5 (FRAGMENT_SCAN)");
    }

    @Test
    void vectorSearchShowsSegmentsAndDegreeWithoutTheQueryVector() {
        assertPlan("SELECT id, _distance FROM vector_search(\"table\" = \"items\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"[1,0,0,0,0,0,0,0]\", \"top_k\" = \"3\", \"nprobes\" = \"4\")",
                "ROW_ID_FETCH",
                "     columns: id",
                "     lanceVersion=3",
                "  TOP_N",
                "       order by: _distance ASC NULLS FIRST, _rowid ASC NULLS FIRST",
                "       limit: 3",
                "    VECTOR_SEARCH lance.default.items",
                "         externalSearchType=VECTOR",
                "         lanceVectorIndexStatus=USED",
                "         lanceVectorColumn=embedding",
                "         lanceMetric=l2",
                "         lanceTopK=3",
                "         lanceOffset=0",
                "         lanceVersion=3",
                "         lanceSearchFragments=5",
                "         lanceSearchUnindexedFragments=1",
                "         lanceSearchIndexSegments=1",
                "         lanceSearchIndexFragments=4",
                "         lanceVectorIndex=embedding_idx (IVF_PQ)",
                "         lanceDistance=exact l2 distance recomputed from each candidate's stored vector",
                "         lanceIndexFallback=flat search of an index split whose answer is short (fewer rows than min(k, matching rows)) or has a non-finite distance",
                "         lanceSearchParams=candidates per split=3, nprobes=4",
                "         columns: _distance, _rowid",
                "         splits=2",
                "         degree=2 (splits searched at once)",
                "         split[0]=INDEX_SEGMENT_SEARCH segment=<uuid> fragments=[0, 1, 2, 3] k=3",
                "         split[1]=FLAT_SEARCH fragments=[4] k=3");
    }
}
