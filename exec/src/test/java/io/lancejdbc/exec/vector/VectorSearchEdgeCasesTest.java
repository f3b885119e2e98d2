package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.types.FloatText;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lance.Dataset;
import org.lance.index.DistanceType;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.vector.VectorIndexParams;

/**
 * The cosine distance where it is undefined, and vector columns lance-core cannot search, through SQL on the
 * embedded engine. Tables ({@code embedding fixed_size_list<float32, 4>}, the vector of ids {@code % 10 = 0} is
 * all zeros): {@code zeros_flat} (300 rows, 3 fragments, no index) and {@code zeros_indexed} (a cosine IVF_FLAT
 * index over ids 0..199, ids 200..299 appended unindexed), and {@code zeros_int8} (300 rows of int8 vectors, the
 * float ones scaled by 100, searched by the driver); {@code tick} has a vector column named {@code we`ird}.
 */
class VectorSearchEdgeCasesTest {
    private static final int DIM = 4;

    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    static double[] vector(long id) {
        if (id % 10 == 0) {
            return new double[DIM];
        }
        SplittableRandom r = new SplittableRandom(id * 7919 + 3);
        double[] v = new double[DIM];
        for (int j = 0; j < DIM; j++) {
            v[j] = (float) (r.nextDouble() * 2 - 1);
        }
        return v;
    }

    /** The int8 vector of {@code id}: the float vector scaled by 100 and rounded (zero for ids % 10 = 0). */
    static double[] int8Vector(long id) {
        double[] v = vector(id);
        for (int j = 0; j < DIM; j++) {
            v[j] = Math.round(v[j] * 100);
        }
        return v;
    }

