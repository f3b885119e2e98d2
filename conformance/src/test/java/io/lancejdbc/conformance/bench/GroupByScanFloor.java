package io.lancejdbc.conformance.bench;

import io.lancejdbc.exec.split.FragmentSplitPlanner;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.Dataset;
import org.lance.Fragment;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * The floor under a GROUP BY cell of the matrix: the process CPU of lance-core scanning and exporting the columns
 * the statement reads (batches counted, no value read), once through one {@code LanceScanner} and once the way our
 * fragment splits read them ({@link FragmentSplitPlanner}'s runs of consecutive fragments, {@code workers} threads
 * taking splits in turn), against our driver and {@code Dataset.sql} running the statement. The four alternate,
 * the one that goes first changes every repetition; medians of process CPU and wall time per run.
 *
 * <pre>
 * GroupByScanFloor WAREHOUSE ROWS REPS WARMUP WORKERS BATCH CELL:COLUMNS...
 *   e.g. a.int.5:g5,f64,x a.str.1k:s1k,f64 (a cell of {@link MatrixCell} and the columns its statement reads;
 *   BATCH is the raw scanners' batch size, our driver's is 8192)
 * </pre>
 */
public final class GroupByScanFloor {
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final String[] SIDES = {"one scanner", "our splits", "ours (JDBC)", "Dataset.sql"};

    private GroupByScanFloor() {
    }

    public static void main(String[] a) throws Exception {
        Path warehouse = Path.of(a[0]);
        long rows = Long.parseLong(a[1]);
        int reps = Integer.parseInt(a[2]);
        int warmup = Integer.parseInt(a[3]);
        int workers = Integer.parseInt(a[4]);
        int batch = Integer.parseInt(a[5]);
        String table = MatrixTable.name(rows);
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try (BufferAllocator allocator = new RootAllocator();
                Dataset ds = Dataset.open().allocator(allocator)
                        .uri(MatrixTable.ensure(allocator, warehouse, rows).toString()).build();
                Connection c = DriverManager.getConnection("jdbc:lance:" + warehouse)) {
            List<List<Integer>> splits = splits(ds, workers);
            System.out.println("splits " + splits);
            for (int arg = 6; arg < a.length; arg++) {
                String cell = a[arg].substring(0, a[arg].indexOf(':'));
                List<String> columns = List.of(a[arg].substring(a[arg].indexOf(':') + 1).split(","));
                String sql = MatrixCell.all(rows).stream().filter(m -> m.id().equals(cell)).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("no cell " + cell)).sql();
                System.out.println(cell + " (" + sql + "), columns " + columns + ", load " + MachineLoad.now());
                measure(ds, c, pool, allocator, splits, columns, sql, table, batch, reps, warmup);
            }
        } finally {
            pool.shutdown();
        }
    }

    private static void measure(Dataset ds, Connection c, ExecutorService pool, BufferAllocator allocator,
            List<List<Integer>> splits, List<String> columns, String sql, String table, int batch, int reps,
            int warmup) throws Exception {
        List<List<Double>> cpu = new ArrayList<>();
        List<List<Double>> wall = new ArrayList<>();
        for (int k = 0; k < SIDES.length; k++) {
            cpu.add(new ArrayList<>());
            wall.add(new ArrayList<>());
        }
        for (int r = 0; r < warmup + reps; r++) {
            for (int k0 = 0; k0 < SIDES.length; k0++) {
                int k = (k0 + r) % SIDES.length;
                long c0 = OS.getProcessCpuTime();
                long t0 = System.nanoTime();
                long n = switch (k) {
                    case 0 -> scan(ds, columns, batch, null, allocator);
                    case 1 -> splitScan(ds, columns, batch, splits, pool, allocator);
                    case 2 -> jdbc(c, sql.replace("$t", table));
                    default -> datasetSql(ds, sql.replace("$t", "dataset"));
                };
                if (r >= warmup) {
                    cpu.get(k).add((OS.getProcessCpuTime() - c0) / 1e6);
                    wall.get(k).add((System.nanoTime() - t0) / 1e6);
                } else if (r == 0) {
                    System.out.println(SIDES[k] + ": " + n + " rows");
                }
            }
        }
        for (int k = 0; k < SIDES.length; k++) {
            System.out.printf(Locale.ROOT, "%-12s cpu %6.0f ms  wall %6.0f ms%n", SIDES[k], median(cpu.get(k)),
                    median(wall.get(k)));
        }
        System.out.println("load " + MachineLoad.now());
    }

    /** Runs of consecutive fragment ids, by the rule of {@link FragmentSplitPlanner#plan}. */
    private static List<List<Integer>> splits(Dataset ds, int workers) {
        List<Fragment> fragments = ds.getFragments();
        long total = 0;
        List<Long> counts = new ArrayList<>();
        for (Fragment f : fragments) {
            long n = f.countRows();
            counts.add(n);
            total += n;
        }
        long target = (long) workers * FragmentSplitPlanner.SPLITS_PER_WORKER;
        long perSplit = Math.max(1, Math.min(FragmentSplitPlanner.MAX_ROWS_PER_SPLIT, (total + target - 1) / target));
        List<List<Integer>> out = new ArrayList<>();
        List<Integer> run = new ArrayList<>();
        long runRows = 0;
        for (int i = 0; i < fragments.size(); i++) {
            if (!run.isEmpty() && (runRows + counts.get(i) > perSplit
                    || run.size() == FragmentSplitPlanner.MAX_FRAGMENTS_PER_SPLIT)) {
                out.add(run);
                run = new ArrayList<>();
                runRows = 0;
            }
            run.add(fragments.get(i).getId());
            runRows += counts.get(i);
        }
        if (!run.isEmpty()) {
            out.add(run);
        }
        return out;
    }

    private static long scan(Dataset ds, List<String> columns, int batch, List<Integer> fragments,
            BufferAllocator allocator) throws Exception {
        ScanOptions.Builder options = new ScanOptions.Builder().columns(columns).batchSize(batch);
        if (fragments != null) {
            options.fragmentIds(fragments);
        }
        long rows = 0;
        try (LanceScanner s = LanceScanner.create(ds, options.build(), allocator);
                ArrowReader reader = s.scanBatches()) {
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
        }
        return rows;
    }

    private static long splitScan(Dataset ds, List<String> columns, int batch, List<List<Integer>> splits,
            ExecutorService pool, BufferAllocator allocator) throws Exception {
        AtomicInteger next = new AtomicInteger();
        AtomicLong rows = new AtomicLong();
        List<Future<?>> running = new ArrayList<>();
        int workers = Math.min(splits.size(), ((java.util.concurrent.ThreadPoolExecutor) pool).getCorePoolSize());
        for (int w = 0; w < workers; w++) {
            running.add(pool.submit(() -> {
                int i;
                while ((i = next.getAndIncrement()) < splits.size()) {
                    rows.addAndGet(scan(ds, columns, batch, splits.get(i), allocator));
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get();
        }
        return rows.get();
    }

    /** Reads every value with its typed getter, as the matrix does ({@link MatrixChecksum}). */
    private static long jdbc(Connection c, String sql) throws Exception {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            return MatrixChecksum.ofResultSet(rs, false).toString().length();
        }
    }

    private static long datasetSql(Dataset ds, String sql) throws Exception {
        long rows = 0;
        try (ArrowReader reader = ds.sql(sql).intoBatchRecords()) {
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
        }
        return rows;
    }

    private static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        return s.get(s.size() / 2);
    }
}
