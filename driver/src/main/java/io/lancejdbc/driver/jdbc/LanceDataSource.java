package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.SqlState;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} for pools and frameworks (HikariCP {@code dataSourceClassName}, Spring): a URL plus
 * connection properties, as bean properties.
 *
 * <pre>
 *   LanceDataSource ds = new LanceDataSource();
 *   ds.setUrl("jdbc:lance:/data/warehouse");
 *   ds.setProperty("scan.parallelism", "4");
 * </pre>
 *
 * <p>Each data source owns one engine (its caches and scan threads), started on the first connection;
 * {@link #close()} stops it after the connections are closed. User and password are ignored, as by the driver.
 */
public final class LanceDataSource implements DataSource, AutoCloseable {
    private final LanceDriver driver;
    private final Properties properties = new Properties();
    private volatile String url = LanceUrl.PREFIX;
    private int loginTimeoutSeconds;
    private PrintWriter logWriter;

    public LanceDataSource() {
        this(new LanceDriver());
    }

    LanceDataSource(LanceDriver driver) {
        this.driver = driver;
    }

    /** The {@code jdbc:lance:} URL; default {@code jdbc:lance:} (the properties decide). */
    public void setUrl(String url) {
        this.url = url;
    }

    /** The URL with secret values replaced by {@code ****}. */
    public String getUrl() {
        try {
            return LanceUrl.parse(url).redacted();
        } catch (SQLException e) {
            return "(invalid URL: " + e.getMessage() + ")";
        }
    }

    /** Shortcut for the {@code warehouse} property. */
    public void setWarehouse(String warehouse) {
        setProperty("warehouse", warehouse);
    }

    /** Sets one connection property; null removes it. */
    public void setProperty(String key, String value) {
        synchronized (properties) {
            if (value == null) {
                properties.remove(key);
            } else {
                properties.setProperty(key, value);
            }
        }
    }

    /** Adds every property of {@code values} (HikariCP's {@code dataSourceProperties}). */
    public void setProperties(Properties values) {
        synchronized (properties) {
            for (String key : values.stringPropertyNames()) {
                properties.setProperty(key, values.getProperty(key));
            }
        }
    }

    private Properties snapshot() {
        synchronized (properties) {
            Properties copy = new Properties();
            copy.putAll(properties);
            return copy;
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection c = driver.connect(url, snapshot());
        if (c == null) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "Not a lance-jdbc URL: " + getUrl()
                    + " (it must start with " + LanceUrl.PREFIX + ")");
        }
        return c;
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        Properties p = snapshot();
        if (password != null) {
            p.setProperty("password", password);
        }
        Connection c = driver.connect(url, p);
        if (c == null) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "Not a lance-jdbc URL: " + getUrl());
        }
        return c;
    }

    /** Stops the data source's engine; connections still open stop working. */
    @Override
    public void close() {
        driver.shutdown();
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    /** Recorded only: lance-jdbc logs through SLF4J. */
    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    /** Recorded only: opening a connection does not wait on a network handshake. */
    @Override
    public void setLoginTimeout(int seconds) {
        this.loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return driver.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "LanceDataSource does not implement " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public String toString() {
        return "LanceDataSource{" + getUrl() + "}";
    }
}
