package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.RowCopier;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * Concatenates buffered batches into one batch, so that a build side (hash join, set operation) addresses its rows
 * with one {@code int} and gathers them with {@link VectorGather}.
 */
public final class BatchConcat {
    private BatchConcat() {
    }

    /**
     * One batch holding the rows of {@code batches} in order. The input batches stay owned by the caller (a single
     * input batch is transferred, leaving it empty).
     *
     * @return a batch owned by the caller
     */
    public static VectorSchemaRoot concat(Schema schema, List<VectorSchemaRoot> batches, BufferAllocator allocator) {
        int total = 0;
        for (VectorSchemaRoot b : batches) {
            total += b.getRowCount();
        }
        List<FieldVector> out = new ArrayList<>(schema.getFields().size());
        try {
            for (int c = 0; c < schema.getFields().size(); c++) {
                Field f = schema.getFields().get(c);
                if (batches.size() == 1) {
                    TransferPair tp = batches.get(0).getVector(c).getTransferPair(allocator);
                    tp.transfer();
                    out.add((FieldVector) tp.getTo());
                    continue;
                }
                FieldVector dst = f.createVector(allocator);
                out.add(dst);
                dst.allocateNew();
                FieldVector[] srcs = new FieldVector[batches.size()];
                for (int b = 0; b < srcs.length; b++) {
                    srcs[b] = batches.get(b).getVector(c);
                }
                append(dst, srcs);
                dst.setValueCount(total);
            }
        } catch (RuntimeException e) {
            VectorGather.closeAll(out);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), out, total);
        root.setRowCount(total);
        return root;
    }

    /**
     * One vector of type {@code field} holding the values of {@code parts} in order; the parts stay owned by the
     * caller.
     */
    public static FieldVector concatVectors(Field field, List<FieldVector> parts, BufferAllocator allocator) {
        int total = 0;
        for (FieldVector p : parts) {
            total += p.getValueCount();
        }
        FieldVector dst = field.createVector(allocator);
        try {
            dst.allocateNew();
            append(dst, parts.toArray(new FieldVector[0]));
            dst.setValueCount(total);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }

    /**
     * Appends the values of {@code parts} to the empty {@code dst}: buffer copies for flat vectors, the value copier
     * for nested ones (Arrow 18.3's {@code VectorAppender} casts a large list to a list and fails).
     */
    private static void append(FieldVector dst, FieldVector[] parts) {
        if (dst instanceof BaseFixedWidthVector || dst instanceof BaseVariableWidthVector
                || dst instanceof BaseLargeVariableWidthVector) {
            VectorBatchAppender.batchAppend(dst, parts);
            return;
        }
        int at = 0;
        for (FieldVector p : parts) {
            RowCopier copier = RowCopier.of(p, dst);
            for (int i = 0; i < p.getValueCount(); i++) {
                copier.copy(i, at++);
            }
        }
    }
}
