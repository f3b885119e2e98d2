package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.SqlError;
import io.lancejdbc.sql.SqlState;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.AggregateCall;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * GROUP BY with aggregates (and DISTINCT, as a grouping without aggregates) by hashing. Without group keys it
 * returns exactly one row, also for empty input. The group table and accumulator state count against the query's
 * memory limit ({@code query.max_memory}).
 */
public final class HashAggregateOperator implements PhysicalOperator {
    private final PhysicalOperator input;
    private final List<Expr> keys;
    private final List<AggregateCall> aggregates;
    private final Schema schema;
    private final long maxMemoryBytes;

    /**
     * @param output the key fields then the aggregate fields
     * @param maxMemoryBytes the most heap bytes groups and accumulators may hold, or Long.MAX_VALUE
     */
    public HashAggregateOperator(PhysicalOperator input, List<Expr> keys, List<AggregateCall> aggregates,
            List<Field> output, long maxMemoryBytes) {
        this.input = input;
        this.keys = List.copyOf(keys);
        this.aggregates = List.copyOf(aggregates);
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
        return aggregates.isEmpty() ? "HASH_DISTINCT" : "HASH_AGGREGATE";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        if (!keys.isEmpty()) {
            List<String> k = new ArrayList<>();
            for (Expr e : keys) {
                k.add(e.sql());
            }
            out.add("group by: " + String.join(", ", k));
        }
        if (!aggregates.isEmpty()) {
            List<String> a = new ArrayList<>();
            for (AggregateCall c : aggregates) {
                a.add(c.sql());
            }
            out.add("aggregates: " + String.join(", ", a));
        }
        return out;
    }

    private GroupTable newTable() {
        if (keys.size() == 1) {
            ArrowType t = keys.get(0).type().getType();
            if (t instanceof ArrowType.Int && !(((ArrowType.Int) t).getBitWidth() == 64
                    && !((ArrowType.Int) t).getIsSigned()) || t instanceof ArrowType.Date
                    || t instanceof ArrowType.Timestamp || t instanceof ArrowType.Time) {
                return new LongGroupTable();
            }
            if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Binary
                    || t instanceof ArrowType.LargeBinary || t instanceof ArrowType.FixedSizeBinary) {
                return new BytesGroupTable();
            }
        }
        return new GenericGroupTable();
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        List<CompiledExpr> keyExprs = new ArrayList<>();
        for (Expr k : keys) {
            keyExprs.add(ctx.compiler().compile(k));
        }
        List<List<CompiledExpr>> argExprs = new ArrayList<>();
        for (AggregateCall c : aggregates) {
            List<CompiledExpr> a = new ArrayList<>();
            for (Expr e : c.args()) {
                a.add(ctx.compiler().compile(e));
            }
            argExprs.add(a);
        }
        BatchStream in = input.open(ctx);
        return new BatchStream() {
            private boolean done;

            @Override
            public Schema schema() {
                return schema;
            }

            @Override
            public VectorSchemaRoot next() {
                if (done) {
                    return null;
                }
                done = true;
                GroupTable table = keys.isEmpty() ? null : newTable();
                List<Accumulator> accs = new ArrayList<>();
                for (AggregateCall c : aggregates) {
                    accs.add(Accumulators.create(c, ctx.allocator()));
                }
                int[] groupIds = new int[0];
                VectorSchemaRoot batch;
                while ((batch = in.next()) != null) {
                    try (VectorSchemaRoot b = batch) {
                        ctx.cancellation().throwIfCancelled();
                        int n = b.getRowCount();
                        if (groupIds.length < n) {
                            groupIds = new int[n];
                        }
                        int groupCount;
                        if (table == null) {
                            java.util.Arrays.fill(groupIds, 0, n, 0);
                            groupCount = 1;
                        } else {
                            List<Evaluated> kv = new ArrayList<>();
                            try {
                                FieldVector[] kvec = new FieldVector[keyExprs.size()];
                                for (int k = 0; k < keyExprs.size(); k++) {
                                    Evaluated e = keyExprs.get(k).evaluate(b, ctx.allocator());
                                    kv.add(e);
                                    kvec[k] = e.vector();
                                }
                                table.assign(kvec, n, groupIds);
                            } finally {
                                for (Evaluated e : kv) {
                                    e.close();
                                }
                            }
                            groupCount = table.size();
                        }
                        for (int a = 0; a < accs.size(); a++) {
                            List<Evaluated> av = new ArrayList<>();
                            try {
                                FieldVector[] avec = new FieldVector[argExprs.get(a).size()];
                                for (int k = 0; k < avec.length; k++) {
                                    Evaluated e = argExprs.get(a).get(k).evaluate(b, ctx.allocator());
                                    av.add(e);
                                    avec[k] = e.vector();
                                }
                                accs.get(a).update(avec, n, groupIds, groupCount);
                            } finally {
                                for (Evaluated e : av) {
                                    e.close();
                                }
                            }
                        }
                        checkMemory(table, accs);
                    }
                }
                return output(table, accs);
            }

            private void checkMemory(GroupTable table, List<Accumulator> accs) {
                long bytes = table == null ? 0 : table.estimatedBytes();
                for (Accumulator a : accs) {
                    bytes += a.estimatedBytes();
                }
                if (bytes > maxMemoryBytes) {
                    throw new SqlError(SqlState.OUT_OF_MEMORY, "GROUP BY state needs about " + bytes / (1 << 20)
                            + " MiB, above query.max_memory (" + maxMemoryBytes / (1 << 20) + " MiB); raise"
                            + " query.max_memory or group by fewer distinct keys");
                }
            }

            private VectorSchemaRoot output(GroupTable table, List<Accumulator> accs) {
                int groups = table == null ? 1 : table.size();
                List<FieldVector> out = new ArrayList<>();
                try {
                    List<Field> fields = schema.getFields();
                    if (table != null) {
                        Field[] kf = fields.subList(0, keys.size()).toArray(new Field[0]);
                        for (FieldVector v : table.keyVectors(kf, ctx.allocator())) {
                            out.add(v);
                        }
                    }
                    for (int a = 0; a < accs.size(); a++) {
                        FieldVector v = ColumnWriters.allocate(fields.get(keys.size() + a), groups, ctx.allocator());
                        out.add(v);
                        accs.get(a).write(v, groups);
                    }
                } catch (RuntimeException e) {
                    for (FieldVector v : out) {
                        v.close();
                    }
                    throw e;
                }
                VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), out, groups);
                root.setRowCount(groups);
                return root;
            }

            @Override
            public void close() {
                done = true;
                in.close();
            }
        };
    }
}
