package io.lancejdbc.exec.testing;

import java.util.Objects;

/**
 * What {@link VectorTable#write} builds. Immutable; start from {@link #defaults()} and change fields with the
 * {@code with*} methods.
 *
 * <p>The dataset is written in this order, each step a new dataset version:
 * <ol>
 *   <li>create ids {@code 0..rows-1}, {@code rowsPerFile} rows per fragment;</li>
 *   <li>if {@code indexKind != NONE}: build index {@code <column>_idx} with {@code indexMetric}; and if
 *       {@code secondIndexMetric} is set, a second index of the same kind on the same column named
 *       {@code <column>_<metric>_idx} (lowercase metric);</li>
 *   <li>if {@code deltaRows > 0}: append the next {@code deltaRows} ids, then
 *       {@code optimizeIndices(numIndicesToMerge(0))}, which adds a <em>delta index segment</em> per index covering
 *       only the new fragments;</li>
 *   <li>if {@code unindexedRows > 0}: append the next {@code unindexedRows} ids, covered by no index segment;</li>
 *   <li>if {@code deleteModulus > 0}: delete {@code id % deleteModulus = deleteRemainder}.</li>
 * </ol>
 *
 * @param column name of the vector column ({@code fixed_size_list<elementType, dimension>})
 * @param elementType element type of the vectors
 * @param dimension elements per vector
 * @param rows rows of the first write
 * @param rowsPerFile rows per fragment in every write
 * @param indexKind the vector index to build, or NONE
 * @param indexMetric metric of the (first) index
 * @param numPartitions IVF partitions
 * @param numSubVectors PQ sub-vectors (must divide {@code dimension}; ignored without PQ)
 * @param secondIndexMetric metric of a second index on the same column, or {@code null} for none
 * @param deltaRows rows appended and then covered by a delta index segment
 * @param unindexedRows rows appended after all indexing (no segment covers them)
 * @param deleteModulus delete ids with {@code id % deleteModulus == deleteRemainder}; {@code 0} = no deletion
 * @param deleteRemainder see {@code deleteModulus}
 * @param nullVectorModulus the vector of id is NULL where {@code id % nullVectorModulus == nullVectorModulus - 1};
 *     {@code 0} = no NULL vectors
 */
