package io.lancejdbc.exec.operator.agg;

import org.apache.arrow.vector.FieldVector;

/**
 * The running state of one aggregate function for every group: the single definition of the aggregate, used by
 * GROUP BY ({@link #update}, {@link #merge}, {@link #write}) and by window frames ({@link #add}, {@link #retract},
 * {@link #reset}, {@link #writeGroup} on one group, see {@code operator.window.WindowEvaluator}).
 *
 * <p>NULL arguments are skipped; a group without a non-NULL value gives NULL (COUNT: 0). Not thread-safe.
 */
public interface Accumulator extends AutoCloseable {

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

    /**
     * Folds rows {@code [from, to)} of {@code args} into group {@code group} (a window frame grows at its end).
     * Equivalent to {@link #update} with every row in that group.
     */
    void add(FieldVector[] args, int from, int to, int group);

    /**
     * Whether {@link #retract} is exact: after removing rows the state equals the state of the remaining rows, so
     * that a sliding window frame can move its start in O(1) per row instead of being recomputed.
     */
    default boolean retractable() {
        return false;
    }

    /**
     * Removes rows {@code [from, to)} of {@code args}, added to group {@code group} before.
     *
     * @throws UnsupportedOperationException unless {@link #retractable()}
     */
    default void retract(FieldVector[] args, int from, int to, int group) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot remove rows");
    }

    /** Empties group {@code group} (the group must be known: below a groupCount seen, or 0). */
    void reset(int group);

    /**
     * Writes the current result of group {@code group} at position {@code index} of {@code out}; does not set the
     * value count. Positions must be written in increasing order (variable-width vectors).
     */
    void writeGroup(int group, FieldVector out, int index);

    /** Approximate heap bytes held. */
    long estimatedBytes();

    /** Frees the Arrow memory the state holds (copies of values); idempotent. */
    @Override
    default void close() {
    }
}
