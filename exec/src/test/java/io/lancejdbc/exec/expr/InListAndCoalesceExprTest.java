package io.lancejdbc.exec.expr;

import static io.lancejdbc.exec.expr.ExprFixtures.batch;
import static io.lancejdbc.exec.expr.ExprFixtures.column;
import static io.lancejdbc.exec.expr.ExprFixtures.doubles;
import static io.lancejdbc.exec.expr.ExprFixtures.longs;
import static io.lancejdbc.exec.expr.ExprFixtures.strings;
import static io.lancejdbc.exec.expr.ExprFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.sql.types.Types;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** IN (constants) and COALESCE over real vectors: NULLs, -0.0, NaN. */
@ExtendWith(ArrowAllocatorExtension.class)
class InListAndCoalesceExprTest {

    @Test
    void notFoundInAListHoldingNullIsNullNotFalse(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", 1L, 2L, null))) {
            InListExpr in = new InListExpr(column(b, 0), Arrays.asList(1L, null));
            assertEquals(Arrays.asList(true, null, null), values(in.evaluate(b, allocator)));
        }
    }

    @Test
    void aNullValueInAListWithoutNullIsNull(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", Long.MIN_VALUE, 5L, null))) {
            InListExpr in = new InListExpr(column(b, 0), List.of(Long.MIN_VALUE, Long.MAX_VALUE));
            assertEquals(Arrays.asList(true, false, null), values(in.evaluate(b, allocator)));
        }
    }

    @Test
    void negativeZeroIsFoundAsZeroAndNanAsNan(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "x", -0.0, Double.NaN, 1.0))) {
            InListExpr in = new InListExpr(column(b, 0), List.of(0.0, Double.NaN));
            assertEquals(List.of(true, true, false), values(in.evaluate(b, allocator)));
        }
    }

    @Test
    void coalesceTakesTheFirstNonNullOfEachRow(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(strings(allocator, "a", null, "x", null),
                strings(allocator, "b", "y", "z", null))) {
            CoalesceExpr c = new CoalesceExpr(List.of(column(b, 0), column(b, 1)), Types.of(Types.UTF8, true));
            assertEquals(Arrays.asList("y", "x", null), values(c.evaluate(b, allocator)));
        }
    }
}
