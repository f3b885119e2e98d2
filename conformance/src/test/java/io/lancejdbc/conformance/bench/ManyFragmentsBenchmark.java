package io.lancejdbc.conformance.bench;

import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Scale figures of issue 11 §2 for many fragments and many tables: a table of {@code fragments} fragments (one
 * row each): the time of {@code EXPLAIN} (planning), the first row of a filtered scan and {@code count(*)}; a
 * warehouse of {@code tables} one-row tables: {@code getTables} and {@code SHOW TABLES}. Each figure is the median
 * of 5 runs after one warm-up run, on a new connection each time (so no catalog cache is warm from the last run).
 *
 * <pre>ManyFragmentsBenchmark &lt;data-dir&gt; [fragments, default 10000] [tables, default 1000]</pre>
 */
public final class ManyFragmentsBenchmark {
    private static final Schema SCHEMA = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true))));

    private ManyFragmentsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).toAbsolutePath();
        int fragments = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int tables = args.length > 2 ? Integer.parseInt(args[2]) : 1_000;
        Path fragWarehouse = dir.resolve("frag" + fragments);
        Path tableWarehouse = dir.resolve("tables" + tables);
        try (BufferAllocator allocator = new RootAllocator()) {
            Path t = fragWarehouse.resolve("t.lance");
            if (!Files.isDirectory(t)) {
                long t0 = System.nanoTime();
                GeneratedDatasetWriter.to(t, SCHEMA).rows(0, fragments).batchSize(fragments).maxRowsPerFile(1)
                        .write(allocator, (root, first, count) -> {
                            BigIntVector id = (BigIntVector) root.getVector("id");
                            for (int i = 0; i < count; i++) {
                                id.setSafe(i, first + i);
                            }
                        });
                System.out.printf("wrote %,d fragments in %.1f s%n", fragments, (System.nanoTime() - t0) / 1e9);
            }
            if (!Files.isDirectory(tableWarehouse)) {
                long t0 = System.nanoTime();
                for (int i = 0; i < tables; i++) {
                    GeneratedDatasetWriter.to(tableWarehouse.resolve(String.format("t%04d.lance", i)), SCHEMA)
                            .rows(0, 1).write(allocator, (root, first, count) ->
                                    ((BigIntVector) root.getVector("id")).setSafe(0, first));
                }
                System.out.printf("wrote %,d tables in %.1f s%n", tables, (System.nanoTime() - t0) / 1e9);
            }
        }
        MachineLoad before = MachineLoad.now();
        String url = "jdbc:lance:" + fragWarehouse;
        report("EXPLAIN SELECT id FROM t WHERE id < 10 (planning), " + fragments + " fragments",
                time(url, "EXPLAIN SELECT id FROM t WHERE id < 10", -1));
        report("the same EXPLAIN again on one open connection (its metadata cached)",
                timeOneConnection(url, "EXPLAIN SELECT id FROM t WHERE id < 10"));
        report("first row of SELECT id FROM t WHERE id < 10", time(url, "SELECT id FROM t WHERE id < 10", 1));
        report("SELECT count(*) FROM t (whole answer)", time(url, "SELECT count(*) FROM t", -1));
        String tablesUrl = "jdbc:lance:" + tableWarehouse;
        report("SHOW TABLES, " + tables + " tables", time(tablesUrl, "SHOW TABLES", -1));
        double[] meta = new double[6];
        for (int r = 0; r < meta.length; r++) {
            try (Connection c = DriverManager.getConnection(tablesUrl)) {
                long t0 = System.nanoTime();
                int n = 0;
                try (ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
                    while (rs.next()) {
                        rs.getString(3);
                        n++;
                    }
                }
                meta[r] = (System.nanoTime() - t0) / 1e6;
                if (n < tables) {
                    throw new IllegalStateException("getTables listed " + n + " of " + tables + " tables");
                }
            }
        }
        report("DatabaseMetaData.getTables(null, null, \"%\", null), " + tables + " tables",
                Arrays.copyOfRange(meta, 1, meta.length));
        System.out.println("load " + before + " -> " + MachineLoad.now());
    }

    private static void report(String what, double[] ms) {
        Timings t = new Timings(ms);
        System.out.printf(Locale.ROOT, "%-80s median %8.1f ms (min %.1f, max %.1f)%n", what, t.median(),
                t.percentile(1), t.percentile(100));
    }

    /** 1 warm-up and 5 measured runs on one connection, every row read. */
    private static double[] timeOneConnection(String url, String sql) throws Exception {
        double[] out = new double[6];
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            for (int r = 0; r < out.length; r++) {
                long t0 = System.nanoTime();
                try (ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        rs.getString(1);
                    }
                }
                out[r] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return Arrays.copyOfRange(out, 1, out.length);
    }

    /** 1 warm-up and 5 measured runs, each on a new connection; {@code rows} = -1 reads everything. */
    private static double[] time(String url, String sql, int rows) throws Exception {
        double[] out = new double[6];
        for (int r = 0; r < out.length; r++) {
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
                long t0 = System.nanoTime();
                try (ResultSet rs = st.executeQuery(sql)) {
                    int n = 0;
                    while ((rows < 0 || n < rows) && rs.next()) {
                        rs.getString(1);
                        n++;
                    }
                    if (n == 0) {
                        throw new IllegalStateException(sql + " returned no row");
                    }
                }
                out[r] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return Arrays.copyOfRange(out, 1, out.length);
    }
}
