package io.lancejdbc.driver.jdbc;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A list value (list, large_list, fixed_size_list such as an embedding) as {@link java.sql.Array}: the elements
 * are copied out of the Arrow batch when the array is created, so the array stays valid after the result set moves
 * on. {@link #getArray()} returns an array of the element's JDBC class ({@code Float[]} for REAL elements);
 * {@link #getResultSet()} has the JDBC columns {@code INDEX} (1-based) and {@code VALUE}.
 *
 * <p>Also the value of {@code Connection.createArrayOf}, to bind vectors to parameters.
 */
public final class LanceArray implements Array {
    private final ColumnType elementType;
    private Object[] elements;

    /**
     * @param elementType the JDBC type of the elements
     * @param elements the elements as instances of {@code elementType.javaClass()} or null; not copied
     */
    public LanceArray(ColumnType elementType, Object[] elements) {
        this.elementType = elementType;
        this.elements = elements;
    }

    public ColumnType elementType() {
        return elementType;
    }

    /** The elements, not copied; for parameter binding. */
    public Object[] elements() throws SQLException {
        checkNotFreed();
        return elements;
    }

    private void checkNotFreed() throws SQLException {
        if (elements == null) {
            throw SqlExceptions.of(SqlExceptions.OBJECT_CLOSED, "This java.sql.Array was freed");
        }
    }

    @Override
    public String getBaseTypeName() throws SQLException {
        checkNotFreed();
        return elementType.sqlName();
    }

    @Override
    public int getBaseType() throws SQLException {
        checkNotFreed();
        return elementType.jdbcType();
    }

    @Override
    public Object getArray() throws SQLException {
        checkNotFreed();
        return copy(0, elements.length);
    }

    @Override
    public Object getArray(Map<String, Class<?>> map) throws SQLException {
        checkTypeMap(map);
        return getArray();
    }

    @Override
    public Object getArray(long index, int count) throws SQLException {
        checkNotFreed();
        int from = checkRange(index, count);
        return copy(from, count);
    }

    @Override
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
        checkTypeMap(map);
        return getArray(index, count);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkNotFreed();
        return resultSet(0, elements.length);
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
        checkTypeMap(map);
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        checkNotFreed();
        return resultSet(checkRange(index, count), count);
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
        checkTypeMap(map);
        return getResultSet(index, count);
    }

    @Override
    public void free() {
        elements = null;
    }

    private Object copy(int from, int count) {
        // An array of the element's JDBC class (Float[] for REAL) as JDBC specifies for getArray().
        Object[] out = (Object[]) java.lang.reflect.Array.newInstance(elementType.javaClass(), count);
        System.arraycopy(elements, from, out, 0, count);
        return out;
    }

    private ResultSet resultSet(int from, int count) {
        List<Object[]> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(new Object[] {from + i + 1, elements[from + i]});
        }
        List<ColumnInfo> columns = List.of(
                ColumnInfo.computed("INDEX", ArrowTypeMapping.INTEGER, false),
                ColumnInfo.computed("VALUE", elementType, true));
        return LanceResultSet.inMemory(null, columns, rows);
    }

    private int checkRange(long index, int count) throws SQLException {
        if (index < 1 || count < 0 || index - 1 + count > elements.length) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "Array range index=" + index + ", count=" + count
                    + " is outside the array of " + elements.length + " elements (index is 1-based)");
        }
        return (int) (index - 1);
    }

    private static void checkTypeMap(Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) {
            throw SqlExceptions.unsupported("Custom type maps");
        }
    }

    /** Renders like {@code getString} of the column: {@code [1.5, 2.0]}. */
    @Override
    public String toString() {
        if (elements == null) {
            return "Array(freed)";
        }
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < elements.length; i++) {
            if (i > 0) {
                out.append(", ");
            }
            NestedText.appendValue(out, elements[i]);
        }
        return out.append(']').toString();
    }

    public static SQLException nullElement(String column, int index) {
        return SqlExceptions.of(SqlExceptions.NULL_NOT_ALLOWED, "Element " + (index + 1) + " of array column '"
                + column + "' is NULL and cannot be stored in a primitive array; read it with getArray()");
    }
}
