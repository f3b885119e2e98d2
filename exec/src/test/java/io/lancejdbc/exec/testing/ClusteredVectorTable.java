package io.lancejdbc.exec.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.LongPredicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.index.DistanceType;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.vector.HnswBuildParams;
import org.lance.index.vector.IvfBuildParams;
import org.lance.index.vector.PQBuildParams;
import org.lance.index.vector.SQBuildParams;
import org.lance.index.vector.VectorIndexParams;

/**
 * A large vector fixture shaped like real embeddings, for recall tests and benchmarks: {@code rows} float32
 * vectors of {@code dimension} elements in {@code clusters} Gaussian clusters (centres drawn from N(0, 1) per
 * element, rows at the centre of cluster {@code id % clusters} plus N(0, 0.2) noise), in columns
 * {@code id int64 NOT NULL} and {@code embedding}, written in fragments of {@code rowsPerFragment} rows. Vectors
 * are regenerated from the id on demand, so the exact answer is computed without holding the data.
 *
 * @param path the dataset directory
 * @param rows rows written (ids 0..rows-1)
 * @param dimension elements per vector
 * @param clusters number of clusters
 */
public record ClusteredVectorTable(Path path, int rows, int dimension, int clusters) {
    /** Standard deviation of the noise around a cluster centre. */
    public static final double NOISE = 0.2;

    /** The vector index {@link #withIndex} builds. */
    public enum Index {
        /** IVF_PQ, {@code dimension / 8} sub-vectors of 8 bits. */
        IVF_PQ,
        /** IVF_HNSW_SQ with m = 16, ef_construction = 100. */
        IVF_HNSW_SQ
    }

