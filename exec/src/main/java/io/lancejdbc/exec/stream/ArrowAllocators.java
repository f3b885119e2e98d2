package io.lancejdbc.exec.stream;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.netty.NettyAllocationManager;

/**
 * Root allocators with the Netty allocation manager named explicitly. Arrow looks its default manager up on the
 * class path ({@code CheckAllocator}, when {@code BaseAllocator} initialises) and warns "More than one
 * DefaultAllocationManager on classpath" when an application brings its own {@code arrow-memory-netty} next to the driver jar; the driver jar
 * therefore leaves Arrow's {@code DefaultAllocationManagerFactory} out (driver/pom.xml). Without it on the class path,
 * Arrow initialises only with its manager type chosen by the {@value #MANAGER_TYPE_PROPERTY} system property, so this
 * class sets it to {@code Netty} (Arrow's own first choice) before the first allocator, and only in that case: with
 * the plain Maven artifact, or an application that chose a type, nothing is set.
 */
public final class ArrowAllocators {
    /** Arrow's system property for the default allocation manager ({@code DefaultAllocationManagerOption}). */
    public static final String MANAGER_TYPE_PROPERTY = "arrow.allocation.manager.type";

    private ArrowAllocators() {
    }

    /**
     * @param limitBytes the most the allocator and its children may hold, in bytes
     * @return a new root allocator; the caller closes it
     */
    public static BufferAllocator newRoot(long limitBytes) {
        chooseNettyWithoutClassPathDefault();
        return new RootAllocator(RootAllocator.configBuilder()
                .allocationManagerFactory(NettyAllocationManager.FACTORY)
                .maxAllocation(limitBytes)
                .build());
    }

    private static void chooseNettyWithoutClassPathDefault() {
        if (System.getProperty(MANAGER_TYPE_PROPERTY) != null
                || System.getenv("ARROW_ALLOCATION_MANAGER_TYPE") != null) {
            return;
        }
        ClassLoader loader = ArrowAllocators.class.getClassLoader();
        for (String kind : new String[] {"netty", "unsafe"}) {
            String factory = "org/apache/arrow/memory/" + kind + "/DefaultAllocationManagerFactory.class";
            if (loader.getResource(factory) != null) {
                return;
            }
        }
        System.setProperty(MANAGER_TYPE_PROPERTY, "Netty");
    }
}
