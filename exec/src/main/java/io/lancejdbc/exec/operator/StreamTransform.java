package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;

/**
 * An operator that maps each input batch independently (filter, project), so that it can run inside a parallel
 * split pipeline as well as on its single input stream.
 */
public interface StreamTransform {

    /** The single input operator. */
    PhysicalOperator input();

    /** Applies this operator to {@code in} (which it then owns and closes). */
    BatchStream transform(BatchStream in, ExecContext ctx);

    /** This operator over {@code input} instead (the planner moves a split stage below or above it). */
    PhysicalOperator withInput(PhysicalOperator input);
}
