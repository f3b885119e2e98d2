package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scan that outgrows {@code query.max_memory}: HY001, and every Arrow buffer is returned. */
class ScanMemoryLimitTest {
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
    void scanOverTheMemoryLimitFailsWithHy001AndReleasesEveryBuffer() {
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine()) {
            try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse",
                    dir.resolve("wh").toString())))) {
                s.execute("SET query.max_memory = '1k'", List.of(), QueryOptions.defaults()).close();
                SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(s, "SELECT id, k, s FROM big"));
                assertEquals("HY001", e.sqlState(), e.getMessage());
                assertTrue(e.getMessage().contains("exceeds the query's memory limit query.max_memory (1 KiB)"),
                        e.getMessage());
            }
            assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        }
    }
}
