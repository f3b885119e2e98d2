package io.lancejdbc.exec.expr;

import static io.lancejdbc.exec.expr.ExprFixtures.batch;
import static io.lancejdbc.exec.expr.ExprFixtures.column;
import static io.lancejdbc.exec.expr.ExprFixtures.doubles;
import static io.lancejdbc.exec.expr.ExprFixtures.longs;
import static io.lancejdbc.exec.expr.ExprFixtures.strings;
import static io.lancejdbc.exec.expr.ExprFixtures.timestamps;
import static io.lancejdbc.exec.expr.ExprFixtures.uint64s;
import static io.lancejdbc.exec.expr.ExprFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.sql.expr.Functions;
import java.math.BigInteger;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The comparisons over real vectors, at the extremes of each value category. */
@ExtendWith(ArrowAllocatorExtension.class)
class ComparisonExprTest {
    private static final BigInteger UINT64_MAX = BigInteger.TWO.pow(64).subtract(BigInteger.ONE);

    private static List<Object> compare(BufferAllocator allocator, VectorSchemaRoot b, String op) {
        return values(new ComparisonExpr(op, column(b, 0), column(b, 1)).evaluate(b, allocator));
    }

    @Test
    void bigintExtremesCompareWithoutOverflow(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "l", Long.MIN_VALUE, Long.MAX_VALUE, -1L),
                longs(allocator, "r", Long.MAX_VALUE, Long.MIN_VALUE, 0L))) {
            assertEquals(List.of(true, false, true), compare(allocator, b, Functions.LT));
            assertEquals(List.of(false, true, false), compare(allocator, b, Functions.GE));
        }
    }

    @Test
    void uint64AboveTwoToTheSixtyThreeIsLargerNotNegative(BufferAllocator allocator) {
        BigInteger twoTo63 = BigInteger.TWO.pow(63);
        try (VectorSchemaRoot b = batch(uint64s(allocator, "l", UINT64_MAX, twoTo63, UINT64_MAX),
                uint64s(allocator, "r", BigInteger.ZERO, twoTo63.subtract(BigInteger.ONE), UINT64_MAX))) {
            assertEquals(List.of(true, true, false), compare(allocator, b, Functions.GT));
            assertEquals(List.of(false, false, true), compare(allocator, b, Functions.EQ));
        }
    }

    @Test
    void negativeZeroEqualsZeroAndNanEqualsNan(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "l", -0.0, Double.NaN, Double.NaN),
                doubles(allocator, "r", 0.0, Double.NaN, 1.0))) {
            assertEquals(List.of(true, true, false), compare(allocator, b, Functions.EQ));
            assertEquals(List.of(false, false, true), compare(allocator, b, Functions.NE));
        }
    }

    @Test
    void nanSortsAboveInfinityAndSubnormalsAboveZero(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(doubles(allocator, "l", Double.NaN, Double.MIN_VALUE, -Double.MIN_VALUE),
                doubles(allocator, "r", Double.POSITIVE_INFINITY, 0.0, -0.0))) {
            assertEquals(List.of(true, true, false), compare(allocator, b, Functions.GT));
        }
    }

    @Test
    void aNullOperandGivesNullExceptForNullSafeEquality(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "l", null, null, 1L, 1L),
                longs(allocator, "r", null, 1L, null, 1L))) {
            assertEquals(Arrays.asList(null, null, null, true), compare(allocator, b, Functions.EQ));
            assertEquals(List.of(true, false, false, true), compare(allocator, b, Functions.NULL_SAFE_EQ));
        }
    }

    @Test
    void stringsCompareByCodePointNotByUtf16Unit(BufferAllocator allocator) {
        // U+FF5E (a BMP character) sorts below U+1F600 (a supplementary one) by code point, above it by UTF-16 unit.
        try (VectorSchemaRoot b = batch(strings(allocator, "l", "\uFF5E", "a", ""),
                strings(allocator, "r", "\uD83D\uDE00", "ab", "a"))) {
            assertEquals(List.of(true, true, true), compare(allocator, b, Functions.LT));
        }
    }

    @Test
    void timestampsBefore1970CompareInTimeOrder(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(timestamps(allocator, "l", LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
                LocalDateTime.of(1900, 1, 1, 0, 0)), timestamps(allocator, "r", LocalDateTime.of(1970, 1, 1, 0, 0),
                LocalDateTime.of(1899, 12, 31, 23, 59, 59)))) {
            assertEquals(List.of(true, false), compare(allocator, b, Functions.LT));
        }
    }
}
