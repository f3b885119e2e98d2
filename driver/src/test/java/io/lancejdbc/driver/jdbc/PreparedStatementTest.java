package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.batch;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.schema;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.SqlError;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.BatchUpdateException;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.TimeZone;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

/** {@code ?} parameters become typed {@link ParameterValue}s; parameter and result metadata before execution. */
class PreparedStatementTest extends FixedEngineTestBase {
    private static final String SQL = "SELECT id FROM items WHERE v = ?";

    private PreparedStatement prepare(ArrowType... parameterTypes) throws SQLException {
        engine.prepared(SQL, List.of(parameterTypes), schema(int64("id")));
        engine.rows(SQL, schema(int64("id")), batch(int64("id", 1L)));
        return connection.prepareStatement(SQL);
    }

    /** Executes with what is bound and returns what the engine received for parameter 1. */
    private ParameterValue sent(PreparedStatement ps) throws SQLException {
        ps.executeQuery().close();
        return engine.lastExecution().params().get(0);
    }

    @Test
    void integersBindAsLongsOfTheirWidth() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setInt(1, 7);
        assertEquals(new ParameterValue(7L, new ArrowType.Int(32, true)), sent(ps));
        ps.setLong(1, 8L);
        assertEquals(new ParameterValue(8L, new ArrowType.Int(64, true)), sent(ps));
        ps.setShort(1, (short) 9);
        assertEquals(new ParameterValue(9L, new ArrowType.Int(16, true)), sent(ps));
        ps.setByte(1, (byte) 10);
        assertEquals(new ParameterValue(10L, new ArrowType.Int(8, true)), sent(ps));
    }

    @Test
    void bigIntegerAboveLongIsUnsigned64() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setObject(1, new BigInteger("18446744073709551615"));
        assertEquals(new ParameterValue(new BigInteger("18446744073709551615"), new ArrowType.Int(64, false)), sent(ps));
    }

    @Test
    void floatingPointKeepsItsPrecision() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setFloat(1, 0.5f);
        assertEquals(new ParameterValue(0.5f, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), sent(ps));
        ps.setDouble(1, 0.25);
        assertEquals(new ParameterValue(0.25, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), sent(ps));
    }

    @Test
    void bigDecimalIsDecimalOfItsDigits() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setBigDecimal(1, new BigDecimal("123.450"));
        assertEquals(new ParameterValue(new BigDecimal("123.450"), new ArrowType.Decimal(6, 3, 128)), sent(ps));
        ps.setBigDecimal(1, new BigDecimal("0.001"));
        assertEquals(new ArrowType.Decimal(3, 3, 128), sent(ps).type());
        ps.setBigDecimal(1, new BigDecimal("1E+3"));
        assertEquals(new ParameterValue(new BigDecimal("1000"), new ArrowType.Decimal(4, 0, 128)), sent(ps));
    }

    @Test
    void decimalBeyond38DigitsIsDecimal256() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setBigDecimal(1, new BigDecimal("1234567890123456789012345678901234567890.5"));
        assertEquals(new ArrowType.Decimal(41, 1, 256), sent(ps).type());
    }

    @Test
    void textAndBytesBind() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setString(1, "book");
        assertEquals(new ParameterValue("book", ArrowType.Utf8.INSTANCE), sent(ps));
        ps.setBytes(1, new byte[] {1, 2});
        ParameterValue bytes = sent(ps);
        assertEquals(ArrowType.Binary.INSTANCE, bytes.type());
        assertArrayEquals(new byte[] {1, 2}, (byte[]) bytes.value());
        ps.setCharacterStream(1, new StringReader("from a reader"));
        assertEquals("from a reader", sent(ps).value());
        ps.setBinaryStream(1, new ByteArrayInputStream(new byte[] {5, 6, 7}), 2);
        assertArrayEquals(new byte[] {5, 6}, (byte[]) sent(ps).value());
    }

    @Test
    void javaTimeValuesBindWithoutZoneConversion() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setObject(1, LocalDate.of(2024, 2, 29));
        assertEquals(new ParameterValue(LocalDate.of(2024, 2, 29), new ArrowType.Date(DateUnit.DAY)), sent(ps));
        ps.setObject(1, LocalDateTime.of(2024, 2, 29, 10, 0, 0, 123_456_000));
        assertEquals(new ParameterValue(LocalDateTime.of(2024, 2, 29, 10, 0, 0, 123_456_000),
                new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)), sent(ps));
        ps.setObject(1, LocalDateTime.of(2024, 2, 29, 10, 0, 0, 1));
        assertEquals(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), sent(ps).type());
        ps.setObject(1, LocalTime.of(10, 11, 12));
        assertEquals(new ParameterValue(LocalTime.of(10, 11, 12), new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
                sent(ps));
    }

    @Test
    void zonedValuesBindAsInstants() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setObject(1, OffsetDateTime.of(2024, 1, 1, 12, 0, 0, 0, ZoneOffset.ofHours(2)));
        assertEquals(new ParameterValue(Instant.parse("2024-01-01T10:00:00Z"),
                new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")), sent(ps));
    }

    @Test
    void legacyDateTimeValuesAreReadInTheJvmZoneOrTheCalendarsZone() throws SQLException {
        TimeZone original = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
            PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
            ps.setTimestamp(1, Timestamp.valueOf("2024-03-10 01:02:03.5"));
            assertEquals(LocalDateTime.of(2024, 3, 10, 1, 2, 3, 500_000_000), sent(ps).value());
            Calendar utc = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
            ps.setTimestamp(1, Timestamp.from(Instant.parse("2024-03-10T01:02:03Z")), utc);
            assertEquals(LocalDateTime.of(2024, 3, 10, 1, 2, 3), sent(ps).value());
            ps.setDate(1, Date.valueOf("2024-03-10"));
            assertEquals(LocalDate.of(2024, 3, 10), sent(ps).value());
            ps.setTime(1, new Time(Time.valueOf("10:20:30").getTime() + 250));
            assertEquals(new ParameterValue(LocalTime.of(10, 20, 30, 250_000_000),
                    new ArrowType.Time(TimeUnit.MILLISECOND, 32)), sent(ps));
        } finally {
            TimeZone.setDefault(original);
        }
    }

    @Test
    void vectorsBindAsFloatArraysWithFixedSizeListType() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setObject(1, new float[] {0.1f, 0.2f});
        ParameterValue v = sent(ps);
        assertEquals(new ArrowType.FixedSizeList(2), v.type());
        assertArrayEquals(new float[] {0.1f, 0.2f}, (float[]) v.value());
        ps.setObject(1, new double[] {1, 2, 3});
        assertArrayEquals(new double[] {1, 2, 3}, (double[]) sent(ps).value());
        ps.setArray(1, connection.createArrayOf("REAL", new Object[] {1, 2.5}));
        assertArrayEquals(new float[] {1f, 2.5f}, (float[]) sent(ps).value());
        ps.setObject(1, new Float[] {3f});
        assertArrayEquals(new float[] {3f}, (float[]) sent(ps).value());
    }

    @Test
    void arrayWithNullElementIsRejected() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        SQLException e = assertThrows(SQLException.class,
                () -> ps.setArray(1, connection.createArrayOf("REAL", new Object[] {1f, null})));
        assertEquals("22004", e.getSQLState());
    }

    @Test
    void nullsAreTypedBySetNull() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setNull(1, Types.VARCHAR);
        assertEquals(new ParameterValue(null, ArrowType.Utf8.INSTANCE), sent(ps));
        ps.setNull(1, Types.OTHER);
        assertEquals(new ParameterValue(null, ArrowType.Null.INSTANCE), sent(ps));
        ps.setObject(1, null);
        assertEquals(new ParameterValue(null, ArrowType.Null.INSTANCE), sent(ps));
        ps.setString(1, null);
        assertEquals(new ParameterValue(null, ArrowType.Utf8.INSTANCE), sent(ps));
    }

    @Test
    void setObjectWithTargetTypeConverts() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setObject(1, "42", Types.INTEGER);
        assertEquals(new ParameterValue(42L, new ArrowType.Int(32, true)), sent(ps));
        ps.setObject(1, 3.14159, JDBCType.DECIMAL, 2);
        assertEquals(new ParameterValue(new BigDecimal("3.14"), new ArrowType.Decimal(3, 2, 128)), sent(ps));
        ps.setObject(1, "2024-05-06", Types.DATE);
        assertEquals(LocalDate.of(2024, 5, 6), sent(ps).value());
        ps.setObject(1, 12, Types.VARCHAR);
        assertEquals(new ParameterValue("12", ArrowType.Utf8.INSTANCE), sent(ps));
        assertEquals("22003", assertThrows(SQLException.class, () -> ps.setObject(1, 300, Types.TINYINT)).getSQLState());
        assertEquals("22018", assertThrows(SQLException.class, () -> ps.setObject(1, "x", Types.BIGINT)).getSQLState());
        SQLException unknown = assertThrows(SQLException.class, () -> ps.setObject(1, "abc", 9999));
        assertEquals("HY004", unknown.getSQLState());
        assertTrue(unknown.getMessage().contains("9999 is not a java.sql.Types constant"), unknown.getMessage());
    }

    @Test
    void textForAFloatTargetReadsInfinityAndNanSpellings() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ArrowType float64 = new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE);
        ArrowType float32 = new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE);
        ps.setObject(1, "inf", Types.DOUBLE);
        assertEquals(new ParameterValue(Double.POSITIVE_INFINITY, float64), sent(ps));
        ps.setObject(1, " -Infinity ", Types.REAL);
        assertEquals(new ParameterValue(Float.NEGATIVE_INFINITY, float32), sent(ps));
        ps.setObject(1, "NaN", Types.FLOAT);
        assertEquals(new ParameterValue(Double.NaN, float64), sent(ps));
        ps.setObject(1, "0.1", Types.REAL);
        assertEquals(new ParameterValue(0.1f, float32), sent(ps));
        SQLException javaOnly = assertThrows(SQLException.class, () -> ps.setObject(1, "1.5d", Types.DOUBLE));
        assertEquals("22018", javaOnly.getSQLState());
    }

    @Test
    void unsupportedParameterClassIsRejected() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        SQLException e = assertThrows(java.sql.SQLDataException.class, () -> ps.setObject(1, new Object()));
        assertEquals("22023", e.getSQLState(), "not 0A000, on which pools evict the connection");
        assertTrue(e.getMessage().startsWith("Parameter 1: values of class java.lang.Object are not supported"));
    }

    @Test
    void unboundParameterFailsWith07001() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE, ArrowType.Null.INSTANCE);
        ps.setInt(1, 1);
        SQLException e = assertThrows(SQLException.class, ps::executeQuery);
        assertEquals("07001", e.getSQLState());
        assertEquals("No value is bound to parameter 2 of 2; call a setter (setNull for NULL) before executing",
                e.getMessage());
    }

    @Test
    void valuesStayBoundUntilClearParameters() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setInt(1, 5);
        assertEquals(5L, sent(ps).value());
        assertEquals(5L, sent(ps).value());
        ps.clearParameters();
        assertEquals("07001", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
    }

    @Test
    void parameterIndexOutOfRangeFailsWith07009() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        assertEquals("07009", assertThrows(SQLException.class, () -> ps.setInt(2, 1)).getSQLState());
        assertEquals("07009", assertThrows(SQLException.class, () -> ps.setObject(0, new Object())).getSQLState());
    }

    @Test
    void parameterMetadataReportsInferredTypes() throws SQLException {
        PreparedStatement ps = prepare(new ArrowType.Int(64, true), ArrowType.Utf8.INSTANCE, ArrowType.Null.INSTANCE);
        ParameterMetaData md = ps.getParameterMetaData();
        assertEquals(3, md.getParameterCount());
        assertEquals(Types.BIGINT, md.getParameterType(1));
        assertEquals("BIGINT", md.getParameterTypeName(1));
        assertEquals("java.lang.Long", md.getParameterClassName(1));
        assertEquals(Types.VARCHAR, md.getParameterType(2));
        assertEquals(Types.OTHER, md.getParameterType(3));
        assertEquals("UNKNOWN", md.getParameterTypeName(3));
        assertEquals(ParameterMetaData.parameterModeIn, md.getParameterMode(1));
        assertEquals(ParameterMetaData.parameterNullable, md.isNullable(1));
    }

    @Test
    void resultMetadataIsKnownBeforeExecution() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ResultSetMetaData md = ps.getMetaData();
        assertEquals(1, md.getColumnCount());
        assertEquals("id", md.getColumnLabel(1));
        assertEquals(Types.BIGINT, md.getColumnType(1));
        assertEquals(0, engine.executions.size());
    }

    @Test
    void resultMetadataIsNullWhenTheEngineCannotTell() throws SQLException {
        engine.prepared("SHOW TABLES", List.of(), null);
        assertNull(connection.prepareStatement("SHOW TABLES").getMetaData());
    }

    @Test
    void prepareReportsSyntaxErrorsWithTheirPosition() {
        SQLSyntaxErrorException e = assertThrows(SQLSyntaxErrorException.class,
                () -> connection.prepareStatement("SELEC 1"));
        assertEquals(8, assertInstanceOf(SqlError.class, e.getCause()).position());
    }

    @Test
    void batchOfAQueryIsRejectedWithBatchUpdateException() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        ps.setInt(1, 1);
        ps.addBatch();
        ps.setInt(1, 2);
        ps.addBatch();
        BatchUpdateException e = assertThrows(BatchUpdateException.class, ps::executeBatch);
        assertEquals("0100E", e.getSQLState());
        assertArrayEquals(new int[0], e.getUpdateCounts());
        assertEquals(0, engine.executions.size());
    }

    @Test
    void batchOfSetStatementsRunsEachParameterSet() throws SQLException {
        engine.prepared("SET x = ?", List.of(ArrowType.Null.INSTANCE), null);
        engine.updateCount("SET x = ?", 0);
        PreparedStatement ps = connection.prepareStatement("SET x = ?");
        ps.setInt(1, 1);
        ps.addBatch();
        ps.setInt(1, 2);
        ps.addBatch();
        assertArrayEquals(new int[] {0, 0}, ps.executeBatch());
        assertEquals(2L, engine.lastExecution().params().get(0).value());
    }

    @Test
    void sqlTextMethodsAreRefusedOnAPreparedStatement() throws SQLException {
        PreparedStatement ps = prepare(ArrowType.Null.INSTANCE);
        assertThrows(SQLException.class, () -> ps.executeQuery("SELECT 1"));
        assertThrows(SQLException.class, () -> ps.addBatch("SELECT 1"));
    }
}
