package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.driver.jdbc.LanceDataSource;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 section 3: one {@link LanceDataSource} and a HikariCP pool over it, shared by 16 threads that each run
 * {@value #PROPERTY} mixed statements (25 in verify, 200 with {@code -Pload}): scans, GROUP BY, a join, vector_search,
 * metadata calls, prepared statements, statements cancelled from another thread and statements stopped by their
 * timeout, while a lance-core writer appends to the scanned table. Zero unexpected errors; every scan, GROUP BY and
 * prepared count answers from one committed version; vector_search and the join answer as without load; no Arrow
 * memory and no test thread is left after close. Throughput and p50/p99 latency go to the output
 * (docs/benchmarks.md).
 */
class LoadTest {
    static final String PROPERTY = "lancejdbc.load.statements";
    private static final int THREADS = 16;
    private static final int BATCH = 2_000;
    private static final String SLOW = "SELECT count(*) FROM t a CROSS JOIN t b CROSS JOIN t c";

    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    Path tmp;

    /** Committed version's row count (ids are 0..count-1, appended in order). */
    private final Set<Long> counts = ConcurrentHashMap.newKeySet();

    private static long sumTo(long n) {
        return n * (n - 1) / 2;
    }

    @Test
    void sixteenThreadsShareOneDataSourceAndAPoolWhileAWriterCommits() throws Exception {
        int perThread = Integer.getInteger(PROPERTY, 25);
        Path warehouse = Files.createDirectories(tmp.resolve("wh"));
        String tUri = warehouse.resolve("t.lance").toString();
        VectorTable vectors;
        try (BufferAllocator a = new RootAllocator()) {
            UriDatasets.createIds(a, tUri, Map.of(), 0, 4 * BATCH, BATCH);
            UriDatasets.createIds(a, warehouse.resolve("d.lance").toString(), Map.of(), 0, 100, 0);
            vectors = TestDatasets.vectors(a, warehouse.resolve("v.lance"), VectorTableSpec.defaults());
        }
        counts.add(4L * BATCH);
        String url = "jdbc:lance:" + warehouse + "?cache.latest_version.ttl_seconds=0";
        LanceDataSource dataSource = ENGINE.dataSource(url);
        HikariConfig config = new HikariConfig();
        config.setDataSource(dataSource);
        config.setPoolName("lance-load");
        config.setMaximumPoolSize(8);
        config.setConnectionTimeout(30_000);
        config.setReadOnly(true);
        float[] q = vectors.queryVector(0);
        String vectorSql = "SELECT id FROM vector_search(\"table\" = \"v\", \"column\" = \"embedding\", \"query_vector\""
                + " = \"" + Arrays.toString(q) + "\", \"top_k\" = \"5\") ORDER BY _distance, id";
        List<String> problems = new CopyOnWriteArrayList<>();
        Map<String, Integer> outcomes = new ConcurrentHashMap<>();
        long[][] latencies = new long[THREADS][perThread];
        Set<String> threadsBefore = threadNames();
        AtomicBoolean writing = new AtomicBoolean(true);
        long wall;
        String expectedVector;
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection c = pool.getConnection()) {
                expectedVector = rows(c, vectorSql);
            }
            assertEquals(5, expectedVector.split("\n").length);
            Thread writer = new Thread(() -> {
                try (BufferAllocator a = new RootAllocator()) {
                    long next = 4L * BATCH;
                    // At most 40 commits: every version adds a fragment, and thousands would measure fragments.
                    for (int commit = 0; commit < 40 && writing.get(); commit++) {
                        UriDatasets.appendIds(a, tUri, Map.of(), next, BATCH, BATCH);
                        next += BATCH;
                        counts.add(next);
                        Thread.sleep(250);
                    }
                } catch (Throwable t) {
                    problems.add("the writer failed: " + t);
                }
            }, "load-writer");
            writer.start();
            CountDownLatch done = new CountDownLatch(THREADS);
            List<Thread> workers = new ArrayList<>();
            long start = System.nanoTime();
            for (int w = 0; w < THREADS; w++) {
                int id = w;
                DataSource source = w % 2 == 0 ? pool : dataSource;
                Thread t = new Thread(() -> {
                    Random random = new Random(16_000 + id);
                    try {
                        for (int i = 0; i < perThread; i++) {
                            long t0 = System.nanoTime();
                            String kind = runOne(source, random.nextInt(10), random, vectorSql, expectedVector,
                                    problems);
                            latencies[id][i] = System.nanoTime() - t0;
                            outcomes.merge(kind, 1, Integer::sum);
                        }
                    } catch (Throwable e) {
                        problems.add("worker " + id + " failed: " + e);
                    } finally {
                        done.countDown();
                    }
                }, "load-worker-" + w);
                workers.add(t);
                t.start();
            }
            assertTrue(done.await(600, java.util.concurrent.TimeUnit.SECONDS), "the workers finished");
            wall = System.nanoTime() - start;
            writing.set(false);
            writer.join(60_000);
        }
        long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
        double seconds = wall / 1e9;
        String summary = String.format(java.util.Locale.ROOT, "Load: %d threads x %d statements = %d in %.1f s: "
                + "%.1f statements/s, p50 %.1f ms, p99 %.1f ms, max %.1f ms; versions committed %d; outcomes %s",
                THREADS, perThread, all.length, seconds, all.length / seconds, all[all.length / 2] / 1e6,
                all[(int) Math.min(all.length - 1, Math.ceil(all.length * 0.99) - 1)] / 1e6, all[all.length - 1] / 1e6,
                counts.size(), new TreeMap<>(outcomes));
        System.out.println(summary);
        assertEquals(List.of(), problems, summary);
        assertEquals(0, ENGINE.allocatedBytes(), "Arrow bytes held after the load");
        Set<String> left = threadNames().stream().filter(n -> !threadsBefore.contains(n))
                .filter(n -> n.startsWith("load-") || n.startsWith("lance-load")).collect(Collectors.toSet());
        assertEquals(Set.of(), left, "threads left by the load");
    }

    private static Set<String> threadNames() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .collect(Collectors.toSet());
    }

    private static String rows(Connection c, String sql) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    out.append(i == 1 ? "" : "|").append(rs.getString(i));
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** Runs statement kind {@code k} on a connection of {@code source}; returns the kind's outcome name. */
    private String runOne(DataSource source, int k, Random random, String vectorSql, String expectedVector,
            List<String> problems) throws SQLException, InterruptedException {
        try (Connection c = source.getConnection()) {
            switch (k) {
                case 0, 1 -> {
                    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                            "SELECT count(*), sum(id) FROM t")) {
                        rs.next();
                        long n = rs.getLong(1);
                        if (!counts.contains(n) || rs.getLong(2) != sumTo(n)) {
                            problems.add("scan answered " + n + "/" + rs.getLong(2) + ", no committed version");
                        }
                    }
                    return "scan";
                }
                case 2 -> {
                    long total = 0;
                    int groups = 0;
                    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                            "SELECT id % 10 AS g, count(*) FROM t GROUP BY id % 10 ORDER BY g")) {
                        while (rs.next()) {
                            total += rs.getLong(2);
                            groups++;
                        }
                    }
                    if (groups != 10 || !counts.contains(total)) {
                        problems.add("GROUP BY answered " + groups + " groups of " + total + " rows");
                    }
                    return "group by";
                }
                case 3 -> {
                    String got = rows(c, "SELECT count(*), sum(t.id) FROM t JOIN d ON t.id = d.id");
                    if (!got.equals("100|4950\n")) {
                        problems.add("the join answered " + got);
                    }
                    return "join";
                }
                case 4 -> {
                    String got = rows(c, vectorSql);
                    if (!got.equals(expectedVector)) {
                        problems.add("vector_search answered " + got + " instead of " + expectedVector);
                    }
                    return "vector_search";
                }
                case 5 -> {
                    int tables = 0;
                    try (ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
                        while (rs.next()) {
                            tables++;
                        }
                    }
                    try (ResultSet rs = c.getMetaData().getColumns(null, null, "t", "%")) {
                        rs.next();
                    }
                    if (tables != 3) {
                        problems.add("getTables listed " + tables + " tables");
                    }
                    return "metadata";
                }
                case 6 -> {
                    long p = random.nextInt(20_000);
                    try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM t WHERE id < ?")) {
                        ps.setLong(1, p);
                        try (ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            long n = rs.getLong(1);
                            boolean fits = counts.stream().anyMatch(cnt -> Math.min(p, cnt) == n);
                            if (!fits) {
                                problems.add("prepared count(id < " + p + ") answered " + n);
                            }
                        }
                    }
                    return "prepared";
                }
                case 7 -> {
                    try (Statement s = c.createStatement()) {
                        Thread canceller = new Thread(() -> {
                            try {
                                Thread.sleep(100);
                                s.cancel();
                            } catch (Exception e) {
                                problems.add("cancel failed: " + e);
                            }
                        }, "load-canceller");
                        canceller.start();
                        try (ResultSet rs = s.executeQuery(SLOW)) {
                            rs.next();
                            problems.add("the cross join was not cancelled");
                        } catch (SQLException e) {
                            if (!"57014".equals(e.getSQLState())) {
                                problems.add("a cancel gave " + e.getSQLState() + ": " + e.getMessage());
                            }
                        }
                        canceller.join();
                    }
                    return "cancel";
                }
                case 8 -> {
                    try (Statement s = c.createStatement()) {
                        s.setQueryTimeout(1);
                        try (ResultSet rs = s.executeQuery(SLOW)) {
                            rs.next();
                            problems.add("the cross join did not time out");
                        } catch (SQLException e) {
                            if (!"HYT00".equals(e.getSQLState())) {
                                problems.add("a timeout gave " + e.getSQLState() + ": " + e.getMessage());
                            }
                        }
                    }
                    return "timeout";
                }
                default -> {
                    String got = rows(c, "SELECT max(id) + 1 = count(*) FROM t");
                    if (!got.equals("true\n")) {
                        problems.add("max(id) + 1 = count(*) answered " + got);
                    }
                    return "scan";
                }
            }
        } catch (SQLException e) {
            problems.add("kind " + k + " failed: " + e.getSQLState() + " " + e.getMessage());
            return "error";
        }
    }
}
