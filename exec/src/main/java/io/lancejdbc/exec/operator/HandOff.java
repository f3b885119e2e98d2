package io.lancejdbc.exec.operator;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** The producer side of the bounded queues between parallel split readers and their consumer (back-pressure). */
final class HandOff {
    /** How long one wait on a full queue lasts before the closed flag is checked again. */
    static final int POLL_MILLIS = 50;

    private HandOff() {
    }

    /**
     * Puts {@code item}, waiting while the queue is full.
     *
     * @return false when the consumer closed the stream meanwhile ({@code closed} became true) or the thread was
     *     interrupted (its interrupt flag is then set again); the item was not queued
     */
    static boolean offer(BlockingQueue<Object> queue, Object item, BooleanSupplier closed) {
        try {
            while (!closed.getAsBoolean()) {
                if (queue.offer(item, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Takes room for a batch the producer is about to read, waiting while there is none: a producer reserves before
     * it reads, so the batches read but not yet taken by the consumer never exceed the budget.
     *
     * @return false when the consumer closed the stream meanwhile or the thread was interrupted (its interrupt flag
     *     is then set again); no room was taken
     */
    static boolean reserve(ReadAheadBudget budget, BooleanSupplier closed) {
        try {
            while (!closed.getAsBoolean()) {
                if (budget.tryReserve(POLL_MILLIS)) {
                    return true;
                }
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
