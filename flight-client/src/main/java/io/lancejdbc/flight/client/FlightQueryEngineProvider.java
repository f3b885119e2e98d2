package io.lancejdbc.flight.client;

import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.QueryEngineProvider;
import io.lancejdbc.engine.remote.RemoteProtocol;

/** Finds the remote engine ({@value RemoteProtocol#ENGINE_NAME}) for {@code jdbc:lance:flight://} connections. */
public final class FlightQueryEngineProvider implements QueryEngineProvider {
    @Override
    public String name() {
        return RemoteProtocol.ENGINE_NAME;
    }

    @Override
    public QueryEngine create() {
        return new FlightQueryEngine();
    }
}
