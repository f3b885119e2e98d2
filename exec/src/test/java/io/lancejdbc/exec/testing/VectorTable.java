package io.lancejdbc.exec.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.index.DistanceType;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.OptimizeOptions;
import org.lance.index.vector.HnswBuildParams;
import org.lance.index.vector.IvfBuildParams;
import org.lance.index.vector.PQBuildParams;
import org.lance.index.vector.SQBuildParams;
import org.lance.index.vector.VectorIndexParams;

/**
 * A vector fixture written by {@link #write}: columns {@code id int64 NOT NULL}, {@code category utf8}
 * ({@link #CATEGORIES}{@code [id % 4]}, NULL where {@code id % 37 == 36}) and the vector column
 * {@code spec.column()} ({@code fixed_size_list<element, dim>}, values from {@link VectorValues}); layout, indexes
 * and deletions as described by {@link VectorTableSpec}.
 *
 * @param path the dataset directory
 * @param spec what was written
 * @param liveIds ids visible in the latest version, ascending
 * @param indexedIds live ids covered by an index segment (initial rows and delta rows), ascending
 * @param unindexedIds live ids appended after indexing, covered by no segment, ascending
 * @param indexNames names of the vector indexes built (empty without an index)
 * @param version the latest dataset version
 */
public record VectorTable(Path path, VectorTableSpec spec, List<Long> liveIds, List<Long> indexedIds,
        List<Long> unindexedIds, List<String> indexNames, long version) {

    /** Values of {@code category}, indexed by {@code id % 4}. */
    public static final List<String> CATEGORIES = List.of("book", "food", "garden", "toys");

    public VectorTable {
        liveIds = List.copyOf(liveIds);
        indexedIds = List.copyOf(indexedIds);
        unindexedIds = List.copyOf(unindexedIds);
        indexNames = List.copyOf(indexNames);
    }

    /** The category of {@code id}, {@code null} for NULL. */
    public static String category(long id) {
        return id % 37 == 36 ? null : CATEGORIES.get((int) (id % 4));
    }

    /** The stored vector of {@code id} as exact doubles, {@code null} if it is NULL. */
    public double[] vector(long id) {
        return spec.isNullVector(id) ? null : VectorValues.vector(spec.elementType(), spec.dimension(), id);
    }

    /** Query vector number {@code q} (near cluster {@code q % 8}). */
    public float[] queryVector(int q) {
        return VectorValues.query(spec.elementType(), spec.dimension(), q);
    }

    /** Exact top-k over the live rows (NULL vectors excluded). */
    public List<ExactKnn.Neighbor> exactTopK(float[] query, int k, VectorMetric metric) {
        return exactTopK(query, k, metric, id -> true);
    }

    /** Exact top-k over the live rows that pass {@code filter} (a prefilter on ids). */
    public List<ExactKnn.Neighbor> exactTopK(float[] query, int k, VectorMetric metric, LongPredicate filter) {
        return ExactKnn.topK(liveIds, this::vector, VectorValues.widen(query), k, metric, filter);
    }

    /** The schema written for {@code spec}. */
    public static Schema schema(VectorTableSpec spec) {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("category", ArrowType.Utf8.INSTANCE),
                new Field(spec.column(), FieldType.nullable(new ArrowType.FixedSizeList(spec.dimension())),
                        List.of(Field.nullable("item", spec.elementType().arrowType())))));
    }

    /**
     * Writes the fixture described by {@code spec} into {@code dir} (which must not hold a dataset).
     *
     * @throws RuntimeException from lance-core when it refuses the index for this element type and metric (see
     *     {@link VectorElementType})
     */
    public static VectorTable write(BufferAllocator allocator, Path dir, VectorTableSpec spec) {
        GeneratedDatasetWriter writer = GeneratedDatasetWriter.to(dir, schema(spec)).maxRowsPerFile(spec.rowsPerFile())
                .batchSize(Math.min(spec.rowsPerFile(), 4096));
        VectorFiller filler = new VectorFiller(spec);
        writer.rows(0, spec.rows()).write(allocator, filler::fill);
        List<String> indexNames = new ArrayList<>();
        List<Long> indexed = new ArrayList<>();
        List<Long> unindexed = new ArrayList<>();
        long next = spec.rows();
        if (spec.indexKind() == VectorIndexKind.NONE) {
            addRange(unindexed, 0, next);
        } else {
            addRange(indexed, 0, next);
            try (Dataset ds = open(allocator, dir)) {
                createIndex(ds, spec, spec.indexMetric(), spec.indexName());
                indexNames.add(spec.indexName());
                if (spec.secondIndexMetric() != null) {
                    createIndex(ds, spec, spec.secondIndexMetric(), spec.secondIndexName());
                    indexNames.add(spec.secondIndexName());
                }
            }
        }
        if (spec.deltaRows() > 0) {
            writer.rows(next, spec.deltaRows()).mode(GeneratedDatasetWriter.Mode.APPEND).write(allocator, filler::fill);
            try (Dataset ds = open(allocator, dir)) {
                ds.optimizeIndices(OptimizeOptions.builder().numIndicesToMerge(0).build());
            }
            addRange(indexed, next, next + spec.deltaRows());
            next += spec.deltaRows();
        }
        if (spec.unindexedRows() > 0) {
            writer.rows(next, spec.unindexedRows()).mode(GeneratedDatasetWriter.Mode.APPEND)
                    .write(allocator, filler::fill);
            addRange(unindexed, next, next + spec.unindexedRows());
            next += spec.unindexedRows();
        }
        long version;
        try (Dataset ds = open(allocator, dir)) {
            if (spec.deletePredicate() != null) {
                ds.delete(spec.deletePredicate());
            }
            version = ds.version();
        }
        indexed.removeIf(spec::isDeleted);
        unindexed.removeIf(spec::isDeleted);
        List<Long> live = LongStream.range(0, next).filter(id -> !spec.isDeleted(id)).boxed().toList();
        return new VectorTable(dir, spec, live, indexed, unindexed, indexNames, version);
    }

    private static Dataset open(BufferAllocator allocator, Path dir) {
        return Dataset.open().allocator(allocator).uri(dir.toString()).build();
    }

    private static void addRange(List<Long> ids, long from, long to) {
        for (long id = from; id < to; id++) {
            ids.add(id);
        }
    }

    private static void createIndex(Dataset ds, VectorTableSpec spec, VectorMetric metric, String name) {
        VectorIndexParams params = indexParams(spec, toLance(metric));
        ds.createIndex(IndexOptions.builder(List.of(spec.column()), IndexType.VECTOR,
                        IndexParams.builder().setVectorIndexParams(params).build())
                .withIndexName(name).build());
    }

    /** The lance-core distance type of {@code metric}. */
    public static DistanceType toLance(VectorMetric metric) {
        return switch (metric) {
            case L2 -> DistanceType.L2;
            case COSINE -> DistanceType.Cosine;
            case DOT -> DistanceType.Dot;
            case HAMMING -> DistanceType.Hamming;
        };
    }

    // The index kind follows from which quantizer parameters are present (lance-core ignores IndexType here).
    private static VectorIndexParams indexParams(VectorTableSpec spec, DistanceType dt) {
        IvfBuildParams ivf = new IvfBuildParams.Builder().setNumPartitions(spec.numPartitions()).build();
        PQBuildParams pq = new PQBuildParams.Builder().setNumSubVectors(spec.numSubVectors()).setNumBits(8).build();
        SQBuildParams sq = new SQBuildParams.Builder().build();
        HnswBuildParams hnsw = new HnswBuildParams.Builder().setM(16).setEfConstruction(100).build();
        return switch (spec.indexKind()) {
            case IVF_FLAT -> VectorIndexParams.ivfFlat(spec.numPartitions(), dt);
            case IVF_PQ -> VectorIndexParams.withIvfPqParams(dt, ivf, pq);
            case IVF_SQ -> new VectorIndexParams.Builder(ivf).setDistanceType(dt).setSqParams(sq).build();
            case IVF_HNSW_SQ -> VectorIndexParams.withIvfHnswSqParams(dt, ivf, hnsw, sq);
            case IVF_HNSW_PQ -> VectorIndexParams.withIvfHnswPqParams(dt, ivf, hnsw, pq);
            case NONE -> throw new IllegalArgumentException("no index kind");
        };
    }

    /** Writes id, category and vector values; vectors go element by element through the logical writer. */
    private record VectorFiller(VectorTableSpec spec) {
        void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
            BigIntVector id = (BigIntVector) root.getVector("id");
            VarCharVector category = (VarCharVector) root.getVector("category");
            FixedSizeListVector vec = (FixedSizeListVector) root.getVector(spec.column());
            FieldVector elements = vec.getDataVector();
            int dim = spec.dimension();
            for (int i = 0; i < rowCount; i++) {
                long r = firstRow + i;
                id.setSafe(i, r);
                String c = category(r);
                if (c == null) {
                    category.setNull(i);
                } else {
                    category.setSafe(i, c.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
                if (spec.isNullVector(r)) {
                    vec.setNull(i);
                    for (int j = 0; j < dim; j++) {
                        ArrowLogicalValues.write(elements, i * dim + j, null);
                    }
                    continue;
                }
                vec.setNotNull(i);
                double[] v = VectorValues.vector(spec.elementType(), dim, r);
                for (int j = 0; j < dim; j++) {
                    ArrowLogicalValues.write(elements, i * dim + j, element(spec.elementType(), v[j]));
                }
            }
        }

        private static Object element(VectorElementType type, double v) {
            return switch (type) {
                case FLOAT16, FLOAT32 -> (float) v;
                case FLOAT64 -> v;
                case UINT8 -> (int) v;
                case INT8 -> (byte) v;
            };
        }
    }
}
