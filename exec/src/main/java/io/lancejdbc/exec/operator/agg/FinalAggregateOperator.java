package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The final half of a two-phase aggregation: runs the {@link PartialAggregateOperator} below on its stage's
 * workers, merges their partial states in worker order and writes one row per group (exactly one row without GROUP
 * BY, also for empty input), as {@link HashAggregateOperator} does in one phase.
 */
public final class FinalAggregateOperator implements PhysicalOperator {
    private final PartialAggregateOperator partial;

    public FinalAggregateOperator(PartialAggregateOperator partial) {
        this.partial = partial;
    }

    @Override
    public Schema schema() {
        return partial.schema();
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(partial);
    }

    @Override
    public String name() {
        return partial.name().replace("(partial)", "(final)");
    }

    @Override
    public List<String> details() {
        return List.of("merges: " + partial.stage().degree() + " partial state(s)");
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        Schema schema = partial.schema();
        Field[] keyFields = schema.getFields().subList(0, partial.keyCount()).toArray(new Field[0]);
        return new ParallelAggregationStream(schema, partial.keyCount(), keyFields, partial, partial.states(ctx),
                ctx);
    }
}
