package io.lancejdbc.exec.operator.agg;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.stream.RowCopier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * An append-only column of values copied from the batches an aggregation reads, exactly as they were (every type,
 * nested ones included, nanoseconds and -0.0 kept), so that group keys and ANY_VALUE results are written back
 * without a round trip through Java objects. Held in the query's allocator; {@link #close()} frees it.
 * Not thread-safe (one per aggregation state).
 */
final class ValueStore implements AutoCloseable {
    private final BufferAllocator allocator;
    private FieldVector values;
    private FieldVector source;
    private RowCopier copier;
    private int size;

    ValueStore(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    /** Appends row {@code row} of {@code v}; returns its position in the store. */
    int add(FieldVector v, int row) {
        if (values == null) {
            values = v.getField().createVector(allocator);
            values.allocateNew();
        }
        if (v != source) {
            copier = RowCopier.of(v, values);
            source = v;
        }
        copier.copy(row, size);
        return size++;
    }

    int size() {
        return size;
    }

    /**
     * A new vector of {@code field} with the stored values at {@code positions} (-1 gives NULL); the store keeps
     * its values.
     */
    FieldVector gather(Field field, int[] positions, int count, BufferAllocator target) {
        FieldVector out = ColumnWriters.allocate(field, count, target);
        try {
            if (values != null) {
                values.setValueCount(size);
            }
            RowCopier c = values == null ? RowCopier.nulls(out) : RowCopier.of(values, out);
            for (int g = 0; g < count; g++) {
                if (values == null || positions[g] < 0) {
                    c.setNull(g);
                } else {
                    c.copy(positions[g], g);
                }
            }
            out.setValueCount(count);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** The stored vector with its value count set, or null before the first value (for merging). */
    FieldVector vector() {
        if (values != null) {
            values.setValueCount(size);
        }
        return values;
    }

    @Override
    public void close() {
        if (values != null) {
            values.close();
            values = null;
        }
        source = null;
        copier = null;
    }
}
