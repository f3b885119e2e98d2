package io.lancejdbc.exec.operator.window;

import io.lancejdbc.exec.expr.Batches;
import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.operator.BatchConcat;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.VectorGather;
import io.lancejdbc.exec.operator.hash.BuildSide;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.SortKey;
import io.lancejdbc.sql.plan.WindowCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Window functions: reads its whole input (at most half of {@code query.max_memory}), orders the rows once per distinct
 * (PARTITION BY, ORDER BY) of its calls ({@link WindowOrder}), computes each call for every row
 * ({@link WindowEvaluator}) and returns the input batches, in input order, with one column appended per call.
 */
public final class WindowOperator implements PhysicalOperator {
    private final PhysicalOperator input;
    private final List<WindowCall> calls;
    private final Schema schema;
    private final long maxMemoryBytes;

    /**
     * @param output the input fields followed by one field per call
     * @param maxMemoryBytes the most bytes the buffered input and the computed columns may hold
     */
    public WindowOperator(PhysicalOperator input, List<WindowCall> calls, List<Field> output, long maxMemoryBytes) {
        this.input = input;
        this.calls = List.copyOf(calls);
        this.schema = new Schema(output);
        this.maxMemoryBytes = maxMemoryBytes;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(input);
    }

    @Override
    public String name() {
        return "WINDOW";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        for (WindowCall c : calls) {
            out.add("function: " + describe(c));
        }
        return out;
    }

