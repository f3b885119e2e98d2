package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.decimal;
import static io.lancejdbc.driver.jdbc.ArrowColumns.decimal256;
import static io.lancejdbc.driver.jdbc.ArrowColumns.float16;
import static io.lancejdbc.driver.jdbc.ArrowColumns.float32;
import static io.lancejdbc.driver.jdbc.ArrowColumns.float64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int16;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int32;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int8;
import static io.lancejdbc.driver.jdbc.ArrowColumns.uint16;
import static io.lancejdbc.driver.jdbc.ArrowColumns.uint32;
import static io.lancejdbc.driver.jdbc.ArrowColumns.uint64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.uint8;
import static io.lancejdbc.driver.jdbc.ArrowColumns.bool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Types;
import org.junit.jupiter.api.Test;

/** Integer, unsigned, floating-point, decimal and boolean columns as JDBC sees them (issue 2 §5). */
class NumericColumnsTest extends FixedEngineTestBase {

    private static void assertType(ResultSet rs, int jdbcType, String typeName, int precision, int scale,
            String className) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(jdbcType, md.getColumnType(1), "type");
        assertEquals(typeName, md.getColumnTypeName(1), "type name");
        assertEquals(precision, md.getPrecision(1), "precision");
        assertEquals(scale, md.getScale(1), "scale");
        assertEquals(className, md.getColumnClassName(1), "class name");
    }

    @Test
    void int8IsTinyintReadAsInteger() throws SQLException {
        ResultSet rs = firstRow("q", int8("v", -128));
        assertType(rs, Types.TINYINT, "TINYINT", 3, 0, "java.lang.Integer");
        assertEquals(-128, rs.getObject(1));
        assertEquals((byte) -128, rs.getByte(1));
        assertEquals(-128L, rs.getLong(1));
        assertEquals("-128", rs.getString(1));
    }

    @Test
    void uint8IsWidenedToSmallint() throws SQLException {
        ResultSet rs = firstRow("q", uint8("v", 255));
        assertType(rs, Types.SMALLINT, "SMALLINT", 5, 0, "java.lang.Integer");
        assertEquals(255, rs.getObject(1));
        assertEquals((short) 255, rs.getShort(1));
    }

    @Test
    void uint8AboveByteRangeFailsGetByteWith22003() throws SQLException {
        ResultSet rs = firstRow("q", uint8("v", 200));
        SQLDataException e = assertThrows(SQLDataException.class, () -> rs.getByte(1));
        assertEquals("22003", e.getSQLState());
        assertEquals("Value 200 of column 'v' is out of range for byte", e.getMessage());
    }

    @Test
    void int16IsSmallint() throws SQLException {
        ResultSet rs = firstRow("q", int16("v", -32768));
        assertType(rs, Types.SMALLINT, "SMALLINT", 5, 0, "java.lang.Integer");
        assertEquals(-32768, rs.getObject(1));
    }

    @Test
    void uint16IsWidenedToInteger() throws SQLException {
        ResultSet rs = firstRow("q", uint16("v", 65535));
        assertType(rs, Types.INTEGER, "INTEGER", 10, 0, "java.lang.Integer");
        assertEquals(65535, rs.getObject(1));
        assertEquals(65535, rs.getInt(1));
    }

    @Test
    void int32IsInteger() throws SQLException {
        ResultSet rs = firstRow("q", int32("v", Integer.MIN_VALUE));
        assertType(rs, Types.INTEGER, "INTEGER", 10, 0, "java.lang.Integer");
        assertEquals(Integer.MIN_VALUE, rs.getObject(1));
        assertEquals(Integer.MIN_VALUE, rs.getInt(1));
        assertEquals((double) Integer.MIN_VALUE, rs.getDouble(1));
        assertEquals(new BigDecimal("-2147483648"), rs.getBigDecimal(1));
    }

    @Test
    void uint32IsWidenedToBigint() throws SQLException {
        ResultSet rs = firstRow("q", uint32("v", 4294967295L));
        assertType(rs, Types.BIGINT, "BIGINT", 19, 0, "java.lang.Long");
        assertEquals(4294967295L, rs.getObject(1));
        assertEquals(4294967295L, rs.getLong(1));
    }

    @Test
    void int64IsBigint() throws SQLException {
        ResultSet rs = firstRow("q", int64("v", Long.MAX_VALUE));
        assertType(rs, Types.BIGINT, "BIGINT", 19, 0, "java.lang.Long");
        assertEquals(Long.MAX_VALUE, rs.getObject(1));
        assertEquals(Long.MAX_VALUE, rs.getLong(1));
        assertEquals("9223372036854775807", rs.getString(1));
    }

    @Test
    void int64AboveIntRangeFailsGetIntWith22003() throws SQLException {
        ResultSet rs = firstRow("q", int64("v", 1L << 40));
        SQLException e = assertThrows(SQLDataException.class, () -> rs.getInt(1));
        assertEquals("22003", e.getSQLState());
    }

    @Test
    void uint64IsDecimal20ReadAsBigDecimal() throws SQLException {
        ResultSet rs = firstRow("q", uint64("v", -1L));
        assertType(rs, Types.DECIMAL, "DECIMAL", 20, 0, "java.math.BigDecimal");
        assertEquals(new BigDecimal("18446744073709551615"), rs.getObject(1));
        assertEquals(new BigInteger("18446744073709551615"), rs.getObject(1, BigInteger.class));
        assertEquals("18446744073709551615", rs.getString(1));
        assertEquals(1.8446744073709552E19, rs.getDouble(1));
    }

    @Test
    void uint64AboveLongMaxFailsGetLongWith22003() throws SQLException {
        ResultSet rs = firstRow("q", uint64("v", Long.MIN_VALUE));
        SQLDataException e = assertThrows(SQLDataException.class, () -> rs.getLong(1));
        assertEquals("22003", e.getSQLState());
        assertEquals("Value 9223372036854775808 of column 'v' is out of range for long; read it with getBigDecimal "
                + "or getObject(i, BigInteger.class)", e.getMessage());
    }

    @Test
    void uint64WithinLongRangeReadsAsLong() throws SQLException {
        ResultSet rs = firstRow("q", uint64("v", 42L));
        assertEquals(42L, rs.getLong(1));
        assertEquals(new BigDecimal("42"), rs.getObject(1));
    }

    @Test
    void float16IsRealReadAsFloat() throws SQLException {
        ResultSet rs = firstRow("q", float16("v", 1.5f));
        assertType(rs, Types.REAL, "REAL", 7, 0, "java.lang.Float");
        assertEquals(1.5f, rs.getObject(1));
        assertEquals(1.5f, rs.getFloat(1));
    }

    @Test
    void float32IsRealReadAsFloat() throws SQLException {
        ResultSet rs = firstRow("q", float32("v", 0.1f));
        assertType(rs, Types.REAL, "REAL", 7, 0, "java.lang.Float");
        assertEquals(0.1f, rs.getObject(1));
        assertEquals((double) 0.1f, rs.getDouble(1));
        assertEquals(new BigDecimal("0.1"), rs.getBigDecimal(1));
        assertEquals("0.1", rs.getString(1));
    }

    @Test
    void float64IsDoubleReadAsDouble() throws SQLException {
        ResultSet rs = firstRow("q", float64("v", 2.5));
        assertType(rs, Types.DOUBLE, "DOUBLE", 15, 0, "java.lang.Double");
        assertEquals(2.5, rs.getObject(1));
        assertEquals(2L, rs.getLong(1));
        assertEquals(new BigDecimal("2.5"), rs.getBigDecimal(1));
    }

    @Test
    void float64TextAndDecimalAreTheShortestDigitsThatReadBack() throws SQLException {
        ResultSet rs = firstRow("q", float64("v", 1.0E23));
        assertEquals("1.0E23", rs.getString(1), "JDK 17's Double.toString gives 9.999999999999999E22");
        assertEquals(new BigDecimal("1E+23"), rs.getBigDecimal(1));
        assertEquals("5.0E-324", firstRow("q", float64("v", Double.MIN_VALUE)).getString(1));
        assertEquals("12345678.0", firstRow("q", float64("v", 12345678.0)).getString(1), "plain below 1.0E15");
        assertEquals("0.00001", firstRow("q", float64("v", 0.00001)).getString(1), "plain from 1.0E-5");
        assertEquals("1.0E15", firstRow("q", float64("v", 1.0E15)).getString(1));
    }

    @Test
    void float32TextIsTheRealsOwnShortestDigits() throws SQLException {
        assertEquals("0.00001", firstRow("q", float32("v", 1.0e-5f)).getString(1));
        assertEquals("1.0E-45", firstRow("q", float32("v", Float.MIN_VALUE)).getString(1));
        assertEquals(new BigDecimal("3.4028235E+38"), firstRow("q", float32("v", Float.MAX_VALUE)).getBigDecimal(1));
    }

    @Test
    void nanReadAsLongFailsWith22003() throws SQLException {
        ResultSet rs = firstRow("q", float64("v", Double.NaN));
        assertEquals(Double.NaN, rs.getDouble(1));
        assertEquals("NaN", rs.getString(1));
        assertEquals("22003", assertThrows(SQLDataException.class, () -> rs.getLong(1)).getSQLState());
        assertEquals("22003", assertThrows(SQLDataException.class, () -> rs.getBigDecimal(1)).getSQLState());
    }

    @Test
    void negativeZeroKeepsItsSign() throws SQLException {
        ResultSet rs = firstRow("q", float64("v", -0.0));
        assertEquals("-0.0", rs.getString(1));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(rs.getDouble(1)));
    }

    @Test
    void decimal128KeepsExactScale() throws SQLException {
        ResultSet rs = firstRow("q", decimal("v", 10, 2, new BigDecimal("1.50")));
        assertType(rs, Types.DECIMAL, "DECIMAL", 10, 2, "java.math.BigDecimal");
        assertEquals(new BigDecimal("1.50"), rs.getBigDecimal(1));
        assertEquals(2, rs.getBigDecimal(1).scale());
        assertEquals("1.50", rs.getString(1));
        assertEquals(1L, rs.getLong(1));
        assertEquals(12, rs.getMetaData().getColumnDisplaySize(1));
    }

    @Test
    void decimal38DigitsRoundTrips() throws SQLException {
        BigDecimal big = new BigDecimal("-9999999999999999999999999999.9999999999");
        ResultSet rs = firstRow("q", decimal("v", 38, 10, big));
        assertEquals(big, rs.getObject(1));
        assertEquals("22003", assertThrows(SQLDataException.class, () -> rs.getLong(1)).getSQLState());
    }

    @Test
    void decimal256IsDecimalWithItsPrecision() throws SQLException {
        BigDecimal big = new BigDecimal("123456789012345678901234567890123456789012345678901234567890.123456");
        ResultSet rs = firstRow("q", decimal256("v", 76, 6, big));
        assertType(rs, Types.DECIMAL, "DECIMAL", 76, 6, "java.math.BigDecimal");
        assertEquals(big, rs.getBigDecimal(1));
    }

    @Test
    void boolIsBoolean() throws SQLException {
        ResultSet rs = firstRow("q", bool("v", true));
        assertType(rs, Types.BOOLEAN, "BOOLEAN", 1, 0, "java.lang.Boolean");
        assertEquals(Boolean.TRUE, rs.getObject(1));
        assertTrue(rs.getBoolean(1));
        assertEquals(1, rs.getInt(1));
        assertEquals("true", rs.getString(1));
    }

    @Test
    void nullNumberReadsAsZeroAndWasNull() throws SQLException {
        ResultSet rs = firstRow("q", int64("v", (Long) null));
        assertEquals(0L, rs.getLong(1));
        assertTrue(rs.wasNull());
        assertNull(rs.getObject(1));
        assertTrue(rs.wasNull());
        assertNull(rs.getBigDecimal(1));
        assertFalse(rs.getBoolean(1));
        assertNull(rs.getObject(1, Long.class));
    }

    @Test
    void wasNullFollowsTheLastColumnRead() throws SQLException {
        ResultSet rs = firstRow("q", int32("a", (Integer) null), int32("b", 7));
        rs.getInt(1);
        assertTrue(rs.wasNull());
        assertEquals(7, rs.getInt(2));
        assertFalse(rs.wasNull());
    }

    @Test
    void numberCannotBeReadAsDate() throws SQLException {
        ResultSet rs = firstRow("q", int32("v", 1));
        SQLException e = assertThrows(SQLException.class, () -> rs.getDate(1));
        assertEquals("07006", e.getSQLState());
        assertEquals("Cannot read column 'v' of type INTEGER as LocalDate", e.getMessage());
    }

    @Test
    void integerReadsAsEveryNumericClass() throws SQLException {
        ResultSet rs = firstRow("q", int32("v", 12));
        assertEquals(12L, rs.getObject(1, Long.class));
        assertEquals((short) 12, rs.getObject(1, Short.class));
        assertEquals(12.0, rs.getObject(1, Double.class));
        assertEquals(new BigDecimal("12"), rs.getObject(1, BigDecimal.class));
        assertEquals("12", rs.getObject(1, String.class));
        assertEquals(Boolean.TRUE, rs.getObject(1, Boolean.class));
    }
}
