package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The background start-up work of the embedded engine: what it parses and that its threads end by themselves. */
class StartupPreloadTest {

    @Test
    void sampleStatementsParseAsQueries() {
        for (String sql : StartupPreload.SAMPLE_STATEMENTS) {
            assertInstanceOf(ParsedStatement.Query.class, SqlParser.parse(sql), sql);
        }
    }

    @Test
    void preloadRunsOnTwoNamedDaemonThreadsThatEnd() throws InterruptedException {
        List<Thread> threads = StartupPreload.start();
        assertEquals(List.of("lance-jdbc-preload-native", "lance-jdbc-preload-classes"),
                threads.stream().map(Thread::getName).toList());
        for (Thread t : threads) {
            assertTrue(t.isDaemon(), t.getName() + " must not keep the JVM alive");
            t.join();
            assertFalse(t.isAlive(), t.getName());
        }
    }

    @Test
    void engineCreatedWhileAnotherEnginesPreloadRunsAnswersAQuery(@TempDir Path dir) {
        // The second engine's preload finds the libraries loaded, or still being loaded by the first engine's.
        Path warehouse = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        try (EmbeddedQueryEngine first = new EmbeddedQueryEngine();
                EmbeddedQueryEngine second = new EmbeddedQueryEngine();
                EngineSession session = second.openSession(EngineConfig.of(Map.of("warehouse",
                        warehouse.toString())))) {
            assertEquals(List.of(List.of(2000L)),
                    EngineQueryTest.rows(session, "SELECT count(*) FROM numbers WHERE label IN ('n1', 'n2')"));
            assertEquals(0, first.rootAllocator().getAllocatedMemory());
        }
    }
}
