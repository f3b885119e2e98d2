package io.lancejdbc.exec.vector;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.engine.QueryWorkers;
import io.lancejdbc.exec.expr.ExprCompiler;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.lance.FragmentScanReader;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.plan.ExplainRenderer;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.plan.VectorSearch;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Runs {@code vector_search} plans the way the engine does, without SQL: pins the latest version of a dataset
 * through a real {@link DatasetHandlePool}, plans a {@link VectorSearch} node with {@link VectorSearchPlanner} and
 * reads the result with a real {@link ExecContext}. One per test class; every query runs in its own child
 * allocator, which must be empty afterwards (a leak fails the query).
 */
final class VectorSearchRunner implements AutoCloseable {
    /** A result: rows as column-name-to-value maps (Arrow getObject values), in output order. */
    record Result(List<Map<String, Object>> rows, List<String> explain) {
        List<Long> ids() {
            return rows.stream().map(r -> (Long) r.get("id")).toList();
        }

        /** The EXPLAIN detail lines without their indentation. */
        List<String> explainLines() {
            return explain.stream().map(String::trim).toList();
        }

        List<Double> distances() {
            return rows.stream().map(r -> ((Float) r.get("_distance")).doubleValue()).toList();
        }
    }

    private final BufferAllocator root = new RootAllocator();
    private final DatasetHandlePool pool = new DatasetHandlePool(root, PoolSettings.defaults());
    private final ExecutorService workers = Executors.newFixedThreadPool(4);
    private final FragmentScanReader reader = new FragmentScanReader(pool);

    /** The latest version of {@code dataset}, pinned, as the binder would hand it over. */
    BoundTable table(Path dataset) {
        DatasetSource source = DatasetSource.of(dataset.toString());
        Snapshot snapshot = pool.snapshot(source, OptionalLong.empty());
        return new BoundTable("lance", "default", dataset.getFileName().toString().replace(".lance", ""),
                snapshot.schema(), new PinnedTable(source, snapshot, "filesystem"));
    }

    /** A vector_search node over every column of {@code table} except those not listed in {@code columns}. */
    static VectorSearch node(BoundTable table, Search search, List<String> columns) {
        List<Integer> positions = new ArrayList<>();
        for (String c : columns) {
            positions.add(table.schema().getFields().indexOf(table.schema().findField(c)));
        }
        return new VectorSearch(table, search.spec(), positions);
    }

    PhysicalOperator plan(VectorSearch node, VectorSearchSettings settings) {
        // The degree the execution context below had before split parallelism was planned.
        Map<String, String> session = Map.of("topn_lazy_materialization_threshold",
                Long.toString(settings.lazyMaterializationThreshold()), "scan.parallelism", "4");
        return new PhysicalPlanner(Long.MAX_VALUE, List.of(new VectorSearchPlanner()), session).plan(node);
    }

    /** Plans with default settings and runs. */
    Result run(Path dataset, Search search, String... columns) {
        return run(dataset, search, VectorSearchSettings.DEFAULTS, columns);
    }

    Result run(Path dataset, Search search, VectorSearchSettings settings, String... columns) {
        PhysicalOperator op = plan(node(table(dataset), search, List.of(columns)), settings);
        return run(op);
    }

    Result run(PhysicalOperator op) {
        List<Map<String, Object>> rows = new ArrayList<>();
        // The query's view of the pool: a split worker that ends after the stream's close frees its batches
        // before the allocator closes (as StatementRunner waits for it).
        QueryWorkers queryWorkers = new QueryWorkers(workers);
        try (BufferAllocator allocator = root.newChildAllocator("query", 0, Long.MAX_VALUE)) {
            Clock clock = Clock.systemUTC();
            ExecContext ctx = new ExecContext(allocator, new Cancellation(), queryWorkers, reader, 1024, 4, clock,
                    new ExprCompiler(clock, ExprCompiler.NO_SUBQUERIES));
            try (BatchStream s = op.open(ctx)) {
                VectorSchemaRoot b;
                while ((b = s.next()) != null) {
                    try (VectorSchemaRoot batch = b) {
                        if (!batch.getSchema().equals(op.schema())) {
                            throw new AssertionError("batch schema " + batch.getSchema() + " != " + op.schema());
                        }
                        for (int i = 0; i < batch.getRowCount(); i++) {
                            Map<String, Object> row = new LinkedHashMap<>();
                            for (FieldVector v : batch.getFieldVectors()) {
                                row.put(v.getName(), v.getObject(i));
                            }
                            rows.add(row);
                        }
                    }
                }
            } finally {
                queryWorkers.awaitIdle(30_000);
            }
        }
        return new Result(rows, ExplainRenderer.render(op));
    }

    @Override
    public void close() {
        workers.shutdownNow();
        pool.close();
        root.close();
    }
}
