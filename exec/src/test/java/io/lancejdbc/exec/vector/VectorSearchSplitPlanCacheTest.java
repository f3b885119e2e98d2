package io.lancejdbc.exec.vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.testing.ClusteredVectorTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;

/** The per-session split-plan cache never serves the plan of one pinned version to another. */
class VectorSearchSplitPlanCacheTest {
    @TempDir
    Path dir;

    @Test
    void aNewVersionIsPlannedAfreshNotServedTheCachedPlanOfTheOldOne() throws Exception {
        Path table = dir.resolve("wh/t.lance");
        ClusteredVectorTable t;
        try (RootAllocator allocator = new RootAllocator()) {
            // 400 rows in 4 fragments of 100 (ids 0-99 in fragment 0), no index: one flat split per fragment.
            t = ClusteredVectorTable.write(allocator, table, 400, 8, 4, 100);
        }
        float[] q = t.query(0);
        StringBuilder v = new StringBuilder("[");
        for (int i = 0; i < q.length; i++) {
            v.append(i == 0 ? "" : ", ").append(q[i]);
        }
        String sql = "EXPLAIN SELECT id FROM vector_search(\"table\" = \"t\", \"column\" = \"embedding\","
                + " \"query_vector\" = \"" + v.append(']') + "\", \"top_k\" = \"3\")";
        EmbeddedQueryEngine engine = new EmbeddedQueryEngine();
        try (EngineSession session = engine.openSession(EngineConfig.of(Map.of("warehouse",
                dir.resolve("wh").toString(), "cache.latest_version.ttl_seconds", "0")))) {
            String before = explain(session, sql);
            assertTrue(before.contains("lanceSearchFragments=4"), before);
            assertEquals(before, explain(session, sql));

            try (RootAllocator allocator = new RootAllocator();
                    Dataset ds = Dataset.open().allocator(allocator).uri(table.toString()).build()) {
                ds.delete("id < 100");
            }

            String after = explain(session, sql);
            assertTrue(after.contains("lanceSearchFragments=3"), after);
            assertFalse(after.contains("fragments=[0]"), after);
        } finally {
            engine.close();
        }
    }

    private static String explain(EngineSession session, String sql) {
        List<String> lines = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    VarCharVector text = (VarCharVector) batch.getVector(0);
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        lines.add(new String(text.get(i), java.nio.charset.StandardCharsets.UTF_8));
                    }
                }
            }
        }
        return String.join("\n", lines);
    }
}
