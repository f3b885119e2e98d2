package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.RowCopier;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Reads NULL structs of a filtered Lance scan correctly.
 *
 * <p>lance-core 7.0.0 (storage formats 2.1 and 2.2) loses the validity of a struct in a <em>filtered</em> scan when
 * every value of that struct in an output batch is NULL: the batch then holds a non-NULL struct whose fields are all
 * NULL ({@code st IS NULL} false, {@code wasNull()} false). Measured with lance-core for structs of mixed field
 * types (int and text, bool and int, ...), for structs inside structs and for list elements; plain scans and
 * {@code takeRows} read the same rows correctly. A batch in which some struct (at any depth) is valid everywhere
 * but has only NULL fields is therefore ambiguous: its struct columns are read again for the batch's row ids
 * through {@code takeRows}, which keeps the validity. Other batches pass through unchanged, so the cost is one take
 * per ambiguous batch. Storage format 2.0 does not store struct validity at all (Lance format versioning: nulls in
 * struct fields came with 2.1), so there nothing can be repaired and the scan is left as it is.
 */
final class StructNullRepair implements BatchStream {
    /** Storage formats that store struct validity (the repair is pointless below). */
    private static final Set<String> FORMATS_WITHOUT_STRUCT_NULLS = Set.of("0.1", "2.0");

    private final BatchStream in;
    private final FragmentScanReader reader;
    private final DatasetSource source;
    private final long version;
    private final boolean keepRowId;
    private final BufferAllocator allocator;
    private final Schema schema;

    private StructNullRepair(BatchStream in, FragmentScanReader reader, ScanRequest request, boolean keepRowId,
            BufferAllocator allocator) {
        this.in = in;
        this.reader = reader;
        this.source = request.source();
        this.version = request.version();
        this.keepRowId = keepRowId;
        this.allocator = allocator;
        List<Field> fields = new ArrayList<>(in.schema().getFields());
        if (!keepRowId) {
            fields.removeIf(f -> f.getName().equals(NearestQuery.ROW_ID));
        }
        this.schema = new Schema(fields);
    }

    /**
     * True when a scan of {@code request} needs the repair: it has a filter and projects a column that holds a
     * struct, and the storage format stores struct validity.
     *
     * @param fields the fields the scan returns
     */
    static boolean needed(ScanRequest request, List<Field> fields, String storageFormat) {
        if (request.filter().isEmpty() || FORMATS_WITHOUT_STRUCT_NULLS.contains(storageFormat)) {
            return false;
        }
        return fields.stream().anyMatch(StructNullRepair::holdsStruct);
    }

    /**
     * Wraps a scan started with {@code request.withRowId(true)}.
     *
     * @param keepRowId whether the caller asked for {@code _rowid} itself (otherwise it is dropped)
     */
    static BatchStream wrap(BatchStream scan, FragmentScanReader reader, ScanRequest request, boolean keepRowId,
            BufferAllocator allocator) {
        return new StructNullRepair(scan, reader, request, keepRowId, allocator);
    }

