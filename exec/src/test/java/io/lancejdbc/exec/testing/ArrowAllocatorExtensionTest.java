package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

@ExtendWith(ArrowAllocatorExtension.class)
class ArrowAllocatorExtensionTest {
    private static final String SELF_TEST = "lancejdbc.allocator.selftest";
    private static ArrowBuf leaked;

    /**
     * Run only through {@link #aTestThatLeaksFailsWithTheOutstandingBytes}: it leaks on purpose. The tag keeps
     * Surefire from running it (exec/pom.xml excludes the group); the condition keeps an IDE from doing so.
     */
    @ExtendWith(ArrowAllocatorExtension.class)
    @Tag("launcher-only")
    @EnabledIfSystemProperty(named = SELF_TEST, matches = "true")
    static class LeakingCase {
        @Test
        void leaksABuffer(BufferAllocator allocator) {
            leaked = allocator.buffer(64);
        }
    }

    @Test
    void aTestThatLeaksFailsWithTheOutstandingBytes() {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        System.setProperty(SELF_TEST, "true");
        try {
            Launcher launcher = LauncherFactory.create();
            launcher.execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectClass(LeakingCase.class)).build(), listener);
        } finally {
            System.clearProperty(SELF_TEST);
            // The leaked 64 bytes stay unreleased: their allocator is closed, so the buffer can no longer be closed.
            leaked = null;
        }
        TestExecutionSummary summary = listener.getSummary();
        assertEquals(1, summary.getTestsFailedCount());
        Throwable failure = summary.getFailures().get(0).getException();
        assertTrue(failure instanceof AssertionError, failure.toString());
        assertTrue(failure.getMessage().contains("64 bytes outstanding"), failure.getMessage());
    }

    @Test
    void eachParameterOfOneTestGetsTheSameAllocator(BufferAllocator a, RootAllocator b) {
        assertSame(a, b);
        try (ArrowBuf buf = a.buffer(16)) {
            buf.setByte(0, 1);
            assertTrue(a.getAllocatedMemory() >= 16);
        }
    }

    @Test
    void assertNoLeakNamesAnOpenChildAllocator() {
        RootAllocator root = new RootAllocator();
        // Left open on purpose; once its parent is closed it can no longer be closed itself (it holds no memory).
        root.newChildAllocator("forgotten", 0, Long.MAX_VALUE);
        AssertionError e = assertThrows(AssertionError.class,
                () -> ArrowAllocatorExtension.assertNoLeak(root, "unit"));
        assertTrue(e.getMessage().contains("1 child allocators open"), e.getMessage());
        assertTrue(e.getMessage().contains("open child allocator 'forgotten' holding 0 bytes"), e.getMessage());
    }

    @Test
    void assertNoLeakAcceptsAReleasedAllocator() {
        RootAllocator root = new RootAllocator();
        root.buffer(32).close();
        ArrowAllocatorExtension.assertNoLeak(root, "unit");
        assertEquals(0, root.getAllocatedMemory());
    }
}
