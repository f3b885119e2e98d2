package io.lancejdbc.driver.jdbc;

import static io.lancejdbc.driver.jdbc.ArrowColumns.duration;
import static io.lancejdbc.driver.jdbc.ArrowColumns.floatList;
import static io.lancejdbc.driver.jdbc.ArrowColumns.largeLongList;
import static io.lancejdbc.driver.jdbc.ArrowColumns.nameAndNumber;
import static io.lancejdbc.driver.jdbc.ArrowColumns.stringToLong;
import static io.lancejdbc.driver.jdbc.ArrowColumns.vector;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Types;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** list, large_list, fixed_size_list (vectors), struct, map and unsupported columns. */
class NestedColumnsTest extends FixedEngineTestBase {

    @Test
    void fixedSizeListIsArrayOfReal() throws SQLException {
        ResultSet rs = firstRow("q", vector("embedding", 3, new float[] {0.5f, -1f, 2f}));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.ARRAY, md.getColumnType(1));
        assertEquals("ARRAY<REAL>", md.getColumnTypeName(1));
        assertEquals("java.sql.Array", md.getColumnClassName(1));
        Array a = rs.getArray(1);
        assertEquals(Types.REAL, a.getBaseType());
        assertEquals("REAL", a.getBaseTypeName());
        assertArrayEquals(new Float[] {0.5f, -1f, 2f}, (Float[]) a.getArray());
        assertEquals("[0.5, -1.0, 2.0]", rs.getString(1));
    }

    @Test
    void vectorReadsStraightIntoFloatArray() throws SQLException {
        ResultSet rs = firstRow("q", vector("embedding", 4, new float[] {1f, 2f, 3f, 4f}));
        assertArrayEquals(new float[] {1f, 2f, 3f, 4f}, rs.getObject(1, float[].class));
        assertArrayEquals(new double[] {1, 2, 3, 4}, rs.getObject(1, double[].class));
    }

    @Test
    void nullVectorIsNull() throws SQLException {
        ResultSet rs = firstRow("q", vector("embedding", 2, (float[]) null));
        assertNull(rs.getArray(1));
        assertTrue(rs.wasNull());
        assertNull(rs.getObject(1, float[].class));
    }

    @Test
    void arrayResultSetHasIndexAndValueColumns() throws SQLException {
        ResultSet rs = firstRow("q", floatList("v", new Float[] {1.5f, null, 3f}));
        Array a = rs.getArray(1);
        try (ResultSet elements = a.getResultSet()) {
            ResultSetMetaData md = elements.getMetaData();
            assertEquals(2, md.getColumnCount());
            assertEquals("INDEX", md.getColumnLabel(1));
            assertEquals(Types.INTEGER, md.getColumnType(1));
            assertEquals("VALUE", md.getColumnLabel(2));
            assertEquals(Types.REAL, md.getColumnType(2));
            assertTrue(elements.next());
            assertEquals(1, elements.getInt(1));
            assertEquals(1.5f, elements.getFloat(2));
            assertTrue(elements.next());
            assertEquals(2, elements.getInt("INDEX"));
            assertNull(elements.getObject("VALUE"));
            assertTrue(elements.next());
            assertEquals(3f, elements.getObject(2));
            assertFalse(elements.next());
        }
    }

    @Test
    void arraySliceIsOneBased() throws SQLException {
        ResultSet rs = firstRow("q", floatList("v", new Float[] {1f, 2f, 3f, 4f}));
        Array a = rs.getArray(1);
        assertArrayEquals(new Float[] {2f, 3f}, (Float[]) a.getArray(2, 2));
        assertEquals("HY024", assertThrows(SQLException.class, () -> a.getArray(4, 2)).getSQLState());
    }

    @Test
    void listElementNullCannotGoIntoPrimitiveArray() throws SQLException {
        ResultSet rs = firstRow("q", floatList("v", new Float[] {1f, null}));
        SQLException e = assertThrows(SQLException.class, () -> rs.getObject(1, float[].class));
        assertEquals("22004", e.getSQLState());
        assertEquals("[1.0, null]", rs.getString(1));
    }

    @Test
    void arrayStaysReadableAfterTheCursorMoves() throws SQLException {
        engine.rows("q", ArrowColumns.schema(floatList("v")), ArrowColumns.batch(floatList("v", new Float[] {7f})),
                ArrowColumns.batch(floatList("v", new Float[] {8f})));
        ResultSet rs = connection.createStatement().executeQuery("q");
        rs.next();
        Array first = rs.getArray(1);
        rs.next();
        assertFalse(rs.next());
        assertArrayEquals(new Float[] {7f}, (Float[]) first.getArray());
    }

    @Test
    void freedArrayFailsWithHy010() throws SQLException {
        ResultSet rs = firstRow("q", floatList("v", new Float[] {7f}));
        Array a = rs.getArray(1);
        a.free();
        assertEquals("HY010", assertThrows(SQLException.class, a::getArray).getSQLState());
    }

    @Test
    void largeListIsArrayOfBigint() throws SQLException {
        ResultSet rs = firstRow("q", largeLongList("v", new Long[] {1L, 2L}));
        assertEquals("ARRAY<BIGINT>", rs.getMetaData().getColumnTypeName(1));
        assertArrayEquals(new Long[] {1L, 2L}, (Long[]) rs.getArray(1).getArray());
        assertArrayEquals(new long[] {1L, 2L}, rs.getObject(1, long[].class));
    }

    @Test
    void structIsStructWithAttributesInFieldOrder() throws SQLException {
        ResultSet rs = firstRow("q", nameAndNumber("s", new Object[] {"x\"y", 5}));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.STRUCT, md.getColumnType(1));
        assertEquals("STRUCT<name:VARCHAR,n:INTEGER>", md.getColumnTypeName(1));
        assertEquals("java.sql.Struct", md.getColumnClassName(1));
        Struct s = (Struct) rs.getObject(1);
        assertEquals("STRUCT<name:VARCHAR,n:INTEGER>", s.getSQLTypeName());
        assertArrayEquals(new Object[] {"x\"y", 5}, s.getAttributes());
        assertEquals("{\"name\": \"x\\\"y\", \"n\": 5}", rs.getString(1));
    }

    @Test
    void structWithNullFieldRendersNull() throws SQLException {
        ResultSet rs = firstRow("q", nameAndNumber("s", new Object[] {null, 1}));
        assertArrayEquals(new Object[] {null, 1}, ((Struct) rs.getObject(1)).getAttributes());
        assertEquals("{\"name\": null, \"n\": 1}", rs.getString(1));
    }

    @Test
    void mapIsOtherReadAsJavaMap() throws SQLException {
        ResultSet rs = firstRow("q", stringToLong("m", new Object[] {"a", 1L, "b", null}));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.OTHER, md.getColumnType(1));
        assertEquals("MAP<VARCHAR,BIGINT>", md.getColumnTypeName(1));
        assertEquals("java.util.Map", md.getColumnClassName(1));
        Map<Object, Object> expected = new LinkedHashMap<>();
        expected.put("a", 1L);
        expected.put("b", null);
        assertEquals(expected, rs.getObject(1));
        assertEquals("{\"a\": 1, \"b\": null}", rs.getString(1));
    }

    @Test
    void unsupportedTypeIsOtherNamedUnsupportedType() throws SQLException {
        ResultSet rs = firstRow("q", duration("d", 5L));
        ResultSetMetaData md = rs.getMetaData();
        assertEquals(Types.OTHER, md.getColumnType(1));
        assertEquals("UNSUPPORTED_TYPE", md.getColumnTypeName(1));
        assertEquals("PT5S", rs.getString(1));
    }
}
