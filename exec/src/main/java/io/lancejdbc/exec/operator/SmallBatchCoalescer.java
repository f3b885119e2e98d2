package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Merges consecutive small batches of a split's scan into one batch before they leave the split's worker. A
 * selective pushed filter makes lance-core return one batch per batch of rows scanned, whatever it kept (the 0.1%
 * filter on an unsorted column of the matrix table: 4,000 rows in about 500 batches of 8 rows), and every batch pays
 * the hand-off to the consumer, the operators above and the cursor's batch switch.
 *
 * <p>A batch of at least {@code minRows} rows passes through unchanged (no copy). A smaller one is merged with the
 * small batches that follow it until the merged rows reach {@code minRows}, the stream ends, or a batch of at least
 * {@code minRows} rows arrives (that batch is then returned by the next call, unchanged). Rows keep their order, so a
 * merged batch holds fewer than {@code 2 * minRows} rows. The merge copies the small batches' values
 * ({@link BatchConcat}) into {@code allocator}, where the query's memory limit applies.
 */
public final class SmallBatchCoalescer implements BatchStream {
    private final BatchStream in;
    private final int minRows;
    private final BufferAllocator allocator;
    private VectorSchemaRoot pending;

    /**
     * @param minRows batches with fewer rows are merged; at least 1
     * @param allocator allocator merged batches are owned by
     */
    public SmallBatchCoalescer(BatchStream in, int minRows, BufferAllocator allocator) {
        if (minRows < 1) {
            throw new IllegalArgumentException("minRows must be >= 1");
        }
        this.in = in;
        this.minRows = minRows;
        this.allocator = allocator;
    }

    @Override
    public Schema schema() {
        return in.schema();
    }

    @Override
    public VectorSchemaRoot next() {
        VectorSchemaRoot first = pending != null ? pending : in.next();
        pending = null;
        if (first == null || first.getRowCount() >= minRows) {
            return first;
        }
        List<VectorSchemaRoot> run = new ArrayList<>();
        run.add(first);
        try {
            long rows = first.getRowCount();
            while (rows < minRows) {
                VectorSchemaRoot b = in.next();
                if (b == null) {
                    break;
                }
                if (b.getRowCount() >= minRows) {
                    pending = b;
                    break;
                }
                run.add(b);
                rows += b.getRowCount();
            }
            if (run.size() == 1) {
                run.clear();
                return first;
            }
            return BatchConcat.concat(schema(), run, allocator);
        } finally {
            for (VectorSchemaRoot b : run) {
                b.close();
            }
        }
    }

    @Override
    public void close() {
        try {
            if (pending != null) {
                pending.close();
                pending = null;
            }
        } finally {
            in.close();
        }
    }
}
