package io.lancejdbc.exec.operator.agg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The window-frame operations of the accumulators: after adding rows {@code [0, n)} and retracting {@code [0, k)},
 * the result equals the GROUP BY accumulator over only {@code [k, n)}, for every k (MIN/MAX: the sliding queue
 * against the plain accumulator); aggregates that cannot retract say so.
 */
class AccumulatorRetractTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void close() {
        assertEquals(0, allocator.getAllocatedMemory());
        allocator.close();
    }

    private FieldVector column(ArrowType type, List<Object> values) {
        FieldVector v = ColumnWriters.allocate(Types.field("x", type, true), values.size(), allocator);
        ValueAccess.Setter s = ValueAccess.setter(v);
        for (int i = 0; i < values.size(); i++) {
            s.set(i, values.get(i));
        }
        v.setValueCount(values.size());
        return v;
    }

    private static List<Object> values(ArrowType type, int n, long seed) {
        Random r = new Random(seed);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (r.nextInt(5) == 0) {
                out.add(null);
            } else if (type instanceof ArrowType.FloatingPoint) {
                double[] special = {1e308, -1e308, 1e16, 1.0, Double.MIN_VALUE, -0.0, Double.NaN,
                        Double.POSITIVE_INFINITY};
                out.add(r.nextInt(3) == 0 ? special[r.nextInt(special.length)]
                        : Math.scalb(r.nextDouble() - 0.5, r.nextInt(200) - 100));
            } else if (type instanceof ArrowType.Int) {
                out.add(r.nextBoolean() ? Long.MAX_VALUE - r.nextInt(3) : -r.nextLong() / 4);
            } else if (type instanceof ArrowType.Decimal) {
                out.add(BigDecimal.valueOf(r.nextLong() % 100000, 2));
            } else {
                out.add(r.nextBoolean());
            }
        }
        return out;
    }

    /** The result of one group as an engine value (doubles by bits). */
    private Object result(Accumulator acc, Field type) {
        try (FieldVector out = ColumnWriters.allocate(type, 1, allocator)) {
            acc.writeGroup(0, out, 0);
            out.setValueCount(1);
            Object v = ValueAccess.getter(out).get(0);
            return v instanceof Double ? Double.doubleToRawLongBits((Double) v) : v;
        }
    }

    @ParameterizedTest
    @CsvSource({"sum,FLOAT64,FLOAT64", "avg,FLOAT64,FLOAT64", "count,FLOAT64,INT64", "count_star,FLOAT64,INT64",
            "min,FLOAT64,FLOAT64", "max,FLOAT64,FLOAT64", "min,INT64,INT64", "max,UTF8,UTF8", "avg,INT64,FLOAT64",
            "sum,DECIMAL,DECIMAL", "avg,DECIMAL,DECIMAL", "bool_and,BOOL,BOOL", "bool_or,BOOL,BOOL"})
    void retractingTheOldestRowsEqualsAddingOnlyTheRest(String function, String argName, String resultName) {
        ArrowType argType = type(argName);
        Field resultType = Types.field("r", type(resultName), true);
        List<Object> xs = argName.equals("UTF8") ? strings(40) : values(argType, 40, function.hashCode());
        try (FieldVector x = column(argType, xs)) {
            FieldVector[] args = {x};
            for (int k = 0; k <= 40; k += 3) {
                try (Accumulator sliding = Accumulators.sliding(function, argType, resultType, allocator);
                        Accumulator fresh = Accumulators.plain(function, argType, resultType, allocator)) {
                    assertTrue(sliding.retractable(), function);
                    sliding.reset(0);
                    fresh.reset(0);
                    sliding.add(args, 0, 40, 0);
                    sliding.retract(args, 0, k, 0);
                    fresh.add(args, k, 40, 0);
                    assertEquals(result(fresh, resultType), result(sliding, resultType), function + " k=" + k);
                }
            }
        }
    }

    private static List<Object> strings(int n) {
        Random r = new Random(3);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(r.nextInt(6) == 0 ? null : "s" + r.nextInt(1000));
        }
        return out;
    }

    private static ArrowType type(String name) {
        switch (name) {
            case "DECIMAL":
                return new ArrowType.Decimal(38, 2, 128);
            case "FLOAT64":
                return Types.FLOAT64;
            case "INT64":
                return Types.INT64;
            case "UTF8":
                return Types.UTF8;
            default:
                return Types.BOOL;
        }
    }

    @Test
    void varianceGroupConcatAndAnyValueDoNotRetract() {
        Field d = Types.field("r", Types.FLOAT64, true);
        for (String f : List.of("var_pop", "stddev_samp", "group_concat", "any_value")) {
            try (Accumulator acc = Accumulators.plain(f, Types.FLOAT64, d, allocator)) {
                assertFalse(acc.retractable(), f);
                assertThrows(UnsupportedOperationException.class, () -> acc.retract(new FieldVector[0], 0, 0, 0));
            }
        }
    }

    @Test
    void integerSumOverflowsOnlyWhenTheFrameTotalDoes() {
        Field r = Types.field("r", Types.INT64, true);
        try (FieldVector x = column(Types.INT64, List.of(Long.MAX_VALUE, Long.MAX_VALUE, -Long.MAX_VALUE));
                Accumulator acc = Accumulators.plain("sum", Types.INT64, r, allocator)) {
            FieldVector[] args = {x};
            acc.reset(0);
            acc.add(args, 0, 2, 0);
            assertThrows(io.lancejdbc.engine.SqlError.class, () -> result(acc, r));
            acc.retract(args, 0, 1, 0);
            acc.add(args, 2, 3, 0);
            assertEquals(0L, result(acc, r));
        }
    }
}
