package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * The {@code jdbc:lance:} driver, registered with {@link DriverManager} when the class loads (also through
 * {@code META-INF/services/java.sql.Driver}).
 *
 * <p>URLs ({@link LanceUrl}): {@code jdbc:lance:/abs/path}, {@code jdbc:lance:file:///abs/path},
 * {@code jdbc:lance:s3://bucket/prefix}, {@code jdbc:lance:rest:https://host[:port][/base]} or {@code jdbc:lance:}
 * with the properties deciding, each optionally followed by {@code ?key=value&...}. Properties and precedence are
 * described in {@link ConnectionSettings}; {@link #getPropertyInfo} lists every property.
 *
 * <p>One engine per driver instance, created on the first connection and shared by all its connections (caches,
 * scan threads); it lives as long as the driver. Loading this class and {@link #acceptsURL} need no Arrow and no
 * JVM flags; {@link #connect} fails with one clear SQLException when Arrow lacks
 * {@code --add-opens=java.base/java.nio=ALL-UNNAMED}.
 */
public final class LanceDriver implements Driver {
    /*
     * JDBC requires a driver class to register an instance when it loads; this is that instance, held for the
     * JVM's lifetime by DriverManager anyway.
     */
    private static final LanceDriver REGISTERED = new LanceDriver();

    static {
        try {
            DriverManager.registerDriver(REGISTERED);
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Supplier<QueryEngine> engineFactory;
    private final Supplier<QueryEngine> remoteFactory;
    private final DriverThreads threads = new DriverThreads();
    private QueryEngine engine;
    private QueryEngine remoteEngine;
    /** The child engine processes of engine=isolated connections, made on the first such connection. */
    private io.lancejdbc.driver.isolated.IsolatedEngines isolated;
    private final long isolatedLingerMillis;

    /** A driver with the embedded engine (what DriverManager and ServiceLoader use). */
    public LanceDriver() {
        this(EmbeddedEngineFactory::create, EmbeddedEngineFactory::createRemote);
    }

    /**
     * @param engineFactory makes the engine on the first connection; tests and embedders pass their own
     */
    LanceDriver(Supplier<QueryEngine> engineFactory) {
        this(engineFactory, engineFactory);
    }

    /**
     * @param engineFactory makes the embedded engine on the first embedded connection
     * @param remoteFactory makes the remote engine on the first {@code jdbc:lance:flight://} connection
     */
    LanceDriver(Supplier<QueryEngine> engineFactory, Supplier<QueryEngine> remoteFactory) {
        this(engineFactory, remoteFactory, io.lancejdbc.driver.isolated.IsolatedEngines.DEFAULT_LINGER_MILLIS);
    }

    /**
     * @param isolatedLingerMillis how long an isolated engine process without connections lives on
     */
    LanceDriver(Supplier<QueryEngine> engineFactory, Supplier<QueryEngine> remoteFactory, long isolatedLingerMillis) {
        this.engineFactory = engineFactory;
        this.remoteFactory = remoteFactory;
        this.isolatedLingerMillis = isolatedLingerMillis;
    }

    /**
     * @return a connection, or null when {@code url} does not start with {@code jdbc:lance:} (JDBC: another
     *     driver's URL)
     * @throws SQLException 08001 for a bad URL or property (relative path, unknown scheme, invalid value), the
     *     missing Arrow JVM flag, or an unreachable catalog
     */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!LanceUrl.accepts(url)) {
            return null;
        }
        ConnectionSettings settings = ConnectionSettings.resolve(url, info == null ? new Properties() : info);
        ArrowRuntimeCheck.verify();
        boolean isolatedMode = settings.isolated();
        QueryEngine e = settings.remote() || isolatedMode ? remoteEngine() : engine();
        EngineSession session;
        try {
            session = isolatedMode ? isolated().openSession(settings.config(), e) : e.openSession(settings.config());
        } catch (SqlError error) {
            throw SqlExceptions.from(error);
        } catch (RuntimeException error) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "Cannot open " + settings.redactedUrl() + ": "
                    + error, error);
        }
        return new LanceConnection(session, settings, threads);
    }

    private synchronized QueryEngine engine() throws SQLException {
        if (engine == null) {
            try {
                engine = engineFactory.get();
            } catch (SqlError e) {
                throw SqlExceptions.from(e);
            } catch (RuntimeException e) {
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The lance-jdbc engine failed to start: " + e, e);
            }
        }
        return engine;
    }

    private synchronized QueryEngine remoteEngine() throws SQLException {
        if (remoteEngine == null) {
            try {
                remoteEngine = remoteFactory.get();
            } catch (SqlError e) {
                throw SqlExceptions.from(e);
            } catch (RuntimeException e) {
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The lance-jdbc remote engine failed to start: "
                        + e, e);
            }
        }
        return remoteEngine;
    }

    private synchronized io.lancejdbc.driver.isolated.IsolatedEngines isolated() {
        if (isolated == null) {
            isolated = new io.lancejdbc.driver.isolated.IsolatedEngines(isolatedLingerMillis);
        }
        return isolated;
    }

    /** The process ids of this driver's isolated engine processes now running (for tests). */
    synchronized java.util.List<Long> isolatedProcessIds() {
        return isolated == null ? java.util.List.of() : isolated.pids();
    }

    /** Closes the engine and the driver's threads (for {@link LanceDataSource#close()} and tests). */
    synchronized void shutdown() {
        threads.close();
        if (isolated != null) {
            isolated.close();
            isolated = null;
        }
        if (engine != null) {
            engine.close();
            engine = null;
        }
        if (remoteEngine != null) {
            remoteEngine.close();
            remoteEngine = null;
        }
    }

    /** Strict on the prefix: exactly {@code jdbc:lance:}. */
    @Override
    public boolean acceptsURL(String url) throws SQLException {
        if (url == null) {
            throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "The URL must not be null");
        }
        return LanceUrl.accepts(url);
    }

    /**
     * Every connection property ({@link EngineProperty}) with its description, allowed values and current value
     * (from the URL and {@code info}, else the default). Secret properties never show a value. The open families
     * {@code lance.storage.*} and {@code lance.rest.header.*} are described in the Lance storage and REST
     * properties' descriptions.
     */
    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        Map<String, String> given = new HashMap<>();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                given.put(key, info.getProperty(key));
            }
        }
        boolean locationInUrl = false;
        if (LanceUrl.accepts(url)) {
            try {
                LanceUrl parsed = LanceUrl.parse(url);
                Map<String, String> fromUrl = new HashMap<>(parsed.parameters());
                fromUrl.putAll(parsed.locationProperties());
                given.putAll(fromUrl);
                locationInUrl = !parsed.location().isEmpty();
            } catch (SQLException e) {
                // A URL still being typed in a tool's dialog: its values are left out, the rest is listed.
                locationInUrl = false;
            }
        }
        EngineProperty[] properties = EngineProperty.values();
        DriverPropertyInfo[] out = new DriverPropertyInfo[properties.length];
        for (int i = 0; i < properties.length; i++) {
            EngineProperty p = properties[i];
            String value = p.secret() ? null : given.getOrDefault(p.key(), p.defaultValue());
            DriverPropertyInfo property = new DriverPropertyInfo(p.key(), value);
            property.description = p.description();
            property.choices = PropertyRules.choices(p);
            property.required = p == EngineProperty.WAREHOUSE && !locationInUrl
                    && !"rest".equals(given.get(EngineProperty.CATALOG_TYPE.key()));
            out[i] = property;
        }
        return out;
    }

    @Override
    public int getMajorVersion() {
        return DriverVersion.part(DriverVersion.DRIVER, 0);
    }

    @Override
    public int getMinorVersion() {
        return DriverVersion.part(DriverVersion.DRIVER, 1);
    }

    /** The dialect is a small Doris-style subset (read-only, no DDL), so not JDBC compliant. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    /** lance-jdbc logs through SLF4J, not java.util.logging. */
    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("lance-jdbc logs through SLF4J (loggers io.lancejdbc.*), not "
                + "java.util.logging", SqlState.FEATURE_NOT_SUPPORTED);
    }
}
