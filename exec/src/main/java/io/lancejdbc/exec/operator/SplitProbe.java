package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;

/**
 * An operator with one input that can be read split by split once some state has been prepared from its other
 * inputs: a hash join whose build side is read once and then probed by every split of the probe side on its own
 * thread. Like a {@link StreamTransform}, it can then stand inside a {@link SplitPipeline}.
 */
public interface SplitProbe {

    /** Whether this operator can run split by split (e.g. not when the build rows must track their matches). */
    boolean canProbeSplits();

    /** The input read split by split (the probe side). */
    PhysicalOperator probeInput();

    /** This operator with {@code probe} as its probe input (the planner moves a split stage below it). */
    PhysicalOperator withProbeInput(PhysicalOperator probe);

    /**
     * This operator marked as probing split by split inside a {@link SplitStage}, so that EXPLAIN says so; the
     * execution is driven by the stage either way.
     */
    PhysicalOperator asSplitProbe();

    /**
     * Reads the state every split shares (the build side), on the calling thread. The caller closes the result
     * after every stream it made is closed.
     *
     * @throws io.lancejdbc.engine.SqlError as reading the other inputs does (HY001 when the state outgrows
     *     {@code query.max_memory})
     */
    Prepared prepare(ExecContext ctx);

    /** The shared state of one execution. */
    interface Prepared extends AutoCloseable {

        /** Applies the operator to one split of the probe input ({@code split} is then owned by the result). */
        BatchStream probe(BatchStream split);

        /** Releases the shared state; no stream made by {@link #probe} may be in use any more. */
        @Override
        void close();
    }
}
