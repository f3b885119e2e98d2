package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.QueryEngineProvider;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Creates the in-process engine, found at run time: the driver compiles against engine-api/ only, and exec/ (in
 * the full driver jar, or lance-jdbc-exec on the class path) registers its {@link QueryEngineProvider} named
 * {@value QueryEngineProvider#EMBEDDED}. A class of its own so that {@link LanceDriver}, which refers to it through
 * a method reference when it registers, links no engine or Arrow class before the first connection.
 */
final class EmbeddedEngineFactory {
    private EmbeddedEngineFactory() {
    }

    /**
     * @throws SqlError 08001 naming the missing engine when no provider named {@value QueryEngineProvider#EMBEDDED}
     *     is on the driver's class path or one cannot be loaded; what the provider throws when Arrow cannot start
     *     (see {@link ArrowRuntimeCheck})
     */
    static QueryEngine create() {
        return provider(QueryEngineProvider.EMBEDDED).create();
    }

    /**
     * The remote engine of {@code jdbc:lance:flight://} connections (flight-client/, in both driver jars).
     *
     * @throws SqlError 08001 when it is not on the class path
     */
    static QueryEngine createRemote() {
        return provider(io.lancejdbc.engine.remote.RemoteProtocol.ENGINE_NAME).create();
    }

    /** The first provider named {@code name} on the class path of the driver's class loader. */
    private static QueryEngineProvider provider(String name) {
        try {
            for (QueryEngineProvider p : ServiceLoader.load(QueryEngineProvider.class,
                    EmbeddedEngineFactory.class.getClassLoader())) {
                if (name.equals(p.name())) {
                    return p;
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The " + name + " lance-jdbc engine cannot be loaded: "
                    + e.getMessage(), e);
        }
        throw new SqlError(SqlState.CONNECTION_FAILURE, "The " + name + " lance-jdbc engine is not on the class "
                + "path: it is in the full driver jar lance-jdbc-" + DriverVersion.DRIVER + ".jar; with the plain jar, "
                + "add io.lancejdbc:lance-jdbc-exec and its dependencies (lance-core, Arrow)");
    }
}
