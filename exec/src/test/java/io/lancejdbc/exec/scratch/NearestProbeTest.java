package io.lancejdbc.exec.scratch;

import io.lancejdbc.exec.testing.*;
import java.nio.file.Path;
import java.util.*;
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

    @Test
    void probe4(@TempDir Path dir) throws Exception {
        try (BufferAllocator a = new RootAllocator()) {
            long t0 = System.nanoTime();
            ClusteredVectorTable t = ClusteredVectorTable.write(a, dir.resolve("c.lance"), 100_000, 128, 1000, 25_000);
            long t1 = System.nanoTime();
            System.out.println("write ms " + (t1 - t0) / 1_000_000);
            t.withIndex(a, ClusteredVectorTable.Index.IVF_PQ, 256);
            long t2 = System.nanoTime();
            System.out.println("index ms " + (t2 - t1) / 1_000_000);
            List<float[]> qs = new ArrayList<>();
            for (int q = 0; q < 50; q++) qs.add(t.query(q));
            t.exactTopK(qs, 10);
            System.out.println("exact ms " + (System.nanoTime() - t2) / 1_000_000);
        }
    }
}