    static Schema schema(String column, boolean int8) {
        ArrowType element = int8 ? new ArrowType.Int(8, true)
                : new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        return new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                new Field(column, FieldType.nullable(new ArrowType.FixedSizeList(DIM)),
                        List.of(Field.nullable("item", element)))));
    }

    static void write(BufferAllocator allocator, Path path, String column, long first, long rows,
            GeneratedDatasetWriter.Mode mode) {
        write(allocator, path, column, first, rows, mode, false);
    }

    static void write(BufferAllocator allocator, Path path, String column, long first, long rows,
            GeneratedDatasetWriter.Mode mode, boolean int8) {
        GeneratedDatasetWriter.to(path, schema(column, int8)).rows(first, rows).maxRowsPerFile(100).batchSize(100)
                .mode(mode).write(allocator, (root, firstRow, n) -> fill(root, column, firstRow, n, int8));
    }

    static void fill(VectorSchemaRoot root, String column, long firstRow, int n, boolean int8) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        FixedSizeListVector vec = (FixedSizeListVector) root.getVector(column);
        for (int i = 0; i < n; i++) {
            long r = firstRow + i;
            id.setSafe(i, r);
            vec.setNotNull(i);
            double[] v = int8 ? int8Vector(r) : vector(r);
            for (int j = 0; j < DIM; j++) {
                if (int8) {
                    ((TinyIntVector) vec.getDataVector()).setSafe(i * DIM + j, (byte) v[j]);
                } else {
                    ((Float4Vector) vec.getDataVector()).setSafe(i * DIM + j, (float) v[j]);
                }
            }
        }
    }

    @BeforeAll
    static void open() {
        Path wh = dir.resolve("wh");
        try (RootAllocator allocator = new RootAllocator()) {
            write(allocator, wh.resolve("zeros_flat.lance"), "embedding", 0, 300, GeneratedDatasetWriter.Mode.CREATE);
            Path indexed = wh.resolve("zeros_indexed.lance");
            write(allocator, indexed, "embedding", 0, 200, GeneratedDatasetWriter.Mode.CREATE);
            try (Dataset ds = Dataset.open().allocator(allocator).uri(indexed.toString()).build()) {
                ds.createIndex(IndexOptions.builder(List.of("embedding"), IndexType.VECTOR, IndexParams.builder()
                        .setVectorIndexParams(VectorIndexParams.ivfFlat(2, DistanceType.Cosine)).build())
                        .withIndexName("embedding_idx").build());
            }
            write(allocator, indexed, "embedding", 200, 100, GeneratedDatasetWriter.Mode.APPEND);
            write(allocator, wh.resolve("tick.lance"), "we`ird", 0, 100, GeneratedDatasetWriter.Mode.CREATE);
            write(allocator, wh.resolve("zeros_int8.lance"), "embedding", 0, 300, GeneratedDatasetWriter.Mode.CREATE,
                    true);
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
    }

    static List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    List<ValueAccess.Getter> g = new ArrayList<>();
                    batch.getFieldVectors().forEach(v -> g.add(ValueAccess.getter(v)));
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (ValueAccess.Getter x : g) {
                            row.add(x.get(i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    static String search(String table, String query, int topK) {
        return "vector_search(\"table\" = \"" + table + "\", \"column\" = \"embedding\", \"query_vector\" = \""
                + query + "\", \"top_k\" = \"" + topK + "\", \"metric\" = \"cosine\")";
    }

    static double cosine(double[] a, double[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return 1 - dot / (Math.sqrt(na) * Math.sqrt(nb));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zeros_flat", "zeros_indexed"})
    void aZeroCosineQueryVectorIsRefusedNamingTheArgument(String table) {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT id FROM " + search(table, "[0, 0, 0, 0]", 5)));
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().contains("query_vector"), e.getMessage());
        assertTrue(e.getMessage().contains("cosine"), e.getMessage());
    }

    @Test
    void aCosineQueryVectorWhoseSquaredNormUnderflowsFloat32IsRefused() {
        // 1e-30 is a normal float32, but its square (1e-60) is 0 in float32, where lance-core computes the norm.
        SqlError e = assertThrows(SqlError.class,
                () -> rows("SELECT id FROM " + search("zeros_indexed", "[1e-30, 1e-30, 1e-30, 1e-30]", 5)));
        assertEquals("22023", e.sqlState());
        assertTrue(e.getMessage().contains("query_vector"), e.getMessage());
    }

    @Test
    void theIndexDefaultMetricAppliesTheSameRule() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT id FROM vector_search(\"table\" ="
                + " \"zeros_indexed\", \"column\" = \"embedding\", \"query_vector\" = \"[0, 0, 0, 0]\")"));
        assertEquals("22023", e.sqlState());
    }

    @Test
    void aZeroQueryVectorIsFineForL2() {
        assertEquals(5, rows("SELECT id FROM vector_search(\"table\" = \"zeros_flat\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"[0, 0, 0, 0]\", \"top_k\" = \"5\", \"metric\" = \"l2\")").size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"zeros_flat", "zeros_indexed"})
    void rowsWithAZeroVectorAreNeverCosineNeighbours(String table) {
        double[] q = {0.5, -0.25, 0.125, 1};
        String query = "[0.5, -0.25, 0.125, 1]";
        for (int topK : new int[] {5, 300}) {
            List<List<Object>> rows = rows("SELECT id, _distance FROM " + search(table, query, topK));
            assertEquals(topK == 5 ? 5 : 270, rows.size(), table + " top_k " + topK);
            for (List<Object> r : rows) {
                long id = ((Number) r.get(0)).longValue();
                assertTrue(id % 10 != 0, "zero vector " + id + " returned");
                double d = ((Number) r.get(1)).doubleValue();
                assertEquals(cosine(vector(id), q), d, 1e-5, "id " + id);
            }
        }
    }

    @Test
    void int8RowsWithAZeroVectorAreNeverCosineNeighbours() {
        double[] q = {50, -25, 12, 100};
        for (int topK : new int[] {5, 300}) {
            List<List<Object>> rows = rows("SELECT id, _distance FROM " + search("zeros_int8", "[50, -25, 12, 100]",
                    topK));
            assertEquals(topK == 5 ? 5 : 270, rows.size(), "top_k " + topK);
            for (List<Object> r : rows) {
                long id = ((Number) r.get(0)).longValue();
                assertTrue(id % 10 != 0, "zero vector " + id + " returned");
                assertEquals(cosine(int8Vector(id), q), ((Number) r.get(1)).doubleValue(), 1e-5, "id " + id);
            }
        }
    }

    @Test
    void cosineDistanceOfAZeroVectorIsNull() {
        List<List<Object>> rows = rows("SELECT id, cosine_distance(embedding, [0.5, -0.25, 0.125, 1]),"
                + " cosine_distance(embedding, [0, 0, 0, 0]) FROM zeros_flat WHERE id < 20 ORDER BY id");
        assertEquals(20, rows.size());
        for (List<Object> r : rows) {
            long id = ((Number) r.get(0)).longValue();
            if (id % 10 == 0) {
                assertNull(r.get(1), "id " + id);
            } else {
                assertEquals(cosine(vector(id), new double[] {0.5, -0.25, 0.125, 1}),
                        ((Number) r.get(1)).doubleValue(), 1e-9);
            }
            assertNull(r.get(2), "zero query, id " + id);
        }
    }

    @Test
    void aVectorCastToTextPrintsEachElementLikeAScalarCast() {
        List<List<Object>> rows = rows("SELECT id, CAST(embedding AS VARCHAR) FROM zeros_flat WHERE id < 30"
                + " ORDER BY id");
        assertEquals(30, rows.size());
        for (List<Object> r : rows) {
            long id = ((Number) r.get(0)).longValue();
            StringBuilder expected = new StringBuilder("[");
            double[] v = vector(id);
            for (int j = 0; j < DIM; j++) {
                // REAL elements print their own shortest digits (0.1, not 0.10000000149011612), as CAST(real AS VARCHAR)
                expected.append(j == 0 ? "" : ", ").append(FloatText.format((float) v[j]));
            }
            assertEquals(expected.append(']').toString(), r.get(1), "id " + id);
        }
        assertEquals(List.of(List.of("[0.00001, 1.0E23, 0.1, -2.5]")),
                rows("SELECT CAST([CAST(0.00001 AS DOUBLE), 1e23, 0.1, -2.5] AS VARCHAR)"));
    }

    @Test
    void aVectorColumnWhoseNameHoldsABacktickIsRefusedClearly() {
        SqlError e = assertThrows(SqlError.class, () -> rows("SELECT id FROM vector_search(\"table\" = \"tick\","
                + " \"column\" = \"we`ird\", \"query_vector\" = \"[1, 2, 3, 4]\", \"top_k\" = \"3\")"));
        assertEquals("42000", e.sqlState(), e.getMessage());
        assertTrue(e.getMessage().contains("we`ird") && e.getMessage().contains("backtick"), e.getMessage());
    }
}
