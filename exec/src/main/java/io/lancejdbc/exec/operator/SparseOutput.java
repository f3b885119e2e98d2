package io.lancejdbc.exec.operator;

import java.util.BitSet;

/**
 * An operator that can skip computing output columns its consumer never reads (a join's key columns that only the
 * ON condition needed). The returned operator has the same schema, but a column outside {@code used} is a
 * {@link org.apache.arrow.vector.NullVector} placeholder of the batch's length, so only consumers that read columns
 * by reference (projections, aggregates) may ask for it.
 */
public interface SparseOutput {

    /** This operator producing only the output columns in {@code used}. */
    PhysicalOperator onlyColumns(BitSet used);
}
