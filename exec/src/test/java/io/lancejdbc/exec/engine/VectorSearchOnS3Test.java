package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.ExactKnn;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * vector_search over a warehouse on S3 (S3Proxy with SigV4): an IVF_FLAT index plus fragments appended after it, so
 * the search combines index-segment and flat splits; results equal an exact flat search.
 */
@ExtendWith(SharedS3Proxy.class)
class VectorSearchOnS3Test {
    @TempDir
    static Path local;
    static VectorTable table;
    static S3TestServer s3;
    static String bucket;
    static EmbeddedQueryEngine engine;

    @BeforeAll
    static void upload(S3TestServer server) throws IOException {
        s3 = server;
        bucket = server.createBucket("vectors");
        VectorTableSpec spec = VectorTableSpec.defaults().withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2)
                .withUnindexedRows(200);
        try (BufferAllocator a = new RootAllocator()) {
            table = TestDatasets.vectors(a, local.resolve("vecs.lance"), spec);
        }
        Path root = table.path();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                String key = "wh/vecs.lance/" + root.relativize(f).toString().replace('\\', '/');
                try {
                    server.client().putObject(PutObjectRequest.builder().bucket(bucket).key(key).build(),
                            RequestBody.fromBytes(Files.readAllBytes(f)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        engine = new EmbeddedQueryEngine();
    }

    @AfterAll
    static void close() {
        assertEquals(0, engine.rootAllocator().getAllocatedMemory());
        engine.close();
    }

    private static EngineSession session() {
        Map<String, String> p = new HashMap<>(s3.connectionProperties());
        p.put("warehouse", "s3://" + bucket + "/wh");
        return engine.openSession(EngineConfig.of(p));
    }

    private static List<List<Object>> rows(EngineSession s, String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = s.execute(sql, List.of(), QueryOptions.defaults())) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    List<ValueAccess.Getter> g = new ArrayList<>();
                    for (var v : batch.getFieldVectors()) {
                        g.add(ValueAccess.getter(v));
                    }
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (var x : g) {
                            row.add(x.get(i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    private static String json(float[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i > 0 ? ", " : "").append(v[i]);
        }
        return sb.append(']').toString();
    }

    @Test
    void searchOnS3MatchesTheExactFlatSearch() {
        float[] q = table.queryVector(0);
        String sql = "SELECT id, _distance FROM vector_search(\"table\" = \"vecs\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"" + json(q) + "\", \"top_k\" = \"10\", \"nprobes\" = \"4\")";
        List<ExactKnn.Neighbor> exact = table.exactTopK(q, 10, VectorMetric.L2);
        try (EngineSession s = session()) {
            List<List<Object>> got = rows(s, sql);
            assertEquals(10, got.size());
            for (int i = 0; i < 10; i++) {
                assertEquals(exact.get(i).id(), got.get(i).get(0), "rank " + i);
                assertEquals(exact.get(i).distance(), ((Number) got.get(i).get(1)).doubleValue(),
                        1e-4 * Math.max(1, exact.get(i).distance()), "rank " + i);
            }
            String plan = String.valueOf(rows(s, "EXPLAIN " + sql));
            assertTrue(plan.contains("lanceVectorIndexStatus=USED"), plan);
            assertTrue(plan.contains("lanceSearchUnindexedFragments=1"), plan);
            assertTrue(!plan.contains(s3.secretKey()) && !plan.contains(json(q)), "no secret, no vector: " + plan);
        }
    }
}
