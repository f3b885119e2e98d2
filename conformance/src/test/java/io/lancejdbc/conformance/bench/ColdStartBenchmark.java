package io.lancejdbc.conformance.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * Cold start (issue 11 §2): milliseconds from the start of a fresh JVM to the first row of
 * {@code SELECT id, u FROM m<rows> WHERE u < 1000} through the JDBC driver, against a plain lance-core program
 * that opens the dataset and reads the first batch of the same filtered scan. Each sample is one fresh JVM; the
 * two kinds alternate.
 *
 * <pre>ColdStartBenchmark &lt;data-dir&gt; [runs per side, default 5] [rows, default 4000000]</pre>
 * The matrix table must exist ({@link MatrixBenchmark} writes it).
 */
public final class ColdStartBenchmark {
    private ColdStartBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).toAbsolutePath();
        if (args.length > 1 && args[1].startsWith("--child=")) {
            child(dir, args[1].substring(8), Long.parseLong(args[2]));
            return;
        }
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        long rows = args.length > 2 ? Long.parseLong(args[2]) : 4_000_000;
        MachineLoad before = MachineLoad.now();
        List<double[]> jdbc = new ArrayList<>();
        List<double[]> lance = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            for (int side = 0; side < 2; side++) {
                boolean jdbcNow = (side == 0) == (r % 2 == 0);
                double[] t = spawn(dir, jdbcNow ? "jdbc" : "lance", rows);
                (jdbcNow ? jdbc : lance).add(t);
                System.out.printf(Locale.ROOT, "%s: first row %.1f ms after launch (JVM up %.1f, main entered %.1f,"
                        + " connection/dataset open took %.1f, open done %.1f, statement executed %.1f; classes"
                        + " loaded at main %.0f, open %.0f, executed %.0f, first row %.0f; CPU %.0f ms, main thread"
                        + " %.0f ms)%n", jdbcNow ? "jdbc" : "lance-core", t[0], t[1], t[2], t[3], t[4], t[5], t[6],
                        t[7], t[8], t[9], t[10], t[11]);
            }
        }
        double j = median(jdbc, 0);
        double l = median(lance, 0);
        System.out.printf(Locale.ROOT, "median first row: jdbc %.1f ms, lance-core %.1f ms, ratio %.2f (target <= 1.5);"
                + " open: jdbc %.1f ms, lance-core %.1f ms; load %s -> %s%n", j, l, j / l, median(jdbc, 3),
                median(lance, 3), before, MachineLoad.now());
        for (int side = 0; side < 2; side++) {
            List<double[]> xs = side == 0 ? jdbc : lance;
            System.out.printf(Locale.ROOT, "median phases %s (ms after launch): JVM up %.1f, main %.1f, open done %.1f,"
                    + " executed %.1f, first row %.1f; classes loaded at main %.0f, open %.0f, executed %.0f,"
                    + " first row %.0f; process CPU %.0f ms, main thread CPU %.0f ms%n", side == 0 ? "jdbc"
                    : "lance-core", median(xs, 1), median(xs, 2), median(xs, 4), median(xs, 5), median(xs, 0),
                    median(xs, 6), median(xs, 7), median(xs, 8), median(xs, 9), median(xs, 10), median(xs, 11));
        }
    }

    private static double median(List<double[]> xs, int i) {
        double[] v = xs.stream().mapToDouble(a -> a[i]).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static double[] spawn(Path dir, String kind, long rows) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ColdStartBenchmark.class.getName(),
                dir.toString(), "--child=" + kind, Long.toString(rows)));
        long launched = System.currentTimeMillis();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String result = null;
        StringBuilder log = new StringBuilder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                log.append(line).append('\n');
                if (line.startsWith("COLD ")) {
                    result = line;
                }
            }
        }
        if (p.waitFor() != 0 || result == null) {
            throw new IllegalStateException(kind + " child failed:\n" + log);
        }
        String[] f = result.split(" ");
        long jvmStart = Long.parseLong(f[1]);
        // From the launch of the process (what a user waits for), the JVM's own start-up included.
        return new double[] {Long.parseLong(f[2]) - launched, jvmStart - launched, Long.parseLong(f[3]) - launched,
                Double.parseDouble(f[4]), Long.parseLong(f[5]) - launched, Long.parseLong(f[6]) - launched,
                Double.parseDouble(f[7]), Double.parseDouble(f[8]), Double.parseDouble(f[9]),
                Double.parseDouble(f[10]), Double.parseDouble(f[11]), Double.parseDouble(f[12])};
    }

    /**
     * Prints COLD jvmStartMillis firstRowMillis mainEnteredMillis openMs openDoneMillis executedMillis, then the
     * number of classes loaded at main, open done, executed and first row, and the process and main-thread CPU ms at
     * the first row.
     * "Executed" is {@code executeQuery} returning (parse, bind, plan, and the scan started) for JDBC, the scanner
     * created for lance-core.
     */
    private static void child(Path dir, String kind, long rows) throws Exception {
        long entered = System.currentTimeMillis();
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
        long classesAtMain = classes.getTotalLoadedClassCount();
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        String table = MatrixTable.name(rows);
        double openMs;
        long firstRow;
        long openDone;
        long executed;
        long classesAtOpen;
        long classesAtExecuted;
        if (kind.equals("jdbc")) {
            long t0 = System.nanoTime();
            try (Connection c = DriverManager.getConnection("jdbc:lance:" + dir)) {
                openMs = (System.nanoTime() - t0) / 1e6;
                openDone = System.currentTimeMillis();
                classesAtOpen = classes.getTotalLoadedClassCount();
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery("SELECT id, u FROM " + table + " WHERE u < 1000")) {
                    executed = System.currentTimeMillis();
                    classesAtExecuted = classes.getTotalLoadedClassCount();
                    if (!rs.next()) {
                        throw new IllegalStateException("no row");
                    }
                    rs.getLong(1);
                    firstRow = System.currentTimeMillis();
                }
            }
        } else {
            try (BufferAllocator allocator = new RootAllocator()) {
                long t0 = System.nanoTime();
                try (Dataset ds = Dataset.open().allocator(allocator).uri(dir.resolve(table + ".lance").toString())
                        .build()) {
                    openMs = (System.nanoTime() - t0) / 1e6;
                    openDone = System.currentTimeMillis();
                    classesAtOpen = classes.getTotalLoadedClassCount();
                    try (LanceScanner scanner = LanceScanner.create(ds, new ScanOptions.Builder()
                            .columns(List.of("id", "u")).filter("u < 1000").build(), allocator);
                            ArrowReader reader = scanner.scanBatches()) {
                        executed = System.currentTimeMillis();
                        classesAtExecuted = classes.getTotalLoadedClassCount();
                        if (!reader.loadNextBatch()) {
                            throw new IllegalStateException("no batch");
                        }
                        firstRow = System.currentTimeMillis();
                    }
                }
            }
        }
        long classesAtFirstRow = classes.getTotalLoadedClassCount();
        double cpuMs = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1e6;
        // The main thread's own CPU: its critical path, what the time to first row comes to when the machine has a
        // core free for every other thread (the process CPU above counts the background and JIT threads too).
        double mainCpuMs = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1e6;
        System.out.printf(Locale.ROOT, "COLD %d %d %d %.1f %d %d %d %d %d %d %.0f %.0f%n", jvmStart, firstRow,
                entered, openMs, openDone, executed, classesAtMain, classesAtOpen, classesAtExecuted,
                classesAtFirstRow, cpuMs, mainCpuMs);
    }
}
