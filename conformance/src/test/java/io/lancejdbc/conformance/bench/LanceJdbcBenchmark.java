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
                for (BenchmarkCase c : options.cases()) {
                    results.add(switch (c) {
                        case SCAN -> measure(c, () -> ours.scan(BenchmarkQueries.SCAN_SQL), () -> raw.scan(null),
                                options);
                        case FILTER -> measure(c, () -> ours.scan(BenchmarkQueries.FILTER_SQL),
                                () -> raw.scan(BenchmarkQueries.FILTER), options);
                        case GROUPBY -> measure(c, ours::groupBy, raw::groupBy, options);
                    });
                }
            }
        }
        MachineLoad after = MachineLoad.now();
        ResultsReport.print(System.out, results, before, after, options);
        ResultsReport.appendJsonLines(options.resultsFile(), results, before, after, options, commit());
        System.out.println("appended to " + options.resultsFile());
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
        double[] paired = new double[n];
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0) {
                oursMs[i] = time(c, "ours", ours, expected);
                rawMs[i] = time(c, "lance-core", raw, expected);
            } else {
                rawMs[i] = time(c, "lance-core", raw, expected);
                oursMs[i] = time(c, "ours", ours, expected);
            }
            paired[i] = oursMs[i] / rawMs[i];
            System.out.printf("%s: run %d/%d ours %.1f ms, lance-core %.1f ms%n", c.title, i + 1, n, oursMs[i],
                    rawMs[i]);
        }
        return new CaseResult(c, new Timings(oursMs), new Timings(rawMs), paired);
    }

    private static double time(BenchmarkCase c, String side, Workload w, String expected) throws Exception {
        long t0 = System.nanoTime();
        String got = w.run();
        double ms = (System.nanoTime() - t0) / 1e6;
        check(c, side, expected, got);
        return ms;
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
