package io.lancejdbc.engine.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.SqlError;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/** Parameters through one Arrow row and back, exactly, at the types' extremes. */
class ParameterVectorsTest {

    private static List<ParameterValue> roundTrip(List<ParameterValue> values) {
        try (BufferAllocator a = new RootAllocator(); VectorSchemaRoot root = ParameterVectors.toRoot(values, a)) {
            assertEquals(1, root.getRowCount());
            return ParameterVectors.fromRoot(root, 0);
        }
    }

    @Test
    void scalarsKeepTheirValueAndType() {
        List<ParameterValue> in = List.of(
                new ParameterValue(true, ArrowType.Bool.INSTANCE),
                new ParameterValue(Long.MIN_VALUE, new ArrowType.Int(64, true)),
                new ParameterValue(-128L, new ArrowType.Int(8, true)),
                new ParameterValue(new BigInteger("18446744073709551615"), new ArrowType.Int(64, false)),
                new ParameterValue(-0.0, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                new ParameterValue(Float.MIN_VALUE, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                new ParameterValue(new BigDecimal("-12345678901234567890.123"), new ArrowType.Decimal(23, 3, 128)),
                new ParameterValue("h\u00e9llo", ArrowType.Utf8.INSTANCE),
                new ParameterValue(null, ArrowType.Utf8.INSTANCE),
                new ParameterValue(null, ArrowType.Null.INSTANCE),
                new ParameterValue(LocalDate.of(1600, 2, 29), new ArrowType.Date(DateUnit.DAY)),
                new ParameterValue(LocalTime.of(23, 59, 59, 999_999_999), new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
                new ParameterValue(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
                        new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
                new ParameterValue(Instant.parse("2024-03-31T01:30:00.123456789Z"),
                        new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")));
        assertEquals(in.size(), roundTrip(in).size());
        List<ParameterValue> out = roundTrip(in);
        for (int i = 0; i < in.size(); i++) {
            assertEquals(in.get(i).type(), out.get(i).type(), "type of " + i);
            Object expected = in.get(i).value();
            if (expected instanceof Double) {
                assertEquals(Double.doubleToRawLongBits((Double) expected),
                        Double.doubleToRawLongBits((Double) out.get(i).value()), "-0.0 keeps its sign");
            } else {
                assertEquals(expected, out.get(i).value(), "value of " + i);
            }
        }
    }

    @Test
    void bytesAndVectorsKeepTheirContents() {
        List<ParameterValue> out = roundTrip(List.of(
                new ParameterValue(new byte[] {0, -1, 7}, ArrowType.Binary.INSTANCE),
                new ParameterValue(new float[] {1.5f, Float.NaN, -0.0f}, new ArrowType.FixedSizeList(3)),
                new ParameterValue(new double[] {Double.MAX_VALUE, 1e-310}, new ArrowType.FixedSizeList(2))));
        assertArrayEquals(new byte[] {0, -1, 7}, (byte[]) out.get(0).value());
        assertArrayEquals(new float[] {1.5f, Float.NaN, -0.0f}, (float[]) out.get(1).value());
        assertArrayEquals(new double[] {Double.MAX_VALUE, 1e-310}, (double[]) out.get(2).value());
    }

    @Test
    void aTimestampBeyondItsUnitIsADatetimeOverflow() {
        SqlError e = assertThrows(SqlError.class, () -> roundTrip(List.of(new ParameterValue(LocalDateTime.MAX,
                new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)))));
        assertEquals("22008", e.sqlState());
    }
}
