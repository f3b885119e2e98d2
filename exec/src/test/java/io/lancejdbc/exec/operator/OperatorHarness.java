package io.lancejdbc.exec.operator;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ExprCompiler;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.stream.BatchStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Runs physical operators outside SQL: {@link #source} feeds real Arrow batches built from engine values (Long,
 * Double, String, Boolean, null), {@link #run} reads every output row and fails unless the query's allocator is back
 * at zero after the stream is closed. One harness per test class; {@link #close} stops its worker threads.
 */
public final class OperatorHarness implements AutoCloseable {
    private final RootAllocator root = new RootAllocator();
    private final ExecutorService workers = Executors.newFixedThreadPool(2);

    /** An input that returns one batch per element of {@code batches} (each a list of rows), built at open. */
    public static PhysicalOperator source(List<Field> fields, List<List<List<Object>>> batches) {
        Schema schema = new Schema(fields);
        return new PhysicalOperator() {
            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public List<PhysicalOperator> children() {
                return List.of();
            }

            @Override
            public String name() {
                return "TEST_BATCHES";
            }

            @Override
            public List<String> details() {
                return List.of("batches: " + batches.size());
            }

            @Override
            public BatchStream open(ExecContext ctx) {
                return new BatchStream() {
                    private int next;

                    @Override
                    public Schema schema() {
                        return schema;
                    }

                    @Override
                    public VectorSchemaRoot next() {
                        if (next == batches.size()) {
                            return null;
                        }
                        List<List<Object>> rows = batches.get(next++);
                        List<FieldVector> vectors = new ArrayList<>();
                        for (int c = 0; c < fields.size(); c++) {
                            FieldVector v = ColumnWriters.allocate(fields.get(c), rows.size(), ctx.allocator());
                            vectors.add(v);
                            ValueAccess.Setter s = ValueAccess.setter(v);
                            for (int r = 0; r < rows.size(); r++) {
                                s.set(r, rows.get(r).get(c));
                            }
                            v.setValueCount(rows.size());
                        }
                        VectorSchemaRoot root = new VectorSchemaRoot(fields, vectors, rows.size());
                        return root;
                    }

                    @Override
                    public void close() {
                        next = batches.size();
                    }
                };
            }
        };
    }

    /** A context over a fresh child allocator of this harness. */
    private ExecContext context(BufferAllocator allocator) {
        Clock clock = Clock.systemUTC();
        return new ExecContext(allocator, new Cancellation(), workers, null, 1024, 2, clock,
                new ExprCompiler(clock, ExprCompiler.NO_SUBQUERIES));
    }

    /**
     * Every row {@code op} returns, in output order; checks each batch's schema and that closing the stream frees
     * every byte the query allocated.
     */
    public List<List<Object>> run(PhysicalOperator op) {
        List<List<Object>> out = new ArrayList<>();
        try (BufferAllocator allocator = root.newChildAllocator("operator-test", 0, Long.MAX_VALUE)) {
            try (BatchStream s = op.open(context(allocator))) {
                VectorSchemaRoot b;
                while ((b = s.next()) != null) {
                    try (VectorSchemaRoot batch = b) {
                        if (!batch.getSchema().equals(op.schema())) {
                            throw new AssertionError("batch schema " + batch.getSchema() + " is not the operator's "
                                    + op.schema());
                        }
                        List<ValueAccess.Getter> g = new ArrayList<>();
                        for (FieldVector v : batch.getFieldVectors()) {
                            g.add(ValueAccess.getter(v));
                        }
                        for (int i = 0; i < batch.getRowCount(); i++) {
                            List<Object> row = new ArrayList<>();
                            for (ValueAccess.Getter x : g) {
                                row.add(x.get(i));
                            }
                            out.add(row);
                        }
                    }
                }
            }
            if (allocator.getAllocatedMemory() != 0) {
                throw new AssertionError("operator " + op.name() + " left " + allocator.getAllocatedMemory()
                        + " Arrow bytes allocated after close");
            }
        }
        return out;
    }

    /** Opens {@code op}, reads one batch (if any) and closes the stream early: the allocator must be at zero. */
    public void openReadOneAndClose(PhysicalOperator op) {
        try (BufferAllocator allocator = root.newChildAllocator("operator-test", 0, Long.MAX_VALUE)) {
            try (BatchStream s = op.open(context(allocator))) {
                VectorSchemaRoot b = s.next();
                if (b != null) {
                    b.close();
                }
            }
            if (allocator.getAllocatedMemory() != 0) {
                throw new AssertionError("operator " + op.name() + " left " + allocator.getAllocatedMemory()
                        + " Arrow bytes allocated after an early close");
            }
        }
    }

    /** Rows as lists ({@code row(1L, "a", null)}). */
    public static List<Object> row(Object... values) {
        return java.util.Arrays.asList(values);
    }

    @Override
    public void close() {
        workers.shutdownNow();
        root.close();
    }
}
