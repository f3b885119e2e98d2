package io.lancejdbc.exec.operator;

/**
 * Bounds the batches that parallel split readers have read and their consumer has not taken yet: {@code places}
 * batches of any size, and beyond those more <em>small</em> batches while everything held adds up to at most an
 * eighth of the places' rows. So the rows held never exceed {@code places * batchRows} plus an eighth of that,
 * whatever the batches' sizes, and full batches take one place each, as a plain count of places would.
 *
 * <p>Why small batches share a place: a selective filter returns a few rows from every lance-core batch (about 8 of
 * 8,192 for a 0.1% filter), and with one place per split the worker stopped after every such batch until the
 * consumer had taken it, two thread wake-ups per batch on top of the consumer's own (docs/benchmarks.md, "Selective
 * filters: small batches"). A read in flight counts as a full batch until it returns.
 *
 * <p>Thread-safe; {@link #reserve} waits on this object's monitor, {@link #taken} wakes it.
 */
final class ReadAheadBudget {
    /** Small batches one place may hold beyond its first batch (bounds the hand-off queues). */
    static final int SMALL_BATCHES_PER_PLACE = 64;

    private final int places;
    private final long batchRows;
    private final long smallRows;
    private final int maxBatches;
    /** Batches held or being read. */
    private int batches;
    /** Rows of the batches held, plus {@code batchRows} for every read in flight. */
    private long rows;

    /**
     * @param places batches of any size that may be held, at least 1
     * @param batchRows the most rows one batch has (the scan's batch size), at least 1
     */
    ReadAheadBudget(int places, long batchRows) {
        if (places < 1 || batchRows < 1) {
            throw new IllegalArgumentException("places and batchRows must be >= 1");
        }
        this.places = places;
        this.batchRows = batchRows;
        this.smallRows = places * batchRows / 8;
        this.maxBatches = places * (1 + SMALL_BATCHES_PER_PLACE);
    }

    /** The most batches held at once: the capacity a hand-off queue needs for them. */
    int maxBatches() {
        return maxBatches;
    }

    /**
     * Takes room for one batch about to be read, waiting up to {@code millis} while there is none.
     *
     * @return whether room was taken; the caller then reports the read with {@link #read} or {@link #ended}
     */
    synchronized boolean tryReserve(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!hasRoom()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000L));
        }
        batches++;
        rows += batchRows;
        return true;
    }

    private boolean hasRoom() {
        return batches < places || (rows <= smallRows && batches < maxBatches);
    }

    /** The reserved read returned a batch of {@code n} rows, now held until {@link #taken}. */
    synchronized void read(int n) {
        rows += n - batchRows;
        if (n < batchRows) {
            notifyAll();
        }
    }

    /** The reserved read returned no batch (the split ended or failed). */
    synchronized void ended() {
        batches--;
        rows -= batchRows;
        notifyAll();
    }

    /** The consumer took a held batch of {@code n} rows. */
    synchronized void taken(int n) {
        batches--;
        rows -= n;
        notifyAll();
    }

    /** Rows held (reads in flight count as full batches); for tests. */
    synchronized long rowsHeld() {
        return rows;
    }
}
