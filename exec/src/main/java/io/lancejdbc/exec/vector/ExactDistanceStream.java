package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.expr.VectorDistances;
import io.lancejdbc.exec.lance.DistanceMetric;
import io.lancejdbc.exec.stream.BatchStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Replaces lance-core's {@code _distance} of each candidate with the exact distance of its stored vector, computed
 * by {@link VectorDistances} (the kernel of the SQL distance functions) in double precision and rounded to float32.
 * The query is the float32 vector lance-core searched with (each element of the statement's query vector rounded to
 * float32, the key lance-core 7.0.0 takes), so a stored float32 vector given back as its decimal text is at distance
 * 0, as on lance-core's own flat path.
 *
 * <p>Why: lance-core 7.0.0's quantized indexes report their own approximations, and on another scale for some
 * metrics (a cosine IVF_SQ, IVF_HNSW_SQ or IVF_PQ split reports about 2 (1 - cos) while a flat split reports
 * 1 - cos; a dot IVF_SQ split is off by a factor), so a global Top-K over index and flat splits compared unlike
 * values. With every split rescored here, each {@code _distance} is the documented distance of its row and the merge
 * compares like with like. Rows whose distance is undefined (a cosine distance of a zero-norm vector, a NULL
 * element) are dropped: {@code vector_search} never returns them.
 *
 * <p>Input batches are {@code [columns..., _distance, _rowid]} as {@link io.lancejdbc.exec.lance.FragmentScanReader
 * #search} returns them, where the columns include the vector column; output batches are
 * {@code [carried columns..., _distance, _rowid]}. The stream also records what lance-core returned (rows, and
 * whether a distance was NaN or infinite), which the index-split check of {@link VectorSearchOperator} reads.
 */
final class ExactDistanceStream implements BatchStream {
    private final BatchStream in;
    private final Schema schema;
    private final int vectorPosition;
    private final int[] carried;
    private final String function;
    private final double[] query;
    private final BufferAllocator allocator;
    private long lanceRows;
    private boolean nonFiniteLanceDistance;

    /**
     * @param in lance-core's candidates
     * @param schema the output schema: carried columns, {@code _distance} (float32), {@code _rowid}
     * @param vectorPosition position of the vector column ({@code fixed_size_list<float16|32|64>}) in {@code in}
     * @param carried positions in {@code in} of the carried columns, in output order
     * @param metric l2, cosine or dot
     * @param query the query vector as the statement gave it (rounded to float32 here)
     */
    ExactDistanceStream(BatchStream in, Schema schema, int vectorPosition, int[] carried, DistanceMetric metric,
            double[] query, BufferAllocator allocator) {
        this.in = in;
        this.schema = schema;
        this.vectorPosition = vectorPosition;
        this.carried = carried.clone();
        this.function = functionOf(metric);
        this.query = new double[query.length];
        for (int i = 0; i < query.length; i++) {
            this.query[i] = (float) query[i];
        }
        this.allocator = allocator;
    }

    private static String functionOf(DistanceMetric metric) {
        switch (metric) {
            case L2:
                return "l2_distance";
            case COSINE:
                return "cosine_distance";
            case DOT:
                return "dot_distance";
            default:
                throw new IllegalArgumentException("lance-core searches float vectors with l2, cosine or dot, not "
                        + metric.sqlName());
        }
    }

    @Override
    public Schema schema() {
        return schema;
    }

    /** Rows lance-core returned so far (before undefined distances were dropped). */
    long lanceRows() {
        return lanceRows;
    }

    /** True when lance-core returned a NaN or infinite {@code _distance} so far. */
    boolean nonFiniteLanceDistance() {
        return nonFiniteLanceDistance;
    }

    @Override
    public VectorSchemaRoot next() {
        while (true) {
            VectorSchemaRoot b = in.next();
            if (b == null) {
                return null;
            }
            try (VectorSchemaRoot batch = b) {
                VectorSchemaRoot out = rescore(batch);
                if (out != null) {
                    return out;
                }
            }
        }
    }

    private VectorSchemaRoot rescore(VectorSchemaRoot batch) {
        int n = batch.getRowCount();
        lanceRows += n;
        int fields = batch.getFieldVectors().size();
        Float4Vector lanceDistance = (Float4Vector) batch.getVector(fields - 2);
        FixedSizeListVector vectors = (FixedSizeListVector) batch.getVector(vectorPosition);
        FloatingPointVector elements = (FloatingPointVector) vectors.getDataVector();
        int dim = vectors.getListSize();
        int[] rows = new int[n];
        float[] dist = new float[n];
        int count = 0;
        double[] v = new double[dim];
        for (int i = 0; i < n; i++) {
            if (lanceDistance.isNull(i) || !Float.isFinite(lanceDistance.get(i))) {
                nonFiniteLanceDistance = true;
            }
            Double d = vectors.isNull(i) ? null : VectorDistances.distance(function, read(elements, i, dim, v), query);
            if (d != null && !d.isNaN()) {
                rows[count] = i;
                dist[count] = d.floatValue();
                count++;
            }
        }
        if (count == 0) {
            return null;
        }
        return ScoredRows.select(schema, batch, carried, fields - 1, rows, dist, count, allocator);
    }

    /** The elements of row {@code row} into {@code into}, or null when one is NULL. */
    private static double[] read(FloatingPointVector elements, int row, int dim, double[] into) {
        int base = row * dim;
        for (int j = 0; j < dim; j++) {
            if (elements.isNull(base + j)) {
                return null;
            }
            into[j] = elements.getValueAsDouble(base + j);
        }
        return into;
    }

    @Override
    public void close() {
        in.close();
    }
}
