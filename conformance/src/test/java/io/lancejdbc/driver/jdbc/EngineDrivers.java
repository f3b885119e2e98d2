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

    /**
     * A driver for {@code engine=isolated} connections whose sessions to the child engine processes run on the remote
     * engine {@code flight} (so a test can check its allocator); other connections fail.
     *
     * @param lingerMillis how long a child without connections lives on
     */
    public static LanceDriver isolatedOver(QueryEngine flight, long lingerMillis) {
        return new LanceDriver(() -> {
            throw new IllegalStateException("this test driver runs engine=isolated connections only");
        }, () -> flight, lingerMillis);
    }

    /** A data source for {@code url} on {@code driver}. */
    public static LanceDataSource dataSource(LanceDriver driver, String url) {
        LanceDataSource ds = new LanceDataSource(driver);
        ds.setUrl(url);
        return ds;
    }

    /** The process ids of the driver's isolated engine processes now running. */
    public static java.util.List<Long> isolatedProcessIds(LanceDriver driver) {
        return driver.isolatedProcessIds();
    }

    /** A data source (for pools and frameworks) whose connections run on {@code engine}. */
    public static LanceDataSource dataSource(QueryEngine engine, String url) {
        LanceDataSource ds = new LanceDataSource(over(engine));
        ds.setUrl(url);
        return ds;
    }

    /**
     * The engine properties a {@code jdbc:lance:} URL and properties resolve to (what an embedded connection would
     * open its session with), for starting a server over the same catalog.
     *
     * @throws SQLException what connecting with them would throw for a bad URL or property
     */
    public static java.util.Map<String, String> engineProperties(String url, java.util.Properties info)
            throws java.sql.SQLException {
        return ConnectionSettings.resolve(url, info == null ? new java.util.Properties() : info).config().asMap();
    }

    /** The SQLException the driver makes of an engine error. */
    public static java.sql.SQLException sqlException(io.lancejdbc.engine.SqlError error) {
        return SqlExceptions.from(error);
    }

    /** Stops the driver's threads and closes its engine. */
    public static void shutdown(LanceDriver driver) {
        driver.shutdown();
    }
}
