package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.stream.BatchStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An exact (flat) vector search computed by the driver over a fragment scan, for int8 and uint8 columns that
 * lance-core 7.0.0 cannot search. Turns each scanned batch (carrying the vector column and {@code _rowid}) into
 * candidate rows {@code [carried columns..., _distance, _rowid]}; rows whose vector is NULL are dropped, as Lance
 * drops them from its own searches, and so are rows whose distance is undefined (the cosine distance of a zero
 * vector), which vector_search never returns. The Top-K is chosen downstream, so every scanned row is a candidate.
 */
final class DriverFlatSearchStream implements BatchStream {
    private final BatchStream scan;
    private final Schema schema;
    private final int vectorPosition;
    private final int[] carried;
    private final int rowIdPosition;
    private final ByteVectorDistances distances;
    private final BufferAllocator allocator;

    /**
     * @param scan the fragment scan
     * @param schema the output schema: carried columns, {@code _distance}, {@code _rowid}
     * @param vectorPosition position of the vector column in the scan's batches
     * @param carried positions in the scan's batches of the carried columns, in output order
     * @param rowIdPosition position of {@code _rowid} in the scan's batches
     */
    DriverFlatSearchStream(BatchStream scan, Schema schema, int vectorPosition, int[] carried, int rowIdPosition,
            ByteVectorDistances distances, BufferAllocator allocator) {
        this.scan = scan;
        this.schema = schema;
        this.vectorPosition = vectorPosition;
        this.carried = carried.clone();
        this.rowIdPosition = rowIdPosition;
        this.distances = distances;
        this.allocator = allocator;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        while (true) {
            VectorSchemaRoot b = scan.next();
            if (b == null) {
                return null;
            }
            try (VectorSchemaRoot batch = b) {
                VectorSchemaRoot out = candidates(batch);
                if (out != null) {
                    return out;
                }
            }
        }
    }

    private VectorSchemaRoot candidates(VectorSchemaRoot batch) {
        FixedSizeListVector vectors = (FixedSizeListVector) batch.getVector(vectorPosition);
        int n = batch.getRowCount();
        int[] rows = new int[n];
        float[] dist = new float[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (!vectors.isNull(i)) {
                float d = distances.distance(vectors, i);
                if (!Float.isNaN(d)) {
                    rows[count] = i;
                    dist[count] = d;
                    count++;
                }
            }
        }
        if (count == 0) {
            return null;
        }
        return ScoredRows.select(schema, batch, carried, rowIdPosition, rows, dist, count, allocator);
    }

    @Override
    public void close() {
        scan.close();
    }
}
