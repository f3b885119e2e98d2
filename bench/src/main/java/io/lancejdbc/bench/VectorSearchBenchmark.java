package io.lancejdbc.bench;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.testing.ClusteredVectorTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.Query;
import org.lance.ipc.ScanOptions;

/**
 * vector_search latency through the embedded engine, as a prepared statement (bind, plan, split search, Top-K
 * merge, result batches per execution) and as SQL text with a {@code ?} query vector (parse as well), against a
 * direct lance-core {@code nearest()} scan of the same dataset with the same parameters, in the same JVM, queries
 * interleaved so all three see the same machine load. Reports p50, p95 and p99 over the measured queries and
 * recall@10 of both against the exact top 10 (issue 4 §7, issue 11 §2).
 *
 * <p>Data: {@link ClusteredVectorTable} (float32, 1000 clusters), 4 fragments, written once under {@code -dir} and
 * reused by later runs. Cases (select with {@code -cases}, comma-separated names, run in that order):
 * <ul>
 *   <li>{@code IVF_PQ}: IVF_PQ (256 partitions, 16 sub-vectors), nprobes 20, refine_factor 10;
 *   <li>{@code IVF_PQ-default}: the same index with Lance's defaults (no nprobes: at least 1 partition, no
 *       maximum; no refine_factor), on both sides;
 *   <li>{@code IVF_PQ-tuned}: nprobes {@code -tuned-nprobes} (default 64), refine_factor 10;
 *   <li>{@code IVF_PQ-refined}: nprobes 20, refine_factor {@code -tuned-refine} (default 100);
 *   <li>{@code IVF_HNSW_SQ} (256 partitions; nprobes 20, default ef) and {@code flat} (use_index = false).
 * </ul>
 * Each selected case also runs with each prefilter of {@code -prefilters} (comma-separated moduli m, default
 * {@code 11,101}): the Lance filter {@code id % m = 0}, applied before the search on both sides (vector_search's
 * {@code "filter"} argument; lance-core {@code filter(..)} with {@code prefilter(true)}, without which lance-core
 * filters the k nearest rows afterwards). A modulus prime to the 1000 clusters keeps the fraction 1/m of every
 * cluster (11: 9.1%, 101: 0.99%), so the filter does not pick the clusters; {@code -prefilters none} runs only the
 * unfiltered searches. The exact oracle applies the same filter; every returned id is checked against it and the
 * filter's row count against lance-core's {@code countRows(filter)}. {@code -lance-reads-vector true} makes the
 * lance-core side project the vector column as well, as the driver does for each candidate (to recompute its exact
 * distance).
 *
 * <pre>
 * mvn -o -pl bench -am package -DskipTests -Pvector-bench -Dbench.args="-queries 200 -rows 100000"
 * mvn -o -pl bench -am package -DskipTests -Pvector-bench \
 *     -Dbench.args="-dir /tmp/lance-vec -rows 1000000 -queries 200 \
 *     -cases IVF_PQ-default,IVF_PQ,IVF_PQ-tuned,IVF_PQ-refined"
 * </pre>
 */
