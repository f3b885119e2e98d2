package io.lancejdbc.exec.expr;

import static io.lancejdbc.exec.expr.ExprFixtures.batch;
import static io.lancejdbc.exec.expr.ExprFixtures.column;
import static io.lancejdbc.exec.expr.ExprFixtures.dates;
import static io.lancejdbc.exec.expr.ExprFixtures.longs;
import static io.lancejdbc.exec.expr.ExprFixtures.timestamps;
import static io.lancejdbc.exec.expr.ExprFixtures.uint64s;
import static io.lancejdbc.exec.expr.ExprFixtures.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.sql.types.Types;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** CAST and TRY_CAST over real vectors: range checks, pre-1970 instants, the uint64 range. */
@ExtendWith(ArrowAllocatorExtension.class)
class CastExprTest {
    private static final BigInteger UINT64_MAX = BigInteger.TWO.pow(64).subtract(BigInteger.ONE);

    private static List<Object> cast(BufferAllocator allocator, VectorSchemaRoot b, ArrowType to, boolean lenient) {
        return values(new CastExpr(column(b, 0), Types.of(to, true), lenient).evaluate(b, allocator));
    }

    @Test
    void aTimestampBefore1970CastsToTheDayItFallsOn(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(timestamps(allocator, "t", LocalDateTime.of(1969, 12, 31, 23, 59, 59,
                999_999_000), LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(1, 1, 1, 0, 0), null))) {
            assertEquals(Arrays.asList(LocalDate.of(1969, 12, 31), LocalDate.of(1970, 1, 1), LocalDate.of(1, 1, 1),
                    null), cast(allocator, b, Types.DATE, false));
        }
    }

    @Test
    void aDateBefore1970CastsToItsMidnight(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(dates(allocator, "d", LocalDate.of(1969, 12, 31), LocalDate.of(1582, 10, 4)))) {
            assertEquals(List.of(LocalDateTime.of(1969, 12, 31, 0, 0), LocalDateTime.of(1582, 10, 4, 0, 0)),
                    cast(allocator, b, Types.TIMESTAMP_US, false));
        }
    }

    @Test
    void aDateBeyondTheTimestampRangeIsAnOverflowNotAWrappedTimestamp(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(dates(allocator, "d", LocalDate.of(2000, 1, 1), LocalDate.of(300_000, 1, 1)))) {
            SqlError e = assertThrows(SqlError.class, () -> cast(allocator, b, Types.TIMESTAMP_US, false));
            assertEquals("22008", e.sqlState());
            assertEquals("Timestamp +300000-01-01T00:00 is outside the range of a microsecond timestamp (years"
                    + " -290308 to 294247)", e.getMessage());
            assertEquals(Arrays.asList(LocalDateTime.of(2000, 1, 1, 0, 0), null),
                    cast(allocator, b, Types.TIMESTAMP_US, true));
        }
    }

    @Test
    void narrowingOutOfRangeIsAnErrorAndNullUnderTryCast(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", 2147483647L, 2147483648L, -2147483648L))) {
            SqlError e = assertThrows(SqlError.class, () -> cast(allocator, b, Types.INT32, false));
            assertEquals("22003", e.sqlState());
            assertEquals(Arrays.asList(2147483647L, null, -2147483648L), cast(allocator, b, Types.INT32, true));
        }
    }

    @Test
    void theLargestUint64ReadsAsTextAndDoesNotFitBigint(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(uint64s(allocator, "x", UINT64_MAX, BigInteger.valueOf(Long.MAX_VALUE)))) {
            assertEquals(List.of("18446744073709551615", "9223372036854775807"), cast(allocator, b, Types.UTF8, false));
            assertEquals(Arrays.asList(null, Long.MAX_VALUE), cast(allocator, b, Types.INT64, true));
            assertEquals("22003", assertThrows(SqlError.class, () -> cast(allocator, b, Types.INT64, false))
                    .sqlState());
        }
    }

    @Test
    void aNegativeBigintDoesNotFitUint64(BufferAllocator allocator) {
        try (VectorSchemaRoot b = batch(longs(allocator, "x", -1L, 0L))) {
            assertEquals(Arrays.asList(null, java.math.BigDecimal.ZERO), cast(allocator, b,
                    new ArrowType.Int(64, false), true));
        }
    }
}
