package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.SqlError;
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
 * GROUP BY whose groups and accumulator states outgrow {@code query.max_memory} (20,000 groups of an int key, a
 * string key, with SUM of a DOUBLE and of a BIGINT): HY001 naming the property, on one worker and on two, and every
 * Arrow buffer is returned; under the default limit the same statements answer.
 */
class GroupByMemoryLimitTest {
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
    @CsvSource({"1, id", "2, id", "1, CAST(id AS VARCHAR)", "2, CAST(id AS VARCHAR)"})
    void groupStatesOverTheMemoryLimitFailWithHy001AndReleaseEveryBuffer(int parallelism, String key) {
        String sql = "SELECT " + key + ", count(*), sum(k), sum(CAST(k AS DOUBLE) / 3) FROM big GROUP BY " + key;
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine()) {
            try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse",
                    dir.resolve("wh").toString(), "scan.parallelism", Integer.toString(parallelism))))) {
                assertEquals(20_000, SqlOpsWarehouse.rows(s, sql).size());
                s.execute("SET query.max_memory = '512k'", List.of(), QueryOptions.defaults()).close();
                SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s, sql));
                assertEquals("HY001", e.sqlState(), e.getMessage());
                // Which check meets the limit first depends on the workers' timing: the group state's own estimate
                // or an Arrow allocation of a worker (its batch of string keys). Both name the property.
                assertTrue(e.getMessage().contains("query.max_memory"), e.getMessage());
                if (e.getMessage().startsWith("GROUP BY state needs about ")) {
                    assertTrue(e.getMessage().contains("above query.max_memory (512 KiB)"), e.getMessage());
                } else {
                    assertTrue(e.getMessage().startsWith("Aggregation exceeded the query's memory limit"),
                            e.getMessage());
                }
            }
            assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        }
    }
}
