package io.lancejdbc.flight.client;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.memory.ArrowAllocators;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The remote engine: each session is one Flight SQL connection (a gRPC channel with its own session cookie) to
 * the server the session's configuration names (see {@link FlightEndpointConfig}). One Arrow root allocator holds
 * every session's results.
 */
public final class FlightQueryEngine implements QueryEngine {
    private final BufferAllocator root;
    private volatile boolean closed;

    public FlightQueryEngine() {
        try {
            // Our allocators name their allocation manager: the full jar leaves out Arrow's class-path default.
            this.root = ArrowAllocators.newRoot(Long.MAX_VALUE);
        } catch (RuntimeException | LinkageError e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Arrow cannot start: run the JVM with "
                    + "--add-opens=java.base/java.nio=ALL-UNNAMED (" + e + ")", e);
        }
    }

    /**
     * Connects to the server; the connection, the credentials and the server's catalog are checked here, so a
     * bad address or token fails at connect time.
     *
     * @throws SqlError 08001 when the server cannot be reached or the TLS setup fails, 28000 when it refuses the
     *     credentials
     */
    @Override
    public EngineSession openSession(EngineConfig config) {
        if (closed) {
            throw new SqlError(SqlState.CONNECTION_CLOSED, "The lance-jdbc remote engine is closed");
        }
        BufferAllocator allocator = root.newChildAllocator("flight-session", 0, Long.MAX_VALUE);
        try {
            return FlightEngineSession.open(FlightEndpointConfig.of(config), allocator);
        } catch (RuntimeException e) {
            allocator.close();
            throw e;
        }
    }

    /** The root allocator (tests check it holds no memory once everything is closed). */
    public BufferAllocator rootAllocator() {
        return root;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        root.close();
    }
}
