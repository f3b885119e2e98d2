package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.QueryEngine;

/**
 * Conformance-test access to the driver's package-private engine injection: the suites run the driver over an
 * engine they own, so that they can check its Arrow allocator once every connection is closed. Lives in the
 * driver's package (test class path only) because that constructor is deliberately not public API.
 */
public final class EngineDrivers {
    private EngineDrivers() {
    }

    /** A driver whose connections all run on {@code engine}; it does not register with DriverManager. */
    public static LanceDriver over(QueryEngine engine) {
        return new LanceDriver(() -> engine);
    }

    /** A data source (for pools and frameworks) whose connections run on {@code engine}. */
    public static LanceDataSource dataSource(QueryEngine engine, String url) {
        LanceDataSource ds = new LanceDataSource(over(engine));
        ds.setUrl(url);
        return ds;
    }

    /** Stops the driver's threads and closes its engine. */
    public static void shutdown(LanceDriver driver) {
        driver.shutdown();
    }
}
