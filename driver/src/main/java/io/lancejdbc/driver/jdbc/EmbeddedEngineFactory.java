package io.lancejdbc.driver.jdbc;

import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.QueryEngine;

/**
 * Creates the in-process engine. A class of its own so that {@link LanceDriver}, which refers to it through a
 * method reference when it registers, links no engine or Arrow class before the first connection.
 */
final class EmbeddedEngineFactory {
    private EmbeddedEngineFactory() {
    }

    /** @throws io.lancejdbc.engine.SqlError when Arrow cannot start (see {@link ArrowRuntimeCheck}) */
    static QueryEngine create() {
        return new EmbeddedQueryEngine();
    }
}
