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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.scalar.InvertedIndexParams;

/**
 * {@code hybrid_search(...)} (issue 13 §4) against the fusion formulas computed here from the results of the two
 * searches run on their own. {@code docs}: 12 rows, {@code id} (primary key), {@code body} with an INVERTED index,
 * {@code vec} float32[4] = [id % 3, id % 5, id / 4, 1] (no vector index: exact search).
 */
class HybridSearchSqlTest {
    @TempDir
    static Path warehouse;
    private static EmbeddedQueryEngine engine;
    private static EngineSession session;
    private static final String VECTOR = "[1, 2, 1, 1]";
    private static final String VECTOR_CALL = "vector_search(\"table\" = \"docs\", \"column\" = \"vec\","
            + " \"query_vector\" = \"" + VECTOR + "\", \"top_k\" = \"6\")";
    private static final String TEXT_CALL = "full_text_search(\"table\" = \"docs\", \"column\" = \"body\","
            + " \"query\" = \"quick dog\", \"top_k\" = \"6\")";

    @BeforeAll
    static void open() throws Exception {
        Path dir = warehouse.resolve("docs.lance");
        Schema schema = new Schema(List.of(new Field("id", new FieldType(false, new ArrowType.Int(64, true), null,
                        Map.of("lance-schema:unenforced-primary-key", "true")), null),
                Field.nullable("body", ArrowType.Utf8.INSTANCE),
                new Field("vec", FieldType.nullable(new ArrowType.FixedSizeList(4)), List.of(Field.nullable("item",
                        new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))))));
        String[] docs = FullTextSearchSqlTest.DOCS;
        try (BufferAllocator al = new RootAllocator(); VectorSchemaRoot root = VectorSchemaRoot.create(schema, al)) {
            BigIntVector id = (BigIntVector) root.getVector("id");
            VarCharVector body = (VarCharVector) root.getVector("body");
            FixedSizeListVector vec = (FixedSizeListVector) root.getVector("vec");
            vec.allocateNew();
            Float4Vector items = (Float4Vector) vec.getDataVector();
            items.allocateNew(docs.length * 4);
            for (int i = 0; i < docs.length; i++) {
                id.setSafe(i, i);
                body.setSafe(i, docs[i].getBytes(StandardCharsets.UTF_8));
                vec.setNotNull(i);
                items.setSafe(i * 4, i % 3);
                items.setSafe(i * 4 + 1, i % 5);
                items.setSafe(i * 4 + 2, i / 4);
                items.setSafe(i * 4 + 3, 1);
            }
            items.setValueCount(docs.length * 4);
            root.setRowCount(docs.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
                w.start();
                w.writeBatch();
                w.end();
            }
            try (ArrowReader r = new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), al)) {
                Dataset.write().allocator(al).reader(r).uri(dir.toString()).execute().close();
            }
            try (Dataset ds = Dataset.open().uri(dir.toString()).allocator(al).build()) {
                ds.createIndex(IndexOptions.builder(List.of("body"), IndexType.INVERTED, IndexParams.builder()
                        .setScalarIndexParams(InvertedIndexParams.builder().baseTokenizer("simple")
                                .language("English").withPosition(false).lowerCase(true).stem(false)
                                .removeStopWords(false).asciiFolding(false).build()).build())
                        .withIndexName("body_idx").build());
            }
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
    }

    /** id -> metric of one search, in its ranking order (ties by id). */
    private static List<long[]> ranked(String call, String metric, boolean descending) {
        List<List<Object>> r = rows(session, "SELECT id, " + metric + " FROM " + call);
        List<Object[]> rows = new ArrayList<>();
        for (List<Object> x : r) {
            rows.add(new Object[] {x.get(0), ((Number) x.get(1)).doubleValue()});
        }
        Comparator<Object[]> byMetric = Comparator.comparingDouble(x -> (Double) x[1]);
        rows.sort((descending ? byMetric.reversed() : byMetric).thenComparingLong(x -> (Long) x[0]));
        List<long[]> out = new ArrayList<>();
        for (Object[] x : rows) {
            out.add(new long[] {(Long) x[0], Double.doubleToLongBits((Double) x[1])});
        }
        return out;
    }

    @Test
    void rrfIsTheSumOfReciprocalRanks() {
        Map<Long, Double> expected = new HashMap<>();
        List<long[]> v = ranked(VECTOR_CALL, "_distance", false);
        List<long[]> t = ranked(TEXT_CALL, "_score", true);
        for (int i = 0; i < v.size(); i++) {
            expected.merge(v.get(i)[0], 1.0 / (60 + i + 1), Double::sum);
        }
        for (int i = 0; i < t.size(); i++) {
            expected.merge(t.get(i)[0], 1.0 / (60 + i + 1), Double::sum);
        }
        List<Map.Entry<Long, Double>> order = new ArrayList<>(expected.entrySet());
        order.sort(Map.Entry.<Long, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<List<Object>> got = rows(session, "SELECT id, _relevance FROM hybrid_search(\"table\" = \"docs\","
                + " \"column\" = \"vec\", \"query_vector\" = \"" + VECTOR + "\", \"text_column\" = \"body\","
                + " \"query\" = \"quick dog\", \"top_k\" = \"5\", \"candidates\" = \"6\", \"fusion\" = \"rrf\")");
        assertEquals(5, got.size());
        for (int i = 0; i < 5; i++) {
            assertEquals(order.get(i).getKey(), got.get(i).get(0), "rank " + i);
            assertEquals(order.get(i).getValue(), ((Number) got.get(i).get(1)).doubleValue(), 1e-12, "rank " + i);
        }
    }

    @Test
    void weightedSumsNormalizedScores() {
        List<long[]> v = ranked(VECTOR_CALL, "_distance", false);
        List<long[]> t = ranked(TEXT_CALL, "_score", true);
        double dmin = Double.longBitsToDouble(v.get(0)[1]);
        double dmax = Double.longBitsToDouble(v.get(v.size() - 1)[1]);
        double smax = Double.longBitsToDouble(t.get(0)[1]);
        double smin = Double.longBitsToDouble(t.get(t.size() - 1)[1]);
        Map<Long, Double> expected = new HashMap<>();
        for (long[] x : v) {
            double d = Double.longBitsToDouble(x[1]);
            expected.merge(x[0], 0.3 * (dmax == dmin ? 1 : 1 - (d - dmin) / (dmax - dmin)), Double::sum);
        }
        for (long[] x : t) {
            double s = Double.longBitsToDouble(x[1]);
            expected.merge(x[0], 0.7 * (smax == smin ? 1 : (s - smin) / (smax - smin)), Double::sum);
        }
        List<List<Object>> got = rows(session, "SELECT id, _relevance, _distance, _score, body FROM"
                + " hybrid_search(\"table\" = \"docs\", \"column\" = \"vec\", \"query_vector\" = \"" + VECTOR + "\","
                + " \"text_column\" = \"body\", \"query\" = \"quick dog\", \"top_k\" = \"20\", \"candidates\" = \"6\","
                + " \"fusion\" = \"weighted\", \"weight\" = \"0.3\")");
        assertEquals(expected.size(), got.size());
        for (List<Object> r : got) {
            assertEquals(expected.get((Long) r.get(0)), ((Number) r.get(1)).doubleValue(), 1e-6, r.toString());
            assertEquals(FullTextSearchSqlTest.DOCS[(int) (long) (Long) r.get(0)], r.get(4).toString());
            assertTrue(r.get(2) != null || r.get(3) != null, r.toString());
        }
    }

    @Test
    void theFusionComposesAndNeedsAKey() {
        assertEquals(List.of(List.of(3L)), rows(session, "SELECT count(*) FROM hybrid_search(\"table\" = \"docs\","
                + " \"column\" = \"vec\", \"query_vector\" = \"" + VECTOR + "\", \"text_column\" = \"body\","
                + " \"query\" = \"quick dog\", \"top_k\" = \"3\") h WHERE h._relevance > 0"));
        SqlError fusion = assertThrows(SqlError.class, () -> rows(session, "SELECT * FROM hybrid_search(\"table\" ="
                + " \"docs\", \"column\" = \"vec\", \"query_vector\" = \"" + VECTOR + "\", \"text_column\" = \"body\","
                + " \"query\" = \"x\", \"fusion\" = \"max\")"));
        assertEquals("22023", fusion.sqlState());
    }
}
