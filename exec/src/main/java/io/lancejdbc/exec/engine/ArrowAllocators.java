package io.lancejdbc.exec.engine;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.netty.NettyAllocationManager;

/**
 * Root allocators with the Netty allocation manager named explicitly. Arrow's no-factory constructors look the
 * default manager up on the class path ({@code CheckAllocator}) and warn "More than one DefaultAllocationManager on
 * classpath" when an application brings its own {@code arrow-memory-netty} next to the driver jar; the driver jar
 * therefore leaves Arrow's {@code DefaultAllocationManagerFactory} out and every allocator of ours names its manager.
 */
public final class ArrowAllocators {
    private ArrowAllocators() {
    }

    /**
     * @param limitBytes the most the allocator and its children may hold, in bytes
     * @return a new root allocator; the caller closes it
     */
    public static BufferAllocator newRoot(long limitBytes) {
        return new RootAllocator(RootAllocator.configBuilder()
                .allocationManagerFactory(NettyAllocationManager.FACTORY)
                .maxAllocation(limitBytes)
                .build());
    }
}