public record VectorTableSpec(String column, VectorElementType elementType, int dimension, int rows, int rowsPerFile,
        VectorIndexKind indexKind, VectorMetric indexMetric, int numPartitions, int numSubVectors,
        VectorMetric secondIndexMetric, int deltaRows, int unindexedRows, int deleteModulus, int deleteRemainder,
        int nullVectorModulus) {

    /**
     * @throws IllegalArgumentException for sizes that cannot be written, or a PQ index over fewer than 256 rows or
     *     with a sub-vector count that does not divide the dimension (lance-core refuses both)
     */
    public VectorTableSpec {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(elementType, "elementType");
        Objects.requireNonNull(indexKind, "indexKind");
        Objects.requireNonNull(indexMetric, "indexMetric");
        if (dimension < 1 || rows < 1 || rowsPerFile < 1 || deltaRows < 0 || unindexedRows < 0 || deleteModulus < 0
                || nullVectorModulus < 0) {
            throw new IllegalArgumentException("invalid vector table sizes: " + column + " dim=" + dimension
                    + " rows=" + rows + " rowsPerFile=" + rowsPerFile);
        }
        if (indexKind.usesPq() && (rows < 256 || dimension % numSubVectors != 0)) {
            throw new IllegalArgumentException("PQ needs >= 256 rows and num_sub_vectors dividing the dimension: rows="
                    + rows + ", dim=" + dimension + ", numSubVectors=" + numSubVectors);
        }
        if (indexKind == VectorIndexKind.NONE && (secondIndexMetric != null || deltaRows > 0)) {
            throw new IllegalArgumentException("a second index or delta rows need an index kind");
        }
    }

    /** 1000 float32 rows of dimension 16 in column {@code embedding}, 4 fragments of 250 rows, no index. */
    public static VectorTableSpec defaults() {
        return new VectorTableSpec("embedding", VectorElementType.FLOAT32, 16, 1000, 250, VectorIndexKind.NONE,
                VectorMetric.L2, 4, 4, null, 0, 0, 0, 0, 0);
    }

    public VectorTableSpec withElementType(VectorElementType type) {
        return new VectorTableSpec(column, type, dimension, rows, rowsPerFile, indexKind, indexMetric, numPartitions,
                numSubVectors, secondIndexMetric, deltaRows, unindexedRows, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withDimension(int dim) {
        return new VectorTableSpec(column, elementType, dim, rows, rowsPerFile, indexKind, indexMetric, numPartitions,
                numSubVectors, secondIndexMetric, deltaRows, unindexedRows, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withRows(int n, int perFile) {
        return new VectorTableSpec(column, elementType, dimension, n, perFile, indexKind, indexMetric, numPartitions,
                numSubVectors, secondIndexMetric, deltaRows, unindexedRows, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withIndex(VectorIndexKind kind, VectorMetric metric) {
        return new VectorTableSpec(column, elementType, dimension, rows, rowsPerFile, kind, metric, numPartitions,
                numSubVectors, secondIndexMetric, deltaRows, unindexedRows, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withPartitions(int partitions, int subVectors) {
        return new VectorTableSpec(column, elementType, dimension, rows, rowsPerFile, indexKind, indexMetric,
                partitions, subVectors, secondIndexMetric, deltaRows, unindexedRows, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withSecondIndex(VectorMetric metric) {
        return new VectorTableSpec(column, elementType, dimension, rows, rowsPerFile, indexKind, indexMetric,
                numPartitions, numSubVectors, metric, deltaRows, unindexedRows, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withDeltaRows(int n) {
        return new VectorTableSpec(column, elementType, dimension, rows, rowsPerFile, indexKind, indexMetric,
                numPartitions, numSubVectors, secondIndexMetric, n, unindexedRows, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withUnindexedRows(int n) {
        return new VectorTableSpec(column, elementType, dimension, rows, rowsPerFile, indexKind, indexMetric,
                numPartitions, numSubVectors, secondIndexMetric, deltaRows, n, deleteModulus, deleteRemainder,
                nullVectorModulus);
    }

    public VectorTableSpec withDeletion(int modulus, int remainder) {
        return new VectorTableSpec(column, elementType, dimension, rows, rowsPerFile, indexKind, indexMetric,
                numPartitions, numSubVectors, secondIndexMetric, deltaRows, unindexedRows, modulus, remainder,
                nullVectorModulus);
    }

    public VectorTableSpec withNullVectors(int modulus) {
        return new VectorTableSpec(column, elementType, dimension, rows, rowsPerFile, indexKind, indexMetric,
                numPartitions, numSubVectors, secondIndexMetric, deltaRows, unindexedRows, deleteModulus,
                deleteRemainder, modulus);
    }

    /** Ids ever written: {@code rows + deltaRows + unindexedRows}. */
    public int totalRows() {
        return rows + deltaRows + unindexedRows;
    }

    /** Name of the first index: {@code <column>_idx}. */
    public String indexName() {
        return column + "_idx";
    }

    /** Name of the second index: {@code <column>_<metric>_idx}, or {@code null} without one. */
    public String secondIndexName() {
        return secondIndexMetric == null ? null
                : column + "_" + secondIndexMetric.name().toLowerCase(java.util.Locale.ROOT) + "_idx";
    }

    /** The Lance delete predicate, or {@code null} without a deletion. */
    public String deletePredicate() {
        return deleteModulus == 0 ? null : "id % " + deleteModulus + " = " + deleteRemainder;
    }

    /** True when the vector of {@code id} is written as NULL. */
    public boolean isNullVector(long id) {
        return nullVectorModulus > 0 && id % nullVectorModulus == nullVectorModulus - 1;
    }

    /** True when {@code id} is deleted by the final deletion. */
    public boolean isDeleted(long id) {
        return deleteModulus > 0 && id % deleteModulus == deleteRemainder;
    }
}
