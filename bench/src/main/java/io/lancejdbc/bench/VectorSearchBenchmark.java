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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * interleaved so all three see the same machine load. Reports p50 and
 * p95 over the measured queries and recall@10 of both against the exact top 10 (issue 4 §7).
 *
 * <p>Data: {@link ClusteredVectorTable} (float32, 1000 clusters), 4 fragments, written once under {@code -dir} and
 * reused by later runs. Cases: IVF_PQ (256 partitions, 16 sub-vectors; nprobes 20, refine_factor 10), IVF_HNSW_SQ
 * (256 partitions; nprobes 20, default ef), and flat search (use_index = false).
 *
 * <pre>
 * mvn -o -pl bench -am package -DskipTests -Pvector-bench -Dbench.args="-queries 200 -rows 100000"
 * </pre>
 */
public final class VectorSearchBenchmark {
    private static final int K = 10;
    private static final ArrowType FLOAT32 = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);

    private record Options(Path dir, int rows, int dimension, int queries, int warmup, String cases) {
        static Options parse(String[] args) {
            Path dir = Path.of("target/bench-data");
            int rows = 100_000;
            int dimension = 128;
            int queries = 200;
            int warmup = 20;
            String cases = "IVF_PQ,IVF_HNSW_SQ,flat";
            for (int i = 0; i + 1 < args.length; i += 2) {
                switch (args[i]) {
                    case "-dir" -> dir = Path.of(args[i + 1]);
                    case "-rows" -> rows = Integer.parseInt(args[i + 1]);
                    case "-dim" -> dimension = Integer.parseInt(args[i + 1]);
                    case "-queries" -> queries = Integer.parseInt(args[i + 1]);
                    case "-warmup" -> warmup = Integer.parseInt(args[i + 1]);
                    case "-cases" -> cases = args[i + 1];
                    default -> throw new IllegalArgumentException("unknown option " + args[i]
                            + " (expected -dir, -rows, -dim, -queries, -warmup, -cases)");
                }
            }
            return new Options(dir, rows, dimension, queries, warmup, cases);
        }
    }

    /** One benchmark case: a table and the search parameters, the same for both sides. */
    private record Case(String name, String table, boolean useIndex, int nprobes, int refineFactor) {
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
    }

    /** Latencies (ms) and recall of one side of one case. */
    private static final class Side {
        final double[] millis;
        int hits;

        Side(int n) {
            millis = new double[n];
        }

        double percentile(double p) {
            double[] s = millis.clone();
            Arrays.sort(s);
            int i = (int) Math.ceil(p / 100.0 * s.length) - 1;
            return s[Math.max(0, Math.min(s.length - 1, i))];
        }
    }

    private VectorSearchBenchmark() {
    }

    public static void main(String[] args) {
        Options o = Options.parse(args);
        Path warehouse = o.dir().resolve("wh-" + o.rows() + "x" + o.dimension());
        try (BufferAllocator allocator = new RootAllocator()) {
            ClusteredVectorTable pq = dataset(allocator, warehouse.resolve("pq.lance"), o,
                    ClusteredVectorTable.Index.IVF_PQ);
            ClusteredVectorTable hnsw = dataset(allocator, warehouse.resolve("hnsw.lance"), o,
                    ClusteredVectorTable.Index.IVF_HNSW_SQ);
            List<float[]> queries = new ArrayList<>();
            for (int q = 0; q < o.queries(); q++) {
                queries.add(pq.query(q));
            }
            long t0 = System.nanoTime();
            List<List<Long>> exact = pq.exactTopK(queries, K);
            System.out.printf(Locale.ROOT, "exact top-%d of %d queries computed in %.1f s%n", K, queries.size(),
                    (System.nanoTime() - t0) / 1e9);
            List<Case> cases = List.of(new Case("IVF_PQ", "pq", true, 20, 10),
                    new Case("IVF_HNSW_SQ", "hnsw", true, 20, 0), new Case("flat", "pq", false, 0, 0));
            EmbeddedQueryEngine engine = new EmbeddedQueryEngine();
            try (EngineSession session = engine.openSession(EngineConfig.of(Map.of("warehouse",
                    warehouse.toString())))) {
                StringBuilder table = new StringBuilder();
                table.append(String.format(Locale.ROOT, "%n| case | prepared vector_search p50 / p95 | p50 ratio"
                        + " | SQL text vector_search p50 / p95 | p50 ratio | lance-core nearest p50 / p95"
                        + " | recall@10 vector_search | recall@10 lance-core |%n"));
                table.append("|---|---|---|---|---|---|---|---|\n");
                for (Case c : cases) {
                    if (!Arrays.asList(o.cases().split(",")).contains(c.name())) {
                        continue;
                    }
                    Path path = c.table().equals("pq") ? pq.path() : hnsw.path();
                    try (Dataset ds = Dataset.open().allocator(allocator).uri(path.toString()).build()) {
                        Side[] sides = run(c, session, ds, allocator, queries, exact, o.warmup());
                        double lanceP50 = sides[2].percentile(50);
                        table.append(String.format(Locale.ROOT, "| %s | %.2f / %.2f ms | %.2f | %.2f / %.2f ms | %.2f"
                                + " | %.2f / %.2f ms | %.3f | %.3f |%n", c.name(), sides[0].percentile(50),
                                sides[0].percentile(95), sides[0].percentile(50) / lanceP50, sides[1].percentile(50),
                                sides[1].percentile(95), sides[1].percentile(50) / lanceP50, lanceP50,
                                sides[2].percentile(95), sides[0].hits / (double) (K * queries.size()),
                                sides[2].hits / (double) (K * queries.size())));
                    }
                }
                System.out.printf(Locale.ROOT, "%d rows x %d dims, %d queries (+%d warm-up), %d processors%s",
                        o.rows(), o.dimension(), o.queries(), o.warmup(), Runtime.getRuntime().availableProcessors(),
                        table);
            } finally {
                engine.close();
            }
        }
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
            List<float[]> queries, List<List<Long>> exact, int warmup) {
        String sql = c.sql();
        PreparedQuery prepared = session.prepare(sql);
        for (int i = 0; i < warmup; i++) {
            float[] q = queries.get(i % queries.size());
            viaPrepared(prepared, q);
            viaSql(session, sql, q);
            viaLance(ds, allocator, c, q);
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
                    default -> viaLance(ds, allocator, c, q);
                };
                sides[side].millis[i] = (System.nanoTime() - t0) / 1e6;
                sides[side].hits += (int) ids.stream().filter(exact.get(i)::contains).count();
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

    private static List<Long> viaLance(Dataset ds, BufferAllocator allocator, Case c, float[] q) {
        List<Long> ids = new ArrayList<>(K);
        // The same columns the SQL side returns: naming _distance also keeps lance-core from logging a deprecation
        // warning on every search (it auto-projects _distance when only "id" is named), which is not search work.
        ScanOptions options = new ScanOptions.Builder().nearest(c.lanceQuery(q)).columns(List.of("id", "_distance"))
                .build();
        try (LanceScanner scanner = LanceScanner.create(ds, options, allocator);
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