    static String describe(WindowCall c) {
        StringBuilder sb = new StringBuilder(c.function()).append('(');
        for (int i = 0; i < c.args().size(); i++) {
            sb.append(i > 0 ? ", " : "").append(c.args().get(i).sql());
        }
        sb.append(") OVER (");
        if (!c.partitionBy().isEmpty()) {
            sb.append("PARTITION BY ");
            for (int i = 0; i < c.partitionBy().size(); i++) {
                sb.append(i > 0 ? ", " : "").append(c.partitionBy().get(i).sql());
            }
        }
        if (!c.orderBy().isEmpty()) {
            sb.append(c.partitionBy().isEmpty() ? "" : " ").append("ORDER BY ");
            for (int i = 0; i < c.orderBy().size(); i++) {
                sb.append(i > 0 ? ", " : "").append(c.orderBy().get(i).sql());
            }
        }
        return sb.append(')').toString();
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        BatchStream in = ctx.open(input);
        return new BatchStream() {
            private final List<VectorSchemaRoot> batches = new ArrayList<>();
            private final List<FieldVector> owned = new ArrayList<>();
            private WindowResult[] results;
            private int next;
            private int offset;

            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public VectorSchemaRoot next() {
                if (results == null) {
                    compute();
                }
                if (next >= batches.size()) {
                    return null;
                }
                VectorSchemaRoot b = batches.get(next);
                batches.set(next, null);
                next++;
                try (VectorSchemaRoot batch = b) {
                    int rows = batch.getRowCount();
                    List<FieldVector> vectors = new ArrayList<>();
                    try {
                        List<Field> fields = schema.getFields();
                        int width = batch.getFieldVectors().size();
                        for (int c = 0; c < width; c++) {
                            TransferPair tp = Batches.transferPair(batch.getVector(c), fields.get(c), ctx.allocator());
                            tp.transfer();
                            vectors.add((FieldVector) tp.getTo());
                        }
                        for (int w = 0; w < results.length; w++) {
                            vectors.add(results[w].slice(fields.get(width + w), offset, rows, ctx.allocator()));
                        }
                    } catch (RuntimeException e) {
                        VectorGather.closeAll(vectors);
                        throw e;
                    }
                    offset += rows;
                    VectorSchemaRoot out = new VectorSchemaRoot(schema.getFields(), vectors, rows);
                    out.setRowCount(rows);
                    return out;
                }
            }

            private void compute() {
                long bytes = 0;
                int n = 0;
                try {
                    VectorSchemaRoot b;
                    while ((b = in.next()) != null) {
                        ctx.cancellation().throwIfCancelled();
                        if (b.getRowCount() == 0) {
                            b.close();
                            continue;
                        }
                        batches.add(b);
                        n = Math.addExact(n, b.getRowCount());
                        bytes += BuildSide.bufferBytes(b);
                        checkMemory(bytes, n);
                    }
                    results = new WindowResult[calls.size()];
                    // Calls with the same PARTITION BY and ORDER BY share one ordering of the rows.
                    Map<List<Object>, List<Integer>> specs = new LinkedHashMap<>();
                    for (int i = 0; i < calls.size(); i++) {
                        WindowCall c = calls.get(i);
                        specs.computeIfAbsent(List.of(c.partitionBy(), c.orderBy()), k -> new ArrayList<>()).add(i);
                    }
                    for (List<Integer> group : specs.values()) {
                        bytes = computeSpec(group, n, bytes);
                    }
                } catch (OutOfMemoryException e) {
                    throw tooLarge(n, e);
                }
            }

            private long computeSpec(List<Integer> group, int n, long bytes) {
                WindowCall first = calls.get(group.get(0));
                List<FieldVector> partition = new ArrayList<>();
                List<FieldVector> order = new ArrayList<>();
                List<FieldVector> keys = new ArrayList<>();
                try {
                    for (Expr e : first.partitionBy()) {
                        partition.add(concat(e, n));
                    }
                    boolean[] asc = new boolean[first.orderBy().size()];
                    boolean[] nullsFirst = new boolean[asc.length];
                    for (int k = 0; k < asc.length; k++) {
                        SortKey s = first.orderBy().get(k);
                        order.add(concat(s.expr(), n));
                        asc[k] = s.ascending();
                        nullsFirst[k] = s.nullsFirst();
                    }
                    keys.addAll(partition);
                    keys.addAll(order);
                    for (FieldVector v : keys) {
                        bytes += v.getBufferSize();
                    }
                    checkMemory(bytes + 16L * n, n);
                    WindowOrder wo = WindowOrder.of(partition, order, asc, nullsFirst, n);
                    FieldVector orderKey = order.size() == 1 ? order.get(0) : null;
                    boolean ascending = asc.length == 1 && asc[0];
                    for (int i : group) {
                        WindowCall c = calls.get(i);
                        List<FieldVector> args = new ArrayList<>();
                        boolean withDefault = false;
                        if (c.function().equals("lag") || c.function().equals("lead")) {
                            FieldVector value = concat(c.args().get(0), n);
                            if (c.args().size() > 2) {
                                // Values in rows [0, n), defaults in rows [n, 2n): one source vector to gather from.
                                FieldVector def = concat(c.args().get(2), n);
                                FieldVector both = BatchConcat.concatVectors(value.getField(), List.of(value, def),
                                        ctx.allocator());
                                owned.remove(value);
                                owned.remove(def);
                                value.close();
                                def.close();
                                owned.add(both);
                                value = both;
                                withDefault = true;
                            }
                            args.add(value);
                        } else if (!c.function().equals("ntile")) {
                            for (Expr a : c.args()) {
                                args.add(concat(a, n));
                            }
                        }
                        for (FieldVector a : args) {
                            bytes += a.getBufferSize();
                        }
                        results[i] = WindowEvaluator.evaluate(c, wo, args, withDefault, orderKey, ascending, n,
                                ctx.allocator());
                        bytes += results[i].estimatedBytes();
                        checkMemory(bytes, n);
                    }
                    return bytes;
                } finally {
                    for (FieldVector v : keys) {
                        owned.remove(v);
                        v.close();
                    }
                }
            }

            /** {@code e} evaluated over every buffered batch, as one vector of {@code n} rows (owned here). */
            private FieldVector concat(Expr e, int n) {
                CompiledExpr compiled = ctx.compiler().compile(e);
                List<Evaluated> parts = new ArrayList<>();
                try {
                    List<FieldVector> vectors = new ArrayList<>();
                    for (VectorSchemaRoot b : batches) {
                        Evaluated v = compiled.evaluate(b, ctx.allocator());
                        parts.add(v);
                        vectors.add(v.vector());
                    }
                    FieldVector out;
                    if (vectors.isEmpty()) {
                        out = VectorGather.nulls(e.type(), 0, ctx.allocator());
                    } else {
                        out = BatchConcat.concatVectors(vectors.get(0).getField(), vectors, ctx.allocator());
                    }
                    owned.add(out);
                    return out;
                } finally {
                    for (Evaluated v : parts) {
                        v.close();
                    }
                }
            }

            /**
             * The buffered rows and computed columns may take half of {@code query.max_memory}: the other half stays
             * for the operators below that are still producing batches, so the limit is reported here, by name,
             * rather than by whichever allocation happens to hit it.
             */
            private void checkMemory(long bytes, int rows) {
                if (bytes > maxMemoryBytes / 2) {
                    throw tooLarge(rows, null);
                }
            }

            private SqlError tooLarge(int rows, Throwable cause) {
                String msg = "Window function input (" + rows + " rows read) needs more than "
                        + (maxMemoryBytes == Long.MAX_VALUE ? "the available memory"
                        : "query.max_memory (" + BuildSide.mib(maxMemoryBytes) + ")")
                        + "; raise query.max_memory (connection property or SET query.max_memory = ...) or filter"
                        + " the rows first";
                return cause == null ? new SqlError(SqlState.OUT_OF_MEMORY, msg)
                        : new SqlError(SqlState.OUT_OF_MEMORY, msg, cause);
            }

            @Override
            public void close() {
                for (VectorSchemaRoot b : batches) {
                    if (b != null) {
                        b.close();
                    }
                }
                batches.clear();
                next = Integer.MAX_VALUE;
                if (results != null) {
                    for (WindowResult r : results) {
                        if (r != null) {
                            r.close();
                        }
                    }
                }
                VectorGather.closeAll(owned);
                owned.clear();
                in.close();
            }
        };
    }
}
