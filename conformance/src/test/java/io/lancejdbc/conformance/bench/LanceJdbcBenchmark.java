package io.lancejdbc.conformance.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.lance.Dataset;

/**
 * The benchmark of issue 2 §9: our JDBC driver against lance-core used directly, on the same 4,000,000-row dataset
 * (16 fragments) in the same JVM, for a full scan, a selective pushed filter and a GROUP BY. Each case runs
 * {@code --warmup} unmeasured and {@code --reps} measured times per side, the two sides alternating (and swapping
 * who goes first every repetition); both sides must read identical values (checked on every run). Prints a table
 * and appends JSON lines. How to run it: {@code docs/benchmarks.md}.
 *
 * <p>Never part of {@code mvn verify}: it is a main in the test sources, not a test.
 */
public final class LanceJdbcBenchmark {
    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    private LanceJdbcBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options;
        try {
            options = BenchmarkOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        MachineLoad before = MachineLoad.now();
        List<CaseResult> results = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            Path datasetDir = BenchmarkTable.ensure(allocator, options.dataDir());
            try (Connection connection = DriverManager.getConnection("jdbc:lance:" + options.dataDir());
                    Dataset dataset = Dataset.open().allocator(allocator).uri(datasetDir.toString()).build()) {
                JdbcWorkloads ours = new JdbcWorkloads(connection);
                RawLanceWorkloads raw = new RawLanceWorkloads(dataset, allocator);
                String filter = ours.pushedFilter(BenchmarkQueries.FILTER_SQL);
                System.out.println("pushed filter, also given to lance-core: " + filter);
                for (BenchmarkCase c : options.cases()) {
                    if (options.only() != null) {
                        boolean oursOnly = options.only().equals("ours");
                        runOnly(c, options.only(), switch (c) {
                            case SCAN -> oursOnly ? () -> ours.scan(BenchmarkQueries.SCAN_SQL) : () -> raw.scan(null);
                            case FILTER -> oursOnly ? () -> ours.scan(BenchmarkQueries.FILTER_SQL)
                                    : () -> raw.scan(filter);
                            case GROUPBY -> oursOnly ? ours::groupBy : raw::groupBy;
                            case TOPK -> oursOnly ? ours::topK : raw::topK;
                        }, options);
                        continue;
                    }
                    results.add(switch (c) {
                        case SCAN -> measure(c, () -> ours.scan(BenchmarkQueries.SCAN_SQL), () -> raw.scan(null),
                                options);
                        case FILTER -> measure(c, () -> ours.scan(BenchmarkQueries.FILTER_SQL),
                                () -> raw.scan(filter), options);
                        case GROUPBY -> measure(c, ours::groupBy, raw::groupBy, options);
                        case TOPK -> measure(c, ours::topK, raw::topK, options);
                    });
                }
            }
        }
        if (options.only() != null) {
            return;
        }
        MachineLoad after = MachineLoad.now();
        ResultsReport.print(System.out, results, before, after, options);
        ResultsReport.appendJsonLines(options.resultsFile(), results, before, after, options, commit());
        System.out.println("appended to " + options.resultsFile());
    }

    /** Profiling mode: one side only, times printed, nothing compared or recorded. */
    private static void runOnly(BenchmarkCase c, String side, Workload w, BenchmarkOptions options) throws Exception {
        String expected = w.run();
        for (int i = 1; i < options.warmup(); i++) {
            check(c, side, expected, w.run());
        }
        double[] ms = new double[options.repetitions()];
        double[] cpu = new double[options.repetitions()];
        for (int i = 0; i < ms.length; i++) {
            time(c, side, w, expected, ms, cpu, i);
        }
        Timings t = new Timings(ms);
        System.out.printf(java.util.Locale.ROOT, "%s, %s only: median %.1f ms (p10 %.1f, p90 %.1f), cpu %.1f ms%n",
                c.title, side, t.median(), t.percentile(10), t.percentile(90), new Timings(cpu).median());
    }

    private static CaseResult measure(BenchmarkCase c, Workload ours, Workload raw, BenchmarkOptions options)
            throws Exception {
        System.out.printf("%s: warm-up%n", c.title);
        String expected = raw.run();
        if (c == BenchmarkCase.FILTER && !expected.startsWith("rows=" + BenchmarkQueries.FILTER_ROWS + " ")) {
            throw new IllegalStateException("the filter should keep " + BenchmarkQueries.FILTER_ROWS
                    + " rows; lance-core read " + expected);
        }
        check(c, "ours", expected, ours.run());
        for (int w = 1; w < options.warmup(); w++) {
            check(c, "ours", expected, ours.run());
            check(c, "lance-core", expected, raw.run());
        }
        int n = options.repetitions();
        double[] oursMs = new double[n];
        double[] rawMs = new double[n];
        double[] oursCpu = new double[n];
        double[] rawCpu = new double[n];
        double[] paired = new double[n];
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0) {
                time(c, "ours", ours, expected, oursMs, oursCpu, i);
                time(c, "lance-core", raw, expected, rawMs, rawCpu, i);
            } else {
                time(c, "lance-core", raw, expected, rawMs, rawCpu, i);
                time(c, "ours", ours, expected, oursMs, oursCpu, i);
            }
            paired[i] = oursMs[i] / rawMs[i];
            System.out.printf("%s: run %d/%d ours %.1f ms (cpu %.1f), lance-core %.1f ms (cpu %.1f)%n", c.title,
                    i + 1, n, oursMs[i], oursCpu[i], rawMs[i], rawCpu[i]);
        }
        return new CaseResult(c, new Timings(oursMs), new Timings(rawMs), paired, new Timings(oursCpu),
                new Timings(rawCpu));
    }

    /** Runs {@code w} once; stores its wall-clock and process CPU milliseconds at index {@code i}. */
    private static void time(BenchmarkCase c, String side, Workload w, String expected, double[] wallMs,
            double[] cpuMs, int i) throws Exception {
        long cpu0 = CPU.getProcessCpuTime();
        long t0 = System.nanoTime();
        String got = w.run();
        wallMs[i] = (System.nanoTime() - t0) / 1e6;
        cpuMs[i] = (CPU.getProcessCpuTime() - cpu0) / 1e6;
        check(c, side, expected, got);
    }

    private static void check(BenchmarkCase c, String side, String expected, String got) {
        if (!expected.equals(got)) {
            throw new IllegalStateException(c.title + ": " + side + " read different values than lance-core.\n"
                    + "lance-core: " + expected + "\n" + side + ": " + got);
        }
    }

    /** The checked-out commit for the JSON lines, or "unknown" outside a git work tree. */
    private static String commit() {
        try {
            Process p = new ProcessBuilder("git", "describe", "--always", "--dirty").redirectErrorStream(true).start();
            try (InputStream in = p.getInputStream()) {
                String out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
                return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : "unknown";
            }
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown (interrupted)";
        }
    }
}
