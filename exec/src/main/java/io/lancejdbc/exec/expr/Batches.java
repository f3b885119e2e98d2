package io.lancejdbc.exec.expr;

import io.lancejdbc.exec.stream.RowCopier;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/** Row selection and batch construction helpers shared by operators and kernels. */
public final class Batches {
    private Batches() {
    }

    /**
     * A new batch holding rows {@code rows[0..count)} of {@code batch}, in that order; the caller owns it.
     */
    public static VectorSchemaRoot select(VectorSchemaRoot batch, int[] rows, int count, BufferAllocator allocator) {
        List<FieldVector> out = new ArrayList<>(batch.getFieldVectors().size());
        try {
            for (FieldVector v : batch.getFieldVectors()) {
                out.add(selectVector(v, rows, count, allocator));
            }
        } catch (RuntimeException e) {
            for (FieldVector v : out) {
                v.close();
            }
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(batch.getSchema().getFields(), out, count);
        root.setRowCount(count);
        return root;
    }

    /** A new vector holding rows {@code rows[0..count)} of {@code v}. */
    public static FieldVector selectVector(FieldVector v, int[] rows, int count, BufferAllocator allocator) {
        FieldVector dst = v.getField().createVector(allocator);
        try {
            if (v instanceof BigIntVector) {
                BigIntVector s = (BigIntVector) v;
                BigIntVector d = (BigIntVector) dst;
                d.allocateNew(Math.max(count, 1));
                for (int k = 0; k < count; k++) {
                    int i = rows[k];
                    if (s.isNull(i)) {
                        d.setNull(k);
                    } else {
                        d.set(k, s.get(i));
                    }
                }
            } else if (v instanceof IntVector) {
                IntVector s = (IntVector) v;
                IntVector d = (IntVector) dst;
                d.allocateNew(Math.max(count, 1));
                for (int k = 0; k < count; k++) {
                    int i = rows[k];
                    if (s.isNull(i)) {
                        d.setNull(k);
                    } else {
                        d.set(k, s.get(i));
                    }
                }
            } else if (v instanceof Float8Vector) {
                Float8Vector s = (Float8Vector) v;
                Float8Vector d = (Float8Vector) dst;
                d.allocateNew(Math.max(count, 1));
                for (int k = 0; k < count; k++) {
                    int i = rows[k];
                    if (s.isNull(i)) {
                        d.setNull(k);
                    } else {
                        d.set(k, s.get(i));
                    }
                }
            } else {
                if (dst instanceof BaseFixedWidthVector) {
                    ((BaseFixedWidthVector) dst).allocateNew(Math.max(count, 1));
                } else if (dst instanceof BaseVariableWidthVector) {
                    ((BaseVariableWidthVector) dst).allocateNew(Math.max(count, 1));
                } else if (dst instanceof BaseLargeVariableWidthVector) {
                    ((BaseLargeVariableWidthVector) dst).allocateNew(Math.max(count, 1));
                } else {
                    dst.setInitialCapacity(Math.max(count, 1));
                    dst.allocateNew();
                }
                RowCopier copier = RowCopier.of(v, dst);
                for (int k = 0; k < count; k++) {
                    copier.copy(rows[k], k);
                }
            }
            dst.setValueCount(count);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }

    /** An empty batch (zero rows) of {@code schema}; the caller owns it. */
    public static VectorSchemaRoot empty(Schema schema, BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        root.allocateNew();
        root.setRowCount(0);
        return root;
    }

    /** Moves every vector of {@code src} into a new root (zero-copy); {@code src} is left empty. */
    public static VectorSchemaRoot transfer(VectorSchemaRoot src, BufferAllocator allocator) {
        List<FieldVector> out = new ArrayList<>(src.getFieldVectors().size());
        for (FieldVector v : src.getFieldVectors()) {
            TransferPair tp = v.getTransferPair(allocator);
            tp.transfer();
            out.add((FieldVector) tp.getTo());
        }
        VectorSchemaRoot root = new VectorSchemaRoot(src.getSchema().getFields(), out, src.getRowCount());
        root.setRowCount(src.getRowCount());
        return root;
    }

    /**
     * A transfer of {@code src}'s buffers into a new vector of {@code target}'s field (same Arrow type; name,
     * nullability and metadata may differ). Use this instead of {@code src.getTransferPair(target, allocator)}:
     * Arrow 18.3 builds that target with a struct constructor that fails for a struct holding a fixed-size list
     * ("Unknown type: FIXED_SIZE_LIST"), while {@link Field#createVector} builds any layout.
     */
    public static TransferPair transferPair(FieldVector src, Field target, BufferAllocator allocator) {
        FieldVector dst = target.createVector(allocator);
        try {
            return src.makeTransferPair(dst);
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }

    /** A new root of the given vectors (ownership moves to the root). */
    public static VectorSchemaRoot of(Schema schema, List<FieldVector> vectors, int rows) {
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), vectors, rows);
        root.setRowCount(rows);
        return root;
    }
}
