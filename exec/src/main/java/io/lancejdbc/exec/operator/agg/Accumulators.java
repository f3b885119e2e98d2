package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.sql.plan.AggregateCall;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Picks the accumulator implementation for an aggregate call and its argument type. */
final class Accumulators {
    private Accumulators() {
    }

    static Accumulator create(AggregateCall call, BufferAllocator allocator) {
        Accumulator base = plain(call);
        if (call.distinct() && !call.function().equals("min") && !call.function().equals("max")) {
            Field arg = call.args().get(0).type();
            return new DistinctAccumulator(base, io.lancejdbc.sql.types.Types.withNullable(arg, true), allocator);
        }
        return base;
    }

    private static Accumulator plain(AggregateCall call) {
        ArrowType argType = call.args().isEmpty() ? null : call.args().get(0).type().getType();
        boolean intLike = argType instanceof ArrowType.Int && !(((ArrowType.Int) argType).getBitWidth() == 64
                && !((ArrowType.Int) argType).getIsSigned());
        boolean longLike = intLike || argType instanceof ArrowType.Date || argType instanceof ArrowType.Timestamp
                || argType instanceof ArrowType.Time;
        switch (call.function()) {
            case "count_star":
                return new CountAccumulators.Count(true);
            case "count":
                return new CountAccumulators.Count(false);
            case "sum":
            case "avg": {
                boolean avg = call.function().equals("avg");
                if (argType instanceof ArrowType.FloatingPoint) {
                    return new SumAccumulators.DoubleSum(avg);
                }
                if (intLike && !(call.type().getType() instanceof ArrowType.Decimal)) {
                    return new SumAccumulators.LongSum(avg);
                }
                return new SumAccumulators.DecimalSum(avg);
            }
            case "min":
            case "max": {
                boolean max = call.function().equals("max");
                if (longLike) {
                    return new MinMaxAccumulators.LongMinMax(max);
                }
                if (argType instanceof ArrowType.FloatingPoint) {
                    return new MinMaxAccumulators.DoubleMinMax(max);
                }
                return new MinMaxAccumulators.ObjectMinMax(max ? 1 : -1);
            }
            case "any_value":
                return new MinMaxAccumulators.ObjectMinMax(0);
            case "stddev_samp":
            case "stddev_pop":
            case "var_samp":
            case "var_pop":
                return new StatisticsAccumulators.Variance(call.function());
            case "group_concat":
                return new StatisticsAccumulators.GroupConcat();
            case "bool_and":
                return new StatisticsAccumulators.BoolAgg(true);
            case "bool_or":
                return new StatisticsAccumulators.BoolAgg(false);
            default:
                throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.UNDEFINED_FUNCTION,
                        "Aggregate " + call.function() + " cannot be evaluated");
        }
    }
}
