package io.lancejdbc.exec.testing;

import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Element type of a fixture vector column ({@code fixed_size_list<element, dim>}).
 *
 * <p>What lance-core 7.0.0 does with each (verified on this machine, see {@code VectorTableTest}): FLOAT16,
 * FLOAT32 and FLOAT64 columns take every index kind and answer {@code nearest} queries. UINT8 columns take only
 * IVF_FLAT with the HAMMING metric, INT8 columns only IVF_PQ / IVF_HNSW_PQ; for both, the Java {@code nearest}
 * query (whose key is a {@code float[]}) is <b>silently dropped</b> and a plain scan is returned, so a driver has to
 * compute their distances itself.
 */
public enum VectorElementType {
    FLOAT16(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
    FLOAT32(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
    FLOAT64(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
    UINT8(new ArrowType.Int(8, false)),
    INT8(new ArrowType.Int(8, true));

    private final ArrowType arrowType;

    VectorElementType(ArrowType arrowType) {
        this.arrowType = arrowType;
    }

    /** The Arrow type of one element. */
    public ArrowType arrowType() {
        return arrowType;
    }

    /** True for the floating-point element types. */
    public boolean isFloatingPoint() {
        return this == FLOAT16 || this == FLOAT32 || this == FLOAT64;
    }
}
