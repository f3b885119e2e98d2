package io.lancejdbc.conformance.bench;

import io.lancejdbc.server.LanceFlightServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Issue 10 section 5 (the remote part): the engine behind a Flight SQL server on loopback against the embedded
 * engine, both in this JVM over the same 4,000,000-row {@code numbers} dataset, sides alternating with the same
 * warm-up: a full scan through the {@code ResultSet} getters (ratio remote / embedded, both sides must read the
 * same checksum) and the p50 latency of a one-row point query (added milliseconds). Prints one line per figure.
 * Run: {@code mvn -q -DskipTests -Pbench -pl conformance -am package -Dbench.dir=/tmp/lance-bench
 * -Dbench.main=io.lancejdbc.conformance.bench.RemoteEngineBenchmark}. Never part of {@code mvn verify}.
 */
public final class RemoteEngineBenchmark {
    private RemoteEngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).toAbsolutePath();
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (BufferAllocator allocator = new RootAllocator()) {
            BenchmarkTable.ensure(allocator, dir);
        }
        try (LanceFlightServer server = LanceFlightServer.builder().property("warehouse", dir.toString()).port(0)
                .start();
                Connection embedded = DriverManager.getConnection("jdbc:lance:" + dir);
                Connection remote = DriverManager.getConnection("jdbc:lance:flight://127.0.0.1:" + server.port())) {
            JdbcWorkloads e = new JdbcWorkloads(embedded);
            JdbcWorkloads r = new JdbcWorkloads(remote);
            // Warm-up, the same on both sides.
            for (int i = 0; i < 2; i++) {
                e.scan(BenchmarkQueries.SCAN_SQL);
                r.scan(BenchmarkQueries.SCAN_SQL);
            }
            double[] embeddedMs = new double[reps];
            double[] remoteMs = new double[reps];
            for (int i = 0; i < reps; i++) {
                boolean remoteFirst = i % 2 == 1;
                String a;
                String b;
                if (remoteFirst) {
                    long t0 = System.nanoTime();
                    b = r.scan(BenchmarkQueries.SCAN_SQL);
                    remoteMs[i] = (System.nanoTime() - t0) / 1e6;
                    t0 = System.nanoTime();
                    a = e.scan(BenchmarkQueries.SCAN_SQL);
                    embeddedMs[i] = (System.nanoTime() - t0) / 1e6;
                } else {
                    long t0 = System.nanoTime();
                    a = e.scan(BenchmarkQueries.SCAN_SQL);
                    embeddedMs[i] = (System.nanoTime() - t0) / 1e6;
                    t0 = System.nanoTime();
                    b = r.scan(BenchmarkQueries.SCAN_SQL);
                    remoteMs[i] = (System.nanoTime() - t0) / 1e6;
                }
                if (!a.equals(b)) {
                    throw new IllegalStateException("remote and embedded scans differ: " + a + " vs " + b);
                }
            }
            double es = median(embeddedMs);
            double rs = median(remoteMs);
            System.out.printf("full scan 4M rows through getters: embedded p50 %.1f ms, remote p50 %.1f ms, ratio %.2f%n",
                    es, rs, rs / es);
            int n = 200;
            double[] pe = new double[n];
            double[] pr = new double[n];
            String sql = "SELECT " + BenchmarkQueries.COLUMNS + " FROM " + BenchmarkTable.NAME + " WHERE id = ?";
            try (PreparedStatement se = embedded.prepareStatement(sql); PreparedStatement sr = remote.prepareStatement(sql)) {
                for (int i = -20; i < n; i++) {
                    long id = Math.floorMod(i * 7919L + 13, BenchmarkTable.ROWS);
                    double te = point(se, id);
                    double tr = point(sr, id);
                    if (i >= 0) {
                        pe[i] = te;
                        pr[i] = tr;
                    }
                }
            }
            System.out.printf("point query (1 row): embedded p50 %.2f ms, remote p50 %.2f ms, added %.2f ms%n",
                    median(pe), median(pr), median(pr) - median(pe));
        }
        Path thin = Path.of("..", "driver", "target", "lance-jdbc-thin-0.1.0.jar");
        if (Files.exists(thin)) {
            System.out.printf("thin jar: %,d bytes%n", Files.size(thin));
        }
    }

    private static double point(PreparedStatement ps, long id) throws SQLException {
        long t0 = System.nanoTime();
        ps.setLong(1, id);
        try (ResultSet rs = ps.executeQuery()) {
            if (!rs.next() || rs.getLong(1) != id || rs.next()) {
                throw new IllegalStateException("point query for id " + id + " did not return exactly that row");
            }
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

}
