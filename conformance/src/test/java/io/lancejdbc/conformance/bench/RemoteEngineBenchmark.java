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
import io.lancejdbc.exec.testing.VectorElementType;
import io.lancejdbc.exec.testing.VectorIndexKind;
import io.lancejdbc.exec.testing.VectorMetric;
import io.lancejdbc.exec.testing.VectorTable;
import io.lancejdbc.exec.testing.VectorTableSpec;
import io.lancejdbc.exec.testing.VectorValues;
import java.util.List;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.client.ClientCookieMiddleware;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Issue 10 section 5 (the remote part): the engine behind a Flight SQL server on loopback against the embedded
 * engine, both in this JVM over the same 4,000,000-row {@code numbers} dataset, sides alternating with the same
 * warm-up: a full scan through the {@code ResultSet} getters (ratio remote / embedded, both sides must read the
 * same checksum), the p50 latency of a one-row point query (added milliseconds, with a breakdown of the remote
 * calls) and of a 10-NN {@code vector_search}. Prints one line per figure, with the machine load.
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
            System.out.printf("full scan 4M rows through getters: embedded p50 %.1f ms, remote p50 %.1f ms,"
                    + " ratio %.2f (%s)%n", es, rs, rs / es, MachineLoad.now());
            int n = 200;
            double[] pe = new double[n];
            double[] pr = new double[n];
            String sql = "SELECT " + BenchmarkQueries.COLUMNS + " FROM " + BenchmarkTable.NAME + " WHERE id = ?";
            try (PreparedStatement se = embedded.prepareStatement(sql); PreparedStatement sr = remote.prepareStatement(sql)) {
                for (int i = -20; i < n; i++) {
                    long id = Math.floorMod(i * 7919L + 13, BenchmarkTable.ROWS);
                    double te;
                    double tr;
                    if (Math.floorMod(i, 2) == 1) {
                        tr = point(sr, id);
                        te = point(se, id);
                    } else {
                        te = point(se, id);
                        tr = point(sr, id);
                    }
                    if (i >= 0) {
                        pe[i] = te;
                        pr[i] = tr;
                    }
                }
            }
            System.out.printf("point query (1 row): embedded p50 %.2f ms, remote p50 %.2f ms, added %.2f ms"
                    + " (%s)%n", median(pe), median(pr), median(pr) - median(pe), MachineLoad.now());
            breakdown(server.port(), sql);
        }
        vectorSearch(dir);
        Path thin = Path.of("..", "driver", "target", "lance-jdbc-thin-0.1.0.jar");
        if (Files.exists(thin)) {
            System.out.printf("thin jar: %,d bytes%n", Files.size(thin));
        }
    }

    /**
     * Where the remote point query's time goes, through arrow-java's own Flight SQL client on the same server: a
     * bare round trip (ListActions), the parameter DoPut plus GetFlightInfo (the server plans and starts the query
     * there), and the DoGet that streams the row (with the number of messages it took).
     */
    private static void breakdown(int port, String sql) throws Exception {
        try (BufferAllocator allocator = new RootAllocator();
                FlightClient client = FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", port))
                        .intercept(new ClientCookieMiddleware.Factory()).build();
                FlightSqlClient flightSql = new FlightSqlClient(client);
                FlightSqlClient.PreparedStatement ps = flightSql.prepare(sql);
                VectorSchemaRoot params = VectorSchemaRoot.create(new Schema(List.of(
                        Field.nullable("p1", new ArrowType.Int(64, true)))), allocator)) {
            int n = 100;
            double[] rtt = new double[n];
            double[] info = new double[n];
            double[] get = new double[n];
            long messages = 0;
            for (int i = -10; i < n; i++) {
                long t0 = System.nanoTime();
                client.listActions().forEach(a -> { });
                long t1 = System.nanoTime();
                ((BigIntVector) params.getVector(0)).setSafe(0, Math.floorMod(i * 7919L + 13, BenchmarkTable.ROWS));
                params.setRowCount(1);
                ps.setParameters(params);
                FlightInfo fi = ps.execute();
                long t2 = System.nanoTime();
                long m = 0;
                try (FlightStream stream = flightSql.getStream(fi.getEndpoints().get(0).getTicket())) {
                    while (stream.next()) {
                        m++;
                    }
                }
                long t3 = System.nanoTime();
                if (i >= 0) {
                    rtt[i] = (t1 - t0) / 1e6;
                    info[i] = (t2 - t1) / 1e6;
                    get[i] = (t3 - t2) / 1e6;
                    messages += m;
                }
            }
            System.out.printf("point query breakdown (arrow-java client): round trip p50 %.2f ms, DoPut+GetFlightInfo"
                    + " p50 %.2f ms, DoGet p50 %.2f ms, %.1f batches per DoGet%n", median(rtt), median(info),
                    median(get), messages / (double) n);
        }
    }

    /**
     * p50 of a 10-NN {@code vector_search} (IVF_PQ index, 100,000 rows of 128-d float32, in a warehouse next to the
     * scan's), embedded against remote, alternating.
     */
    private static void vectorSearch(Path dir) throws Exception {
        Path warehouse = dir.resolveSibling(dir.getFileName() + "-vectors");
        Path table = warehouse.resolve("items.lance");
        VectorTableSpec spec = VectorTableSpec.defaults().withDimension(128).withRows(100_000, 25_000)
                .withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2).withPartitions(64, 16);
        if (!Files.exists(table.resolve("_versions"))) {
            Files.createDirectories(warehouse);
            try (BufferAllocator allocator = new RootAllocator()) {
                VectorTable.write(allocator, table, spec);
            }
        }
        String sql = "SELECT id, _distance FROM vector_search(\"table\" = \"items\","
                + " \"column\" = \"embedding\", \"query_vector\" = ?, \"top_k\" = 10) ORDER BY _distance, id";
        try (LanceFlightServer server = LanceFlightServer.builder().property("warehouse", warehouse.toString())
                .port(0).start();
                Connection embedded = DriverManager.getConnection("jdbc:lance:" + warehouse);
                Connection remote = DriverManager.getConnection("jdbc:lance:flight://127.0.0.1:" + server.port());
                PreparedStatement se = embedded.prepareStatement(sql);
                PreparedStatement sr = remote.prepareStatement(sql)) {
            int n = 100;
            double[] pe = new double[n];
            double[] pr = new double[n];
            for (int i = -20; i < n; i++) {
                float[] q = VectorValues.query(VectorElementType.FLOAT32, 128, Math.floorMod(i, 50));
                boolean remoteFirst = Math.floorMod(i, 2) == 1;
                String a;
                String b;
                double te;
                double tr;
                if (remoteFirst) {
                    long t0 = System.nanoTime();
                    b = knn(sr, q);
                    tr = (System.nanoTime() - t0) / 1e6;
                    t0 = System.nanoTime();
                    a = knn(se, q);
                    te = (System.nanoTime() - t0) / 1e6;
                } else {
                    long t0 = System.nanoTime();
                    a = knn(se, q);
                    te = (System.nanoTime() - t0) / 1e6;
                    t0 = System.nanoTime();
                    b = knn(sr, q);
                    tr = (System.nanoTime() - t0) / 1e6;
                }
                if (!a.equals(b)) {
                    throw new IllegalStateException("remote and embedded 10-NN differ: " + a + " vs " + b);
                }
                if (i >= 0) {
                    pe[i] = te;
                    pr[i] = tr;
                }
            }
            System.out.printf("vector_search 10-NN (100k x 128-d, IVF_PQ): embedded p50 %.2f ms, remote p50 %.2f ms,"
                    + " added %.2f ms (%s)%n", median(pe), median(pr), median(pr) - median(pe), MachineLoad.now());
        }
    }

    private static String knn(PreparedStatement ps, float[] q) throws SQLException {
        ps.setObject(1, q);
        StringBuilder ids = new StringBuilder();
        int rows = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.append(rs.getLong(1)).append(',');
                rows++;
            }
        }
        if (rows != 10) {
            throw new IllegalStateException("10-NN returned " + rows + " rows");
        }
        return ids.toString();
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
