package io.lancejdbc.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/** The comparisons the corpus suites rely on: they must see the differences they exist to catch. */
class JdbcValueComparisonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Field field(ArrowType type, Field... children) {
        return new Field("c", FieldType.nullable(type), List.of(children));
    }

    @Test
    void nanosecondTimesAreExpectedTruncatedToMicroseconds() {
        Field time = field(new ArrowType.Time(TimeUnit.NANOSECOND, 64));
        LocalTime stored = LocalTime.ofNanoOfDay(3_607_123_456_789L);
        LocalTime micros = LocalTime.ofNanoOfDay(3_607_123_456_000L);
        assertEquals(Optional.empty(), JdbcValueComparison.mismatch(time, stored, micros));
        assertTrue(JdbcValueComparison.mismatch(time, stored, stored).isPresent());
    }

    @Test
    void zonedTimestampsMustCarryTheColumnsOffset() {
        Field ts = field(new ArrowType.Timestamp(TimeUnit.SECOND, "America/New_York"));
        Instant stored = Instant.ofEpochSecond(1_600_000_000L);
        assertEquals(Optional.empty(), JdbcValueComparison.mismatch(ts, stored,
                OffsetDateTime.ofInstant(stored, ZoneOffset.ofHours(-4))));
        assertTrue(JdbcValueComparison.mismatch(ts, stored, OffsetDateTime.ofInstant(stored, ZoneOffset.UTC))
                .isPresent());
    }

    @Test
    void integersMustHaveTheDocumentedClass() {
        Field int16 = field(new ArrowType.Int(16, true));
        assertEquals(Optional.empty(), JdbcValueComparison.mismatch(int16, (short) 7, 7));
        assertTrue(JdbcValueComparison.mismatch(int16, (short) 7, 7L).isPresent());
        Field uint64 = field(new ArrowType.Int(64, false));
        BigInteger max = new BigInteger("18446744073709551615");
        assertEquals(Optional.empty(), JdbcValueComparison.mismatch(uint64, max, new BigDecimal(max)));
        assertTrue(JdbcValueComparison.mismatch(uint64, max, max.longValue()).isPresent());
    }

    @Test
    void decimalsMustKeepTheirScale() {
        Field dec = field(new ArrowType.Decimal(10, 2, 128));
        assertTrue(JdbcValueComparison.mismatch(dec, new BigDecimal("1.50"), new BigDecimal("1.5")).isPresent());
    }

    @Test
    void float16ValuesAreFloats() {
        Field half = field(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF));
        assertEquals(Optional.empty(), JdbcValueComparison.mismatch(half, -0.5f, -0.5f));
        assertTrue(JdbcValueComparison.mismatch(half, -0.5f, -0.5d).isPresent());
    }

    @Test
    void naiveTimestampsCompareAsWallClock() {
        Field ts = field(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
        LocalDateTime v = LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_456_000);
        assertEquals(Optional.empty(), JdbcValueComparison.mismatch(ts, v, v));
        assertTrue(JdbcValueComparison.mismatch(ts, v, v.plusNanos(1_000)).isPresent());
    }

    @Test
    void mapsCompareEntriesInOrder() {
        Field entries = new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
                new Field("value", FieldType.nullable(new ArrowType.Int(32, true)), null)));
        Field map = field(new ArrowType.Map(false), entries);
        assertEquals(Optional.empty(), JdbcValueComparison.mismatch(map, Map.of("k0", 1), Map.of("k0", 1)));
        assertTrue(JdbcValueComparison.mismatch(map, Map.of("k0", 1), Map.of("k0", 2)).isPresent());
    }

    @Test
    void jsonIntegersBeyondDoublePrecisionAreStrings() throws Exception {
        assertEquals(Optional.empty(), JsonValueComparison.mismatch(JSON.readTree("\"-9223372036854775808\""),
                Long.MIN_VALUE));
        assertTrue(JsonValueComparison.mismatch(JSON.readTree("\"-9223372036854775807\""), Long.MIN_VALUE)
                .isPresent());
    }

    @Test
    void jsonDecimalsCarryTheirScale() throws Exception {
        assertEquals(Optional.empty(), JsonValueComparison.mismatch(JSON.readTree("\"0.07\""),
                new BigDecimal("0.07")));
        assertTrue(JsonValueComparison.mismatch(JSON.readTree("\"0.070\""), new BigDecimal("0.07")).isPresent());
    }

    @Test
    void jsonDoublesCompareExactly() throws Exception {
        assertEquals(Optional.empty(), JsonValueComparison.mismatch(JSON.readTree("-103.67255756846318"),
                -103.67255756846318));
        assertTrue(JsonValueComparison.mismatch(JSON.readTree("-103.67255756846318"), -103.6725575684632)
                .isPresent());
    }
}
