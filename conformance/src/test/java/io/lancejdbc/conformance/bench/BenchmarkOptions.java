package io.lancejdbc.conformance.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Command line of {@link LanceJdbcBenchmark}: {@code <data-dir> [--reps N] [--warmup N] [--out FILE]
 * [--cases scan,filter,groupby,topk] [--only ours|lance-core]}.
 *
 * @param dataDir the warehouse directory; the table {@code numbers} is written there on the first run and reused
 * @param repetitions measured runs per side and case (the median of these is reported), at least 1
 * @param warmup unmeasured runs per side and case before measuring, at least 0
 * @param resultsFile JSON lines are appended here (default {@code <data-dir>/bench-results.jsonl})
 * @param cases the cases to run, in order
 * @param only for profiling: run only this side ({@code ours} or {@code lance-core}), print its times and write no
 *     results; null = both sides, compared
 */
record BenchmarkOptions(Path dataDir, int repetitions, int warmup, Path resultsFile, List<BenchmarkCase> cases,
        String only) {

    static final String USAGE = "usage: LanceJdbcBenchmark <data-dir> [--reps N] [--warmup N] [--out FILE]"
            + " [--cases scan,filter,groupby,topk] [--only ours|lance-core]";

    /** @throws IllegalArgumentException with {@link #USAGE} for a malformed command line */
    static BenchmarkOptions parse(String[] args) {
        Path dir = null;
        int reps = 15;
        int warmup = 3;
        Path out = null;
        String only = null;
        Set<BenchmarkCase> cases = new LinkedHashSet<>(List.of(BenchmarkCase.values()));
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--reps" -> reps = positive(value(args, ++i, a), a, 1);
                case "--warmup" -> warmup = positive(value(args, ++i, a), a, 0);
                case "--out" -> out = Path.of(value(args, ++i, a));
                case "--only" -> {
                    only = value(args, ++i, a);
                    if (!only.equals("ours") && !only.equals("lance-core")) {
                        throw new IllegalArgumentException("--only takes ours or lance-core; " + USAGE);
                    }
                }
                case "--cases" -> {
                    cases.clear();
                    for (String c : value(args, ++i, a).split(",")) {
                        cases.add(BenchmarkCase.valueOf(c.trim().toUpperCase(Locale.ROOT)));
                    }
                }
                default -> {
                    if (a.startsWith("--") || dir != null) {
                        throw new IllegalArgumentException("unexpected argument '" + a + "'; " + USAGE);
                    }
                    dir = Path.of(a).toAbsolutePath();
                }
            }
        }
        if (dir == null) {
            throw new IllegalArgumentException("no data directory given; " + USAGE);
        }
        if (out == null) {
            out = dir.resolve("bench-results.jsonl");
        }
        return new BenchmarkOptions(dir, reps, warmup, out, new ArrayList<>(cases), only);
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value; " + USAGE);
        }
        return args[i];
    }

    private static int positive(String s, String flag, int min) {
        int v = Integer.parseInt(s);
        if (v < min) {
            throw new IllegalArgumentException(flag + " must be >= " + min + ", got " + v);
        }
        return v;
    }
}
