package io.lancejdbc.driver.shell;

import io.lancejdbc.engine.DemoWarehouseProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Where the shell gets the demo warehouse it opens when no URL is given: created on first use under the working
 * directory ({@code ./lance-demo-warehouse}) with several tables (a vector column with an IVF_PQ index, nested
 * types, deletions and versions, a child namespace).
 */
@FunctionalInterface
interface DemoWarehouseSource {
    /** The directory name under the working directory. */
    String DIRECTORY = "lance-demo-warehouse";

    /**
     * Creates the demo warehouse at {@code root} unless it exists, and returns its absolute path.
     *
     * @throws IOException when it cannot be written
     */
    Path createIfAbsent(Path root) throws IOException;

    /**
     * The engine's {@link DemoWarehouseProvider} (found with {@link ServiceLoader}), with its failures as
     * IOExceptions with a message for the user: no embedded engine on the class path, a directory that is not a
     * demo warehouse, a write error, or Arrow unable to start (run without the jar's manifest, which opens java.nio).
     */
    DemoWarehouseSource BUILT_IN = root -> {
        DemoWarehouseProvider provider;
        try {
            provider = ServiceLoader.load(DemoWarehouseProvider.class, DemoWarehouseSource.class.getClassLoader())
                    .findFirst().orElseThrow(() -> new IOException("The demo warehouse is written by the embedded "
                            + "lance-jdbc engine, which is not on the class path: give a jdbc:lance: URL, or use the "
                            + "full driver jar"));
        } catch (ServiceConfigurationError e) {
            throw new IOException("The demo warehouse writer of the embedded engine cannot be loaded: "
                    + e.getMessage(), e);
        }
        try {
            return provider.createIfAbsent(root);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (IllegalStateException e) {
            throw new IOException(e.getMessage(), e);
        } catch (LinkageError e) {
            // Arrow's memory access fails to initialise without --add-opens=java.base/java.nio=ALL-UNNAMED.
            throw new IOException("Apache Arrow cannot start; run the shell with java -jar, or add "
                    + "--add-opens=java.base/java.nio=ALL-UNNAMED (" + e + ")", e);
        } catch (RuntimeException e) {
            throw new IOException("writing the demo tables failed: " + e.getMessage(), e);
        }
    };
}
