package io.lancejdbc.conformance.bench;

import java.lang.management.ManagementFactory;
import java.util.*;
import org.apache.arrow.memory.*;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.*;
import org.lance.ipc.*;

/**
 * What bounds the matrix's {@code a.*.where} cells: the process CPU of lance-core's filtered scan alone (one
 * {@code LanceScanner} over the table, and one per fragment as our fragment splits read it), against
 * {@code Dataset.sql} running the whole GROUP BY statement; the three alternate, 2 warm-up rounds, medians.
 *
 * <pre>
 * FilteredScanCost DATASET_URI REPS [FILTER [COLUMNS [SQL]]]   (defaults: the a.int.5.where cell on the matrix table)
 * </pre>
 */
public final class FilteredScanCost {
    static final com.sun.management.OperatingSystemMXBean CPU =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    public static void main(String[] a) throws Exception {
        // Defaults: the a.int.5.where cell of MatrixCell (its pushed filter, the columns it reads, its statement).
        String uri = a[0]; int reps = Integer.parseInt(a[1]);
        String filter = a.length > 2 ? a[2] : "x < 50000";
        List<String> cols = List.of(a.length > 3 ? a[3].split(",") : new String[] {"g5", "f64", "x"});
        String sql = a.length > 4 ? a[4] : "SELECT g5, count(*), sum(f64), avg(x) FROM dataset WHERE x < 50000 GROUP BY g5";
        try (BufferAllocator al = new RootAllocator(); Dataset ds = Dataset.open().allocator(al).uri(uri).build()) {
            List<Integer> frags = new ArrayList<>();
            for (Fragment f : ds.getFragments()) frags.add(f.getId());
            String[] names = {"one scanner", "16 scanners", "Dataset.sql"};
            List<List<Double>> cpu = new ArrayList<>(), wall = new ArrayList<>();
            for (int k = 0; k < 3; k++) { cpu.add(new ArrayList<>()); wall.add(new ArrayList<>()); }
            for (int r = 0; r < reps + 2; r++) {
                for (int k0 = 0; k0 < 3; k0++) {
                    int k = (k0 + r) % 3;
                    long c0 = CPU.getProcessCpuTime(), t0 = System.nanoTime(); long rows = 0;
                    if (k == 0) {
                        try (LanceScanner s = LanceScanner.create(ds, new ScanOptions.Builder().columns(cols).filter(filter).build(), al);
                             ArrowReader rd = s.scanBatches()) { while (rd.loadNextBatch()) rows += rd.getVectorSchemaRoot().getRowCount(); }
                    } else if (k == 1) {
                        for (int f : frags) {
                            try (LanceScanner s = LanceScanner.create(ds, new ScanOptions.Builder().columns(cols).filter(filter).fragmentIds(List.of(f)).build(), al);
                                 ArrowReader rd = s.scanBatches()) { while (rd.loadNextBatch()) rows += rd.getVectorSchemaRoot().getRowCount(); }
                        }
                    } else {
                        try (ArrowReader rd = ds.sql(sql).intoBatchRecords()) { while (rd.loadNextBatch()) rows += rd.getVectorSchemaRoot().getRowCount(); }
                    }
                    if (r >= 2) { cpu.get(k).add((CPU.getProcessCpuTime() - c0) / 1e6); wall.get(k).add((System.nanoTime() - t0) / 1e6); }
                    if (r == 0) System.out.println(names[k] + " rows " + rows);
                }
            }
            for (int k = 0; k < 3; k++) {
                Collections.sort(cpu.get(k)); Collections.sort(wall.get(k));
                System.out.printf("%-12s median cpu %.0f ms  wall %.0f ms%n", names[k], cpu.get(k).get(reps / 2), wall.get(k).get(reps / 2));
            }
            System.out.println("load " + new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim());
        }
    }
}
