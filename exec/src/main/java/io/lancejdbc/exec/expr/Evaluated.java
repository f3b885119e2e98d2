package io.lancejdbc.exec.expr;

import org.apache.arrow.vector.FieldVector;

/**
 * The result of evaluating an expression over a batch: a vector with one value per row, either owned by this result
 * (computed) or borrowed from the input batch (a bare column). Close it when done.
 */
public final class Evaluated implements AutoCloseable {
    private final FieldVector vector;
    private final boolean owned;

    private Evaluated(FieldVector vector, boolean owned) {
        this.vector = vector;
        this.owned = owned;
    }

    /** A computed vector this result owns. */
    public static Evaluated owned(FieldVector v) {
        return new Evaluated(v, true);
    }

    /** A vector of the input batch, not to be closed here. */
    public static Evaluated borrowed(FieldVector v) {
        return new Evaluated(v, false);
    }

    public FieldVector vector() {
        return vector;
    }

    public boolean isOwned() {
        return owned;
    }

    @Override
    public void close() {
        if (owned) {
            vector.close();
        }
    }
}
