package io.lancejdbc.exec.scratch;

import io.lancejdbc.exec.testing.*;
import java.nio.file.Path;
import java.util.*;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.*;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.ipc.*;
import org.lance.index.*;

class NearestProbeTest {
    static void dump(String label, Dataset ds, ScanOptions opts) {
        try (LanceScanner sc = ds.newScan(opts); ArrowReader r = sc.scanBatches()) {
            StringBuilder sb = new StringBuilder(label + " schema=" + r.getVectorSchemaRoot().getSchema().getFields().stream().map(f -> f.getName() + ":" + f.getType()).toList());
            int n = 0;
            while (r.loadNextBatch()) {
                VectorSchemaRoot root = r.getVectorSchemaRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    if (n < 6) {
                        sb.append("\n   ");
                        for (FieldVector v : root.getFieldVectors()) sb.append(v.getName()).append("=").append(v.getObject(i)).append(" ");
                    }
                    n++;
                }
            }
            sb.append("\n   rows=" + n);
            Optional<ScanStats> st = sc.getStats();
            System.out.println(sb);
        } catch (Exception e) {
            System.out.println(label + " FAILED " + e);
        }
    }
    static void dumpStats(String label, Dataset ds, ScanOptions.Builder b) {
        try (LanceScanner sc = ds.newScan(b.collectStats(true).build())) {
            List<String> out = new ArrayList<>();
            try (ArrowReader r = sc.scanBatches()) {
                while (r.loadNextBatch()) {
                    VectorSchemaRoot root = r.getVectorSchemaRoot();
                    for (int i = 0; i < root.getRowCount() && out.size() < 5; i++) out.add(root.getVector("id").getObject(i) + "/" + root.getVector("_distance").getObject(i));
                }
            }
            ScanStats s = sc.getStats().orElseThrow();
            System.out.println(label + " " + out + " cmp=" + s.getIndexComparisons() + " " + s.getAllCounts());
        } catch (Exception e) {
            System.out.println(label + " FAILED " + e);
        }
    }

    static double time(int n, Runnable r) {
        for (int i = 0; i < 10; i++) r.run();
        double[] t = new double[n];
        for (int i = 0; i < n; i++) { long t0 = System.nanoTime(); r.run(); t[i] = (System.nanoTime() - t0) / 1e6; }
        Arrays.sort(t);
        return t[n / 2];
    }

    static void drain(io.lancejdbc.exec.engine.EngineSession s, String sql, List<io.lancejdbc.exec.engine.ParameterValue> p) {
        try (io.lancejdbc.exec.engine.QueryResult r = s.execute(sql, p, io.lancejdbc.exec.engine.QueryOptions.defaults())) {
            VectorSchemaRoot b; while ((b = r.nextBatch()) != null) b.close();
        }
    }

    static void lance(Dataset ds, BufferAllocator a, float[] q, boolean frags) {
        Query nq = new Query.Builder().setColumn("embedding").setKey(q).setK(10).setNprobes(20).setRefineFactor(10).build();
        ScanOptions.Builder b = new ScanOptions.Builder().nearest(nq).columns(List.of("id"));
        if (frags) b.fragmentIds(List.of(0, 1, 2, 3)).prefilter(true).withRowId(true);
        try (LanceScanner sc = LanceScanner.create(ds, b.build(), a); ArrowReader r = sc.scanBatches()) {
            while (r.loadNextBatch()) { }
        } catch (Exception e) { throw new RuntimeException(e); }
    }

    @Test
    void probe5(@TempDir Path dir) throws Exception {
        try (BufferAllocator a = new RootAllocator()) {
            ClusteredVectorTable t = ClusteredVectorTable.write(a, dir.resolve("wh/pq.lance"), 20_000, 128, 1000, 5_000)
                .withIndex(a, ClusteredVectorTable.Index.IVF_PQ, 256);
            float[] q = t.query(1);
            var p = List.of(new io.lancejdbc.exec.engine.ParameterValue(q, new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE)));
            String sql = "SELECT id, _distance FROM vector_search(\"table\" = \"pq\", \"column\" = \"embedding\", \"query_vector\" = ?, \"nprobes\" = \"20\", \"refine_factor\" = \"10\")";
            var engine = new io.lancejdbc.exec.engine.EmbeddedQueryEngine();
            try (var s = engine.openSession(io.lancejdbc.exec.config.EngineConfig.of(java.util.Map.of("warehouse", dir.resolve("wh").toString())));
                 Dataset ds = Dataset.open().allocator(a).uri(t.path().toString()).build()) {
                System.out.println("parse " + time(50, () -> io.lancejdbc.sql.parse.SqlParser.parse(sql)));
                System.out.println("explain plain scan " + time(50, () -> drain(s, "EXPLAIN SELECT id FROM pq", List.of())));
                System.out.println("explain " + time(50, () -> drain(s, "EXPLAIN " + sql, p)));
                System.out.println("prepare " + time(50, () -> s.prepare(sql)));
                System.out.println("explain plain scan " + time(50, () -> drain(s, "EXPLAIN SELECT id FROM pq", List.of())));
                System.out.println("explain " + time(50, () -> drain(s, "EXPLAIN " + sql, p)));
                String lit = "SELECT id, _distance FROM vector_search(\"table\" = \"pq\", \"column\" = \"embedding\", \"query_vector\" = \"" + Arrays.toString(q) + "\", \"nprobes\" = \"20\", \"refine_factor\" = \"10\")";
                System.out.println("explain literal " + time(50, () -> drain(s, "EXPLAIN " + lit, List.of())));
                System.out.println("query two-phase " + time(50, () -> drain(s, sql, p)));
                drain(s, "SET topn_lazy_materialization_threshold = -1", List.of());
                System.out.println("query one-phase " + time(50, () -> drain(s, sql, p)));
                System.out.println("lance whole " + time(50, () -> lance(ds, a, q, false)));
                System.out.println("lance frags+prefilter " + time(50, () -> lance(ds, a, q, true)));
            }
            engine.close();
        }
    }
}
