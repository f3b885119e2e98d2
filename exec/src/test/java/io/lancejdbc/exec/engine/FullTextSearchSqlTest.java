package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.SessionRows.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.config.EngineConfig;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.WriteParams;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.scalar.InvertedIndexParams;

/**
 * {@code full_text_search(...)} (issue 13 §3) against an oracle computed here: BM25 (k1 = 1.2, b = 0.75,
 * idf = ln(1 + (N - n + 0.5) / (n + 0.5)), the formula of Lance's inverted index) over the corpus tokenized the way
 * the index was built (simple tokenizer: split on non-alphanumerics, lower-cased, no stemming, no stop words).
 * {@code docs}: 12 rows in 2 fragments, {@code body} with an INVERTED index {@code body_idx}; {@code plain}: the
 * same rows without an index.
 */
class FullTextSearchSqlTest {
    static final String[] DOCS = {
        "the quick brown fox", "lazy dog sleeps", "quick quick dog", "brown bear", "fox and dog",
        "a quick lazy cat", "dogs and cats", "The Quick Red Fox jumps", "slow brown dog", "bear market",
        "quick thinking", "nothing here"};

    @TempDir
    static Path warehouse;
    private static EmbeddedQueryEngine engine;
    private static EngineSession session;

    @BeforeAll
    static void open() throws Exception {
        write(warehouse.resolve("docs.lance"));
        write(warehouse.resolve("plain.lance"));
        try (BufferAllocator a = new RootAllocator();
             Dataset ds = Dataset.open().uri(warehouse.resolve("docs.lance").toString()).allocator(a).build()) {
            ds.createIndex(IndexOptions.builder(List.of("body"), IndexType.INVERTED, IndexParams.builder()
                    .setScalarIndexParams(InvertedIndexParams.builder().baseTokenizer("simple").language("English")
                            .withPosition(false).lowerCase(true).stem(false).removeStopWords(false)
                            .asciiFolding(false).build()).build()).withIndexName("body_idx").build());
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
    }

    private static void write(Path dir) throws Exception {
        Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
                Field.nullable("body", ArrowType.Utf8.INSTANCE)));
        try (BufferAllocator al = new RootAllocator(); VectorSchemaRoot root = VectorSchemaRoot.create(schema, al)) {
            BigIntVector id = (BigIntVector) root.getVector("id");
            VarCharVector body = (VarCharVector) root.getVector("body");
            for (int i = 0; i < DOCS.length; i++) {
                id.setSafe(i, i);
                body.setSafe(i, DOCS[i].getBytes(StandardCharsets.UTF_8));
            }
            root.setRowCount(DOCS.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
                w.start();
                w.writeBatch();
                w.end();
            }
            try (ArrowReader r = new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), al)) {
                Dataset.write().allocator(al).reader(r).uri(dir.toString()).mode(WriteParams.WriteMode.CREATE)
                        .maxRowsPerFile(6).execute().close();
            }
        }
    }

    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        for (String t : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    /** BM25 of every document matching any query term, by id. */
    private static Map<Long, Double> bm25(String query) {
        int n = DOCS.length;
        double avgdl = 0;
        for (String d : DOCS) {
            avgdl += tokens(d).size();
        }
        avgdl /= n;
        Map<Long, Double> out = new TreeMap<>();
        for (String term : new java.util.LinkedHashSet<>(tokens(query))) {
            int df = 0;
            for (String d : DOCS) {
                df += tokens(d).contains(term) ? 1 : 0;
            }
            double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
            for (int i = 0; i < n; i++) {
                List<String> t = tokens(DOCS[i]);
                long tf = t.stream().filter(term::equals).count();
                if (tf > 0) {
                    double s = idf * tf * 2.2 / (tf + 1.2 * (1 - 0.75 + 0.75 * t.size() / avgdl));
                    out.merge((long) i, s, Double::sum);
                }
            }
        }
        return out;
    }

    private static Map<Long, Double> scores(String sql) {
        Map<Long, Double> out = new LinkedHashMap<>();
        for (List<Object> r : rows(session, sql)) {
            out.put((Long) r.get(0), ((Number) r.get(1)).doubleValue());
        }
        return out;
    }

    @Test
    void scoresAreBm25OverTheTokenizedCorpus() {
        Map<Long, Double> expected = bm25("quick dog");
        Map<Long, Double> got = scores("SELECT id, _score FROM full_text_search(\"table\" = \"docs\", \"column\" ="
                + " \"body\", \"query\" = \"quick dog\", \"top_k\" = \"20\")");
        assertEquals(expected.keySet(), new java.util.TreeSet<>(got.keySet()));
        for (Map.Entry<Long, Double> e : expected.entrySet()) {
            assertEquals(e.getValue(), got.get(e.getKey()), 1e-5, "id " + e.getKey());
        }
        // Rows come best first.
        List<Double> order = new ArrayList<>(got.values());
        for (int i = 1; i < order.size(); i++) {
            assertTrue(order.get(i - 1) >= order.get(i), order.toString());
        }
    }

    @Test
    void topKKeepsTheBestRows() {
        Map<Long, Double> expected = bm25("quick dog");
        List<Long> best = expected.entrySet().stream().sorted((a, b) -> Double.compare(b.getValue(), a.getValue()))
                .limit(3).map(Map.Entry::getKey).toList();
        assertEquals(best, new ArrayList<>(scores("SELECT id, _score FROM full_text_search(\"table\" = \"docs\","
                + " \"column\" = \"body\", \"query\" = \"quick dog\", \"top_k\" = \"3\")").keySet()));
    }

    @Test
    void andRequiresEveryTermAndEveryRowHoldsAQueryTerm() {
        Set<Long> both = new java.util.TreeSet<>();
        for (int i = 0; i < DOCS.length; i++) {
            if (tokens(DOCS[i]).containsAll(List.of("quick", "fox"))) {
                both.add((long) i);
            }
        }
        assertEquals(Set.of(0L, 7L), both);
        assertEquals(both, new java.util.TreeSet<>(scores("SELECT id, _score FROM full_text_search(\"table\" ="
                + " \"docs\", \"column\" = \"body\", \"query\" = \"quick fox\", \"operator\" = \"and\")").keySet()));
        for (List<Object> r : rows(session, "SELECT body FROM full_text_search(\"table\" = \"docs\", \"column\" ="
                + " \"body\", \"query\" = \"bear fox\")")) {
            List<String> t = tokens(r.get(0).toString());
            assertTrue(t.contains("bear") || t.contains("fox"), r.toString());
        }
    }

    @Test
    void theSearchComposesWithWhereOrderByJoinsAndAPrefilter() {
        assertEquals(List.of(List.of(2L), List.of(5L)), rows(session, "SELECT f.id FROM full_text_search(\"table\" ="
                + " \"docs\", \"column\" = \"body\", \"query\" = \"quick\") f WHERE f.id BETWEEN 2 AND 5 ORDER BY"
                + " f.id"));
        // The prefilter runs before the Top-K: the best row (id 2) and id 10 are filtered out; of 0, 5 and 7 the two
        // four-token documents 0 and 5 score higher than the five-token 7 (BM25 length normalization).
        assertTrue(bm25("quick").get(0L) > bm25("quick").get(7L));
        assertEquals(Set.of(0L, 5L), scores("SELECT id, _score FROM full_text_search(\"table\" = \"docs\","
                + " \"column\" = \"body\", \"query\" = \"quick\", \"filter\" = \"id <> 2 AND id < 10\", \"top_k\" ="
                + " \"2\")").keySet().stream().collect(java.util.stream.Collectors.toSet()));
        assertEquals(List.of(List.of(3L, 3L)), rows(session, "SELECT count(*), count(p.id) FROM"
                + " full_text_search(\"table\" = \"docs\", \"column\" = \"body\", \"query\" = \"bear brown\","
                + " \"operator\" = \"or\", \"top_k\" = \"3\") f JOIN plain p ON p.id = f.id"));
    }

    @Test
    void withoutAnIndexLanceCoreSearchesTheColumnAtQueryTime() {
        Set<Long> holding = new java.util.TreeSet<>();
        for (int i = 0; i < DOCS.length; i++) {
            if (tokens(DOCS[i]).contains("bear")) {
                holding.add((long) i);
            }
        }
        assertEquals(holding, new java.util.TreeSet<>(scores("SELECT id, _score FROM full_text_search(\"table\" ="
                + " \"plain\", \"column\" = \"body\", \"query\" = \"bear\")").keySet()));
        List<String> plan = SessionRows.column(session, "EXPLAIN SELECT id FROM full_text_search(\"table\" ="
                + " \"plain\", \"column\" = \"body\", \"query\" = \"bear\")");
        assertTrue(plan.stream().anyMatch(l -> l.strip().equals("lanceFtsIndex=none (lance-core searches the column"
                + " without an index, tokenizing it at query time)")), String.join("\n", plan));
    }

    @Test
    void explainShowsTheIndexAndTheSearch() {
        List<String> plan = SessionRows.column(session, "EXPLAIN SELECT id, _score FROM full_text_search(\"table\" ="
                + " \"docs\", \"column\" = \"body\", \"query\" = \"quick\", \"top_k\" = \"4\", \"filter\" = \"id > 1\")");
        String text = String.join("\n", plan);
        assertTrue(plan.get(0).contains("LANCE_FULL_TEXT_SEARCH lance.default.docs"), text);
        for (String line : List.of("externalSearchType=FULL_TEXT", "lanceVersion=2", "lanceFtsColumns=body",
                "lanceFtsIndex=body_idx (INVERTED; 2 of 2 fragments indexed)", "lanceFtsOperator=OR", "lanceTopK=4",
                "lancePrefilter=id > 1")) {
            assertTrue(plan.stream().anyMatch(l -> l.strip().equals(line)), line + "\n" + text);
        }
    }

    @Test
    void showIndexListsTheInvertedIndex() {
        List<List<Object>> r = rows(session, "SHOW INDEX FROM docs");
        assertEquals(1, r.size());
        assertEquals("body_idx", r.get(0).get(2).toString());
        assertEquals("body", r.get(0).get(4).toString());
        assertEquals("INVERTED", r.get(0).get(10).toString().toUpperCase(Locale.ROOT));
        assertEquals("\"ascii_folding\" = \"false\", \"base_tokenizer\" = \"simple\", \"language\" = \"English\","
                + " \"lower_case\" = \"true\", \"max_ngram_length\" = \"3\","
                + " \"min_ngram_length\" = \"3\", \"prefix_only\" = \"false\", \"remove_stop_words\" = \"false\","
                + " \"stem\" = \"false\", \"with_position\" = \"false\"", r.get(0).get(12).toString());
    }

    @Test
    void badArgumentsAreNamed() {
        SqlError column = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM full_text_search(\"table\" ="
                + " \"docs\", \"column\" = \"nope\", \"query\" = \"x\")"));
        assertEquals("42S22", column.sqlState());
        SqlError type = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM full_text_search(\"table\" ="
                + " \"docs\", \"column\" = \"id\", \"query\" = \"x\")"));
        assertEquals("Full-text search column 'id' must be VARCHAR, but was bigint", type.getMessage());
        SqlError query = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM full_text_search(\"table\" ="
                + " \"docs\", \"column\" = \"body\")"));
        assertEquals("42000", query.sqlState());
    }

    @Test
    void aPreparedQueryTextIsBound() {
        io.lancejdbc.engine.PreparedQuery q = session.prepare("SELECT count(*) FROM full_text_search(\"table\" ="
                + " \"docs\", \"column\" = \"body\", \"query\" = ?)");
        try (io.lancejdbc.engine.QueryResult r = q.execute(List.of(new io.lancejdbc.engine.ParameterValue("bear",
                ArrowType.Utf8.INSTANCE)), io.lancejdbc.engine.QueryOptions.defaults())) {
            try (VectorSchemaRoot b = r.nextBatch()) {
                assertEquals(2L, io.lancejdbc.exec.expr.ValueAccess.getter(b.getVector(0)).get(0));
            }
        }
    }
}