    private static boolean holdsStruct(Field f) {
        if (f.getType() instanceof ArrowType.Struct) {
            return true;
        }
        return f.getChildren().stream().anyMatch(StructNullRepair::holdsStruct);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot next() {
        VectorSchemaRoot current = in.next();
        if (current == null) {
            return null;
        }
        try {
            List<Integer> ambiguous = new ArrayList<>();
            for (int c = 0; c < current.getFieldVectors().size(); c++) {
                if (hasAmbiguousStruct(current.getVector(c))) {
                    ambiguous.add(c);
                }
            }
            if (!ambiguous.isEmpty()) {
                VectorSchemaRoot repaired = retake(current, ambiguous);
                current.close();
                current = repaired;
            }
            if (!keepRowId) {
                VectorSchemaRoot without = dropRowId(current);
                if (without != current) {
                    current.close();
                    current = without;
                }
            }
            return current;
        } catch (RuntimeException e) {
            current.close();
            throw e;
        }
    }

    /** A struct (at any depth) with values, none NULL, whose fields are NULL everywhere. */
    static boolean hasAmbiguousStruct(FieldVector v) {
        if (v instanceof StructVector) {
            StructVector s = (StructVector) v;
            List<FieldVector> children = s.getChildrenFromFields();
            int n = s.getValueCount();
            if (n > 0 && s.getNullCount() == 0 && !children.isEmpty()
                    && children.stream().allMatch(c -> c.getNullCount() == c.getValueCount())) {
                return true;
            }
            return children.stream().anyMatch(StructNullRepair::hasAmbiguousStruct);
        }
        if (v instanceof ListVector) {
            return hasAmbiguousStruct(((ListVector) v).getDataVector());
        }
        if (v instanceof LargeListVector) {
            return hasAmbiguousStruct(((LargeListVector) v).getDataVector());
        }
        if (v instanceof FixedSizeListVector) {
            return hasAmbiguousStruct(((FixedSizeListVector) v).getDataVector());
        }
        return false;
    }

    /** The batch with the columns at {@code columns} read again by row id. */
    private VectorSchemaRoot retake(VectorSchemaRoot batch, List<Integer> columns) {
        FieldVector rowIdVector = batch.getVector(NearestQuery.ROW_ID);
        if (!(rowIdVector instanceof UInt8Vector)) {
            throw new SqlError(SqlState.GENERAL_ERROR, "A filtered Lance scan of " + source.uri()
                    + " returned no _rowid column to re-read its struct columns by");
        }
        UInt8Vector ids = (UInt8Vector) rowIdVector;
        int n = batch.getRowCount();
        List<Long> rowIds = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            rowIds.add(ids.get(i));
        }
        List<String> names = new ArrayList<>();
        for (int c : columns) {
            names.add(batch.getSchema().getFields().get(c).getName());
        }
        List<FieldVector> taken = takeColumns(rowIds, names, n);
        List<FieldVector> vectors = new ArrayList<>();
        try {
            int next = 0;
            for (int c = 0; c < batch.getFieldVectors().size(); c++) {
                if (next < columns.size() && columns.get(next) == c) {
                    vectors.add(taken.get(next++));
                } else {
                    TransferPair tp = batch.getVector(c).getTransferPair(allocator);
                    tp.transfer();
                    vectors.add((FieldVector) tp.getTo());
                }
            }
        } catch (RuntimeException e) {
            taken.forEach(FieldVector::close);
            vectors.forEach(FieldVector::close);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(batch.getSchema().getFields(), vectors, n);
        root.setRowCount(n);
        return root;
    }

    /** The named columns of {@code rowIds}, in that order, each as one vector of {@code n} values. */
    private List<FieldVector> takeColumns(List<Long> rowIds, List<String> names, int n) {
        List<VectorSchemaRoot> parts = new ArrayList<>();
        try (BatchStream take = reader.takeRows(source, version, rowIds, names, allocator)) {
            for (VectorSchemaRoot b = take.next(); b != null; b = take.next()) {
                parts.add(b);
            }
            int rows = parts.stream().mapToInt(VectorSchemaRoot::getRowCount).sum();
            if (rows != n) {
                throw new SqlError(SqlState.GENERAL_ERROR, "Re-reading " + n + " rows of " + names + " from "
                        + source.uri() + " by row id returned " + rows + " rows");
            }
            List<FieldVector> out = new ArrayList<>();
            for (int c = 0; c < names.size(); c++) {
                List<FieldVector> pieces = new ArrayList<>();
                for (VectorSchemaRoot p : parts) {
                    pieces.add(p.getVector(c));
                }
                out.add(concat(pieces));
            }
            return out;
        } finally {
            parts.forEach(VectorSchemaRoot::close);
        }
    }

    /** One vector with the values of {@code pieces} in order (the pieces are left empty or unchanged). */
    private FieldVector concat(List<FieldVector> pieces) {
        if (pieces.size() == 1) {
            TransferPair tp = pieces.get(0).getTransferPair(allocator);
            tp.transfer();
            return (FieldVector) tp.getTo();
        }
        FieldVector dst = pieces.get(0).getField().createVector(allocator);
        try {
            dst.allocateNew();
            int at = 0;
            for (FieldVector p : pieces) {
                RowCopier copier = RowCopier.of(p, dst);
                for (int i = 0; i < p.getValueCount(); i++) {
                    copier.copy(i, at++);
                }
            }
            dst.setValueCount(at);
            return dst;
        } catch (RuntimeException e) {
            dst.close();
            throw e;
        }
    }

    private VectorSchemaRoot dropRowId(VectorSchemaRoot batch) {
        int k = batch.getSchema().getFields().indexOf(batch.getSchema().findField(NearestQuery.ROW_ID));
        if (k < 0) {
            return batch;
        }
        List<FieldVector> vectors = new ArrayList<>();
        for (int c = 0; c < batch.getFieldVectors().size(); c++) {
            if (c != k) {
                TransferPair tp = batch.getVector(c).getTransferPair(allocator);
                tp.transfer();
                vectors.add((FieldVector) tp.getTo());
            }
        }
        VectorSchemaRoot root = new VectorSchemaRoot(schema.getFields(), vectors, batch.getRowCount());
        root.setRowCount(batch.getRowCount());
        return root;
    }

    @Override
    public void close() {
        in.close();
    }
}
