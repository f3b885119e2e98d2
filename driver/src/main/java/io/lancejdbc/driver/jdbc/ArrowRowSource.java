package io.lancejdbc.driver.jdbc;

import io.lancejdbc.driver.jdbc.accessor.ArrowAccessors;
import io.lancejdbc.driver.jdbc.accessor.ColumnAccessor;
import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.QueryResult;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows of an engine {@link QueryResult}, batch by batch. The cancellation signal is checked before every
 * batch is requested, so a timeout or {@code Statement.cancel()} stops a result that is being read even when the
 * engine has batches ready.
 */
final class ArrowRowSource implements RowSource {
    private final QueryResult result;
    private final Cancellation cancellation;
    private final List<ColumnInfo> columns;

    ArrowRowSource(QueryResult result, Cancellation cancellation, String catalogName) {
        this.result = result;
        this.cancellation = cancellation;
        List<ColumnInfo> cols = new ArrayList<>();
        for (Field field : result.schema().getFields()) {
            cols.add(ColumnInfo.of(field, catalogName));
        }
        this.columns = List.copyOf(cols);
    }

    @Override
    public List<ColumnInfo> columns() {
        return columns;
    }

    Schema schema() {
        return result.schema();
    }

    /** The cancellation as an SQLException (57014, or HYT00 for a timeout), or null when not cancelled. */
    SQLException cancelled() {
        try {
            cancellation.throwIfCancelled();
            return null;
        } catch (RuntimeException e) {
            return SqlExceptions.from(e);
        }
    }

    /**
     * The next engine batch as is (possibly empty), owned by the caller; null at the end.
     */
    VectorSchemaRoot nextRoot() throws SQLException {
        try {
            cancellation.throwIfCancelled();
            return result.nextBatch();
        } catch (RuntimeException e) {
            throw SqlExceptions.from(e);
        }
    }

    @Override
    public RowBatch next() throws SQLException {
        while (true) {
            VectorSchemaRoot root = nextRoot();
            if (root == null) {
                return null;
            }
            if (root.getRowCount() == 0) {
                root.close();
                continue;
            }
            try {
                List<FieldVector> vectors = root.getFieldVectors();
                ColumnAccessor[] accessors = new ColumnAccessor[vectors.size()];
                for (int i = 0; i < accessors.length; i++) {
                    String label = i < columns.size() ? columns.get(i).label() : vectors.get(i).getName();
                    accessors[i] = ArrowAccessors.create(vectors.get(i), label);
                }
                return new RowBatch(root.getRowCount(), accessors, root);
            } catch (RuntimeException e) {
                root.close();
                throw SqlExceptions.from(e);
            }
        }
    }

    @Override
    public void close() {
        result.close();
    }
}
