package io.lancejdbc.driver.shell;

import java.io.IOException;
import java.nio.file.Path;

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
     * The demo warehouse of the build. Until {@code io.lancejdbc.exec.lance.demo.DemoWarehouse} is merged (it is
     * written on the fixtures branch) this says so and asks for a URL; then it becomes
     * {@code DemoWarehouse::createIfAbsent}.
     */
    DemoWarehouseSource BUILT_IN = root -> {
        throw new IOException("this build does not include the demo warehouse yet; give a URL instead, e.g. "
                + "java -jar lance-jdbc.jar jdbc:lance:/path/to/warehouse");
    };
}
