package io.lancejdbc.exec.testing;

import io.lancejdbc.exec.lance.demo.GeneratedBatchReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.WriteDatasetBuilder;
import org.lance.WriteParams;

/**
 * Small datasets written with lance-core to any location Lance writes to: a local path or an {@code s3://} URI
 * (with storage options), for the file TVF tests of exec/ and conformance/.
 *
 * <p>The {@link #IDS} layout: {@code id int64 NOT NULL} and {@code name utf8} = {@code "n<id>"}; a write of ids
 * {@code [start, start + rows)} with {@code rowsPerFragment} rows per fragment. {@link #writeNulls} writes any
 * schema with {@code id} = row number in its first column (int64) and NULL in every other column, for the schema
 * comparison cases.
 */
public final class UriDatasets {
    public static final Schema IDS = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
            Field.nullable("name", ArrowType.Utf8.INSTANCE)));

    private UriDatasets() {
    }

    /** Creates an {@link #IDS} dataset; returns its version (1). */
    public static long createIds(BufferAllocator allocator, String uri, Map<String, String> storageOptions, long start,
            int rows, int rowsPerFragment) {
        return write(allocator, uri, storageOptions, IDS, start, rows, rowsPerFragment, WriteParams.WriteMode.CREATE,
                UriDatasets::fillIds);
    }

    /** Appends ids to an {@link #IDS} dataset (a new version with new fragments); returns the new version. */
    public static long appendIds(BufferAllocator allocator, String uri, Map<String, String> storageOptions, long start,
            int rows, int rowsPerFragment) {
        return write(allocator, uri, storageOptions, IDS, start, rows, rowsPerFragment, WriteParams.WriteMode.APPEND,
                UriDatasets::fillIds);
    }

    /**
     * Creates a dataset of {@code schema}: the first column (int64) holds the row number; every other column is
     * NULL, or 0 when it is a NOT NULL integer column (the only NOT NULL type this supports).
     */
    public static void writeNulls(BufferAllocator allocator, String uri, Schema schema, int rows) {
        write(allocator, uri, Map.of(), schema, 0, rows, 0, WriteParams.WriteMode.CREATE, (root, first, n) -> {
            List<FieldVector> vectors = root.getFieldVectors();
            BigIntVector id = (BigIntVector) vectors.get(0);
            for (int i = 0; i < n; i++) {
                id.setSafe(i, first + i);
            }
            for (FieldVector v : vectors.subList(1, vectors.size())) {
                for (int i = 0; i < n; i++) {
                    if (v.getField().isNullable()) {
                        v.setNull(i);
                    } else {
                        ((BaseIntVector) v).setWithPossibleTruncate(i, 0);
                    }
                }
            }
        });
    }

    /** The rows of {@link #IDS} for ids {@code [start, start + rows)}, as the engine returns them. */
    public static List<List<Object>> idRows(long start, int rows) {
        List<List<Object>> out = new ArrayList<>();
        for (long id = start; id < start + rows; id++) {
            out.add(List.of(id, "n" + id));
        }
        return out;
    }

    private static void fillIds(VectorSchemaRoot root, long first, int n) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        for (int i = 0; i < n; i++) {
            id.setSafe(i, first + i);
            name.setSafe(i, ("n" + (first + i)).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static long write(BufferAllocator allocator, String uri, Map<String, String> storageOptions,
            Schema schema, long start, int rows, int rowsPerFragment, WriteParams.WriteMode mode,
            GeneratedBatchReader.BatchFiller filler) {
        try (BufferAllocator child = allocator.newChildAllocator("write " + uri, 0, Long.MAX_VALUE);
                GeneratedBatchReader reader = new GeneratedBatchReader(child, schema, start, rows, 4096, filler)) {
            WriteDatasetBuilder builder = Dataset.write().allocator(child).reader(reader).uri(uri)
                    .storageOptions(storageOptions).mode(mode);
            if (rowsPerFragment > 0) {
                builder.maxRowsPerFile(rowsPerFragment);
            }
            try (Dataset ds = builder.execute()) {
                return ds.version();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("closing the batch reader for " + uri, e);
        }
    }
}
