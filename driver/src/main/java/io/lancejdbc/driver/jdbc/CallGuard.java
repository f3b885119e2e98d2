package io.lancejdbc.driver.jdbc;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.LoggerFactory;

/**
 * Keeps the Arrow memory of one statement alive while a call uses it. A call (an execution, a {@code next()} that
 * fetches a batch) holds the guard; a release (closing the result set, freeing its batches and engine stream) runs
 * only while no other thread is inside a call. A release asked for from another thread waits up to the guard's
 * wait for the call in progress (which its closer has cancelled, so it normally ends at once with 57014); if the
 * call has not ended by then, the release is handed to the call's own thread, which runs it when it leaves the
 * call, and the closer returns. Memory is therefore never freed under a running call (whose operators may read
 * buffers by raw address), however long the call takes to notice the cancellation.
 *
 * <p>Calls are reentrant on one thread (an execution closes the previous result set inside its call); a release
 * handed over runs when the outermost call of the holding thread ends. Thread-safe.
 */
final class CallGuard {
    private final ReentrantLock inCall = new ReentrantLock();
    private final Queue<Runnable> handedOver = new ConcurrentLinkedQueue<>();
    private final long waitNanos;

    /**
     * @param waitNanos how long a release from another thread waits for a call in progress before handing the
     *        release to that call's thread; at least 0
     */
    CallGuard(long waitNanos) {
        if (waitNanos < 0) {
            throw new IllegalArgumentException("waitNanos < 0: " + waitNanos);
        }
        this.waitNanos = waitNanos;
    }

    /** Enters a call that uses this statement's Arrow memory; pair with {@link #exit()} in a finally block. */
    void enter() {
        inCall.lock();
    }

    /** Leaves a call; when it was the outermost call of this thread, runs the releases handed over meanwhile. */
    void exit() {
        inCall.unlock();
        runHandedOver();
    }

    /**
     * Runs {@code release} now, on this thread, when no other thread is in a call or the call in progress ends within
     * the wait; otherwise hands it to the thread in the call and returns without running it.
     *
     * @param release what frees the memory; runs exactly once, never concurrently with a call of another thread
     * @return true when it ran on this thread before returning, false when it was handed over
     */
    boolean release(Runnable release) {
        boolean entered;
        try {
            entered = inCall.tryLock(waitNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            entered = false;
        }
        if (entered) {
            try {
                release.run();
            } finally {
                exit();
            }
            return true;
        }
        handedOver.add(release);
        // The call may have ended between the wait and the hand-over; then no one else would run it.
        runHandedOver();
        return false;
    }

    /**
     * Runs a handed-over release on the thread leaving its call: a failure there cannot be thrown to the closer, who
     * has returned, and must not replace the call's own outcome, so it is logged with its cause.
     */
    private static void runLogged(Runnable release) {
        try {
            release.run();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(CallGuard.class).warn("Freeing a result closed during a call failed", e);
        }
    }

    /** True while some thread is inside a call (for diagnostics and tests). */
    boolean inCall() {
        return inCall.isLocked();
    }

    private void runHandedOver() {
        // Whoever finds the guard free runs what was handed over: either the thread leaving the call sees the queued
        // release, or the closer, queueing after that thread looked, finds the guard free here.
        while (!handedOver.isEmpty() && !inCall.isHeldByCurrentThread() && inCall.tryLock()) {
            try {
                Runnable r;
                while ((r = handedOver.poll()) != null) {
                    runLogged(r);
                }
            } finally {
                inCall.unlock();
            }
        }
    }
}
