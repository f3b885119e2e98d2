package io.lancejdbc.exec.lance.demo;

import java.io.IOException;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An {@link ArrowReader} whose batches are generated on demand: rows {@code [firstRow, firstRow + rowCount)} are
 * produced in batches of at most {@code batchSize} rows by a {@link BatchFiller}. Lets a writer stream millions of
 * generated rows into {@code Dataset.write().reader(..)} with one batch of memory at a time.
 *
 * <p>The reader owns one {@link VectorSchemaRoot} (created by {@link ArrowReader}) that is refilled for every
 * batch, as the Arrow C stream export expects. Closing the reader releases it. Not thread-safe.
 */
public final class GeneratedBatchReader extends ArrowReader {
    /** Writes the values of {@code rowCount} consecutive rows, starting at absolute row {@code firstRow}. */
    @FunctionalInterface
    public interface BatchFiller {
        /**
         * Fills {@code root}, whose vectors are freshly allocated and empty, with rows {@code 0..rowCount-1} of this
         * batch (absolute rows {@code firstRow..firstRow+rowCount-1}). Use the {@code setSafe} family; the reader sets
         * the row count afterwards.
         */
        void fill(VectorSchemaRoot root, long firstRow, int rowCount);
    }

    private final Schema schema;
    private final long endRow;
    private final int batchSize;
    private final BatchFiller filler;
    private long nextRow;

    /**
     * @param allocator allocator for the batch vectors (the caller closes it after the reader)
     * @param schema schema of every batch
     * @param firstRow absolute index of the first generated row (passed to the filler), {@code >= 0}
     * @param rowCount number of rows to generate, {@code >= 0}
     * @param batchSize maximum rows per batch, {@code > 0}
     * @param filler writes the values of one batch
     * @throws IllegalArgumentException for a negative row range or a non-positive batch size
     */
    public GeneratedBatchReader(BufferAllocator allocator, Schema schema, long firstRow, long rowCount,
            int batchSize, BatchFiller filler) {
        super(allocator);
        if (firstRow < 0 || rowCount < 0 || batchSize <= 0) {
            throw new IllegalArgumentException("invalid row range or batch size: firstRow=" + firstRow
                    + ", rowCount=" + rowCount + ", batchSize=" + batchSize);
        }
        this.schema = Objects.requireNonNull(schema, "schema");
        this.filler = Objects.requireNonNull(filler, "filler");
        this.nextRow = firstRow;
        this.endRow = firstRow + rowCount;
        this.batchSize = batchSize;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        VectorSchemaRoot root = getVectorSchemaRoot();
        if (nextRow >= endRow) {
            return false;
        }
        int n = (int) Math.min(batchSize, endRow - nextRow);
        for (FieldVector vector : root.getFieldVectors()) {
            vector.clear();
            vector.allocateNew();
        }
        filler.fill(root, nextRow, n);
        root.setRowCount(n);
        nextRow += n;
        return true;
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() {
        // Nothing beyond the root, which ArrowReader.close() releases.
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }
}
