package io.lancejdbc.exec.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The engine's worker pool as one query sees it: counts the query's tasks that have not finished, so that the
 * query's allocator and native handles are released by whoever finishes last. A statement that times out, is
 * cancelled or is closed from another thread returns at once even while a split worker is stuck in a native
 * lance-core read (a stalled storage request, issue 16); the stuck worker frees its batches and its reader when the
 * read returns, and its end runs the release that {@link #whenIdle} left behind.
 *
 * <p>Thread-safe. {@link #shutdown()} and friends only concern this view: the engine's pool is never shut down here.
 */
public final class QueryWorkers extends AbstractExecutorService {
    private final ExecutorService pool;
    private final List<Runnable> idleActions = new ArrayList<>();
    private int running;
    private boolean shutdown;

    public QueryWorkers(ExecutorService pool) {
        this.pool = pool;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (this) {
            if (shutdown) {
                throw new RejectedExecutionException("The query is closed");
            }
            running++;
        }
        try {
            pool.execute(() -> {
                try {
                    task.run();
                } finally {
                    finished();
                }
            });
        } catch (RejectedExecutionException e) {
            finished();
            throw e;
        }
    }

    private void finished() {
        List<Runnable> actions;
        synchronized (this) {
            running--;
            if (running > 0) {
                return;
            }
            notifyAll();
            if (idleActions.isEmpty()) {
                return;
            }
            actions = new ArrayList<>(idleActions);
            idleActions.clear();
        }
        actions.forEach(Runnable::run);
    }

    /**
     * Runs {@code action} once no task of the query runs any more: now, on this thread, when none runs, otherwise
     * on the thread of the task that finishes last. No task is accepted afterwards.
     */
    void whenIdle(Runnable action) {
        synchronized (this) {
            shutdown = true;
            if (running > 0) {
                idleActions.add(action);
                return;
            }
        }
        action.run();
    }

    /**
     * Waits up to {@code millis} for the query's tasks to end (a worker that is not stuck notices a close within
     * one 50 ms poll or one batch); false when some still run. Keeps the thread's interrupt flag.
     */
    public boolean awaitIdle(long millis) {
        try {
            return awaitTermination(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Tasks of the query that have not finished (tests and diagnostics). */
    synchronized int running() {
        return running;
    }

    @Override
    public synchronized void shutdown() {
        shutdown = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown();
        return List.of();
    }

    @Override
    public synchronized boolean isShutdown() {
        return shutdown;
    }

    @Override
    public synchronized boolean isTerminated() {
        return shutdown && running == 0;
    }

    @Override
    public synchronized boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (running > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }
}
