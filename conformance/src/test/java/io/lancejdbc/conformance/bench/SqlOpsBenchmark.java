package io.lancejdbc.conformance.bench;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.lance.demo.GeneratedBatchReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;
import org.lance.Dataset;
import org.lance.WriteParams;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * Benchmark of the relational operators against DuckDB (issue 3 section 5): a hash join of 4M x 100k rows and two
 * window queries, each run by the embedded lance-jdbc engine over Lance datasets and by DuckDB reading the same
 * datasets through an Arrow C stream exported from a lance-core scanner (what a Java user would do instead). Both
 * sides scan Lance in every run. Prints the median times and the ratio lance-jdbc / DuckDB (target: at most 1.5).
 *
 * <p>Run (from the repository root; the data is written once under the given directory):
 * <pre>
 * mvn -q -DskipTests -Pbench -pl conformance -am package -Dbench.dir=/tmp/lance-bench \
 *     -Dbench.main=io.lancejdbc.conformance.bench.SqlOpsBenchmark [-Dbench.args="RUNS [PARALLELISM]"]
 * </pre>
 *
 * <p>Tables: {@code fact} (4,000,000 rows in 8 fragments: {@code id} 0.., {@code k = id % 100000}, {@code g = id %
 * 1000}, {@code v = (id * 7919 % 1000) / 10.0}) and {@code dim} (100,000 rows: {@code k} 0.., {@code w = k % 97},
 * {@code name = 'n' || k}).
 */
public final class SqlOpsBenchmark {
    static final long FACT_ROWS = 4_000_000;
    static final long DIM_ROWS = 100_000;

    /** One benchmark query: the SQL for each engine and the columns DuckDB's streams need. */
    record Query(String name, String sql, Map<String, List<String>> columns) {
    }

    static final List<Query> QUERIES = List.of(
            new Query("scan only (baseline)", "SELECT count(*), sum(v), sum(k) FROM fact",
                    Map.of("fact", List.of("k", "v"))),
            new Query("hash join 4M x 100k",
                    "SELECT count(*), sum(f.v), sum(d.w) FROM fact f JOIN dim d ON f.k = d.k",
                    Map.of("fact", List.of("k", "v"), "dim", List.of("k", "w"))),
            new Query("window: row_number per group",
                    "SELECT count(*), sum(rn), max(rn) FROM (SELECT row_number() OVER (PARTITION BY g ORDER BY v DESC,"
                            + " id) AS rn FROM fact) t",
                    Map.of("fact", List.of("id", "g", "v"))),
            new Query("window: moving sum (ROWS 9 PRECEDING)",
                    "SELECT count(*), sum(s) FROM (SELECT sum(v) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN"
                            + " 9 PRECEDING AND CURRENT ROW) AS s FROM fact) t",
                    Map.of("fact", List.of("id", "g", "v"))));

