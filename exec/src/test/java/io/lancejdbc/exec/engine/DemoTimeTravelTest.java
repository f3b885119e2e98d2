package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.SessionRows.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README tour's time-travel statements on the demo warehouse, with the answers its {@code events} history
 * gives: v1 600 rows (ids 0..599), v2 800 (+ ids 600..799), v3 600 (debug events deleted), v4 800 (+ ids
 * 800..999), v5 725 (ids &lt; 100 deleted).
 */
class DemoTimeTravelTest {
    @TempDir
    static Path dir;
    private static EmbeddedQueryEngine engine;
    private static EngineSession session;

    @BeforeAll
    static void open() {
        Path wh = DemoWarehouse.createIfAbsent(dir.resolve("wh"));
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
    }

    @Test
    void theTourStatementsGiveTheHistorysAnswers() {
        assertEquals(List.of(List.of(1L, 600L), List.of(2L, 800L), List.of(3L, 600L), List.of(4L, 800L),
                List.of(5L, 725L)), rows(session, "SELECT version, total_rows FROM versions(\"table\" = \"events\")"
                        + " ORDER BY version"));
        assertEquals(5, rows(session, "SHOW VERSIONS FROM events").size());
        assertEquals(List.of(List.of(600L)), rows(session, "SELECT count(*) FROM events FOR VERSION AS OF 1"));
        assertEquals(List.of(List.of(200L)), rows(session, "SELECT count(*) FROM events n LEFT JOIN events FOR VERSION"
                + " AS OF 2 o ON n.id = o.id WHERE o.id IS NULL"));
        assertEquals(List.of(List.of(725L)), rows(session, "SELECT count(*) FROM events FOR TIMESTAMP AS OF TIMESTAMP"
                + " '2030-01-01 00:00:00Z'"));
    }

    @Test
    void theTourSearchesRunOnTheDemo() {
        // No INVERTED index on the demo's items: lance-core searches the column at query time. "item-0042" is
        // tokenized as "item" and "0042".
        List<List<Object>> text = rows(session, "SELECT id, name FROM full_text_search(\"table\" = \"items\","
                + " \"column\" = \"name\", \"query\" = \"0042\", \"top_k\" = \"5\")");
        assertEquals(List.of(List.of(42L, "item-0042")), text);
        List<List<Object>> hybrid = rows(session, "SELECT id, category FROM hybrid_search(\"table\" = \"items\","
                + " \"column\" = \"embedding\", \"query_vector\" = \"[0, 0, 1, 0, 0, 0, 0, 0]\", \"text_column\" ="
                + " \"name\", \"query\" = \"0042\", \"key\" = \"id\", \"top_k\" = \"3\")");
        assertEquals(3, hybrid.size());
        assertEquals(42L, hybrid.get(0).get(0), hybrid.toString());
    }
}
