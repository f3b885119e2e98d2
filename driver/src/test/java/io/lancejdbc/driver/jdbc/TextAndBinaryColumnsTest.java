package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.binary;
import static io.lancejdbc.driver.jdbc.ArrowColumns.fixedBinary;
import static io.lancejdbc.driver.jdbc.ArrowColumns.largeBinary;
import static io.lancejdbc.driver.jdbc.ArrowColumns.largeUtf8;
import static io.lancejdbc.driver.jdbc.ArrowColumns.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** utf8, large_utf8, binary, large_binary and fixed_size_binary columns. */
class TextAndBinaryColumnsTest extends FixedEngineTestBase {

    @Test
    void utf8IsVarcharOfUnboundedLength() throws SQLException {
        ResultSet rs = firstRow("q", utf8("v", "héllo ✓"));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.VARCHAR, md.getColumnType(1));
        assertEquals("VARCHAR", md.getColumnTypeName(1));
        assertEquals(Integer.MAX_VALUE, md.getPrecision(1));
        assertEquals("java.lang.String", md.getColumnClassName(1));
        assertTrue(md.isCaseSensitive(1));
        assertEquals("héllo ✓", rs.getString(1));
        assertEquals("héllo ✓", rs.getObject(1));
        assertEquals("héllo ✓", rs.getNString(1));
    }

    @Test
    void largeUtf8IsVarchar() throws SQLException {
        ResultSet rs = firstRow("q", largeUtf8("v", "big"));
        assertEquals(Types.VARCHAR, rs.getMetaData().getColumnType(1));
        assertEquals("big", rs.getString(1));
    }

    @Test
    void textParsesAsNumbersBooleansAndDates() throws SQLException {
        ResultSet rs = firstRow("q", utf8("n", " 42 "), utf8("d", "2.5"), utf8("b", "TRUE"),
                utf8("day", "2024-02-29"), utf8("ts", "2024-02-29 10:11:12.5"));
        assertEquals(42, rs.getInt(1));
        assertEquals(2, rs.getLong(2));
        assertEquals(new BigDecimal("2.5"), rs.getBigDecimal(2));
        assertTrue(rs.getBoolean(3));
        assertEquals(LocalDate.of(2024, 2, 29), rs.getObject(4, LocalDate.class));
        assertEquals(LocalDateTime.of(2024, 2, 29, 10, 11, 12, 500_000_000), rs.getObject(5, LocalDateTime.class));
    }

    @Test
    void textThatIsNotANumberFailsWith22018() throws SQLException {
        ResultSet rs = firstRow("q", utf8("v", "abc"));
        SQLDataException e = assertThrows(SQLDataException.class, () -> rs.getInt(1));
        assertEquals("22018", e.getSQLState());
        assertEquals("Value 'abc' of column 'v' is not a valid number", e.getMessage());
    }

    @Test
    void characterStreamReadsTheText() throws SQLException, IOException {
        ResultSet rs = firstRow("q", utf8("v", "stream me"));
        try (Reader r = rs.getCharacterStream(1)) {
            char[] buf = new char[32];
            int n = r.read(buf);
            assertEquals("stream me", new String(buf, 0, n));
        }
    }

    @Test
    void maxFieldSizeCutsText() throws SQLException {
        engine.rows("q", ArrowColumns.schema(utf8("v", "abcdef")), ArrowColumns.batch(utf8("v", "abcdef")));
        Statement s = connection.createStatement();
        s.setMaxFieldSize(3);
        ResultSet rs = s.executeQuery("q");
        rs.next();
        assertEquals("abc", rs.getString(1));
        assertEquals("abc", rs.getObject(1));
    }

    @Test
    void binaryIsVarbinaryReadAsBytes() throws SQLException {
        ResultSet rs = firstRow("q", binary("v", new byte[] {0x01, (byte) 0xff}));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.VARBINARY, md.getColumnType(1));
        assertEquals("[B", md.getColumnClassName(1));
        assertArrayEquals(new byte[] {0x01, (byte) 0xff}, rs.getBytes(1));
        assertArrayEquals(new byte[] {0x01, (byte) 0xff}, (byte[]) rs.getObject(1));
        assertEquals("01ff", rs.getString(1));
    }

    @Test
    void largeBinaryIsVarbinary() throws SQLException {
        ResultSet rs = firstRow("q", largeBinary("v", "xyz".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Types.VARBINARY, rs.getMetaData().getColumnType(1));
        assertArrayEquals("xyz".getBytes(StandardCharsets.US_ASCII), rs.getBytes(1));
    }

    @Test
    void fixedSizeBinaryIsBinaryOfItsWidth() throws SQLException {
        ResultSet rs = firstRow("q", fixedBinary("v", 4, new byte[] {1, 2, 3, 4}));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.BINARY, md.getColumnType(1));
        assertEquals("BINARY", md.getColumnTypeName(1));
        assertEquals(4, md.getPrecision(1));
        assertEquals(8, md.getColumnDisplaySize(1));
        assertArrayEquals(new byte[] {1, 2, 3, 4}, rs.getBytes(1));
    }

    @Test
    void nullTextIsNull() throws SQLException {
        ResultSet rs = firstRow("q", utf8("v", (String) null));
        assertNull(rs.getString(1));
        assertTrue(rs.wasNull());
        assertNull(rs.getBytes(1));
        assertNull(rs.getCharacterStream(1));
    }

    @Test
    void utf8ValuesOfEveryLengthReadBackRowByRow() throws SQLException {
        // getString decodes through a per-column buffer that grows with the longest value; lengths 0..299 (with
        // two- and three-byte characters and NULLs between) check that no value sees another's bytes.
        String[] values = new String[300];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 7 == 3 ? null : "é✓x".repeat(i).substring(0, i);
        }
        ResultSet rs = firstRow("q", utf8("v", values));
        for (int i = 0; i < values.length; i++) {
            assertEquals(values[i], rs.getString(1), "row " + i);
            assertEquals(values[i] == null, rs.wasNull(), "row " + i);
            assertEquals(i < values.length - 1, rs.next());
        }
    }
}