public final class VectorSearchBenchmark {
    private static final int K = 10;
    private static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);

    private record Options(Path dir, int rows, int dimension, int queries, int warmup, String cases,
            int tunedNprobes, int tunedRefineFactor, List<Integer> prefilters, boolean lanceReadsVector) {
        static Options parse(String[] args) {
            Path dir = Path.of("target/bench-data");
            int rows = 100_000;
            int dimension = 128;
            int queries = 200;
            int warmup = 20;
            String cases = "IVF_PQ,IVF_HNSW_SQ,flat";
            int tunedNprobes = 64;
            int tunedRefineFactor = 100;
            String prefilters = "11,101";
            boolean lanceReadsVector = false;
            for (int i = 0; i + 1 < args.length; i += 2) {
                switch (args[i]) {
                    case "-dir" -> dir = Path.of(args[i + 1]);
                    case "-rows" -> rows = Integer.parseInt(args[i + 1]);
                    case "-dim" -> dimension = Integer.parseInt(args[i + 1]);
                    case "-queries" -> queries = Integer.parseInt(args[i + 1]);
                    case "-warmup" -> warmup = Integer.parseInt(args[i + 1]);
                    case "-cases" -> cases = args[i + 1];
                    case "-tuned-nprobes" -> tunedNprobes = Integer.parseInt(args[i + 1]);
                    case "-tuned-refine" -> tunedRefineFactor = Integer.parseInt(args[i + 1]);
                    case "-prefilters" -> prefilters = args[i + 1];
                    case "-lance-reads-vector" -> lanceReadsVector = Boolean.parseBoolean(args[i + 1]);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]
                            + " (expected -dir, -rows, -dim, -queries, -warmup, -cases, -tuned-nprobes,"
                            + " -tuned-refine, -prefilters, -lance-reads-vector)");
                }
            }
            List<Integer> moduli = prefilters.equals("none") ? List.of()
                    : Arrays.stream(prefilters.split(",")).map(Integer::parseInt).toList();
            return new Options(dir, rows, dimension, queries, warmup, cases, tunedNprobes, tunedRefineFactor,
                    moduli, lanceReadsVector);
        }
    }

    /**
     * One benchmark case: a table and the search parameters, the same for both sides.
     *
     * @param nprobes 0 = Lance's default (at least 1 partition, no maximum)
     * @param refineFactor 0 = no refinement
     * @param modulus 0 = no prefilter, otherwise the prefilter {@code id % modulus = 0}
     */
    private record Case(String name, String table, boolean useIndex, int nprobes, int refineFactor, int modulus) {
        Case withPrefilter(int m) {
            return new Case(name, table, useIndex, nprobes, refineFactor, m);
        }

        String filter() {
            return "id % " + modulus + " = 0";
        }

        boolean keeps(long id) {
            return modulus == 0 || id % modulus == 0;
        }

        String label() {
            return name + " (nprobes " + (nprobes > 0 ? nprobes : "default") + ", refine_factor "
                    + (refineFactor > 0 ? refineFactor : "none") + ")";
        }

        String sql() {
            StringBuilder sb = new StringBuilder("SELECT id, _distance FROM vector_search(\"table\" = \"" + table
                    + "\", \"column\" = \"embedding\", \"query_vector\" = ?, \"top_k\" = \"" + K + "\"");
            if (!useIndex) {
                sb.append(", \"use_index\" = \"false\"");
            }
            if (nprobes > 0) {
                sb.append(", \"nprobes\" = \"").append(nprobes).append('"');
            }
            if (refineFactor > 0) {
                sb.append(", \"refine_factor\" = \"").append(refineFactor).append('"');
            }
            if (modulus > 0) {
                sb.append(", \"filter\" = \"").append(filter()).append('"');
            }
            return sb.append(')').toString();
        }

        Query lanceQuery(float[] key) {
            Query.Builder q = new Query.Builder().setColumn("embedding").setKey(key).setK(K).setUseIndex(useIndex);
            if (nprobes > 0) {
                q.setNprobes(nprobes);
            }
            if (refineFactor > 0) {
                q.setRefineFactor(refineFactor);
            }
            return q.build();
        }

        /**
         * @param readVector whether to project the vector column too (what the driver reads for each candidate to
         *     recompute its exact distance); otherwise {@code id, _distance}, the columns the SQL side returns
         */
        ScanOptions lanceOptions(float[] key, boolean readVector) {
            // Naming _distance also keeps lance-core from logging a deprecation warning on every search (it
            // auto-projects _distance when only "id" is named).
            List<String> columns = readVector ? List.of("id", "_distance", "embedding") : List.of("id", "_distance");
            ScanOptions.Builder options = new ScanOptions.Builder().nearest(lanceQuery(key)).columns(columns);
            if (modulus > 0) {
                // Without prefilter(true) lance-core filters the k nearest rows after the search.
                options.filter(filter()).prefilter(true);
            }
            return options.build();
        }
    }

    /** Latencies (ms) and answers of one side of one case. */
    private static final class Side {
        final double[] millis;
        final List<List<Long>> answers = new ArrayList<>();

        Side(int n) {
            millis = new double[n];
        }

        double percentile(double p) {
            double[] s = millis.clone();
            Arrays.sort(s);
            int i = (int) Math.ceil(p / 100.0 * s.length) - 1;
            return s[Math.max(0, Math.min(s.length - 1, i))];
        }

        String latencies() {
            return String.format(Locale.ROOT, "%.2f / %.2f / %.2f ms", percentile(50), percentile(95),
                    percentile(99));
        }

        /** Exact neighbours returned over exact neighbours asked for (k per query, fewer if fewer rows match). */
        double recall(List<List<Long>> exact) {
            long hits = 0;
            long wanted = 0;
            for (int q = 0; q < exact.size(); q++) {
                hits += answers.get(q).stream().filter(exact.get(q)::contains).count();
                wanted += exact.get(q).size();
            }
            return hits / (double) wanted;
        }
    }

    private VectorSearchBenchmark() {
    }

    public static void main(String[] args) {
        Options o = Options.parse(args);
        Path warehouse = o.dir().resolve("wh-" + o.rows() + "x" + o.dimension());
        List<String> selected = Arrays.asList(o.cases().split(","));
        try (BufferAllocator allocator = new RootAllocator()) {
            ClusteredVectorTable pq = dataset(allocator, warehouse.resolve("pq.lance"), o,
                    ClusteredVectorTable.Index.IVF_PQ);
            ClusteredVectorTable hnsw = selected.contains("IVF_HNSW_SQ") ? dataset(allocator,
                    warehouse.resolve("hnsw.lance"), o, ClusteredVectorTable.Index.IVF_HNSW_SQ) : null;
            List<float[]> queries = new ArrayList<>();
            for (int q = 0; q < o.queries(); q++) {
                queries.add(pq.query(q));
            }
            List<Integer> moduli = new ArrayList<>(List.of(0));
            moduli.addAll(o.prefilters());
            List<LongPredicate> filters = moduli.stream()
                    .<LongPredicate>map(m -> m == 0 ? id -> true : id -> id % m == 0).toList();
            long t0 = System.nanoTime();
            List<List<List<Long>>> exact = pq.exactTopK(queries, K, filters);
            System.out.printf(Locale.ROOT, "exact top-%d of %d queries under %d filters computed in %.1f s%n", K,
                    queries.size(), filters.size(), (System.nanoTime() - t0) / 1e9);
            List<Case> base = List.of(new Case("IVF_PQ-default", "pq", true, 0, 0, 0),
                    new Case("IVF_PQ", "pq", true, 20, 10, 0),
                    new Case("IVF_PQ-tuned", "pq", true, o.tunedNprobes(), 10, 0),
                    new Case("IVF_PQ-refined", "pq", true, 20, o.tunedRefineFactor(), 0),
                    new Case("IVF_HNSW_SQ", "hnsw", true, 20, 0, 0), new Case("flat", "pq", false, 0, 0, 0));
            String loadBefore = loadAverage();
            EmbeddedQueryEngine engine = new EmbeddedQueryEngine();
            try (EngineSession session = engine.openSession(EngineConfig.of(Map.of("warehouse",
                    warehouse.toString())))) {
                StringBuilder table = new StringBuilder();
                table.append(String.format(Locale.ROOT, "%n| case | prefilter (selectivity) | prepared vector_search"
                        + " p50 / p95 / p99 | p50 ratio | SQL text vector_search p50 / p95 / p99 | p50 ratio"
                        + " | lance-core nearest p50 / p95 / p99 | recall@10 vector_search | recall@10 lance-core"
                        + " |%n"));
                table.append("|---|---|---|---|---|---|---|---|---|\n");
                for (String name : selected) {
                    Case b = base.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(() ->
                            new IllegalArgumentException("unknown case " + name + " (expected one of "
                                    + base.stream().map(Case::name).toList() + ")"));
                    Path path = b.table().equals("pq") ? pq.path() : hnsw.path();
                    try (Dataset ds = Dataset.open().allocator(allocator).uri(path.toString()).build()) {
                        for (int f = 0; f < moduli.size(); f++) {
                            Case c = b.withPrefilter(moduli.get(f));
                            String filter = "none";
                            if (c.modulus() > 0) {
                                long matching = ds.countRows(c.filter());
                                long expected = (o.rows() - 1) / c.modulus() + 1;
                                if (matching != expected) {
                                    throw new IllegalStateException("lance-core counts " + matching + " rows for "
                                            + c.filter() + ", the oracle " + expected);
                                }
                                filter = String.format(Locale.ROOT, "`%s` (%.2f%%)", c.filter(),
                                        100.0 * matching / o.rows());
                            }
                            Side[] sides = run(c, session, ds, allocator, queries, o);
                            double lanceP50 = sides[2].percentile(50);
                            table.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %s | %.2f | %s | %.3f"
                                    + " | %.3f |%n", c.label(), filter, sides[0].latencies(),
                                    sides[0].percentile(50) / lanceP50, sides[1].latencies(),
                                    sides[1].percentile(50) / lanceP50, sides[2].latencies(),
                                    sides[0].recall(exact.get(f)), sides[2].recall(exact.get(f))));
                        }
                    }
                }
                System.out.printf(Locale.ROOT, "%d rows x %d dims, %d queries (+%d warm-up), %d processors, load"
                        + " average %s -> %s, lance-core side projects %s%s", o.rows(), o.dimension(), o.queries(),
                        o.warmup(), Runtime.getRuntime().availableProcessors(), loadBefore, loadAverage(),
                        o.lanceReadsVector() ? "id, _distance, embedding" : "id, _distance", table);
            } finally {
                engine.close();
            }
        }
    }

    /** The 1, 5 and 15 minute load averages of {@code /proc/loadavg}, or the JVM's 1-minute figure elsewhere. */
    private static String loadAverage() {
        Path proc = Path.of("/proc/loadavg");
        if (Files.isReadable(proc)) {
            try {
                String[] f = Files.readString(proc).trim().split("\\s+");
                return f[0] + " " + f[1] + " " + f[2];
            } catch (IOException e) {
                System.err.println("reading /proc/loadavg failed (" + e + "); using the JVM's 1-minute figure");
            }
        }
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage());
    }

    private static ClusteredVectorTable dataset(BufferAllocator allocator, Path path, Options o,
            ClusteredVectorTable.Index index) {
        Path done = path.resolveSibling(path.getFileName() + ".ready");
        if (Files.exists(done)) {
            return new ClusteredVectorTable(path, o.rows(), o.dimension(), 1000);
        }
        long t0 = System.nanoTime();
        ClusteredVectorTable t = ClusteredVectorTable.write(allocator, path, o.rows(), o.dimension(), 1000,
                o.rows() / 4).withIndex(allocator, index, 256);
        System.out.printf(Locale.ROOT, "wrote and indexed %s (%s) in %.1f s%n", path, index,
                (System.nanoTime() - t0) / 1e9);
        try {
            Files.writeString(done, index.name());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return t;
    }

    /**
     * Runs warm-up then the measured queries; each query runs on the three sides in a rotating order so that all
     * see the same machine load. Sides: 0 = prepared statement, 1 = SQL text, 2 = lance-core.
     */
    private static Side[] run(Case c, EngineSession session, Dataset ds, BufferAllocator allocator,
            List<float[]> queries, Options o) {
        String sql = c.sql();
        PreparedQuery prepared = session.prepare(sql);
        for (int i = 0; i < o.warmup(); i++) {
            float[] q = queries.get(i % queries.size());
            viaPrepared(prepared, q);
            viaSql(session, sql, q);
            viaLance(ds, allocator, c, q, o.lanceReadsVector());
        }
        Side[] sides = {new Side(queries.size()), new Side(queries.size()), new Side(queries.size())};
        for (int i = 0; i < queries.size(); i++) {
            float[] q = queries.get(i);
            for (int k = 0; k < 3; k++) {
                int side = (i + k) % 3;
                long t0 = System.nanoTime();
                List<Long> ids = switch (side) {
                    case 0 -> viaPrepared(prepared, q);
                    case 1 -> viaSql(session, sql, q);
                    default -> viaLance(ds, allocator, c, q, o.lanceReadsVector());
                };
                sides[side].millis[i] = (System.nanoTime() - t0) / 1e6;
                for (long id : ids) {
                    if (!c.keeps(id)) {
                        throw new IllegalStateException(c.label() + " side " + side + " returned id " + id
                                + ", which the prefilter " + c.filter() + " excludes");
                    }
                }
                sides[side].answers.add(ids);
            }
        }
        return sides;
    }

    private static List<Long> viaPrepared(PreparedQuery prepared, float[] q) {
        try (QueryResult r = prepared.execute(List.of(new ParameterValue(q, FLOAT32)), QueryOptions.defaults())) {
            return ids(r);
        }
    }

    private static List<Long> viaSql(EngineSession session, String sql, float[] q) {
        try (QueryResult r = session.execute(sql, List.of(new ParameterValue(q, FLOAT32)), QueryOptions.defaults())) {
            return ids(r);
        }
    }

    private static List<Long> ids(QueryResult r) {
        List<Long> ids = new ArrayList<>(K);
        VectorSchemaRoot b;
        while ((b = r.nextBatch()) != null) {
            try (VectorSchemaRoot batch = b) {
                BigIntVector id = (BigIntVector) batch.getVector(0);
                for (int i = 0; i < batch.getRowCount(); i++) {
                    ids.add(id.get(i));
                }
            }
        }
        return ids;
    }

    private static List<Long> viaLance(Dataset ds, BufferAllocator allocator, Case c, float[] q,
            boolean readVector) {
        List<Long> ids = new ArrayList<>(K);
        try (LanceScanner scanner = LanceScanner.create(ds, c.lanceOptions(q, readVector), allocator);
                ArrowReader reader = scanner.scanBatches()) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                BigIntVector id = (BigIntVector) root.getVector("id");
                for (int i = 0; i < root.getRowCount(); i++) {
                    ids.add(id.get(i));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("lance-core nearest failed", e);
        }
        return ids;
    }
}
