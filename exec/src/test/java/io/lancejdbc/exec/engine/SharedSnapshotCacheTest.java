package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.SnapshotCache;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot (pinned-version metadata) cache is the engine's, shared by its connections: a second connection plans
 * over a version the first loaded without loading it again, and connections with other storage options (other
 * credentials) never get the first one's entries.
 */
class SharedSnapshotCacheTest {
    @TempDir
    Path dir;

    private static final String COUNT = "SELECT count(*) FROM numbers WHERE id < 100";

    @Test
    void secondConnectionReusesTheFirstConnectionsSnapshot() {
        Path wh = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine()) {
            SnapshotCache cache = engine.snapshotCache();
            EngineConfig config = EngineConfig.of(Map.of("warehouse", wh.toString()));
            try (EngineSession first = engine.openSession(config)) {
                assertEquals(List.of(Arrays.asList(100L)), SessionRows.rows(first, COUNT));
            }
            SnapshotCache.Stats afterFirst = cache.stats();
            assertTrue(afterFirst.loads() >= 1, "the first connection loads the snapshot: " + afterFirst);

            try (EngineSession second = engine.openSession(config)) {
                assertEquals(List.of(Arrays.asList(100L)), SessionRows.rows(second, COUNT));
            }
            SnapshotCache.Stats afterSecond = cache.stats();
            assertEquals(afterFirst.loads(), afterSecond.loads(), "the second connection loaded again");
            assertTrue(afterSecond.hits() > afterFirst.hits(), "the second connection did not use the cache");
        }
    }

    @Test
    void connectionsWithOtherStorageOptionsDoNotShare() {
        Path wh = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine()) {
            SnapshotCache cache = engine.snapshotCache();
            EngineConfig plain = EngineConfig.of(Map.of("warehouse", wh.toString()));
            EngineConfig alice = EngineConfig.of(Map.of("warehouse", wh.toString(),
                    "s3.access_key", "AKIAALICE", "s3.secret_key", "alice-secret"));
            EngineConfig bob = EngineConfig.of(Map.of("warehouse", wh.toString(),
                    "s3.access_key", "AKIABOB", "s3.secret_key", "bob-secret"));
            long loads = cache.stats().loads();
            for (EngineConfig config : List.of(plain, alice, bob)) {
                try (EngineSession s = engine.openSession(config)) {
                    assertEquals(List.of(Arrays.asList(100L)), SessionRows.rows(s, COUNT));
                }
                long now = cache.stats().loads();
                assertTrue(now > loads, "a connection with other storage options was served another's snapshot");
                loads = now;
            }
            // The same options as an earlier connection share again.
            try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString(),
                    "s3.access_key", "AKIABOB", "s3.secret_key", "bob-secret")))) {
                assertEquals(List.of(Arrays.asList(100L)), SessionRows.rows(s, COUNT));
            }
            assertEquals(loads, cache.stats().loads(), "equal storage options did not share");
        }
    }
}
