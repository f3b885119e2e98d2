package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.QueryEngineProvider;

/** Makes the in-process engine for the driver, which finds this class through {@link java.util.ServiceLoader}. */
public final class EmbeddedQueryEngineProvider implements QueryEngineProvider {

    @Override
    public String name() {
        return EMBEDDED;
    }

    /** @throws io.lancejdbc.engine.SqlError HY000 naming the missing JVM flag when Arrow cannot initialise */
    @Override
    public QueryEngine create() {
        return new EmbeddedQueryEngine();
    }
}
