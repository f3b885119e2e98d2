package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.AggregateCall;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * GROUP BY with aggregates (and DISTINCT, as a grouping without aggregates) by hashing. Without group keys it
 * returns exactly one row, also for empty input. The group table and accumulator state count against the query's
 * memory limit ({@code query.max_memory}). This is the single-stage aggregation; over a split-parallel input the
 * planner plans a {@link FinalAggregateOperator} over a {@link PartialAggregateOperator} instead.
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
        return describe(keys, aggregates);
    }

    /** The EXPLAIN lines of an aggregation: its group keys and aggregate calls. */
    static List<String> describe(List<Expr> keys, List<AggregateCall> aggregates) {
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

    private static GroupTable newTable(List<Expr> keys, BufferAllocator allocator) {
        if (keys.size() == 1) {
            ArrowType t = keys.get(0).type().getType();
            // Nanosecond times and timestamps go to the generic table, which writes each group's first value back
            // exactly (the long table would write the microseconds it compares).
            boolean nanos = t instanceof ArrowType.Timestamp
                    && ((ArrowType.Timestamp) t).getUnit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND
                    || t instanceof ArrowType.Time
                    && ((ArrowType.Time) t).getUnit() == org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
            if (!nanos && (t instanceof ArrowType.Int && !(((ArrowType.Int) t).getBitWidth() == 64
                    && !((ArrowType.Int) t).getIsSigned()) || t instanceof ArrowType.Date
                    || t instanceof ArrowType.Timestamp || t instanceof ArrowType.Time)) {
                return new LongGroupTable();
            }
            if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Binary
                    || t instanceof ArrowType.LargeBinary || t instanceof ArrowType.FixedSizeBinary) {
                return new BytesGroupTable();
            }
        }
        return new GenericGroupTable(allocator);
    }

    /** Makes fresh (partial) states of this aggregation for one execution. */
    static AggregationState.Factory states(List<Expr> keys, List<AggregateCall> aggregates, long maxMemoryBytes,
            ExecContext ctx) {
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
        AggregationState.Factory states = () -> {
            List<Accumulator> accs = new ArrayList<>();
            for (AggregateCall c : aggregates) {
                accs.add(Accumulators.create(c, ctx.allocator()));
            }
            return new AggregationState(keys.isEmpty() ? null : newTable(keys, ctx.allocator()), accs, keyExprs,
                    argExprs, ctx.allocator(), maxMemoryBytes);
        };
        return states;
    }

    public List<Expr> keys() {
        return keys;
    }

    public List<AggregateCall> aggregates() {
        return aggregates;
    }

    public PhysicalOperator input() {
        return input;
    }

    /** Reads its whole input on the calling thread into one state (the planner plans parallel ones apart). */
    @Override
    public BatchStream open(ExecContext ctx) {
        AggregationState.Factory states = states(keys, aggregates, maxMemoryBytes, ctx);
        BatchStream in = ctx.open(input);
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
                try (AggregationState state = states.get()) {
                    VectorSchemaRoot batch;
                    while ((batch = in.next()) != null) {
                        try (VectorSchemaRoot b = batch) {
                            ctx.cancellation().throwIfCancelled();
                            state.consume(b);
                        }
                    }
                    return state.output(schema, keys.size());
                }
            }

            @Override
            public void close() {
                done = true;
                in.close();
            }
        };
    }
}
