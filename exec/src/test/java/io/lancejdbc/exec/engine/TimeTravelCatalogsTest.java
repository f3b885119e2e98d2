package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.SessionRows.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.TestDatasets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.cleanup.CleanupPolicy;
import org.lance.namespace.RestAdapter;

/**
 * Time travel through a REST catalog (lance-core's RestAdapter over a directory namespace on 127.0.0.1) and on a
 * table whose old versions were cleaned up. {@code events}: v1 ids 0..29, v2 + ids 30..59, v3 + ids 60..89,
 * tag {@code 'base'} on v1. {@code pruned}: the same three commits, then {@code cleanupWithPolicy(beforeVersion 3)}
 * removes versions 1 and 2.
 */
class TimeTravelCatalogsTest {
    @TempDir
    static Path root;

    private static RestAdapter adapter;
    private static EmbeddedQueryEngine engine;
    private static EngineSession rest;
    private static EngineSession filesystem;

    @BeforeAll
    static void open() {
        for (String name : List.of("events", "pruned")) {
            Path dir = root.resolve(name + ".lance");
            TestDatasets.create(dir, 0, 30, 30);
            TestDatasets.append(dir, 30, 30, 30);
            TestDatasets.append(dir, 60, 30, 30);
        }
        try (BufferAllocator a = new RootAllocator();
             Dataset events = Dataset.open().uri(root.resolve("events.lance").toString()).allocator(a).build();
             Dataset pruned = Dataset.open().uri(root.resolve("pruned.lance").toString()).allocator(a).build()) {
            events.tags().create("base", 1);
            pruned.cleanupWithPolicy(CleanupPolicy.builder().withBeforeVersion(3).withDeleteUnverified(true).build());
        }
        adapter = new RestAdapter("dir", Map.of("root", root.toString()), "127.0.0.1", 0);
        adapter.start();
        engine = new EmbeddedQueryEngine();
        rest = engine.openSession(EngineConfig.of(Map.of("lance.rest.uri", "http://127.0.0.1:" + adapter.getPort())));
        filesystem = engine.openSession(EngineConfig.of(Map.of("warehouse", root.toString())));
    }

    @AfterAll
    static void close() {
        rest.close();
        filesystem.close();
        engine.close();
        adapter.close();
    }

    @Test
    void restTablesTimeTravelByVersionTagAndJoin() {
        assertEquals(List.of(List.of(30L, 435L)), rows(rest, "SELECT count(*), sum(id) FROM events FOR VERSION AS OF 1"));
        assertEquals(List.of(List.of(60L)), rows(rest, "SELECT count(*) FROM events FOR VERSION AS OF 2"));
        assertEquals(List.of(List.of(30L)), rows(rest, "SELECT count(*) FROM events FOR VERSION AS OF 'base'"));
        assertEquals(List.of(List.of(60L)), rows(rest, "SELECT count(*) FROM events n LEFT JOIN events FOR VERSION AS"
                + " OF 'base' o ON n.id = o.id WHERE o.id IS NULL"));
        List<String> plan = SessionRows.column(rest, "EXPLAIN SELECT id FROM events FOR VERSION AS OF 2");
        assertTrue(plan.contains("       lanceCatalogType=rest"), String.join("\n", plan));
        assertTrue(plan.contains("       lanceVersion=2"), String.join("\n", plan));
        assertEquals(List.of("1", "2", "3"), SessionRows.column(rest, "SHOW VERSIONS FROM events"));
    }

    @Test
    void aCleanedUpVersionIsReportedWithTheOldestThatRemains() {
        assertEquals(List.of(List.of(90L)), rows(filesystem, "SELECT count(*) FROM pruned FOR VERSION AS OF 3"));
        SqlError e = assertThrows(SqlError.class, () -> rows(filesystem, "SELECT * FROM pruned FOR VERSION AS OF 1"));
        assertEquals("22023", e.sqlState());
        assertEquals("Table default.pruned has no version 1 (the oldest version is 3; older ones were cleaned up or"
                + " never existed; only version 3 exists)", e.getMessage());
        assertEquals(List.of("3"), SessionRows.column(filesystem, "SHOW VERSIONS FROM pruned"));
    }
}
