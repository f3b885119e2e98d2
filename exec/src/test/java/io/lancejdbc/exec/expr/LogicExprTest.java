package io.lancejdbc.exec.expr;

import static io.lancejdbc.exec.expr.ExprFixtures.batch;
import static io.lancejdbc.exec.expr.ExprFixtures.bools;
import static io.lancejdbc.exec.expr.ExprFixtures.column;
import static io.lancejdbc.exec.expr.ExprFixtures.longs;
import static io.lancejdbc.exec.expr.ExprFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.sql.expr.Functions;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** AND, OR, NOT, IS [NOT] NULL over real BIT vectors: SQL's three-valued logic, every combination of operands. */
@ExtendWith(ArrowAllocatorExtension.class)
class LogicExprTest {
    /** Left and right operands: every pair of TRUE, FALSE, NULL. */
    private static final Boolean[] LEFT = {true, true, true, false, false, false, null, null, null};
    private static final Boolean[] RIGHT = {true, false, null, true, false, null, true, false, null};

    @Test
    void andIsFalseWhenEitherSideIsFalseOtherwiseNullWhenEitherIsNull(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(bools(allocator, "l", LEFT), bools(allocator, "r", RIGHT))) {
            LogicExpr and = new LogicExpr(Functions.AND, List.of(column(b, 0), column(b, 1)));
            assertEquals(Arrays.asList(true, false, null, false, false, false, null, false, null),
                    values(and.evaluate(b, allocator)));
        }
    }

    @Test
    void orIsTrueWhenEitherSideIsTrueOtherwiseNullWhenEitherIsNull(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(bools(allocator, "l", LEFT), bools(allocator, "r", RIGHT))) {
            LogicExpr or = new LogicExpr(Functions.OR, List.of(column(b, 0), column(b, 1)));
            assertEquals(Arrays.asList(true, true, true, true, false, null, true, null, null),
                    values(or.evaluate(b, allocator)));
        }
    }

    @Test
    void threeWayAndIsFalseAsSoonAsOneOperandIsFalseEvenNextToNull(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(bools(allocator, "a", null, null, true),
                bools(allocator, "b", true, true, true), bools(allocator, "c", false, true, true))) {
            LogicExpr and = new LogicExpr(Functions.AND, List.of(column(b, 0), column(b, 1), column(b, 2)));
            assertEquals(Arrays.asList(false, null, true), values(and.evaluate(b, allocator)));
        }
    }

    @Test
    void notOfNullIsNull(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(bools(allocator, "x", true, false, null))) {
            LogicExpr not = new LogicExpr(Functions.NOT, List.of(column(b, 0)));
            assertEquals(Arrays.asList(false, true, null), values(not.evaluate(b, allocator)));
        }
    }

    @Test
    void isNullAndIsNotNullAreNeverNull(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", Long.MIN_VALUE, null, 0L))) {
            assertEquals(List.of(false, true, false),
                    values(new LogicExpr(Functions.IS_NULL, List.of(column(b, 0))).evaluate(b, allocator)));
            assertEquals(List.of(true, false, true),
                    values(new LogicExpr(Functions.IS_NOT_NULL, List.of(column(b, 0))).evaluate(b, allocator)));
        }
    }
}
