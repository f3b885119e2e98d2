package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The guard that keeps a statement's Arrow memory alive under a running call, with real threads: a release waits
 * for a call that ends within the wait and runs on the closer's thread; a release whose call outlasts the wait is
 * handed to the call's thread and runs exactly once, when that thread leaves its outermost call, never while the
 * call is still inside.
 */
class CallGuardTest {
    private static final long SHORT_WAIT = TimeUnit.MILLISECONDS.toNanos(50);

    @Test
    void aReleaseWithNoCallInProgressRunsAtOnceOnTheCaller() {
        CallGuard guard = new CallGuard(SHORT_WAIT);
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        assertTrue(guard.release(() -> ranOn.set(Thread.currentThread())));
        assertSame(Thread.currentThread(), ranOn.get());
        assertFalse(guard.inCall());
    }

    @Test
    void aReleaseWaitsForACallThatEndsWithinTheWait() throws Exception {
        CallGuard guard = new CallGuard(TimeUnit.SECONDS.toNanos(30));
        CountDownLatch inside = new CountDownLatch(1);
        AtomicInteger callLeft = new AtomicInteger();
        Thread call = new Thread(() -> {
            guard.enter();
            try {
                inside.countDown();
                sleep(200);
                callLeft.set(1);
            } finally {
                guard.exit();
            }
        });
        call.start();
        inside.await();
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        AtomicInteger callStateAtRelease = new AtomicInteger(-1);
        assertTrue(guard.release(() -> {
            ranOn.set(Thread.currentThread());
            callStateAtRelease.set(callLeft.get());
        }));
        call.join();
        assertSame(Thread.currentThread(), ranOn.get());
        assertEquals(1, callStateAtRelease.get(), "the release ran only after the call had left");
    }

    @Test
    void aCallThatOutlastsTheWaitRunsTheReleaseItselfWhenItLeaves() throws Exception {
        CallGuard guard = new CallGuard(SHORT_WAIT);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch mayLeave = new CountDownLatch(1);
        List<String> events = new CopyOnWriteArrayList<>();
        Thread call = new Thread(() -> {
            guard.enter();
            try {
                inside.countDown();
                await(mayLeave);
                events.add("call leaving");
            } finally {
                guard.exit();
            }
            events.add("call left");
        }, "the-call");
        call.start();
        inside.await();
        AtomicReference<String> ranOn = new AtomicReference<>();
        assertFalse(guard.release(() -> {
            ranOn.set(Thread.currentThread().getName());
            events.add("released");
        }), "handed over");
        assertEquals(List.of(), events, "nothing freed while the call is inside");
        mayLeave.countDown();
        call.join();
        assertEquals(List.of("call leaving", "released", "call left"), events);
        assertEquals("the-call", ranOn.get());
        assertFalse(guard.inCall());
    }

    @Test
    void aHandedOverReleaseWaitsForTheOutermostCallOfAReentrantThread() throws Exception {
        CallGuard guard = new CallGuard(SHORT_WAIT);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch handedOver = new CountDownLatch(1);
        List<String> events = new CopyOnWriteArrayList<>();
        Thread call = new Thread(() -> {
            guard.enter();
            try {
                guard.enter();
                try {
                    inside.countDown();
                    await(handedOver);
                } finally {
                    guard.exit();
                }
                events.add("inner call left");
            } finally {
                guard.exit();
            }
            events.add("outer call left");
        });
        call.start();
        inside.await();
        assertFalse(guard.release(() -> events.add("released")));
        handedOver.countDown();
        call.join();
        assertEquals(List.of("inner call left", "released", "outer call left"), events);
    }

    @Test
    void aFailingHandedOverReleaseIsLoggedAndTheNextStillRuns() throws Exception {
        CallGuard guard = new CallGuard(SHORT_WAIT);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch mayLeave = new CountDownLatch(1);
        AtomicReference<Throwable> callOutcome = new AtomicReference<>();
        Thread call = new Thread(() -> {
            try {
                guard.enter();
                try {
                    inside.countDown();
                    await(mayLeave);
                } finally {
                    guard.exit();
                }
            } catch (Throwable t) {
                callOutcome.set(t);
            }
        });
        call.start();
        inside.await();
        AtomicInteger second = new AtomicInteger();
        assertFalse(guard.release(() -> {
            throw new IllegalStateException("freeing failed on purpose");
        }));
        assertFalse(guard.release(second::incrementAndGet));
        mayLeave.countDown();
        call.join();
        assertEquals(null, callOutcome.get(), "the call's own outcome is kept");
        assertEquals(1, second.get());
    }

    @Test
    void everyReleaseRunsExactlyOnceWhenCallsAndReleasesRace() throws Exception {
        for (int round = 0; round < 200; round++) {
            CallGuard guard = new CallGuard(0);
            AtomicInteger runs = new AtomicInteger();
            AtomicInteger overlaps = new AtomicInteger();
            AtomicInteger callsInside = new AtomicInteger();
            CountDownLatch go = new CountDownLatch(1);
            Thread caller = new Thread(() -> {
                await(go);
                for (int i = 0; i < 50; i++) {
                    guard.enter();
                    try {
                        callsInside.incrementAndGet();
                        Thread.onSpinWait();
                        callsInside.decrementAndGet();
                    } finally {
                        guard.exit();
                    }
                }
            });
            caller.start();
            go.countDown();
            for (int i = 0; i < 20; i++) {
                guard.release(() -> {
                    if (callsInside.get() != 0) {
                        overlaps.incrementAndGet();
                    }
                    runs.incrementAndGet();
                });
            }
            caller.join();
            assertEquals(20, runs.get(), "round " + round);
            assertEquals(0, overlaps.get(), "round " + round + ": a release ran while a call was inside");
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
