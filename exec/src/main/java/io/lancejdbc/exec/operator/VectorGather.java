package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.ColumnWriters;
import io.lancejdbc.exec.stream.RowCopier;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Copies rows of one vector, picked by index, into a new vector: the output step of joins, set operations and
 * window functions. Fixed-width and variable-width vectors are copied buffer to buffer; other layouts row by row
 * through Arrow's transfer pairs. An index of -1 produces a NULL (the NULL-extended side of an outer join).
 */
public final class VectorGather {
    private VectorGather() {
    }

    /**
     * A new vector of type {@code target} with {@code count} values: value {@code k} is row {@code rows[from + k]}
     * of {@code src}, or NULL when that index is -1.
     *
     * @param target the output field (its type equals {@code src}'s; nullability may differ)
     * @return a vector owned by the caller, allocated from {@code allocator}
     */
    public static FieldVector gather(FieldVector src, Field target, int[] rows, int from, int count,
            BufferAllocator allocator) {
        if (src instanceof NullVector) {
            NullVector nv = new NullVector(target);
            nv.setValueCount(count);
            return nv;
        }
        if (src instanceof BaseFixedWidthVector && !(src instanceof BitVector)) {
            return fixedWidth((BaseFixedWidthVector) src, target, rows, from, count, allocator);
        }
        if (src instanceof BaseVariableWidthVector) {
            return variableWidth((BaseVariableWidthVector) src, target, rows, from, count, allocator);
        }
        return generic(src, target, rows, from, count, allocator);
    }

    /** Gathers every column of {@code batch} by {@code rows[from..from+count)} into a new batch of {@code schema}. */
    public static VectorSchemaRoot gather(VectorSchemaRoot batch, Schema schema, int[] rows, int from, int count,
            BufferAllocator allocator) {
        List<FieldVector> out = new ArrayList<>(schema.getFields().size());
        try {
            for (int c = 0; c < schema.getFields().size(); c++) {
                out.add(gather(batch.getVector(c), schema.getFields().get(c), rows, from, count, allocator));
            }
        } catch (RuntimeException e) {
            closeAll(out);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), out, count);
        root.setRowCount(count);
        return root;
    }

    /** A vector of {@code count} NULLs of type {@code target}. */
    public static FieldVector nulls(Field target, int count, BufferAllocator allocator) {
        FieldVector v = ColumnWriters.allocate(target, count, allocator);
        try {
            for (int k = 0; k < count; k++) {
                v.setNull(k);
            }
            v.setValueCount(count);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }

    /** Closes every vector of {@code vectors}, ignoring nulls. */
    public static void closeAll(List<? extends FieldVector> vectors) {
        for (FieldVector v : vectors) {
            if (v != null) {
                v.close();
            }
        }
    }

    private static FieldVector fixedWidth(BaseFixedWidthVector src, Field target, int[] rows, int from, int count,
            BufferAllocator allocator) {
        BaseFixedWidthVector dst = (BaseFixedWidthVector) target.createVector(allocator);
        try {
            dst.allocateNew(Math.max(count, 1));
            int w = src.getTypeWidth();
            ArrowBuf sd = src.getDataBuffer();
            ArrowBuf sv = src.getValidityBuffer();
            ArrowBuf dd = dst.getDataBuffer();
            ArrowBuf dv = dst.getValidityBuffer();
            dv.setZero(0, dv.capacity());
            for (int k = 0; k < count; k++) {
                int r = rows[from + k];
                if (r < 0 || BitVectorHelper.get(sv, r) == 0) {
                    continue;
                }
                BitVectorHelper.setBit(dv, k);
                switch (w) {
                    case 8:
                        dd.setLong((long) k * 8, sd.getLong((long) r * 8));
                        break;
                    case 4:
                        dd.setInt((long) k * 4, sd.getInt((long) r * 4));
                        break;
                    case 16:
                        dd.setLong((long) k * 16, sd.getLong((long) r * 16));
                        dd.setLong((long) k * 16 + 8, sd.getLong((long) r * 16 + 8));
                        break;
                    case 2:
                        dd.setShort((long) k * 2, sd.getShort((long) r * 2));
                        break;
                    case 1:
                        dd.setByte(k, sd.getByte(r));
                        break;
                    default:
                        dd.setBytes((long) k * w, sd, (long) r * w, w);
                }
            }
            dst.setValueCount(count);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }

    private static FieldVector variableWidth(BaseVariableWidthVector src, Field target, int[] rows, int from,
            int count, BufferAllocator allocator) {
        BaseVariableWidthVector dst = (BaseVariableWidthVector) target.createVector(allocator);
        try {
            ArrowBuf so = src.getOffsetBuffer();
            ArrowBuf sd = src.getDataBuffer();
            ArrowBuf sv = src.getValidityBuffer();
            long total = 0;
            for (int k = 0; k < count; k++) {
                int r = rows[from + k];
                if (r >= 0 && BitVectorHelper.get(sv, r) != 0) {
                    total += so.getInt((long) (r + 1) * 4) - so.getInt((long) r * 4);
                }
            }
            dst.allocateNew(Math.max(total, 1), Math.max(count, 1));
            ArrowBuf dofs = dst.getOffsetBuffer();
            ArrowBuf dd = dst.getDataBuffer();
            ArrowBuf dv = dst.getValidityBuffer();
            dv.setZero(0, dv.capacity());
            int pos = 0;
            dofs.setInt(0, 0);
            for (int k = 0; k < count; k++) {
                int r = rows[from + k];
                if (r >= 0 && BitVectorHelper.get(sv, r) != 0) {
                    int start = so.getInt((long) r * 4);
                    int len = so.getInt((long) (r + 1) * 4) - start;
                    if (len > 0) {
                        dd.setBytes(pos, sd, start, len);
                    }
                    pos += len;
                    BitVectorHelper.setBit(dv, k);
                }
                dofs.setInt((long) (k + 1) * 4, pos);
            }
            dst.setLastSet(count - 1);
            dst.setValueCount(count);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }

    private static FieldVector generic(FieldVector src, Field target, int[] rows, int from, int count,
            BufferAllocator allocator) {
        FieldVector dst = ColumnWriters.allocate(target, count, allocator);
        try {
            RowCopier copier = RowCopier.of(src, dst);
            for (int k = 0; k < count; k++) {
                int r = rows[from + k];
                if (r < 0) {
                    copier.setNull(k);
                } else {
                    copier.copy(r, k);
                }
            }
            dst.setValueCount(count);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }
}
