package io.lancejdbc.engine;

import io.lancejdbc.engine.metadata.CatalogMetadata;
import java.util.List;

/**
 * One connection's view of the engine: current schema, session variables, statement execution and metadata.
 * Not thread-safe for concurrent executions except {@link Cancellation} signals and {@link #close()}.
 */
public interface EngineSession extends AutoCloseable {

    /** The JDBC catalog name of this connection (property {@code catalog}, default {@code lance}). */
    String catalogName();

    /** The current schema ({@code USE db}, {@code Connection.setSchema}); never null. */
    String currentSchema();

    /**
     * Switches the current schema.
     *
     * @throws io.lancejdbc.engine.SqlError SQLState 3F000 when the schema does not exist (message lists those that do)
     */
    void setCurrentSchema(String schema);

    /**
     * Parses and binds a statement without running it (for {@code PreparedStatement}).
     *
     * @throws io.lancejdbc.engine.SqlError with a 42xxx state for syntax and name errors
     */
    PreparedQuery prepare(String sql);

    /**
     * Parses, plans and starts a statement. Rows stream lazily from the returned result.
     *
     * @param params values for the {@code ?} markers in order; empty when there are none
     * @throws io.lancejdbc.engine.SqlError for every user-caused failure
     */
    QueryResult execute(String sql, List<ParameterValue> params, QueryOptions options);

    /** Catalog metadata for {@code DatabaseMetaData}; never null. */
    CatalogMetadata metadata();

    /** Warnings collected since the last call (e.g. unknown connection properties), then cleared. */
    List<String> takeWarnings();

    /** Closes the session and every result still open; idempotent. */
    @Override
    void close();
}
