package io.lancejdbc.conformance.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Issue 10 section 5 (the isolated part): the time from {@code DriverManager.getConnection} to the first row of
 * {@code SELECT id FROM numbers LIMIT 1}, cold, embedded against {@code engine=isolated}. Cold means a fresh JVM
 * for every measurement (no class loaded, lance-core's native library not yet loaded, and for isolated no child
 * yet), so each measurement runs in its own JVM started by this one, sides alternating; the figure is the median
 * of each side and the difference. Run: {@code mvn -q -DskipTests -Pbench -pl conformance -am package
 * -Dbench.dir=/tmp/lance-bench -Dbench.main=io.lancejdbc.conformance.bench.IsolatedStartupBenchmark}. Never part
 * of {@code mvn verify}.
 */
public final class IsolatedStartupBenchmark {
    private static final String ONCE = "--once";

    private IsolatedStartupBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals(ONCE)) {
            once(args[1], Path.of(args[2]));
            // Do not wait for the isolated child's linger or the thin client's threads: the figure is printed.
            System.exit(0);
        }
        Path dir = Path.of(args[0]).toAbsolutePath();
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (BufferAllocator allocator = new RootAllocator()) {
            BenchmarkTable.ensure(allocator, dir);
        }
        double[] embedded = new double[reps];
        double[] isolated = new double[reps];
        for (int i = 0; i < reps; i++) {
            if (i % 2 == 0) {
                embedded[i] = measure("embedded", dir);
                isolated[i] = measure("isolated", dir);
            } else {
                isolated[i] = measure("isolated", dir);
                embedded[i] = measure("embedded", dir);
            }
        }
        double e = median(embedded);
        double s = median(isolated);
        System.out.printf("getConnection to first row, cold (fresh JVM each, %d runs per side): embedded p50 %.0f ms,"
                + " isolated p50 %.0f ms, added %.0f ms%n  embedded %s%n  isolated %s%n", reps, e, s, s - e,
                Arrays.toString(embedded), Arrays.toString(isolated));
    }

    /** One cold measurement in a fresh JVM with this JVM's class path and flags. */
    private static double measure(String mode, Path dir) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(IsolatedStartupBenchmark.class.getName());
        cmd.add(ONCE);
        cmd.add(mode);
        cmd.add(dir.toString());
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String result = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("ms=")) {
                    result = line.substring(3);
                }
            }
        }
        if (p.waitFor() != 0 || result == null) {
            throw new IllegalStateException(mode + " measurement failed (exit " + p.exitValue() + ")");
        }
        return Double.parseDouble(result);
    }

    private static void once(String mode, Path dir) throws Exception {
        String url = "jdbc:lance:" + dir + (mode.equals("isolated") ? "?engine=isolated" : "");
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM " + BenchmarkTable.NAME + " LIMIT 1")) {
            if (!rs.next()) {
                throw new IllegalStateException("no row");
            }
            rs.getLong(1);
            System.out.println("ms=" + (System.nanoTime() - t0) / 1e6);
        }
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