    private SqlOpsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : System.getProperty("java.io.tmpdir") + "/lance-jdbc-bench");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int parallelism = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        Files.createDirectories(dir);
        MachineLoad before = MachineLoad.now();
        try (BufferAllocator allocator = new RootAllocator()) {
            writeIfAbsent(allocator, dir.resolve("fact.lance"), factSchema(), FACT_ROWS, 500_000,
                    SqlOpsBenchmark::fillFact);
            writeIfAbsent(allocator, dir.resolve("dim.lance"), dimSchema(), DIM_ROWS, 100_000,
                    SqlOpsBenchmark::fillDim);
            System.out.printf("parallelism %d on both sides (scan.parallelism; DuckDB threads and Lance streams per"
                    + " table), %d runs per side, sides alternating, load %s%n", parallelism, runs, before);
            System.out.printf("%-40s %21s %21s %14s%n", "query", "lance-jdbc median/min", "duckdb median/min",
                    "ratio med/min");
            try (EmbeddedQueryEngine engine = new EmbeddedQueryEngine();
                    EngineSession session = engine.openSession(EngineConfig.of(Map.of("warehouse",
                            dir.toString(), "scan.parallelism", Integer.toString(parallelism))));
                    Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                    DuckSide duckSide = new DuckSide(duck, allocator, dir, parallelism)) {
                for (Query q : QUERIES) {
                    List<Object> ours = runOurs(session, q.sql());
                    List<Object> theirs = duckSide.run(q);
                    if (!sameResult(ours, theirs)) {
                        throw new IllegalStateException(q.name() + ": results differ: lance-jdbc " + ours
                                + ", duckdb " + theirs);
                    }
                    for (int w = 0; w < 2; w++) {
                        runOurs(session, q.sql());
                        duckSide.run(q);
                    }
                    // Interleaved, the side that goes first alternating, so both see the same background load.
                    long[] ourTimes = new long[runs];
                    long[] duckTimes = new long[runs];
                    for (int r = 0; r < runs; r++) {
                        for (int side = 0; side < 2; side++) {
                            boolean oursNow = (side == 0) == (r % 2 == 0);
                            long t0 = System.nanoTime();
                            if (oursNow) {
                                runOurs(session, q.sql());
                                ourTimes[r] = System.nanoTime() - t0;
                            } else {
                                duckSide.run(q);
                                duckTimes[r] = System.nanoTime() - t0;
                            }
                        }
                    }
                    double ourMs = median(ourTimes) / 1e6;
                    double duckMs = median(duckTimes) / 1e6;
                    double ourMin = Arrays.stream(ourTimes).min().getAsLong() / 1e6;
                    double duckMin = Arrays.stream(duckTimes).min().getAsLong() / 1e6;
                    System.out.printf("%-40s %9.1f /%7.1f ms %9.1f /%7.1f ms %6.2f /%5.2f   %s%n", q.name(), ourMs,
                            ourMin, duckMs, duckMin, ourMs / duckMs, ourMin / duckMin, ours);
                }
            }
        }
        System.out.println("load " + before + " -> " + MachineLoad.now());
    }

    private static List<Object> runOurs(EngineSession session, String sql) {
        List<Object> out = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        for (var v : batch.getFieldVectors()) {
                            out.add(ValueAccess.getter(v).get(i));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * DuckDB's side, kept open across runs like our session: each table's {@link Dataset} is opened once; every run
     * exports {@code parallelism} Arrow C streams per table (lance-core scanners over interleaved fragment groups,
     * the way our splits are read by {@code scan.parallelism} workers), registers them, and queries their UNION
     * ALL, with DuckDB's {@code threads} set to the same parallelism. A stream is consumed by one query, so the
     * scanners are new per run, as our scans are.
     */
    static final class DuckSide implements AutoCloseable {
        private final Connection duck;
        private final BufferAllocator allocator;
        private final int parallelism;
        private final Map<String, Dataset> datasets = new java.util.HashMap<>();
        private final Map<String, List<List<Integer>>> fragmentGroups = new java.util.HashMap<>();

        DuckSide(Connection duck, BufferAllocator allocator, Path dir, int parallelism) throws SQLException {
            this.duck = duck;
            this.allocator = allocator;
            this.parallelism = parallelism;
            try (Statement st = duck.createStatement()) {
                st.execute("SET threads TO " + parallelism);
            }
            for (String table : List.of("fact", "dim")) {
                Dataset ds = Dataset.open(dir.resolve(table + ".lance").toString(), allocator);
                datasets.put(table, ds);
                List<List<Integer>> groups = new ArrayList<>();
                List<org.lance.Fragment> fragments = ds.getFragments();
                int streams = Math.min(parallelism, fragments.size());
                for (int g = 0; g < streams; g++) {
                    groups.add(new ArrayList<>());
                }
                for (int f = 0; f < fragments.size(); f++) {
                    groups.get(f % streams).add(fragments.get(f).getId());
                }
                fragmentGroups.put(table, groups);
            }
        }

        /** The statement with each table replaced by the UNION ALL of its registered streams. */
        private String rewrite(String sql) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b(FROM|JOIN) (fact|dim)( [a-z]\\b)?")
                    .matcher(sql);
            return m.replaceAll(r -> {
                String table = r.group(2);
                StringBuilder union = new StringBuilder("(");
                for (int g = 0; g < fragmentGroups.get(table).size(); g++) {
                    union.append(g == 0 ? "" : " UNION ALL ").append("SELECT * FROM ").append(table).append("_s")
                            .append(g);
                }
                return r.group(1) + " " + union + ") " + (r.group(3) == null ? table : r.group(3).trim());
            });
        }

        List<Object> run(Query q) throws Exception {
            List<AutoCloseable> resources = new ArrayList<>();
            try {
                for (Map.Entry<String, List<String>> t : q.columns().entrySet()) {
                    List<List<Integer>> groups = fragmentGroups.get(t.getKey());
                    for (int g = 0; g < groups.size(); g++) {
                        LanceScanner scanner = LanceScanner.create(datasets.get(t.getKey()),
                                new ScanOptions.Builder().columns(t.getValue()).fragmentIds(groups.get(g))
                                        .batchSize(8192).build(), allocator);
                        resources.add(scanner);
                        ArrowReader reader = scanner.scanBatches();
                        resources.add(reader);
                        ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator);
                        resources.add(stream);
                        Data.exportArrayStream(allocator, reader, stream);
                        duck.unwrap(DuckDBConnection.class).registerArrowStream(t.getKey() + "_s" + g, stream);
                    }
                }
                List<Object> out = new ArrayList<>();
                try (Statement st = duck.createStatement(); ResultSet rs = st.executeQuery(rewrite(q.sql()))) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int c = 1; c <= n; c++) {
                            out.add(rs.getObject(c));
                        }
                    }
                }
                return out;
            } finally {
                for (int i = resources.size() - 1; i >= 0; i--) {
                    try {
                        resources.get(i).close();
                    } catch (Exception e) {
                        // The stream may already be released by DuckDB; nothing else to free.
                    }
                }
            }
        }

        @Override
        public void close() {
            datasets.values().forEach(Dataset::close);
        }
    }

    private static boolean sameResult(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            if (x instanceof Number && y instanceof Number) {
                double dx = ((Number) x).doubleValue();
                double dy = ((Number) y).doubleValue();
                if (Math.abs(dx - dy) > 1e-9 * Math.max(1, Math.abs(dx))) {
                    return false;
                }
            } else if (!String.valueOf(x).equals(String.valueOf(y))) {
                return false;
            }
        }
        return true;
    }

    private static double median(long[] xs) {
        long[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }

    static Schema factSchema() {
        return new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.notNullable("k", new ArrowType.Int(64, true)),
                Field.notNullable("g", new ArrowType.Int(64, true)),
                Field.notNullable("v", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    }

    static Schema dimSchema() {
        return new Schema(List.of(Field.notNullable("k", new ArrowType.Int(64, true)),
                Field.notNullable("w", new ArrowType.Int(64, true)),
                Field.notNullable("name", ArrowType.Utf8.INSTANCE)));
    }

    private static void fillFact(VectorSchemaRoot root, long first, int count) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        BigIntVector k = (BigIntVector) root.getVector("k");
        BigIntVector g = (BigIntVector) root.getVector("g");
        Float8Vector v = (Float8Vector) root.getVector("v");
        for (int i = 0; i < count; i++) {
            long r = first + i;
            id.setSafe(i, r);
            k.setSafe(i, r % DIM_ROWS);
            g.setSafe(i, r % 1000);
            v.setSafe(i, (r * 7919 % 1000) / 10.0);
        }
    }

    private static void fillDim(VectorSchemaRoot root, long first, int count) {
        BigIntVector k = (BigIntVector) root.getVector("k");
        BigIntVector w = (BigIntVector) root.getVector("w");
        VarCharVector name = (VarCharVector) root.getVector("name");
        for (int i = 0; i < count; i++) {
            long r = first + i;
            k.setSafe(i, r);
            w.setSafe(i, r % 97);
            name.setSafe(i, ("n" + r).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void writeIfAbsent(BufferAllocator allocator, Path dir, Schema schema, long rows, int rowsPerFile,
            GeneratedBatchReader.BatchFiller filler) throws IOException {
        if (Files.exists(dir)) {
            return;
        }
        try (GeneratedBatchReader reader = new GeneratedBatchReader(allocator, schema, 0, rows, 65_536, filler);
                Dataset ds = Dataset.write().allocator(allocator).reader(reader).uri(dir.toString())
                        .mode(WriteParams.WriteMode.CREATE).maxRowsPerFile(rowsPerFile).execute()) {
            System.out.println("wrote " + dir + " (version " + ds.version() + ")");
        }
    }
}
