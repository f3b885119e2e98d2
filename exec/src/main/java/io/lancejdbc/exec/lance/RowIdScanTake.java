package io.lancejdbc.exec.lance;

import io.lancejdbc.exec.stream.RowCopier;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.types.TypeSupport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads rows by row id through a filtered scan ({@code _rowid IN (...)}) instead of {@code takeRows}, for columns
 * that lance-core 7.0.0 returns differently from a take: a {@code lance.json} column comes back from
 * {@code takeRows} as its stored JSONB bytes (large_binary), from a scan as JSON text, which is what the table
 * schema promises. The rows are returned in the order of the requested ids, as one batch; meant for the few rows of
 * a two-phase read.
 */
final class RowIdScanTake {
    private RowIdScanTake() {
    }

    /** True when a take of {@code columns} must go through a scan (a JSON column is among them). */
    static boolean needed(Schema stored, List<String> columns) {
        for (String c : columns) {
            Field f = stored.findField(c);
            if (f != null && f.getType() instanceof ArrowType.LargeBinary && f.getMetadata() != null
                    && TypeSupport.LANCE_JSON.equals(f.getMetadata().get(TypeSupport.EXTENSION_NAME_KEY))) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param rowIds the rows to read, in output order (not empty)
     * @throws SqlError HY000 when a row id does not exist in the version
     */
    static BatchStream take(FragmentScanReader reader, DatasetSource source, long version, List<Long> rowIds,
            List<String> columns, BufferAllocator allocator) {
        StringBuilder filter = new StringBuilder("_rowid IN (");
        for (int i = 0; i < rowIds.size(); i++) {
            filter.append(i == 0 ? "" : ", ").append(Long.toUnsignedString(rowIds.get(i)));
        }
        filter.append(')');
        ScanRequest request = ScanRequest.of(source, version).withColumns(columns).withFilter(filter.toString())
                .withRowId(true);
        List<VectorSchemaRoot> batches = new ArrayList<>();
        try (BatchStream scan = reader.scan(request, allocator)) {
            for (VectorSchemaRoot b = scan.next(); b != null; b = scan.next()) {
                batches.add(b);
            }
            return new OneBatch(ordered(batches, scan.schema(), rowIds, columns, source, allocator));
        } finally {
            batches.forEach(VectorSchemaRoot::close);
        }
    }

    private static VectorSchemaRoot ordered(List<VectorSchemaRoot> batches, Schema scanned, List<Long> rowIds,
            List<String> columns, DatasetSource source, BufferAllocator allocator) {
        Map<Long, long[]> where = new HashMap<>();
        for (int b = 0; b < batches.size(); b++) {
            UInt8Vector ids = (UInt8Vector) batches.get(b).getVector(NearestQuery.ROW_ID);
            for (int i = 0; i < batches.get(b).getRowCount(); i++) {
                where.put(ids.get(i), new long[] {b, i});
            }
        }
        List<Field> fields = new ArrayList<>();
        for (String c : columns) {
            fields.add(scanned.findField(c));
        }
        int n = rowIds.size();
        List<FieldVector> out = new ArrayList<>();
        try {
            for (Field f : fields) {
                FieldVector v = f.createVector(allocator);
                v.allocateNew();
                out.add(v);
            }
            for (int k = 0; k < n; k++) {
                long[] at = where.get(rowIds.get(k));
                if (at == null) {
                    throw new SqlError(SqlState.GENERAL_ERROR, "Row id " + Long.toUnsignedString(rowIds.get(k))
                            + " does not exist in Lance dataset " + DatasetUriNormalizer.redactUserInfo(source.uri()));
                }
                VectorSchemaRoot batch = batches.get((int) at[0]);
                for (int c = 0; c < fields.size(); c++) {
                    RowCopier.of(batch.getVector(fields.get(c).getName()), out.get(c)).copy((int) at[1], k);
                }
            }
            for (FieldVector v : out) {
                v.setValueCount(n);
            }
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
        VectorSchemaRoot root = new VectorSchemaRoot(fields, out, n);
        root.setRowCount(n);
        return root;
    }

    /** A stream of one prepared batch. */
    private static final class OneBatch implements BatchStream {
        private VectorSchemaRoot batch;
        private final Schema schema;

        OneBatch(VectorSchemaRoot batch) {
            this.batch = batch;
            this.schema = batch.getSchema();
        }

        @Override
        public Schema schema() {
            return schema;
        }

        @Override
        public VectorSchemaRoot next() {
            VectorSchemaRoot b = batch;
            batch = null;
            return b;
        }

        @Override
        public void close() {
            if (batch != null) {
                batch.close();
                batch = null;
            }
        }
    }
}
