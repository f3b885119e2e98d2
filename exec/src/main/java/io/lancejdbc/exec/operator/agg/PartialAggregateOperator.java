package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.SplitStage;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.plan.AggregateCall;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The partial half of a two-phase aggregation: each worker of the {@link SplitStage} below folds the splits it reads
 * into its own group table and accumulator states, which the {@link FinalAggregateOperator} above merges
 * ({@link Accumulator#merge}). It has no batch output of its own: the states pass to the final operator in memory.
 */
public final class PartialAggregateOperator implements PhysicalOperator {
    private final SplitStage input;
    private final List<Expr> keys;
    private final List<AggregateCall> aggregates;
    private final Schema schema;
    private final long maxMemoryBytes;

    /**
     * @param input the stage delivering one partition per worker ({@link SplitStage.Delivery#PER_WORKER})
     * @param output the key fields then the aggregate fields (the final result's schema)
     * @param maxMemoryBytes the most heap bytes one state may hold, or Long.MAX_VALUE
     */
    public PartialAggregateOperator(SplitStage input, List<Expr> keys, List<AggregateCall> aggregates,
            List<Field> output, long maxMemoryBytes) {
        if (input.delivery() != SplitStage.Delivery.PER_WORKER) {
            throw new IllegalArgumentException("a partial aggregation reads one partition per worker");
        }
        this.input = input;
        this.keys = List.copyOf(keys);
        this.aggregates = List.copyOf(aggregates);
        this.schema = new Schema(output);
        this.maxMemoryBytes = maxMemoryBytes;
    }

    SplitStage stage() {
        return input;
    }

    int keyCount() {
        return keys.size();
    }

    AggregationState.Factory states(ExecContext ctx) {
        return HashAggregateOperator.states(keys, aggregates, maxMemoryBytes, ctx);
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
        return (aggregates.isEmpty() ? "HASH_DISTINCT" : "HASH_AGGREGATE") + " (partial)";
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>(HashAggregateOperator.describe(keys, aggregates));
        out.add("states: one per worker (" + input.degree() + ")");
        return out;
    }

    /**
     * @throws IllegalStateException always: the partial states are read by the final aggregation above
     */
    @Override
    public BatchStream open(ExecContext ctx) {
        throw new IllegalStateException("a partial aggregation runs under its final aggregation");
    }
}
