package io.lancejdbc.exec.testing;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that gives a test a fresh {@link RootAllocator} and fails the test if any Arrow memory is still
 * allocated (or any child allocator still open) when the test ends.
 *
 * <p>Declare a {@link BufferAllocator} or {@link RootAllocator} parameter on a test method (one allocator per test),
 * or on a {@code @BeforeAll} / {@code @AfterAll} method (one allocator per test class, checked after the class):
 *
 * <pre>{@code
 * @ExtendWith(ArrowAllocatorExtension.class)
 * class ScanTest {
 *     @Test
 *     void scanReleasesEveryBatch(BufferAllocator allocator) { ... }
 * }
 * }</pre>
 *
 * The failure message gives the outstanding bytes and names the child allocators still open. The allocator is closed in every case, so a leak in one test does not spill into the next.
 */
public final class ArrowAllocatorExtension implements ParameterResolver, AfterEachCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(ArrowAllocatorExtension.class);
    private static final String KEY = "allocator";

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        Class<?> type = parameterContext.getParameter().getType();
        return type == BufferAllocator.class || type == RootAllocator.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return extensionContext.getStore(NAMESPACE)
                .getOrComputeIfAbsent(KEY, k -> new RootAllocator(), RootAllocator.class);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        closeAndCheck(context, "test " + context.getDisplayName());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        closeAndCheck(context, "test class " + context.getDisplayName());
    }

    private static void closeAndCheck(ExtensionContext context, String owner) {
        RootAllocator allocator = context.getStore(NAMESPACE).remove(KEY, RootAllocator.class);
        if (allocator != null) {
            assertNoLeak(allocator, owner);
        }
    }

    /**
     * Closes {@code allocator} and throws if it still had memory allocated or open children.
     *
     * @param owner who used the allocator, for the message
     * @throws AssertionError naming the outstanding bytes and the allocator tree
     */
    public static void assertNoLeak(BufferAllocator allocator, String owner) {
        long outstanding = allocator.getAllocatedMemory();
        int children = allocator.getChildAllocators().size();
        String detail = outstanding != 0 || children != 0 ? describe(allocator) : "";
        try {
            allocator.close();
        } catch (IllegalStateException e) {
            throw new AssertionError(message(owner, outstanding, children, detail), e);
        }
        if (outstanding != 0 || children != 0) {
            throw new AssertionError(message(owner, outstanding, children, detail));
        }
    }

    private static String message(String owner, long outstanding, int children, String detail) {
        return "Arrow memory leak in " + owner + ": " + outstanding + " bytes outstanding, " + children
                + " child allocators open\n" + detail;
    }

    // Arrow's verbose string lists children only in its debug mode, so name them here.
    private static String describe(BufferAllocator allocator) {
        StringBuilder sb = new StringBuilder(allocator.toVerboseString());
        for (BufferAllocator child : allocator.getChildAllocators()) {
            sb.append("\n  open child allocator '").append(child.getName()).append("' holding ")
                    .append(child.getAllocatedMemory()).append(" bytes");
        }
        return sb.toString();
    }
}
