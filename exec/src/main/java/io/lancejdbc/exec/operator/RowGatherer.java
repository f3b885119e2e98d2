package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.stream.RowCopier;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Builds batches from rows addressed as {@code (batch << 32) | row} across a fixed list of source batches:
 * fixed-width columns through {@link FixedWidthGather} (whose per-source readers are made once and kept for every
 * batch this gatherer builds), every other column value by value through {@link RowCopier}. The sources must stay
 * open and unchanged while the gatherer is used. Not thread-safe.
 */
final class RowGatherer {
    private final Schema schema;
    private final List<VectorSchemaRoot> sources;
    private final FixedWidthGather[] fixed;
    private final boolean[] valueByValue;

    RowGatherer(Schema schema, List<VectorSchemaRoot> sources) {
        this.schema = schema;
        this.sources = List.copyOf(sources);
        int columns = schema.getFields().size();
        this.fixed = new FixedWidthGather[columns];
        this.valueByValue = new boolean[columns];
    }

    /** One batch gathered from {@code sources}: {@code new RowGatherer(schema, sources).gather(...)}. */
    static VectorSchemaRoot gather(Schema schema, List<VectorSchemaRoot> sources, long[] refs, int from, int to,
            BufferAllocator allocator) {
        return new RowGatherer(schema, sources).gather(refs, from, to, allocator);
    }

    /** The rows {@code refs[from..to)} as one new batch allocated in {@code allocator} (the caller closes it). */
    VectorSchemaRoot gather(long[] refs, int from, int to, BufferAllocator allocator) {
        int n = to - from;
        List<FieldVector> out = new ArrayList<>();
        try {
            List<Field> fields = schema.getFields();
            for (int c = 0; c < fields.size(); c++) {
                FieldVector dst = ColumnWriters.allocate(fields.get(c), n, allocator);
                out.add(dst);
                if (!valueByValue[c] && fixed[c] == null) {
                    fixed[c] = FixedWidthGather.of(sources, c, dst);
                    valueByValue[c] = fixed[c] == null;
                }
                if (!valueByValue[c] && fixed[c].gather(refs, from, to, (BaseFixedWidthVector) dst)) {
                    continue;
                }
                copyValueByValue(c, refs, from, to, dst);
            }
        } catch (RuntimeException e) {
            for (FieldVector v : out) {
                v.close();
            }
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), out, n);
        root.setRowCount(n);
        return root;
    }

    private void copyValueByValue(int c, long[] refs, int from, int to, FieldVector dst) {
        RowCopier[] pairs = new RowCopier[sources.size()];
        for (int k = from; k < to; k++) {
            long ref = refs[k];
            int b = (int) (ref >>> 32);
            RowCopier copier = pairs[b];
            if (copier == null) {
                copier = RowCopier.of(sources.get(b).getVector(c), dst);
                pairs[b] = copier;
            }
            copier.copy((int) ref, k - from);
        }
        dst.setValueCount(to - from);
    }
}
