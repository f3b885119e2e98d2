package io.lancejdbc.conformance;

import io.lancejdbc.driver.jdbc.LanceDataSource;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/**
 * One running engine of an {@link EngineMode} and the JDBC driver that reaches it, owned by one test class (see
 * {@link EngineUnderTest}). Tests name warehouses with embedded URLs ({@code jdbc:lance:<location>[?k=v...]} plus
 * properties, as a user of the embedded driver writes them); a target for another mode translates them into its
 * own (e.g. a server started over that warehouse and a {@code jdbc:lance:flight://} URL), so the tests run
 * unchanged in every mode.
 */
interface EngineTarget extends AutoCloseable {

    /** The driver the connections come from (for {@code acceptsURL}, {@code getPropertyInfo}). */
    Driver driver();

    /**
     * Opens a connection to the warehouse {@code url} names, with {@code properties}; the caller closes it.
     *
     * @throws SQLException what the driver throws
     */
    Connection connect(String url, Properties properties) throws SQLException;

    /**
     * A data source (for pools and frameworks) for {@code url}. Do not close it: the target stops its engine in
     * {@link #close()}.
     */
    LanceDataSource dataSource(String url);

    /** Bytes of Arrow memory the engine holds right now, open connections and results included. */
    long allocatedBytes();

    /**
     * Fails (an {@link AssertionError}) when the engine still holds Arrow memory or the allocator of a session,
     * once every connection is closed.
     *
     * @param after what the test did, for the failure message
     */
    void assertReleased(String after);

    /** Stops the driver's threads and the engine; a leak of Arrow memory fails here too. */
    @Override
    void close();
}