    /** The schema: {@code id int64 NOT NULL, embedding fixed_size_list<float32, dimension> NOT NULL}. */
    public static Schema schema(int dimension) {
        return new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                new Field("embedding", FieldType.notNullable(new ArrowType.FixedSizeList(dimension)),
                        List.of(Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))))));
    }

    /** Writes the rows (no index) into {@code dir}. */
    public static ClusteredVectorTable write(BufferAllocator allocator, Path dir, int rows, int dimension,
            int clusters, int rowsPerFragment) {
        ClusteredVectorTable t = new ClusteredVectorTable(dir, rows, dimension, clusters);
        float[][] centres = t.centres();
        GeneratedDatasetWriter.to(dir, schema(dimension)).rows(0, rows).maxRowsPerFile(rowsPerFragment)
                .batchSize(8192).write(allocator, (root, first, n) -> t.fill(root, first, n, centres));
        return t;
    }

    /** Builds an L2 index named {@code embedding_idx} with {@code partitions} IVF partitions. */
    public ClusteredVectorTable withIndex(BufferAllocator allocator, Index kind, int partitions) {
        // Ten k-means iterations instead of Lance's default 50 keep the 100k-row build around a minute on two cores;
        // on these well-separated clusters they already converge.
        IvfBuildParams ivf = new IvfBuildParams.Builder().setNumPartitions(partitions).setMaxIters(10).build();
        VectorIndexParams params = switch (kind) {
            case IVF_PQ -> VectorIndexParams.withIvfPqParams(DistanceType.L2, ivf,
                    new PQBuildParams.Builder().setNumSubVectors(dimension / 8).setNumBits(8).setMaxIters(10)
                            .build());
            case IVF_HNSW_SQ -> VectorIndexParams.withIvfHnswSqParams(DistanceType.L2, ivf,
                    new HnswBuildParams.Builder().setM(16).setEfConstruction(100).build(),
                    new SQBuildParams.Builder().build());
        };
        try (Dataset ds = Dataset.open().allocator(allocator).uri(path.toString()).build()) {
            ds.createIndex(IndexOptions.builder(List.of("embedding"), IndexType.VECTOR,
                    IndexParams.builder().setVectorIndexParams(params).build()).withIndexName("embedding_idx").build());
        }
        return this;
    }

    private float[][] centres() {
        float[][] c = new float[clusters][dimension];
        for (int k = 0; k < clusters; k++) {
            Random r = new Random(10_000L + k);
            for (int j = 0; j < dimension; j++) {
                c[k][j] = (float) r.nextGaussian();
            }
        }
        return c;
    }

    /** The stored vector of {@code id}. */
    public float[] vector(long id) {
        return vector(id, centres()[(int) (id % clusters)]);
    }

    private float[] vector(long id, float[] centre) {
        Random r = new Random(id * 7919 + 13);
        float[] v = new float[dimension];
        for (int j = 0; j < dimension; j++) {
            v[j] = (float) (centre[j] + r.nextGaussian() * NOISE);
        }
        return v;
    }

    /** Query {@code q}: near the centre of cluster {@code (q * 37) % clusters}, not a stored row. */
    public float[] query(int q) {
        float[] centre = centres()[(q * 37) % clusters];
        Random r = new Random(5_000_000L + q);
        float[] v = new float[dimension];
        for (int j = 0; j < dimension; j++) {
            v[j] = (float) (centre[j] + r.nextGaussian() * NOISE);
        }
        return v;
    }

    /**
     * The exact top-{@code k} ids by squared L2 distance for each query (ties by id), computed in double precision
     * in one pass over the regenerated rows.
     */
    public List<List<Long>> exactTopK(List<float[]> queries, int k) {
        return exactTopK(queries, k, List.of(id -> true)).get(0);
    }

    /**
     * The exact top-{@code k} ids by squared L2 distance for each query among the rows each filter keeps (ties by
     * id), computed in double precision in one pass over the regenerated rows: each distance is computed once and
     * offered to every filter that keeps the row.
     *
     * @param filters row filters on the id; the answer has one entry per filter, in order, each one list per query
     *     (fewer than {@code k} ids when the filter keeps fewer rows)
     */
    public List<List<List<Long>>> exactTopK(List<float[]> queries, int k, List<LongPredicate> filters) {
        float[][] centres = centres();
        List<List<PriorityQueue<double[]>>> heaps = new ArrayList<>();
        for (int f = 0; f < filters.size(); f++) {
            List<PriorityQueue<double[]>> perQuery = new ArrayList<>();
            for (int q = 0; q < queries.size(); q++) {
                // Max-heap of (distance, id): the worst kept neighbour on top.
                perQuery.add(new PriorityQueue<>((a, b) -> a[0] != b[0] ? Double.compare(b[0], a[0])
                        : Double.compare(b[1], a[1])));
            }
            heaps.add(perQuery);
        }
        boolean[] keeps = new boolean[filters.size()];
        for (long id = 0; id < rows; id++) {
            boolean any = false;
            for (int f = 0; f < filters.size(); f++) {
                keeps[f] = filters.get(f).test(id);
                any |= keeps[f];
            }
            if (!any) {
                continue;
            }
            float[] v = vector(id, centres[(int) (id % clusters)]);
            for (int q = 0; q < queries.size(); q++) {
                float[] query = queries.get(q);
                double d = 0;
                for (int j = 0; j < dimension; j++) {
                    double x = (double) v[j] - query[j];
                    d += x * x;
                }
                for (int f = 0; f < filters.size(); f++) {
                    if (!keeps[f]) {
                        continue;
                    }
                    PriorityQueue<double[]> h = heaps.get(f).get(q);
                    if (h.size() < k) {
                        h.add(new double[] {d, id});
                    } else if (d < h.peek()[0]) {
                        h.poll();
                        h.add(new double[] {d, id});
                    }
                }
            }
        }
        List<List<List<Long>>> out = new ArrayList<>();
        for (List<PriorityQueue<double[]>> perQuery : heaps) {
            List<List<Long>> answers = new ArrayList<>();
            for (PriorityQueue<double[]> h : perQuery) {
                List<double[]> kept = new ArrayList<>(h);
                kept.sort((a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
                answers.add(kept.stream().map(e -> (long) e[1]).toList());
            }
            out.add(answers);
        }
        return out;
    }

    private void fill(VectorSchemaRoot root, long first, int n, float[][] centres) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        FixedSizeListVector vec = (FixedSizeListVector) root.getVector("embedding");
        Float4Vector elements = (Float4Vector) vec.getDataVector();
        elements.setInitialCapacity(n * dimension);
        for (int i = 0; i < n; i++) {
            long r = first + i;
            id.setSafe(i, r);
            vec.setNotNull(i);
            float[] v = vector(r, centres[(int) (r % clusters)]);
            for (int j = 0; j < dimension; j++) {
                elements.setSafe(i * dimension + j, v[j]);
            }
        }
    }
}
