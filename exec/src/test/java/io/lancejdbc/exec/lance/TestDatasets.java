package io.lancejdbc.exec.lance;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.WriteParams;
import org.lance.index.DistanceType;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.OptimizeOptions;
import org.lance.index.scalar.ScalarIndexParams;
import org.lance.index.vector.VectorIndexParams;

/**
 * Writes real Lance datasets with lance-core for tests: {@code id int64 not null} (the unenforced primary key),
 * {@code name utf8} ({@code "n<id>"}) and {@code vec fixed_size_list<float32, 16>} (a deterministic function of id).
 * Public so catalog tests can create datasets without importing {@code org.lance}.
 */
public final class TestDatasets {
    public static final int DIMENSION = 16;
    private static final Map<String, String> PRIMARY_KEY = Map.of("lance-schema:unenforced-primary-key", "true");

    private TestDatasets() {
    }

    public static Schema schema() {
        return new Schema(List.of(
                new Field("id", new FieldType(false, new ArrowType.Int(64, true), null, PRIMARY_KEY), null),
                Field.nullable("name", ArrowType.Utf8.INSTANCE),
                new Field("vec", FieldType.nullable(new ArrowType.FixedSizeList(DIMENSION)),
                        List.of(Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))))));
    }

    /** Creates a dataset at {@code dir} with ids {@code [start, start + rows)}, split every maxRowsPerFile rows. */
    public static void create(Path dir, long start, int rows, int maxRowsPerFile) {
        write(dir, start, rows, maxRowsPerFile, WriteParams.WriteMode.CREATE);
    }

    /** Appends ids {@code [start, start + rows)} as new fragments (one commit, one new version). */
    public static void append(Path dir, long start, int rows, int maxRowsPerFile) {
        write(dir, start, rows, maxRowsPerFile, WriteParams.WriteMode.APPEND);
    }

    /** Deletes the rows matching a Lance predicate (one commit). */
    public static void delete(Path dir, String predicate) {
        try (BufferAllocator al = new RootAllocator(); Dataset ds = open(dir, al)) {
            ds.delete(predicate);
        }
    }

    /** Builds an IVF_PQ index named {@code vec_idx} on {@code vec}: 4 partitions, 4 sub-vectors of 8 bits, L2. */
    public static void createIvfPq(Path dir) {
        try (BufferAllocator al = new RootAllocator(); Dataset ds = open(dir, al)) {
            ds.createIndex(IndexOptions.builder(List.of("vec"), IndexType.IVF_PQ,
                            IndexParams.builder().setVectorIndexParams(
                                    VectorIndexParams.ivfPq(4, 8, 4, DistanceType.L2, 10)).build())
                    .withIndexName("vec_idx").build());
        }
    }

    /** Builds a BTREE index named {@code id_idx} on {@code id}. */
    public static void createBtree(Path dir) {
        try (BufferAllocator al = new RootAllocator(); Dataset ds = open(dir, al)) {
            ds.createIndex(IndexOptions.builder(List.of("id"), IndexType.BTREE,
                            IndexParams.builder().setScalarIndexParams(ScalarIndexParams.create("btree")).build())
                    .withIndexName("id_idx").build());
        }
    }

    /** Indexes fragments appended since the last index build as new delta segments (numIndicesToMerge = 0). */
    public static void optimizeIndicesAsDeltas(Path dir) {
        try (BufferAllocator al = new RootAllocator(); Dataset ds = open(dir, al)) {
            ds.optimizeIndices(OptimizeOptions.builder().numIndicesToMerge(0).build());
        }
    }

    /** The latest version of the dataset at {@code dir}. */
    public static long latestVersion(Path dir) {
        try (BufferAllocator al = new RootAllocator(); Dataset ds = open(dir, al)) {
            return ds.version();
        }
    }

    /** The vector value of row {@code id} at position {@code j}. */
    public static float vectorValue(long id, int j) {
        return (float) (((id * 31 + j * 7) % 101) / 101.0);
    }

    private static Dataset open(Path dir, BufferAllocator al) {
        return Dataset.open().uri(dir.toString()).allocator(al).build();
    }

    private static void write(Path dir, long start, int rows, int maxRowsPerFile, WriteParams.WriteMode mode) {
        try (BufferAllocator al = new RootAllocator();
             ArrowReader reader = rows(al, start, rows)) {
            Dataset.write().allocator(al).reader(reader).uri(dir.toString()).mode(mode)
                    .maxRowsPerFile(maxRowsPerFile).execute().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ArrowReader rows(BufferAllocator al, long start, int n) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), al)) {
            BigIntVector id = (BigIntVector) root.getVector("id");
            VarCharVector name = (VarCharVector) root.getVector("name");
            FixedSizeListVector vec = (FixedSizeListVector) root.getVector("vec");
            id.allocateNew(n);
            name.allocateNew(n);
            vec.allocateNew();
            Float4Vector items = (Float4Vector) vec.getDataVector();
            items.allocateNew(n * DIMENSION);
            for (int i = 0; i < n; i++) {
                long v = start + i;
                id.set(i, v);
                name.setSafe(i, ("n" + v).getBytes(StandardCharsets.UTF_8));
                vec.setNotNull(i);
                for (int j = 0; j < DIMENSION; j++) {
                    items.setSafe(i * DIMENSION + j, vectorValue(v, j));
                }
            }
            items.setValueCount(n * DIMENSION);
            root.setRowCount(n);
            try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, bytes)) {
                w.start();
                w.writeBatch();
                w.end();
            }
        }
        return new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), al);
    }
}
