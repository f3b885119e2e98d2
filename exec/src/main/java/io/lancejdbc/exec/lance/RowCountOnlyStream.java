package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The batches of a scan that read only {@code _rowid}, reduced to their row counts: each batch has no columns and
 * the row count of the batch it replaces. This is how an empty projection (a {@code COUNT(*)} over a residual
 * predicate that needs no column, or a subquery whose columns are all pruned) is read, because lance-core 7.0.0
 * fails an empty projection over legacy-format ({@code 0.1}) data files with "No data files found for schema"
 * (seen on every {@code 0.1} dataset of the compatibility corpus; row ids are computed, not read, so they cost no
 * column I/O).
 */
final class RowCountOnlyStream implements BatchStream {
    private static final Schema NO_COLUMNS = new Schema(List.of());

    private final BatchStream rowIds;

    /** @param rowIds a scan stream; its columns are dropped and its batches closed here */
    RowCountOnlyStream(BatchStream rowIds) {
        this.rowIds = rowIds;
    }

    @Override
    public Schema schema() {
        return NO_COLUMNS;
    }

    @Override
    public VectorSchemaRoot next() {
        try (VectorSchemaRoot batch = rowIds.next()) {
            if (batch == null) {
                return null;
            }
            return new VectorSchemaRoot(NO_COLUMNS, List.<FieldVector>of(), batch.getRowCount());
        }
    }

    @Override
    public void close() {
        rowIds.close();
    }
}
