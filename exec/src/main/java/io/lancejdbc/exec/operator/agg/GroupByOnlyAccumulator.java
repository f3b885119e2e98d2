package io.lancejdbc.exec.operator.agg;

import org.apache.arrow.vector.FieldVector;

/**
 * An accumulator that GROUP BY evaluates but window frames never do: the DISTINCT aggregates, which the binder
 * refuses in a window function (42000, see docs/sql-reference.md). Its frame methods throw, naming the aggregate,
 * so that reaching one is a planner bug that shows, not a wrong answer.
 */
abstract class GroupByOnlyAccumulator implements Accumulator {

    @Override
    public final void add(FieldVector[] args, int from, int to, int group) {
        throw notOverFrames();
    }

    @Override
    public final void reset(int group) {
        throw notOverFrames();
    }

    @Override
    public final void writeGroup(int group, FieldVector out, int index) {
        throw notOverFrames();
    }

    private UnsupportedOperationException notOverFrames() {
        return new UnsupportedOperationException(getClass().getSimpleName()
                + ": DISTINCT aggregates are not evaluated over window frames");
    }
}
