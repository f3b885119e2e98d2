package io.lancejdbc.conformance.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints the results as a table and appends them to a JSON-lines file (one object per case and run). */
final class ResultsReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultsReport() {
    }

    static void print(PrintStream out, List<CaseResult> results, MachineLoad before, MachineLoad after,
            BenchmarkOptions options) {
        out.printf(Locale.ROOT, "%nlance-jdbc benchmark: %,d rows, %d fragments; %d measured runs per side (after %d"
                + " warm-up); %d CPUs; load average %s at start, %s at end%n", BenchmarkTable.ROWS,
                BenchmarkTable.FRAGMENTS, options.repetitions(), options.warmup(), before.cpus(), before, after);
        out.printf(Locale.ROOT, "%-28s %24s %24s %6s %6s %6s %11s%n", "case", "ours ms (p10..p90)",
                "lance-core ms (p10..p90)", "ratio", "paired", "cpu", "target");
        for (CaseResult r : results) {
            out.printf(Locale.ROOT, "%-28s %24s %24s %6.3f %6.3f %6.3f %11s%n", r.benchmarkCase().title,
                    cell(r.ours()), cell(r.raw()), r.ratio(), r.medianPairedRatio(), r.cpuRatio(),
                    String.format(Locale.ROOT, "<=%.2f %s", r.benchmarkCase().target, r.meetsTarget() ? "ok" : "MISS"));
        }
        out.println("ratio = median(ours) / median(lance-core) wall time; paired = median of the per-repetition"
                + " ratios; cpu = the same for process CPU time");
    }

    private static String cell(Timings t) {
        return String.format(Locale.ROOT, "%.1f (%.1f..%.1f)", t.median(), t.percentile(10), t.percentile(90));
    }

    static void appendJsonLines(Path file, List<CaseResult> results, MachineLoad before, MachineLoad after,
            BenchmarkOptions options, String commit) throws IOException {
        StringBuilder lines = new StringBuilder();
        String time = Instant.now().toString();
        for (CaseResult r : results) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("time", time);
            o.put("commit", commit);
            o.put("case", r.benchmarkCase().name().toLowerCase(Locale.ROOT));
            o.put("title", r.benchmarkCase().title);
            o.put("rows", BenchmarkTable.ROWS);
            o.put("fragments", BenchmarkTable.FRAGMENTS);
            o.put("repetitions", options.repetitions());
            o.put("warmup", options.warmup());
            o.put("cpus", before.cpus());
            o.put("load_start", List.of(before.one(), before.five(), before.fifteen()));
            o.put("load_end", List.of(after.one(), after.five(), after.fifteen()));
            o.put("ours_ms", timings(r.ours()));
            o.put("lance_core_ms", timings(r.raw()));
            o.put("ratio", r.ratio());
            o.put("paired_ratio", r.medianPairedRatio());
            o.put("ours_cpu_ms", timings(r.oursCpu()));
            o.put("lance_core_cpu_ms", timings(r.rawCpu()));
            o.put("cpu_ratio", r.cpuRatio());
            o.put("target", r.benchmarkCase().target);
            o.put("met", r.meetsTarget());
            o.put("java", System.getProperty("java.version"));
            o.put("jvm_args", ManagementFactory.getRuntimeMXBean().getInputArguments());
            lines.append(JSON.writeValueAsString(o)).append('\n');
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, lines.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    private static Map<String, Object> timings(Timings t) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("median", t.median());
        o.put("p10", t.percentile(10));
        o.put("p90", t.percentile(90));
        o.put("samples", t.millis());
        return o;
    }
}
