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
    void probe3(@TempDir Path dir) throws Exception {
        try (BufferAllocator a = new RootAllocator()) {
            VectorTable t = VectorTable.write(a, dir.resolve("v.lance"), VectorTableSpec.defaults()
                .withIndex(VectorIndexKind.IVF_FLAT, VectorMetric.L2).withUnindexedRows(300));
            try (Dataset ds = Dataset.open().allocator(a).uri(t.path().toString()).build()) {
                System.out.println("before " + ds.getIndexes().stream().map(i -> i.name() + i.fragments()).toList() + " frags " + ds.getFragments().stream().map(f -> f.getId()).toList());
                ds.delete("id < 500");
                System.out.println("half " + ds.getIndexes().stream().map(i -> i.name() + i.fragments()).toList() + " frags " + ds.getFragments().stream().map(f -> f.getId()).toList() + " describe " + ds.describeIndices().size());
                ds.delete("id < 1000");
                System.out.println("after " + ds.getIndexes().stream().map(i -> i.name() + i.fragments()).toList() + " frags " + ds.getFragments().stream().map(f -> f.getId()).toList() + " describe " + ds.describeIndices().size());
            }
        }
    }
}
