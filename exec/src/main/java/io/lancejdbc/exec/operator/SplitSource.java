package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;

/**
 * An operator whose output is the concatenation of independent split streams, so that a consumer may read the
 * splits in parallel itself (e.g. partial aggregation per split).
 */
public interface SplitSource {

    /** Number of splits. */
    int splitCount();

    /** Opens split {@code index}'s stream (any thread). */
    BatchStream openSplit(ExecContext ctx, int index);
}
