package io.lancejdbc.exec.operator.agg;

import org.apache.arrow.vector.FieldVector;

/** The running state of one aggregate function for every group. */
interface Accumulator extends AutoCloseable {

    /**
     * Folds one batch in.
     *
     * @param args the argument vectors (empty for COUNT(*))
     * @param rows number of rows
     * @param groupIds the group of each row
     * @param groupCount number of groups known so far (ids are below it)
     */
    void update(FieldVector[] args, int rows, int[] groupIds, int groupCount);

    /**
     * Adds the state of {@code other} (the same aggregate over other rows, a partial aggregation) into this one.
     *
     * @param mapping group {@code g} of {@code other} is group {@code mapping[g]} here
     * @param groupCount number of groups here after the merge
     */
    void merge(Accumulator other, int[] mapping, int groupCount);

    /** Writes the result of groups 0..groupCount-1 into {@code out} (allocated by the caller) and sets its count. */
    void write(FieldVector out, int groupCount);

    /** Approximate heap bytes held. */
    long estimatedBytes();

    /** Frees the Arrow memory the state holds (copies of values); idempotent. */
    @Override
    default void close() {
    }
}
