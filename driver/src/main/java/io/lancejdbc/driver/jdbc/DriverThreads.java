package io.lancejdbc.driver.jdbc;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The driver's own threads, shared by every connection of one driver instance and created on first use: one
 * timer thread for query timeouts and a small cached pool that runs {@code Connection.isValid} checks so they can
 * be bounded by a timeout. All are daemon threads, so they never keep an application alive.
 */
final class DriverThreads implements AutoCloseable {
    private ScheduledThreadPoolExecutor timer;
    private ExecutorService checks;

    synchronized ScheduledExecutorService timer() {
        if (timer == null) {
            timer = new ScheduledThreadPoolExecutor(1, daemon("lance-jdbc-timeout"));
            // Cancelled timeouts (the common case: the query finished in time) leave the queue at once.
            timer.setRemoveOnCancelPolicy(true);
        }
        return timer;
    }

    synchronized ExecutorService checks() {
        if (checks == null) {
            checks = Executors.newCachedThreadPool(daemon("lance-jdbc-isvalid"));
        }
        return checks;
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
        if (checks != null) {
            checks.shutdownNow();
            checks = null;
        }
    }
}
