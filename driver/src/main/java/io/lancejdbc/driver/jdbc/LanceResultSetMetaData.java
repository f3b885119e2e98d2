package io.lancejdbc.driver.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/**
 * Column descriptions of a result, from the Arrow schema and the engine's field metadata. Every getter answers for
 * every valid column index (tools call them unguarded); only an index out of range is an error (07009).
 * Precision is in decimal digits (INTEGER 10, BIGINT 19), characters for date/time values and
 * {@link Integer#MAX_VALUE} for unbounded text and binary.
 */
final class LanceResultSetMetaData implements ResultSetMetaData {
    private final List<ColumnInfo> columns;

    LanceResultSetMetaData(List<ColumnInfo> columns) {
        this.columns = List.copyOf(columns);
    }

    private ColumnInfo column(int column) throws SQLException {
        if (column < 1 || column > columns.size()) {
            throw SqlExceptions.of(SqlExceptions.INVALID_COLUMN_INDEX, "Column index " + column
                    + " is out of range: the result has " + columns.size() + " columns (indexes start at 1)");
        }
        return columns.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        column(column);
        return false;
    }

    /** Text compares case-sensitively; other types have no case. */
    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return column(column).type().javaClass() == String.class;
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        return column(column).type() != ArrowTypeMapping.UNSUPPORTED;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return column(column).nullable();
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return column(column).type().signed();
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return column(column).type().displaySize();
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return column(column).label();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return column(column).name();
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        return column(column).schema();
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return column(column).type().precision();
    }

    @Override
    public int getScale(int column) throws SQLException {
        return column(column).type().scale();
    }

    @Override
    public String getTableName(int column) throws SQLException {
        return column(column).table();
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        return column(column).catalog();
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return column(column).type().jdbcType();
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return column(column).type().typeName();
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return column(column).type().className();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "ResultSetMetaData does not implement " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
