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
 * Builds a batch from rows addressed as {@code (batch << 32) | row} across several source batches: fixed-width
 * columns through {@link FixedWidthGather}, every other column value by value through {@link RowCopier}.
 */
final class RowGatherer {
    private RowGatherer() {
    }

    static VectorSchemaRoot gather(Schema schema, List<VectorSchemaRoot> sources, long[] refs, int from, int to,
            BufferAllocator allocator) {
        int n = to - from;
        List<FieldVector> out = new ArrayList<>();
        try {
            List<Field> fields = schema.getFields();
            for (int c = 0; c < fields.size(); c++) {
                FieldVector dst = ColumnWriters.allocate(fields.get(c), n, allocator);
                out.add(dst);
                if (FixedWidthGather.applies(dst)
                        && FixedWidthGather.gather(sources, c, refs, from, to, (BaseFixedWidthVector) dst)) {
                    continue;
                }
                RowCopier[] pairs = new RowCopier[sources.size()];
                for (int k = 0; k < n; k++) {
                    long ref = refs[from + k];
                    int b = (int) (ref >>> 32);
                    int r = (int) ref;
                    RowCopier copier = pairs[b];
                    if (copier == null) {
                        copier = RowCopier.of(sources.get(b).getVector(c), dst);
                        pairs[b] = copier;
                    }
                    copier.copy(r, k);
                }
                dst.setValueCount(n);
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
}
