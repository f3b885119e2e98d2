package io.lancejdbc.exec.testing;

import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import java.nio.file.Path;

/**
 * The real demo warehouse for end-to-end tests, written once under the test JVM's temporary directory
 * ({@code target/tmp}) and reused by every test class and later runs ({@link DemoWarehouse#createIfAbsent} is
 * idempotent and safe under concurrent callers). Tests only read it.
 */
public final class SharedDemoWarehouse {
    private SharedDemoWarehouse() {
    }

    private static final class Holder {
        static final Path PATH = DemoWarehouse.createIfAbsent(
                Path.of(System.getProperty("java.io.tmpdir"), "driver-tests", "lance-demo-warehouse"));
    }

    /** The absolute warehouse directory. */
    public static Path path() {
        return Holder.PATH;
    }

    /** {@code jdbc:lance:<path>}. */
    public static String url() {
        return "jdbc:lance:" + path();
    }
}
