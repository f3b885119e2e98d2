package io.lancejdbc.exec.operator;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
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
                append(f, dst, srcs);
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
            append(field, dst, parts.toArray(new FieldVector[0]));
            dst.setValueCount(total);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }

    /**
     * Appends {@code srcs} to the empty {@code dst}. Arrow 18's {@code VectorAppender} casts a large list to
     * {@code ListVector} (ClassCastException), so a field holding a large list at any depth is copied row by row.
     */
    private static void append(Field field, FieldVector dst, FieldVector[] srcs) {
        if (!holdsLargeList(field)) {
            VectorBatchAppender.batchAppend(dst, srcs);
            return;
        }
        int at = 0;
        for (FieldVector src : srcs) {
            for (int i = 0; i < src.getValueCount(); i++) {
                dst.copyFromSafe(i, at++, src);
            }
        }
    }

    private static boolean holdsLargeList(Field field) {
        if (field.getType() instanceof ArrowType.LargeList) {
            return true;
        }
        return field.getChildren().stream().anyMatch(BatchConcat::holdsLargeList);
    }
}
