package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.SessionRows.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README tour's statements on the demo warehouse: full-text search on {@code articles} (its INVERTED index),
 * hybrid search on {@code items}, and time travel with the answers its {@code events} history gives: v1 600 rows
 * (ids 0..599), v2 800 (+ ids 600..799), v3 600 (debug events deleted), v4 800 (+ ids 800..999), v5 725 (ids &lt;
 * 100 deleted).
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

    /**
     * The tour's full-text query on {@code articles}: "lighthouse" occurs once in each of ids 1, 9 and 17, so all
     * three are found (top_k 5 leaves room for more) and nothing else; with one occurrence each and one idf, BM25
     * ranks the shorter body first: id 17 (10 tokens), 9 (13), 1 (15); the scores are BM25 recomputed here.
     */
    @Test
    void theTourFullTextQueryUsesTheDemosInvertedIndex() {
        String tour = "SELECT id, title, _score FROM full_text_search(\"table\" = \"articles\", \"column\" = \"body\","
                + " \"query\" = \"lighthouse\", \"top_k\" = \"5\")";
        List<List<Object>> hits = rows(session, tour);
        assertEquals(List.of(List.of(17L, "Coastal walks"), List.of(9L, "Automatic lights"),
                List.of(1L, "Keeping the light")), hits.stream().map(r -> r.subList(0, 2)).toList());
        Map<Long, Double> expected = bm25("lighthouse");
        for (List<Object> hit : hits) {
            assertEquals(expected.get((Long) hit.get(0)), ((Number) hit.get(2)).doubleValue(), 1e-5, hit.toString());
        }
        for (List<Object> hit : hits) {
            assertEquals(List.of(List.of(1L)), rows(session, "SELECT count(*) FROM articles WHERE id = " + hit.get(0)
                    + " AND body LIKE '%lighthouse%'"), "every hit contains the query term");
        }
        assertEquals(List.of(List.of(3L)), rows(session, "SELECT count(*) FROM articles WHERE body LIKE"
                + " '%lighthouse%'"), "no article with the term is missed");
        List<String> plan = SessionRows.column(session, "EXPLAIN " + tour);
        String text = String.join("\n", plan);
        for (String line : List.of("externalSearchType=FULL_TEXT", "lanceVersion=2", "lanceFtsColumns=body",
                "lanceFtsIndex=body_idx (INVERTED; 2 of 2 fragments indexed)", "lanceTopK=5")) {
            assertTrue(plan.stream().anyMatch(l -> l.strip().equals(line)), line + "\n" + text);
        }
        List<List<Object>> index = rows(session, "SHOW INDEX FROM articles");
        assertEquals(1, index.size());
        assertEquals("body_idx", index.get(0).get(2).toString());
        assertEquals("body", index.get(0).get(4).toString());
        assertEquals("INVERTED", index.get(0).get(10).toString().toUpperCase(Locale.ROOT));
    }

    /** BM25 as docs/full-text-search.md states it, over every body (the index covers all rows), per id. */
    private static Map<Long, Double> bm25(String term) {
        Map<Long, List<String>> docs = new java.util.TreeMap<>();
        for (List<Object> r : rows(session, "SELECT id, body FROM articles")) {
            docs.put((Long) r.get(0), List.of(r.get(1).toString().toLowerCase(Locale.ROOT).split("[^a-z0-9]+")));
        }
        double avgdl = docs.values().stream().mapToInt(List::size).average().orElseThrow();
        long df = docs.values().stream().filter(t -> t.contains(term)).count();
        double idf = Math.log(1 + (docs.size() - df + 0.5) / (df + 0.5));
        Map<Long, Double> out = new java.util.HashMap<>();
        docs.forEach((id, t) -> {
            long tf = t.stream().filter(term::equals).count();
            if (tf > 0) {
                out.put(id, idf * tf * 2.2 / (tf + 1.2 * (1 - 0.75 + 0.75 * t.size() / avgdl)));
            }
        });
        return out;
    }

    @Test
    void theTourHybridSearchRunsOnTheDemo() {
        // No INVERTED index on the demo's items: lance-core searches name at query time. "item-0042" is tokenized
        // as "item" and "0042".
        List<List<Object>> hybrid = rows(session, "SELECT id, category FROM hybrid_search(\"table\" = \"items\","
                + " \"column\" = \"embedding\", \"query_vector\" = \"[0, 0, 1, 0, 0, 0, 0, 0]\", \"text_column\" ="
                + " \"name\", \"query\" = \"0042\", \"key\" = \"id\", \"top_k\" = \"3\")");
        assertEquals(3, hybrid.size());
        assertEquals(42L, hybrid.get(0).get(0), hybrid.toString());
    }
}
