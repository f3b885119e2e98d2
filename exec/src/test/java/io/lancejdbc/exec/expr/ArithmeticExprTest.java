package io.lancejdbc.exec.expr;

import static io.lancejdbc.exec.expr.ExprFixtures.batch;
import static io.lancejdbc.exec.expr.ExprFixtures.column;
import static io.lancejdbc.exec.expr.ExprFixtures.doubles;
import static io.lancejdbc.exec.expr.ExprFixtures.longs;
import static io.lancejdbc.exec.expr.ExprFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.types.Types;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** BIGINT and DOUBLE arithmetic over real vectors: exact or an error for integers, IEEE 754 for doubles. */
@ExtendWith(ArrowAllocatorExtension.class)
class ArithmeticExprTest {
    private static final Field BIGINT = Types.of(Types.INT64, true);
    private static final Field DOUBLE = Types.of(Types.FLOAT64, true);

    private static List<Object> apply(BufferAllocator allocator, VectorSchemaRoot b, String op, Field type) {
        return values(new ArithmeticExpr(op, column(b, 0), column(b, 1), type).evaluate(b, allocator));
    }

    @Test
    void bigintSumsUpToTheLimitsAreExact(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "l", Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, null),
                longs(allocator, "r", 1L, -1L, 1L))) {
            assertEquals(Arrays.asList(Long.MAX_VALUE, Long.MIN_VALUE, null), apply(allocator, b, Functions.ADD, BIGINT));
        }
    }

    @Test
    void bigintOverflowIsOutOfRangeNotAWrappedValue(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "l", 1L, Long.MAX_VALUE), longs(allocator, "r", 1L, 1L))) {
            SqlError e = assertThrows(SqlError.class, () -> apply(allocator, b, Functions.ADD, BIGINT));
            assertEquals("22003", e.sqlState());
        }
    }

    @Test
    void theSmallestBigintDividedByMinusOneOverflows(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "l", Long.MIN_VALUE), longs(allocator, "r", -1L))) {
            SqlError e = assertThrows(SqlError.class, () -> apply(allocator, b, Functions.INT_DIVIDE, BIGINT));
            assertEquals("22003", e.sqlState());
            // The remainder is defined: MIN % -1 is 0 (Java's % would agree; it is not an overflow).
            assertEquals(List.of(0L), apply(allocator, b, Functions.MODULO, BIGINT));
        }
    }

    @Test
    void integerDivisionTruncatesTowardZeroAndTheRemainderTakesTheDividendsSign(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "l", 7L, -7L, 7L), longs(allocator, "r", 2L, 2L, -2L))) {
            assertEquals(List.of(3L, -3L, -3L), apply(allocator, b, Functions.INT_DIVIDE, BIGINT));
            assertEquals(List.of(1L, -1L, 1L), apply(allocator, b, Functions.MODULO, BIGINT));
        }
    }

    @Test
    void divisionByZeroIsAnErrorForIntegersAndDoubles(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "l", 1L), longs(allocator, "r", 0L))) {
            assertEquals("22012", assertThrows(SqlError.class,
                    () -> apply(allocator, b, Functions.INT_DIVIDE, BIGINT)).sqlState());
        }
        try (VectorSchemaRoot b = batch(doubles(allocator, "l", 1.0), doubles(allocator, "r", -0.0))) {
            assertEquals("22012", assertThrows(SqlError.class,
                    () -> apply(allocator, b, Functions.DIVIDE, DOUBLE)).sqlState());
        }
    }

    @Test
    void doublesFollowIeee754AtTheExtremes(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "l", Double.MAX_VALUE, Double.MIN_VALUE, Double.NaN, -0.0),
                doubles(allocator, "r", Double.MAX_VALUE, 0.5, 1.0, 0.0))) {
            // A subnormal vanishes next to 0.5; -0.0 + 0.0 is +0.0.
            assertEquals(List.of(Double.POSITIVE_INFINITY, 0.5, Double.NaN, 0.0),
                    apply(allocator, b, Functions.ADD, DOUBLE));
            // Half the smallest subnormal rounds to even: 0.0.
            assertEquals(List.of(Double.POSITIVE_INFINITY, 0.0, Double.NaN, -0.0),
                    apply(allocator, b, Functions.MULTIPLY, DOUBLE));
        }
    }

    @Test
    void negationOfTheSmallestBigintOverflowsAndOfZeroDoubleKeepsItsSign(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", Long.MIN_VALUE))) {
            assertEquals("22003", assertThrows(SqlError.class, () -> values(new ArithmeticExpr(Functions.NEGATE,
                    column(b, 0), null, BIGINT).evaluate(b, allocator))).sqlState());
        }
        try (VectorSchemaRoot b = batch(doubles(allocator, "x", 0.0, null))) {
            List<Object> r = values(new ArithmeticExpr(Functions.NEGATE, column(b, 0), null, DOUBLE)
                    .evaluate(b, allocator));
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits((Double) r.get(0)));
            assertEquals(null, r.get(1));
        }
    }
}
