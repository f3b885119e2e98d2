package io.lancejdbc.driver.jdbc;

import io.lancejdbc.driver.jdbc.accessor.ColumnAccessor;
import io.lancejdbc.driver.jdbc.accessor.ObjectAccessor;
import java.util.List;

/** Rows the driver built itself (DatabaseMetaData, {@code Array.getResultSet()}), served as one batch. */
final class InMemoryRowSource implements RowSource {
    private final List<ColumnInfo> columns;
    private List<Object[]> rows;

    /**
     * @param rows one {@code Object[]} per row holding each column's value as its JDBC class; not copied
     */
    InMemoryRowSource(List<ColumnInfo> columns, List<Object[]> rows) {
        this.columns = List.copyOf(columns);
        this.rows = rows;
    }

    @Override
    public List<ColumnInfo> columns() {
        return columns;
    }

    @Override
    public RowBatch next() {
        List<Object[]> r = rows;
        rows = null;
        if (r == null || r.isEmpty()) {
            return null;
        }
        ColumnAccessor[] accessors = new ColumnAccessor[columns.size()];
        for (int i = 0; i < accessors.length; i++) {
            accessors[i] = new ObjectAccessor(r, i, columns.get(i).label(), columns.get(i).type());
        }
        return new RowBatch(r.size(), accessors, null);
    }

    @Override
    public void close() {
        rows = null;
    }
}
