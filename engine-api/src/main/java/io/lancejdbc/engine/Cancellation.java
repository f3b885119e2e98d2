package io.lancejdbc.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Cooperative cancellation of one query: set by {@code Statement.cancel()}, a query timeout or
 * {@code Statement.close()}, observed by operators between batches and by blocking waits.
 *
 * <p>Thread-safe. Listeners run once, on the cancelling thread, and are used to close native readers so that a
 * blocked worker wakes up promptly.
 */
public final class Cancellation {
    private final List<Runnable> listeners = new ArrayList<>();
    private volatile String reason;

    /** Marks the query cancelled and runs the listeners; later calls do nothing. */
    public void cancel(String why) {
        List<Runnable> toRun;
        synchronized (listeners) {
            if (reason != null) {
                return;
            }
            reason = why == null ? "Query was cancelled" : why;
            toRun = new ArrayList<>(listeners);
            listeners.clear();
        }
        for (Runnable r : toRun) {
            try {
                r.run();
            } catch (RuntimeException e) {
                // A listener only releases resources; a failure there must not stop the others, and it is logged
                // where an operator sees it (it may have left memory or a native handle behind).
                org.slf4j.LoggerFactory.getLogger(Cancellation.class).warn("A cancellation listener failed", e);
            }
        }
    }

    /** True once {@link #cancel} was called. */
    public boolean isCancelled() {
        return reason != null;
    }

    /**
     * @throws SqlError with SQLState 57014 (or HYT00 for a timeout) when cancelled
     */
    public void throwIfCancelled() {
        String r = reason;
        if (r != null) {
            throw new SqlError(r.startsWith("Query timeout") ? SqlState.TIMEOUT : SqlState.QUERY_CANCELED, r);
        }
    }

    /** Runs {@code listener} on cancellation, or at once when already cancelled. */
    public void onCancel(Runnable listener) {
        synchronized (listeners) {
            if (reason == null) {
                listeners.add(listener);
                return;
            }
        }
        listener.run();
    }
}
