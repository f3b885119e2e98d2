package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The DISTINCT sets of COUNT(DISTINCT ...) count against {@code query.max_memory}: 20,000 distinct values of each
 * kind of set (integers, strings in the byte arena, decimals in the generic set) outgrow a 640 KiB limit that the
 * scan itself stays under, in the serial and the partial/final plan; the statement fails naming the property, every
 * Arrow buffer is returned, and the same statement without the limit answers.
 */
class DistinctMemoryLimitTest {
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

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "count(DISTINCT id);1", "count(DISTINCT id);2",
        "count(DISTINCT s || CAST(id AS VARCHAR));1", "count(DISTINCT s || CAST(id AS VARCHAR));2",
        "count(DISTINCT CAST(id AS DECIMAL(20, 2)));1", "count(DISTINCT CAST(id AS DECIMAL(20, 2)));2"})
    void distinctSetsOverTheLimitFailNamingQueryMaxMemory(String aggregate, int parallelism) {
        String sql = "SELECT " + aggregate + " FROM big";
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine()) {
            try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse",
                    dir.resolve("wh").toString(), "scan.parallelism", Integer.toString(parallelism))))) {
                assertEquals(List.of(List.of((long) SqlOpsWarehouse.BIG_ROWS)), SqlOpsWarehouse.rows(s, sql));
                s.execute("SET query.max_memory = '640k'", List.of(), QueryOptions.defaults()).close();
                SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s, sql));
                assertEquals(SqlState.OUT_OF_MEMORY, e.sqlState(), e.getMessage());
                // The set's own check ("GROUP BY state ...") or an Arrow allocation of a split worker may reach the
                // limit first, depending on the batch sizes of the scan; either names the property.
                assertTrue(e.getMessage().contains("query.max_memory"),
                        e.getMessage());
            }
            assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        }
    }

    /**
     * Under a limit so low that an Arrow allocation of a split worker fails before the set's own check (256 KiB,
     * four workers casting to DECIMAL), the failure is still HY001 naming the property: it was HY000 "Aggregation
     * failed" when Arrow's OutOfMemoryException came back through the worker's future.
     */
    @ParameterizedTest
    @CsvSource({"1", "2", "4"})
    void anArrowAllocationRefusedInsideAWorkerIsTheMemoryLimitToo(int parallelism) {
        String sql = "SELECT count(DISTINCT CAST(id AS DECIMAL(20, 2))) FROM big";
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine()) {
            try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse",
                    dir.resolve("wh").toString(), "scan.parallelism", Integer.toString(parallelism))))) {
                s.execute("SET query.max_memory = '256k'", List.of(), QueryOptions.defaults()).close();
                SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s, sql));
                assertEquals(SqlState.OUT_OF_MEMORY, e.sqlState(), e.getMessage());
                assertTrue(e.getMessage().contains("query.max_memory"), e.getMessage());
            }
            assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        }
    }
}
