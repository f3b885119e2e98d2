package io.lancejdbc.conformance.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * The benchmark matrix of issue 11 §1: filters against a raw lance-core scan, aggregations and sorts against
 * {@code Dataset.sql}, each cell a ratio of medians of alternating runs in one JVM (steady state, after equal
 * warm-up), and separately the third run of each side in fresh JVMs. Both sides read every value and must produce
 * the same {@link MatrixChecksum}.
 *
 * <pre>
 * MatrixBenchmark &lt;data-dir&gt; [--quick] [--rows N] [--reps N] [--warmup N] [--fresh N] [--cells p1,p2]
 *     [--parallelism N] [--out FILE] [--peak-memory]
 * </pre>
 * {@code --quick} is 200,000 rows, 3 reps, 1 warm-up, 1 fresh JVM per cell. {@code --peak-memory} also runs each
 * cell's statement once under EXPLAIN ANALYZE after its timed runs and reports the query's peak Arrow allocation
 * ({@code queryPeakMemory=}, bytes). How to run it: docs/benchmarks.md.
 */
public final class MatrixBenchmark {
    private static final java.util.regex.Pattern PEAK = java.util.regex.Pattern.compile("queryPeakMemory=(\\d+) bytes");
    private static final java.lang.management.ClassLoadingMXBean CLASSES = ManagementFactory.getClassLoadingMXBean();
    private static final java.lang.management.CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** Parsed command line. */
    record Options(Path dir, long rows, int reps, int warmup, int fresh, List<String> cells, int parallelism,
            Path out, String child, boolean childOursFirst, boolean peakMemory) {

        static Options parse(String[] args) {
            Path dir = null;
            long rows = 4_000_000;
            int reps = 7;
            int warmup = 2;
            int fresh = 3;
            List<String> cells = List.of();
            int parallelism = 0;
            Path out = null;
            String child = null;
            boolean oursFirst = true;
            boolean peakMemory = false;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--quick" -> {
                        rows = 200_000;
                        reps = 3;
                        warmup = 1;
                        fresh = 1;
                    }
                    case "--rows" -> rows = Long.parseLong(args[++i]);
                    case "--reps" -> reps = Integer.parseInt(args[++i]);
                    case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                    case "--fresh" -> fresh = Integer.parseInt(args[++i]);
                    case "--cells" -> cells = List.of(args[++i].split(","));
                    case "--parallelism" -> parallelism = Integer.parseInt(args[++i]);
                    case "--out" -> out = Path.of(args[++i]);
                    case "--child" -> child = args[++i];
                    case "--child-first" -> oursFirst = args[++i].equals("ours");
                    case "--peak-memory" -> peakMemory = true;
                    default -> {
                        if (a.startsWith("--") || dir != null) {
                            throw new IllegalArgumentException("unexpected argument " + a);
                        }
                        dir = Path.of(a).toAbsolutePath();
                    }
                }
            }
            if (dir == null) {
                throw new IllegalArgumentException("usage: MatrixBenchmark <data-dir> [--quick] [--rows N] [--reps N]"
                        + " [--warmup N] [--fresh N] [--cells p1,p2] [--parallelism N] [--out FILE] [--peak-memory]");
            }
            if (reps < 1 || warmup < 0 || fresh < 0) {
                throw new IllegalArgumentException("--reps must be >= 1, --warmup and --fresh >= 0");
            }
            return new Options(dir, rows, reps, warmup, fresh, cells, parallelism,
                    out == null ? dir.resolve("matrix-results.jsonl") : out, child, oursFirst, peakMemory);
        }

        List<MatrixCell> selected() {
            List<MatrixCell> out = new ArrayList<>();
            for (MatrixCell c : MatrixCell.all(rows)) {
                if (cells.isEmpty() || cells.stream().anyMatch(p -> c.id().startsWith(p))) {
                    out.add(c);
                }
            }
            return out;
        }
    }

    /**
     * One measured cell.
     *
     * @param floorCpu process CPU ms of the cell's scan floor ({@link Sides#floor}), measured in the same rounds
     * @param peakMemory our statement's peak Arrow allocation in bytes (EXPLAIN ANALYZE), or -1 when not measured
     */
    record Result(MatrixCell cell, String checksum, String pushed, Timings ours, Timings ref, Timings oursCpu,
            Timings refCpu, Timings floorCpu, Timings freshOurs, Timings freshRef, long peakMemory) {
        double ratio() {
            return ours.median() / ref.median();
        }

        double freshRatio() {
            return freshOurs == null ? Double.NaN : freshOurs.median() / freshRef.median();
        }
    }

    /** Both sides of the matrix, opened once per JVM and reused like the driver's session. */
    static final class Sides implements AutoCloseable {
        private final BufferAllocator allocator = new RootAllocator();
        private final Connection connection;
        private final Dataset dataset;
        private final String table;

        Sides(Options o) throws Exception {
            Path ds = MatrixTable.ensure(allocator, o.dir(), o.rows());
            table = MatrixTable.name(o.rows());
            Properties p = new Properties();
            if (o.parallelism() > 0) {
                p.setProperty("scan.parallelism", Integer.toString(o.parallelism()));
            }
            connection = DriverManager.getConnection("jdbc:lance:" + o.dir(), p);
            dataset = Dataset.open().allocator(allocator).uri(ds.toString()).build();
        }

        String ours(MatrixCell c) throws SQLException {
            try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(c.sqlFor(table))) {
                return MatrixChecksum.ofResultSet(rs, c.ordered()).toString();
            }
        }

        /** @param filter the Lance filter of a SCAN reference */
        String reference(MatrixCell c, String filter) throws Exception {
            MatrixChecksum sum = new MatrixChecksum(c.ordered());
            if (c.reference() == MatrixCell.Reference.SCAN) {
                ScanOptions.Builder builder = new ScanOptions.Builder().columns(c.columns());
                if (filter != null) {
                    builder.filter(filter);
                }
                ScanOptions options = builder.build();
                try (LanceScanner scanner = LanceScanner.create(dataset, options, allocator);
                        ArrowReader reader = scanner.scanBatches()) {
                    while (reader.loadNextBatch()) {
                        sum.addBatch(reader.getVectorSchemaRoot());
                    }
                }
            } else {
                try (ArrowReader reader = dataset.sql(c.sqlFor("dataset")).intoBatchRecords()) {
                    while (reader.loadNextBatch()) {
                        sum.addBatch(reader.getVectorSchemaRoot());
                    }
                }
            }
            return sum.toString();
        }

        /**
         * The scan floor of a cell: one lance-core scanner over the columns the statement reads, with the filter
         * our plan pushes, every batch loaded and no value read. It is what any engine on lance-core pays before
         * its first operator (decode, filter, the Arrow C export), so a cell's CPU above it is the engine's own.
         *
         * @return the rows the scan returned
         */
        long floor(MatrixCell c, String filter) throws Exception {
            ScanOptions.Builder builder = new ScanOptions.Builder().columns(c.columns());
            if (filter != null) {
                builder.filter(filter);
            }
            long rows = 0;
            try (LanceScanner scanner = LanceScanner.create(dataset, builder.build(), allocator);
                    ArrowReader reader = scanner.scanBatches()) {
                while (reader.loadNextBatch()) {
                    rows += reader.getVectorSchemaRoot().getRowCount();
                }
            }
            return rows;
        }

        /**
         * The filter our plan pushes to Lance, from EXPLAIN (for every cell with a WHERE: the reference of a
         * filter cell and the scan floor of every cell use it); for a plan that keeps a residual FILTER the WHERE
         * text of the statement, and {@code residual} says so.
         */
        String[] pushedFilter(MatrixCell c) throws SQLException {
            if (!c.sql().contains(" WHERE ")) {
                return new String[] {null, "no filter"};
            }
            String pushed = null;
            boolean residual = false;
            try (Statement st = connection.createStatement();
                    ResultSet rs = st.executeQuery("EXPLAIN " + c.sqlFor(table))) {
                while (rs.next()) {
                    String line = rs.getString(1).trim();
                    residual |= line.startsWith("FILTER");
                    if (line.startsWith("lancePushdownPredicate=")) {
                        pushed = line.substring("lancePushdownPredicate=".length());
                    }
                }
            }
            String where = c.sql().substring(c.sql().indexOf(" WHERE ") + 7);
            int groupBy = where.indexOf(" GROUP BY ");
            where = groupBy < 0 ? where : where.substring(0, groupBy);
            if (residual || pushed == null) {
                return new String[] {where, "residual FILTER (lance-core given the WHERE text)"};
            }
            return new String[] {pushed, "pushed"};
        }

        /** Our statement's peak Arrow allocation in bytes, from the last line EXPLAIN ANALYZE prints. */
        long peakMemory(MatrixCell c) throws SQLException {
            String last = null;
            try (Statement st = connection.createStatement();
                    ResultSet rs = st.executeQuery("EXPLAIN ANALYZE " + c.sqlFor(table))) {
                while (rs.next()) {
                    last = rs.getString(1);
                }
            }
            java.util.regex.Matcher m = PEAK.matcher(last == null ? "" : last);
            if (!m.lookingAt()) {
                throw new IllegalStateException(c.id() + ": EXPLAIN ANALYZE did not end with the peak memory: " + last);
            }
            return Long.parseLong(m.group(1));
        }

        @Override
        public void close() throws Exception {
            try (allocator; Dataset d = dataset; Connection conn = connection) {
                // closes in reverse order
            }
        }
    }

    private MatrixBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        if (o.child() != null) {
            runChild(o);
            return;
        }
        MachineLoad before = MachineLoad.now();
        List<MatrixCell> cells = o.selected();
        List<Result> results = new ArrayList<>();
        try (Sides sides = new Sides(o)) {
            for (MatrixCell c : cells) {
                results.add(steady(sides, c, o));
            }
        }
        if (o.fresh() > 0) {
            for (int i = 0; i < results.size(); i++) {
                results.set(i, fresh(results.get(i), o));
            }
        }
        MachineLoad after = MachineLoad.now();
        report(results, before, after, o);
    }

    private static Result steady(Sides sides, MatrixCell c, Options o) throws Exception {
        String[] filter = sides.pushedFilter(c);
        String expected = sides.reference(c, filter[0]);
        check(c, expected, sides.ours(c));
        for (int w = 1; w < o.warmup(); w++) {
            check(c, expected, sides.ours(c));
            check(c, expected, sides.reference(c, filter[0]));
        }
        int n = o.reps();
        double[] ours = new double[n];
        double[] ref = new double[n];
        double[] oursCpu = new double[n];
        double[] refCpu = new double[n];
        double[] floorCpu = new double[n];
        long floorRows = sides.floor(c, filter[0]);
        if (c.reference() == MatrixCell.Reference.SCAN && !expected.startsWith("rows=" + floorRows + " ")) {
            // A filter cell's floor scans exactly the rows the reference returns: else it measures another scan.
            throw new IllegalStateException(c.id() + ": the scan floor read " + floorRows + " rows, the reference "
                    + expected);
        }
        for (int i = 0; i < n; i++) {
            // The three sides rotate: each goes first, second and third equally often.
            for (int k = 0; k < 3; k++) {
                int side = (k + i) % 3;
                long cpu0 = CPU.getProcessCpuTime();
                long t0 = System.nanoTime();
                String got = side == 0 ? sides.ours(c) : side == 1 ? sides.reference(c, filter[0]) : null;
                long rows = side == 2 ? sides.floor(c, filter[0]) : -1;
                double ms = (System.nanoTime() - t0) / 1e6;
                double cpu = (CPU.getProcessCpuTime() - cpu0) / 1e6;
                if (side == 2) {
                    if (rows != floorRows) {
                        throw new IllegalStateException(c.id() + ": the scan floor read " + rows + " rows, then "
                                + floorRows);
                    }
                    floorCpu[i] = cpu;
                    continue;
                }
                check(c, expected, got);
                (side == 0 ? ours : ref)[i] = ms;
                (side == 0 ? oursCpu : refCpu)[i] = cpu;
            }
        }
        long peak = o.peakMemory() ? sides.peakMemory(c) : -1;
        Result r = new Result(c, expected, filter[1], new Timings(ours), new Timings(ref), new Timings(oursCpu),
                new Timings(refCpu), new Timings(floorCpu), null, null, peak);
        System.out.printf(Locale.ROOT, "%-22s steady ours %8.1f ms  ref %8.1f ms  ratio %.3f  cpu %.1f / %.1f ms"
                + "  floor cpu %.1f ms  %s  %s%n", c.id(), r.ours().median(), r.ref().median(), r.ratio(),
                r.oursCpu().median(), r.refCpu().median(), r.floorCpu().median(), expected, filter[1]);
        if (peak >= 0) {
            System.out.printf(Locale.ROOT, "%-22s peak Arrow allocation %,d bytes (%.1f MiB), max heap %d MiB%n",
                    c.id(), peak, peak / 1048576.0, Runtime.getRuntime().maxMemory() >> 20);
        }
        return r;
    }

    private static void check(MatrixCell c, String expected, String got) {
        if (!expected.equals(got)) {
            throw new IllegalStateException(c.id() + ": our driver read different values than the reference.\n"
                    + "reference: " + expected + "\nours:      " + got);
        }
    }

    /** Runs {@code o.fresh()} child JVMs for the cell, sides alternating who goes first, and keeps their third runs. */
    private static Result fresh(Result r, Options o) throws Exception {
        double[] ours = new double[o.fresh()];
        double[] ref = new double[o.fresh()];
        for (int k = 0; k < o.fresh(); k++) {
            List<String> cmd = new ArrayList<>();
            cmd.add(ProcessHandle.current().info().command().orElse("java"));
            cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(MatrixBenchmark.class.getName());
            cmd.add(o.dir().toString());
            cmd.addAll(List.of("--rows", Long.toString(o.rows()), "--child", r.cell().id(), "--child-first",
                    k % 2 == 0 ? "ours" : "ref"));
            if (o.parallelism() > 0) {
                cmd.addAll(List.of("--parallelism", Integer.toString(o.parallelism())));
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String third = null;
            StringBuilder log = new StringBuilder();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    log.append(line).append('\n');
                    if (line.startsWith("THIRD ")) {
                        third = line;
                    } else if (line.startsWith("RUN ")) {
                        System.out.println("    " + r.cell().id() + " fresh JVM " + (k + 1) + ": " + line);
                    }
                }
            }
            if (p.waitFor() != 0 || third == null) {
                throw new IllegalStateException(r.cell().id() + ": fresh JVM failed:\n" + log);
            }
            String[] f = third.split(" ");
            ours[k] = Double.parseDouble(f[1]);
            ref[k] = Double.parseDouble(f[2]);
            if (!f[3].equals(r.checksum().replace(' ', '_'))) {
                throw new IllegalStateException(r.cell().id() + ": a fresh JVM read " + f[3] + ", not "
                        + r.checksum());
            }
        }
        Result out = new Result(r.cell(), r.checksum(), r.pushed(), r.ours(), r.ref(), r.oursCpu(), r.refCpu(),
                r.floorCpu(), new Timings(ours), new Timings(ref), r.peakMemory());
        System.out.printf(Locale.ROOT, "%-22s third run in a fresh JVM: ours %8.1f ms  ref %8.1f ms  ratio %.3f%n",
                r.cell().id(), out.freshOurs().median(), out.freshRef().median(), out.freshRatio());
        return out;
    }

    /** In a fresh JVM: three runs per side, alternating; prints the third of each and the checksum. */
    private static void runChild(Options o) throws Exception {
        MatrixCell c = o.selected().stream().filter(x -> x.id().equals(o.child())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no cell " + o.child()));
        try (Sides sides = new Sides(o)) {
            String[] filter = sides.pushedFilter(c);
            double oursMs = 0;
            double refMs = 0;
            String sum = null;
            for (int run = 0; run < 3; run++) {
                for (int side = 0; side < 2; side++) {
                    boolean oursNow = (side == 0) == o.childOursFirst();
                    long classes0 = CLASSES.getTotalLoadedClassCount();
                    long jit0 = JIT.getTotalCompilationTime();
                    long cpu0 = CPU.getProcessCpuTime();
                    long t0 = System.nanoTime();
                    String got = oursNow ? sides.ours(c) : sides.reference(c, filter[0]);
                    double ms = (System.nanoTime() - t0) / 1e6;
                    // Per run: wall, process CPU, classes loaded and JIT compilation time (all compiler threads)
                    // during the run, to see what a fresh JVM's first runs spend beyond the steady state.
                    System.out.printf(Locale.ROOT, "RUN %d %s %.1f ms, cpu %.0f ms, %d classes loaded, jit %d ms%n",
                            run + 1, oursNow ? "ours" : "ref", ms, (CPU.getProcessCpuTime() - cpu0) / 1e6,
                            CLASSES.getTotalLoadedClassCount() - classes0, JIT.getTotalCompilationTime() - jit0);
                    if (sum != null) {
                        check(c, sum, got);
                    }
                    sum = got;
                    if (oursNow) {
                        oursMs = ms;
                    } else {
                        refMs = ms;
                    }
                }
            }
            System.out.printf(Locale.ROOT, "THIRD %.3f %.3f %s%n", oursMs, refMs, sum.replace(' ', '_'));
        }
    }

    private static void report(List<Result> results, MachineLoad before, MachineLoad after, Options o)
            throws Exception {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "rows %,d, %d reps, %d warm-up, %d fresh JVMs per cell, parallelism %s,"
                + " load %s -> %s, %d cpus%n%n", o.rows(), o.reps(), o.warmup(), o.fresh(),
                o.parallelism() > 0 ? Integer.toString(o.parallelism()) : "default", before, after, before.cpus()));
        md.append("| cell | what | ours ms | reference ms | steady ratio | CPU ms ours / ref / scan floor"
                + " | third run: ours / ref ms | third-run ratio | target | pushdown |\n"
                + "|---|---|---|---|---|---|---|---|---|---|\n");
        StringBuilder json = new StringBuilder();
        for (Result r : results) {
            boolean met = r.ratio() <= r.cell().target();
            double fr = r.freshRatio();
            double freshTarget = r.cell().reference() == MatrixCell.Reference.SCAN ? r.cell().target() : 1.0;
            md.append(String.format(Locale.ROOT, "| `%s` | %s | %.1f | %.1f | %s | %.0f / %.0f / %.0f | %s | %s"
                    + " | ≤ %.2f / %.2f | %s |%n",
                    r.cell().id(), r.cell().title(), r.ours().median(), r.ref().median(),
                    mark(r.ratio(), met), r.oursCpu().median(), r.refCpu().median(), r.floorCpu().median(),
                    Double.isNaN(fr) ? "–" : String.format(Locale.ROOT, "%.1f / %.1f",
                            r.freshOurs().median(), r.freshRef().median()),
                    Double.isNaN(fr) ? "–" : mark(fr, fr <= freshTarget), r.cell().target(), freshTarget,
                    r.pushed()));
            json.append(String.format(Locale.ROOT, "{\"cell\":\"%s\",\"rows\":%d,\"ours_ms\":%.3f,\"ref_ms\":%.3f,"
                    + "\"ratio\":%.4f,\"ours_cpu_ms\":%.3f,\"ref_cpu_ms\":%.3f,\"floor_cpu_ms\":%.3f,\"fresh_ratio\":%s,\"target\":%.2f,"
                    + "\"load_start\":\"%s\",\"load_end\":\"%s\",\"checksum\":\"%s\",\"pushdown\":\"%s\","
                    + "\"peak_arrow_bytes\":%s}%n",
                    r.cell().id(), o.rows(), r.ours().median(), r.ref().median(), r.ratio(), r.oursCpu().median(),
                    r.refCpu().median(), r.floorCpu().median(), Double.isNaN(fr) ? "null" : String.format(Locale.ROOT, "%.4f", fr),
                    r.cell().target(), before, after, r.checksum(), r.pushed(),
                    r.peakMemory() < 0 ? "null" : Long.toString(r.peakMemory())));
        }
        System.out.println();
        System.out.print(md);
        Files.writeString(o.out(), json, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        Files.writeString(o.dir().resolve("matrix-" + o.rows() + ".md"), md);
        System.out.println("appended to " + o.out() + "; table in " + o.dir().resolve("matrix-" + o.rows() + ".md"));
    }

    private static String mark(double ratio, boolean met) {
        return String.format(Locale.ROOT, met ? "%.2f" : "**%.2f**", ratio);
    }
}
