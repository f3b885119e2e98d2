package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.sql.plan.AggregateCall;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Picks the accumulator implementation for an aggregate call and its argument type: the one place that maps an
 * aggregate function to its definition, for GROUP BY and for window frames alike.
 */
public final class Accumulators {
    private Accumulators() {
    }

    static Accumulator create(AggregateCall call, BufferAllocator allocator) {
        if (call.distinct() && call.function().equals("count") && call.args().size() > 1) {
            return new DistinctTupleCount();
        }
        Accumulator base = plain(call, allocator);
        if (call.distinct() && !call.function().equals("min") && !call.function().equals("max")) {
            Field arg = call.args().get(0).type();
            return new DistinctAccumulator(base, io.lancejdbc.sql.types.Types.withNullable(arg, true), allocator);
        }
        return base;
    }

    private static Accumulator plain(AggregateCall call, BufferAllocator allocator) {
        return plain(call.function(), call.args().isEmpty() ? null : call.args().get(0).type().getType(), call.type(),
                allocator);
    }

    /**
     * The accumulator of {@code function} without DISTINCT (window frames).
     *
     * @param argType the first argument's type, null for COUNT(*)
     * @param resultType the call's result type
     * @throws io.lancejdbc.engine.SqlError 42883 for a function that is not an aggregate
     */
    public static Accumulator plain(String function, ArrowType argType, Field resultType, BufferAllocator allocator) {
        boolean intLike = argType instanceof ArrowType.Int && !(((ArrowType.Int) argType).getBitWidth() == 64
                && !((ArrowType.Int) argType).getIsSigned());
        boolean longLike = intLike || argType instanceof ArrowType.Date || argType instanceof ArrowType.Timestamp
                || argType instanceof ArrowType.Time;
        switch (function) {
            case "count_star":
                return new CountAccumulators.Count(true);
            case "count":
                return new CountAccumulators.Count(false);
            case "sum":
            case "avg": {
                boolean avg = function.equals("avg");
                if (argType instanceof ArrowType.FloatingPoint) {
                    return new SumAccumulators.DoubleSum(avg);
                }
                if (intLike && !(resultType.getType() instanceof ArrowType.Decimal)) {
                    return new SumAccumulators.LongSum(avg);
                }
                return new SumAccumulators.DecimalSum(avg);
            }
            case "min":
            case "max": {
                boolean max = function.equals("max");
                if (longLike) {
                    return new MinMaxAccumulators.LongMinMax(max);
                }
                if (argType instanceof ArrowType.FloatingPoint) {
                    return new MinMaxAccumulators.DoubleMinMax(max);
                }
                return new MinMaxAccumulators.ObjectMinMax(max ? 1 : -1);
            }
            case "any_value":
                return new AnyValueAccumulator(allocator);
            case "stddev_samp":
            case "stddev_pop":
            case "var_samp":
            case "var_pop":
                return new StatisticsAccumulators.Variance(function);
            case "group_concat":
                return new StatisticsAccumulators.GroupConcat();
            case "bool_and":
                return new StatisticsAccumulators.BoolAgg(true);
            case "bool_or":
                return new StatisticsAccumulators.BoolAgg(false);
            default:
                throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.UNDEFINED_FUNCTION,
                        "Aggregate " + function + " cannot be evaluated");
        }
    }

    /**
     * The accumulator for a window frame whose start moves: as {@link #plain}, except MIN and MAX, which become a
     * {@link SlidingMinMax} (a monotonic queue with the same order) so that rows can leave the frame.
     */
    public static Accumulator sliding(String function, ArrowType argType, Field resultType,
            BufferAllocator allocator) {
        if (function.equals("min") || function.equals("max")) {
            return new SlidingMinMax(function.equals("max"), argType);
        }
        return plain(function, argType, resultType, allocator);
    }
}
