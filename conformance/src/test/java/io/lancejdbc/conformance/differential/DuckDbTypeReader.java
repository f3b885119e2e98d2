package io.lancejdbc.conformance.differential;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The batches of a lance-core scan with the two top-level column types DuckDB 1.5 cannot import from Arrow
 * ("Unsupported Internal Arrow Type") written as types it can, value for value: float16 as float32 (every float16 is
 * a float32) and decimal256(p, s) as decimal128(38, s) (fails when a value has more than 38 digits, so nothing is
 * rounded). Other columns pass through unchanged.
 */
final class DuckDbTypeReader extends ArrowReader {
    private final ArrowReader source;

    DuckDbTypeReader(BufferAllocator allocator, ArrowReader source) {
        super(allocator);
        this.source = source;
    }

    /** Whether {@code schema} has a column DuckDB cannot import (then read it through this class). */
    static boolean needed(Schema schema) {
        return schema.getFields().stream().anyMatch(f -> !f.equals(importable(f)));
    }

    private static Field importable(Field f) {
        ArrowType t = f.getType();
        if (t instanceof ArrowType.FloatingPoint fp && fp.getPrecision() == FloatingPointPrecision.HALF) {
            return new Field(f.getName(), new FieldType(f.isNullable(),
                    new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), null), List.of());
        }
        if (t instanceof ArrowType.Decimal d && d.getBitWidth() == 256) {
            return new Field(f.getName(), new FieldType(f.isNullable(), new ArrowType.Decimal(38, d.getScale(), 128),
                    null), List.of());
        }
        return f;
    }

    @Override
    protected Schema readSchema() throws IOException {
        List<Field> fields = new ArrayList<>();
        for (Field f : source.getVectorSchemaRoot().getSchema().getFields()) {
            fields.add(importable(f));
        }
        return new Schema(fields);
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        ensureInitialized();
        if (!source.loadNextBatch()) {
            return false;
        }
        VectorSchemaRoot in = source.getVectorSchemaRoot();
        int n = in.getRowCount();
        try (VectorSchemaRoot out = VectorSchemaRoot.create(getVectorSchemaRoot().getSchema(), allocator)) {
            for (int c = 0; c < in.getFieldVectors().size(); c++) {
                copy(in.getVector(c), out.getVector(c), n);
            }
            out.setRowCount(n);
            prepareLoadNextBatch();
            try (ArrowRecordBatch batch = new VectorUnloader(out).getRecordBatch()) {
                loadRecordBatch(batch);
            }
        }
        return true;
    }

    private static void copy(FieldVector from, FieldVector to, int n) {
        if (from instanceof Float2Vector h) {
            Float4Vector f = (Float4Vector) to;
            f.allocateNew(n);
            for (int i = 0; i < n; i++) {
                if (h.isNull(i)) {
                    f.setNull(i);
                } else {
                    f.set(i, h.getValueAsFloat(i));
                }
            }
            f.setValueCount(n);
        } else if (from instanceof Decimal256Vector wide) {
            DecimalVector d = (DecimalVector) to;
            d.allocateNew(n);
            for (int i = 0; i < n; i++) {
                if (wide.isNull(i)) {
                    d.setNull(i);
                } else {
                    d.set(i, wide.getObject(i));
                }
            }
            d.setValueCount(n);
        } else {
            from.makeTransferPair(to).transfer();
        }
    }

    @Override
    public long bytesRead() {
        return 0;
    }

    @Override
    protected void closeReadSource() throws IOException {
        source.close();
    }
}
