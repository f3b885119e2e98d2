package io.lancejdbc.exec.vector;

import io.lancejdbc.exec.lance.DistanceMetric;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.complex.FixedSizeListVector;

/**
 * Distances between a query and the int8 or uint8 vectors of a {@code fixed_size_list} column, with Lance's
 * conventions ({@link DistanceMetric}), for the exact search the driver runs where lance-core 7.0.0 cannot. Reads
 * the element bytes straight from the Arrow buffer; arithmetic in double precision, rounded to float32 like
 * Lance's {@code _distance}.
 */
final class ByteVectorDistances {
    private final DistanceMetric metric;
    private final boolean unsigned;
    private final double[] query;
    private final double queryNorm;
    private final int[] queryBytes;

    /**
     * @param query the query vector; for hamming every element is an integer in 0..255 (the binder checks)
     */
    ByteVectorDistances(DistanceMetric metric, VectorElementType elementType, double[] query) {
        if (elementType != VectorElementType.INT8 && elementType != VectorElementType.UINT8) {
            throw new IllegalArgumentException("byte vectors only, got " + elementType);
        }
        this.metric = metric;
        this.unsigned = elementType == VectorElementType.UINT8;
        this.query = query.clone();
        double n = 0;
        for (double q : query) {
            n += q * q;
        }
        this.queryNorm = Math.sqrt(n);
        this.queryBytes = new int[query.length];
        for (int i = 0; i < query.length; i++) {
            queryBytes[i] = (int) query[i] & 0xFF;
        }
    }

    /**
     * The distance of row {@code row} of {@code vectors} (which must not be NULL there).
     *
     * @throws IllegalArgumentException when the column's dimension is not the query's
     */
    float distance(FixedSizeListVector vectors, int row) {
        int dim = vectors.getListSize();
        if (dim != query.length) {
            throw new IllegalArgumentException("dimension " + dim + " != query dimension " + query.length);
        }
        ArrowBuf data = vectors.getDataVector().getDataBuffer();
        long base = (long) row * dim;
        switch (metric) {
            case L2: {
                double s = 0;
                for (int j = 0; j < dim; j++) {
                    double d = element(data, base + j) - query[j];
                    s += d * d;
                }
                return (float) s;
            }
            case COSINE: {
                double dot = 0;
                double norm = 0;
                for (int j = 0; j < dim; j++) {
                    double v = element(data, base + j);
                    dot += v * query[j];
                    norm += v * v;
                }
                return (float) (1.0 - dot / (Math.sqrt(norm) * queryNorm));
            }
            case DOT: {
                double dot = 0;
                for (int j = 0; j < dim; j++) {
                    dot += element(data, base + j) * query[j];
                }
                return (float) (1.0 - dot);
            }
            case HAMMING: {
                int bits = 0;
                for (int j = 0; j < dim; j++) {
                    bits += Integer.bitCount((data.getByte(base + j) ^ queryBytes[j]) & 0xFF);
                }
                return bits;
            }
            default:
                throw new AssertionError(metric);
        }
    }

    private double element(ArrowBuf data, long index) {
        byte b = data.getByte(index);
        return unsigned ? b & 0xFF : b;
    }
}
