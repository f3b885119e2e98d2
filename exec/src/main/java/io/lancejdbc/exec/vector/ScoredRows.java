package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.expr.Batches;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Builds a search split's output batch: the kept rows' carried columns, their {@code _distance} and row id. */
final class ScoredRows {
    private ScoredRows() {
    }

    /**
     * @param schema the output schema: {@code carried.length} columns, {@code _distance} (float32), the row id
     * @param rows positions in {@code batch} of the kept rows, {@code rows[0..count)}
     * @param distances their distances, {@code distances[0..count)}
     * @return a new batch of {@code count} rows allocated from {@code allocator}; {@code batch} is left open
     */
    static VectorSchemaRoot select(Schema schema, VectorSchemaRoot batch, int[] carried, int rowIdPosition,
            int[] rows, float[] distances, int count, BufferAllocator allocator) {
        List<FieldVector> out = new ArrayList<>(carried.length + 2);
        try {
            for (int c : carried) {
                out.add(Batches.selectVector(batch.getVector(c), rows, count, allocator));
            }
            Float4Vector d = (Float4Vector) schema.getFields().get(carried.length).createVector(allocator);
            out.add(d);
            d.allocateNew(count);
            for (int k = 0; k < count; k++) {
                d.set(k, distances[k]);
            }
            d.setValueCount(count);
            out.add(Batches.selectVector(batch.getVector(rowIdPosition), rows, count, allocator));
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
        return Batches.of(schema, out, count);
    }
}
