package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The engine's one bounded pool for opening the datasets of {@code uris} calls while planning (design "Revised
 * Design — Phase 1" §10: one shared pool with a fixed number of threads and a bounded queue, a rejection rather
 * than an unbounded backlog, no pool per dataset). Each call additionally keeps at most
 * {@link OpenBudget#maxConcurrentOpens()} opens in flight, so the queue holds at most that many tasks per
 * planning statement.
 */
public final class DatasetOpenPool implements Executor, AutoCloseable {
    /** Threads opening datasets at the same time across the whole engine. */
    public static final int THREADS = 8;
    /** Open tasks that may wait for a thread across the whole engine. */
    public static final int QUEUE_CAPACITY = 256;

    private final ThreadPoolExecutor executor;

    public DatasetOpenPool() {
        AtomicInteger count = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE_CAPACITY), r -> {
                    Thread t = new Thread(r, "lance-jdbc-dataset-open-" + count.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
        executor.allowCoreThreadTimeOut(true);
    }

    /**
     * Queues a task.
     *
     * @throws SqlError HY000 when the queue is full (too many statements open datasets at once) or the engine is
     *         closed
     */
    @Override
    public void execute(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, executor.isShutdown() ? "The lance-jdbc engine is closed"
                    : "Too many datasets are being opened by concurrent statements (" + QUEUE_CAPACITY
                    + " waiting); retry the statement", e);
        }
    }

    /**
     * Open tasks running or waiting right now, approximately: a thread that has just completed a task counts until
     * it returns to the pool (tests check that none is left behind).
     */
    public int activeTasks() {
        return executor.getActiveCount() + executor.getQueue().size();
    }

    /** Stops accepting tasks; running opens finish on their own. */
    @Override
    public void close() {
        executor.shutdown();
    }
}
