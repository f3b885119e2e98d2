package io.lancejdbc.conformance.bench;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * Scale figure of issue 11 §2, big results: every row of {@link BigResultTable} (default 20,000,000 rows of an
 * int64, a nullable float64 and a short string) read through the JDBC getters ({@code getLong}, {@code getDouble}
 * with {@code wasNull}, {@code getString}) of {@code SELECT id, x, s FROM big<rows>}, against lance-core's scanner
 * over the same three columns with every value read from the Arrow vectors (a {@code String} per utf8 value), in
 * the same JVM. Each side runs {@code --warmup} unmeasured and {@code --reps} measured times, alternating and
 * swapping who goes first; every run's checksum must equal the one computed from the table's formulas. Reports
 * wall and process CPU medians, rows/s and value bytes/s ({@link ResultChecksum#valueBytes}), the ratio, the heap's
 * peak per side (heap pools' peak usage, reset before each run), the peak Arrow allocation of each side's allocator
 * (our engine's root allocator; the raw side's root allocator) and the process's peak resident set. Run it under
 * {@code -Xmx512m} to show the memory a 20M-row result needs is bounded.
 *
 * <pre>BigResultBenchmark &lt;data-dir&gt; [--rows 20000000] [--reps 5] [--warmup 1]</pre>
 *
 * <p>Never part of {@code mvn verify}: a main in the test sources ({@code BigResultBenchmarkSmokeTest} runs it on
 * small data).
 */
public final class BigResultBenchmark {
    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** One side's figures; {@code checksum} is what its last measured run read. */
    record SideFigures(String checksum, Timings wall, Timings cpu, long peakHeapBytes, long peakArrowBytes) {
    }

    /** Both sides of one run of the benchmark. */
    record Figures(long rows, long valueBytes, SideFigures ours, SideFigures raw) {
    }

    private BigResultBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).toAbsolutePath();
        long rows = 20_000_000;
        int reps = 5;
        int warmup = 1;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--rows" -> rows = Long.parseLong(args[i + 1]);
                case "--reps" -> reps = Integer.parseInt(args[i + 1]);
                case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (expected --rows, --reps, --warmup)");
            }
        }
        MachineLoad before = MachineLoad.now();
        Figures f = run(dir, rows, reps, warmup);
        MachineLoad after = MachineLoad.now();
        System.out.printf(Locale.ROOT, "%,d rows, %,d value bytes per read, %d runs per side after %d warm-up,"
                + " max heap %d MB, load %s -> %s%n", f.rows(), f.valueBytes(), reps, warmup,
                Runtime.getRuntime().maxMemory() >> 20, before, after);
        System.out.println("checksum (both sides, every run, = the table's formulas): " + f.ours().checksum());
        System.out.println("| side | wall median (p10..p90) | CPU median | rows/s | value MB/s | peak heap |"
                + " peak Arrow |");
        System.out.println("|---|---|---|---|---|---|---|");
        print("lance-jdbc getters", f.ours(), f);
        print("lance-core scanner", f.raw(), f);
        System.out.printf(Locale.ROOT, "ratio lance-jdbc / lance-core: wall %.2f, CPU %.2f; peak resident set %d MB%n",
                f.ours().wall().median() / f.raw().wall().median(), f.ours().cpu().median() / f.raw().cpu().median(),
                peakResidentMegabytes());
    }

    private static void print(String side, SideFigures s, Figures f) {
        double seconds = s.wall().median() / 1000;
        System.out.printf(Locale.ROOT, "| %s | %.0f ms (%.0f..%.0f) | %.0f ms | %.2f M | %.0f | %d MB | %.2f MB |%n",
                side, s.wall().median(), s.wall().percentile(10), s.wall().percentile(90), s.cpu().median(),
                f.rows() / seconds / 1e6, f.valueBytes() / seconds / 1e6, s.peakHeapBytes() >> 20,
                s.peakArrowBytes() / 1048576.0);
    }

    /**
     * Writes the table unless present, then measures both sides.
     *
     * @throws IllegalStateException when a side's checksum differs from the table's formulas
     */
    static Figures run(Path dir, long rows, int reps, int warmup) throws Exception {
        ResultChecksum expectedSum = BigResultTable.expected(rows);
        String expected = expectedSum.toString();
        try (BufferAllocator allocator = new RootAllocator()) {
            Path table = BigResultTable.ensure(allocator, dir, rows);
            EmbeddedQueryEngine engine = new EmbeddedQueryEngine();
            LanceDriver driver = EngineDrivers.over(engine);
            try (Connection connection = driver.connect("jdbc:lance:" + dir, new Properties());
                    Dataset dataset = Dataset.open().allocator(allocator).uri(table.toString()).build()) {
                String sql = "SELECT id, x, s FROM " + BigResultTable.name(rows);
                Workload ours = () -> viaGetters(connection, sql);
                Workload raw = () -> viaScanner(dataset, allocator);
                for (int w = 0; w < warmup; w++) {
                    check("lance-jdbc", expected, ours.run());
                    check("lance-core", expected, raw.run());
                }
                double[][] ms = new double[2][reps];
                double[][] cpu = new double[2][reps];
                long[] heap = new long[2];
                String[] read = new String[2];
                for (int i = 0; i < reps; i++) {
                    for (int k = 0; k < 2; k++) {
                        int side = (i + k) % 2;
                        resetHeapPeaks();
                        long cpu0 = CPU.getProcessCpuTime();
                        long t0 = System.nanoTime();
                        read[side] = (side == 0 ? ours : raw).run();
                        ms[side][i] = (System.nanoTime() - t0) / 1e6;
                        cpu[side][i] = (CPU.getProcessCpuTime() - cpu0) / 1e6;
                        heap[side] = Math.max(heap[side], heapPeaks());
                        check(side == 0 ? "lance-jdbc" : "lance-core", expected, read[side]);
                    }
                }
                return new Figures(rows, expectedSum.valueBytes(),
                        new SideFigures(read[0], new Timings(ms[0]), new Timings(cpu[0]), heap[0],
                                engine.rootAllocator().getPeakMemoryAllocation()),
                        new SideFigures(read[1], new Timings(ms[1]), new Timings(cpu[1]), heap[1],
                                allocator.getPeakMemoryAllocation()));
            } finally {
                EngineDrivers.shutdown(driver);
            }
        }
    }

    private static void check(String side, String expected, String got) {
        if (!expected.equals(got)) {
            throw new IllegalStateException(side + " read other values than the table holds.\nexpected: " + expected
                    + "\n" + side + ": " + got);
        }
    }

    static String viaGetters(Connection connection, String sql) throws SQLException {
        ResultChecksum sum = new ResultChecksum();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                sum.rows++;
                sum.idSum += rs.getLong(1);
                double x = rs.getDouble(2);
                if (rs.wasNull()) {
                    sum.nulls++;
                } else {
                    sum.xSum += x;
                }
                sum.textChars += rs.getString(3).length();
            }
        }
        return sum.toString();
    }

    static String viaScanner(Dataset dataset, BufferAllocator allocator) throws Exception {
        ResultChecksum sum = new ResultChecksum();
        ScanOptions options = new ScanOptions.Builder().columns(BigResultTable.COLUMNS).build();
        try (LanceScanner scanner = LanceScanner.create(dataset, options, allocator);
                ArrowReader reader = scanner.scanBatches()) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            while (reader.loadNextBatch()) {
                BigIntVector id = (BigIntVector) root.getVector("id");
                Float8Vector x = (Float8Vector) root.getVector("x");
                VarCharVector s = (VarCharVector) root.getVector("s");
                int n = root.getRowCount();
                sum.rows += n;
                for (int i = 0; i < n; i++) {
                    sum.idSum += id.get(i);
                    if (x.isNull(i)) {
                        sum.nulls++;
                    } else {
                        sum.xSum += x.get(i);
                    }
                    sum.textChars += new String(s.get(i), StandardCharsets.UTF_8).length();
                }
            }
        }
        return sum.toString();
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .toList();
    }

    private static void resetHeapPeaks() {
        heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    /** The sum of the heap pools' peak usage since the last reset (an upper bound of the heap's peak). */
    private static long heapPeaks() {
        return heapPools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    /** VmHWM of /proc/self/status in MB, or -1 where there is none. */
    private static long peakResidentMegabytes() throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
            }
        }
        return -1;
    }
}
