package io.lancejdbc.engine;

/**
 * A way to make a {@link QueryEngine}, found with {@link java.util.ServiceLoader} (a
 * {@code META-INF/services/io.lancejdbc.engine.QueryEngineProvider} entry in the engine's jar), so that the driver
 * compiles against this API alone and finds the engine at run time. exec/ provides the {@value #EMBEDDED} engine.
 *
 * <p>A provider's no-argument constructor and {@link #name()} must be cheap and must not start anything (no Arrow
 * allocator, no threads): the driver instantiates every provider on the class path to find the one it needs.
 */
public interface QueryEngineProvider {
    /** The name of the engine that runs in the application's JVM (exec/'s {@code EmbeddedQueryEngine}). */
    String EMBEDDED = "embedded";

    /** The engine's name, e.g. {@value #EMBEDDED}; never null. */
    String name();

    /**
     * Starts a new engine; the caller closes it.
     *
     * @throws SqlError when the engine cannot start (e.g. HY000 naming the JVM flag Arrow needs)
     */
    QueryEngine create();
}
