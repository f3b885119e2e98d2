package io.lancejdbc.exec.sqlops;

import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.row;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Aggregates over hash joins whose probe side is the 4-fragment table {@code big}: the build side is read once and
 * the probe splits are joined and partially aggregated in parallel. Each query must give the same rows with
 * {@code scan.parallelism = 4} (parallel probing) as with 1 (one probe stream), for every join type, and the
 * warehouse's close checks that no Arrow memory is left.
 */
class ParallelProbeJoinTest {
    @TempDir
    static Path dir;
    static SqlOpsWarehouse wh;
    static EngineSession serial;
    static EngineSession parallel;

    @BeforeAll
    static void open() {
        wh = SqlOpsWarehouse.create(dir.resolve("wh"));
        serial = wh.session(Map.of("scan.parallelism", "1"));
        parallel = wh.session(Map.of("scan.parallelism", "4"));
    }

    @AfterAll
    static void close() {
        serial.close();
        parallel.close();
        wh.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT count(*), sum(a.id), sum(b.w) FROM big a JOIN r b ON a.k = b.k",
        "SELECT count(*), sum(a.id), sum(b.id) FROM big a JOIN big b ON a.k = b.id AND a.id > b.id",
        "SELECT count(*), count(r.id), sum(r.w) FROM big LEFT JOIN r ON big.k = r.k",
        "SELECT count(*), sum(big.id) FROM big WHERE k IN (SELECT k FROM r)",
        "SELECT count(*) FROM big WHERE k NOT IN (SELECT k FROM r)",
        "SELECT count(*), sum(id) FROM big WHERE k NOT IN (SELECT k FROM r WHERE k IS NOT NULL)",
        "SELECT count(*), sum(b.id) FROM big b WHERE NOT EXISTS (SELECT 1 FROM r WHERE r.k = b.k)",
        "SELECT count(*), sum(b.id) FROM big b WHERE EXISTS (SELECT 1 FROM r WHERE r.k = b.k AND r.w > 150)",
        "SELECT count(m), sum(m) FROM (SELECT (SELECT max(w) FROM r WHERE r.k = big.k) AS m FROM big) t",
        "SELECT b.s, count(*), sum(a.id) FROM big a JOIN r b ON a.k = b.k GROUP BY b.s ORDER BY b.s",
        "SELECT count(*), sum(big.id) FROM big RIGHT JOIN r ON big.k = r.k",
        "SELECT count(*), sum(big.id) FROM big FULL JOIN r ON big.k = r.k",
        "SELECT count(*), sum(a.id) FROM big a JOIN (SELECT * FROM r WHERE id < 0) b ON a.k = b.k",
        "SELECT count(*), sum(a.id), sum(l.v) FROM big a JOIN r ON a.k = r.k JOIN l ON r.k = l.k",
        "SELECT a.s, count(*) FROM big a JOIN big b ON a.id = b.id WHERE b.k < 10 GROUP BY a.s ORDER BY a.s"
    })
    void parallelProbingGivesTheRowsOfOneProbeStream(String sql) {
        assertEquals(SqlOpsWarehouse.rows(serial, sql), SqlOpsWarehouse.rows(parallel, sql), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "4"})
    void exactValues(String parallelism) {
        try (EngineSession s = wh.session(Map.of("scan.parallelism", parallelism))) {
            // k = id % 1000: 20 rows of big per key; r.k 1 matches once (w 100), 2 twice (w 200 and 300), 7 once
            // (w 500).
            assertEquals(List.of(row(80L, 20L * 100L + 20L * 500L + 20L * 500L)),
                    SqlOpsWarehouse.rows(s, "SELECT count(*), sum(b.w) FROM big a JOIN r b ON a.k = b.k"));
            assertEquals(List.of(row(20_000L, 199_990_000L)),
                    SqlOpsWarehouse.rows(s, "SELECT count(*), sum(b.id) FROM big a JOIN big b ON a.id = b.id"));
            // r.k holds a NULL, so x NOT IN (SELECT k FROM r) is never TRUE.
            assertEquals(List.of(row(0L)), SqlOpsWarehouse.rows(s,
                    "SELECT count(*) FROM big WHERE k NOT IN (SELECT k FROM r)"));
            assertEquals(List.of(row(20_000L - 40L)), SqlOpsWarehouse.rows(s,
                    "SELECT count(*) FROM big WHERE k NOT IN (SELECT k FROM r WHERE k IS NOT NULL AND k <> 7)"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "4"})
    void aBuildSideOverTheMemoryLimitFailsAndReleasesEverything(String parallelism) {
        try (EngineSession s = wh.session(Map.of("scan.parallelism", parallelism, "query.max_memory", "128k"))) {
            SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s,
                    "SELECT count(*), sum(a.id) FROM big a JOIN big b ON a.id = b.id"));
            assertEquals("HY001", e.sqlState(), e.getMessage());
            assertTrue(e.getMessage().contains("query.max_memory"), e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "4"})
    void aDataErrorInAProbeSplitFailsTheQueryAndReleasesEverything(String parallelism) {
        try (EngineSession s = wh.session(Map.of("scan.parallelism", parallelism))) {
            // r.w = 200 for r.k = 2: the division fails in whichever worker joins the rows with k = 2.
            SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s,
                    "SELECT sum(a.id / (b.w - 200)) FROM big a JOIN r b ON a.k = b.k"));
            assertEquals("22012", e.sqlState(), e.getMessage());
            // The session still answers afterwards.
            assertEquals(List.of(row(80L)), SqlOpsWarehouse.rows(s, "SELECT count(*) FROM big a JOIN r b ON a.k = b.k"));
        }
        assertEquals(0, wh.engine().rootAllocator().getAllocatedMemory(), "Arrow memory left after the failed query");
    }
}
