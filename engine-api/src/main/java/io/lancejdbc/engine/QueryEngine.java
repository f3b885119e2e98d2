package io.lancejdbc.engine;

import io.lancejdbc.engine.config.EngineConfig;

/**
 * The SQL engine behind a JDBC connection. The embedded implementation runs in this JVM; a remote implementation
 * would forward the same calls to a server.
 */
public interface QueryEngine extends AutoCloseable {

    /**
     * Opens a session (one per JDBC connection) against the catalog the configuration describes.
     *
     * @throws io.lancejdbc.engine.SqlError with an {@code 08xxx} SQLState when the catalog cannot be reached, or a
     *     {@code 22023}/{@code HY000} state for an invalid configuration
     */
    EngineSession openSession(EngineConfig config);

    @Override
    void close();
}
