package io.lancejdbc.engine;

import java.nio.file.Path;

/**
 * Writes the demo warehouse the shell ({@code java -jar lance-jdbc.jar}) opens when no URL is given. The writer
 * lives with the engine, which owns every Lance write; the driver finds it with {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/io.lancejdbc.engine.DemoWarehouseProvider} entry), so a driver without the embedded
 * engine has no demo warehouse.
 */
public interface DemoWarehouseProvider {

    /**
     * Returns {@code dir} (absolute), writing the demo warehouse there first unless a complete one is present.
     * Safe under concurrent callers, also in different processes.
     *
     * @param dir the warehouse directory; its parent is created if needed
     * @return the absolute, normalized warehouse directory
     * @throws IllegalStateException when {@code dir} exists and holds something other than a demo warehouse
     * @throws java.io.UncheckedIOException when the files cannot be written
     * @throws RuntimeException from the engine's writer when a table cannot be written
     */
    Path createIfAbsent(Path dir);
}
