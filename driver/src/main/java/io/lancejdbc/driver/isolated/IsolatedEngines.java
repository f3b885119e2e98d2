package io.lancejdbc.driver.isolated;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.remote.RemoteProtocol;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The child engine processes of one driver instance ({@code engine=isolated}): one child per distinct engine
 * configuration (the child JVM's options, {@code isolated.jvm_options}), shared by every connection with that
 * configuration whatever catalog it names, and counted: when the last connection on a child closes, the child stops
 * after a short linger (a pool that closes and reopens at once keeps it). A child that died (a native abort, the
 * out-of-memory killer, a kill) is dropped at once, so the next connection starts a fresh one; connections still on
 * it fail with 08006 ({@link IsolatedSession}).
 *
 * <p>Each connection is a Flight SQL session of the remote engine (flight-client/) to the child on 127.0.0.1 with
 * the child's one-time token; the connection's catalog properties, credentials included, open that session over
 * the authenticated channel ({@link RemoteProtocol#OPEN_SESSION_ACTION}), never the command line.
 */
public final class IsolatedEngines implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(IsolatedEngines.class);
    /** Default time a child without connections lives on. */
    public static final long DEFAULT_LINGER_MILLIS = 3_000;
    private static final long START_TIMEOUT_MILLIS = 120_000;

    private final long lingerMillis;
    private final Map<String, Child> children = new HashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "lance-jdbc-isolated-linger");
        t.setDaemon(true);
        return t;
    });
    private boolean closed;

    /** @param lingerMillis how long a child without connections lives on before it is stopped */
    public IsolatedEngines(long lingerMillis) {
        this.lingerMillis = lingerMillis;
    }

    /** One child and the connections on it. */
    final class Child {
        final String key;
        final ChildEngineProcess process;
        int connections;
        ScheduledFuture<?> stopping;

        Child(String key, ChildEngineProcess process) {
            this.key = key;
            this.process = process;
        }

        /** A connection on this child closed. */
        void release() {
            synchronized (IsolatedEngines.this) {
                connections--;
                if (connections == 0 && !closed && children.get(key) == this) {
                    stopping = timer.schedule(() -> stopIfUnused(this), lingerMillis, TimeUnit.MILLISECONDS);
                }
            }
        }
    }

    /**
     * Opens a connection's session in the child for its engine configuration, starting the child first when there
     * is none (or it died).
     *
     * @param config the connection's configuration (catalog properties, {@code engine=isolated},
     *     {@code isolated.jvm_options})
     * @param flight the remote engine (flight-client/) the session runs on
     * @throws SqlError 08001 when the child cannot start (with its exit code and stderr, redacted); what opening the
     *     session in the child throws (a bad catalog property, an unreachable warehouse)
     */
    public EngineSession openSession(EngineConfig config, QueryEngine flight) {
        List<String> jvmOptions = jvmOptions(config.raw(EngineProperty.ISOLATED_JVM_OPTIONS.key()));
        Child child = acquire(String.join(" ", jvmOptions), jvmOptions);
        Map<String, String> remote = new LinkedHashMap<>();
        remote.put(RemoteProtocol.URI, "grpc+tcp://127.0.0.1:" + child.process.port());
        remote.put(RemoteProtocol.TOKEN, child.process.token());
        for (Map.Entry<String, String> e : config.asMap().entrySet()) {
            if (e.getKey().equals(EngineProperty.ENGINE.key())
                    || e.getKey().equals(EngineProperty.ISOLATED_JVM_OPTIONS.key())) {
                continue;
            }
            if (EngineConfig.isSecretKey(e.getKey())) {
                child.process.secret(e.getValue());
            }
            remote.put(RemoteProtocol.SESSION_PROPERTY_PREFIX + e.getKey(), e.getValue());
        }
        // At least one session property, so that the child opens the session with this (possibly empty) catalog.
        remote.putIfAbsent(RemoteProtocol.SESSION_PROPERTY_PREFIX + EngineProperty.CATALOG_TYPE.key(),
                EngineProperty.CATALOG_TYPE.defaultValue());
        EngineSession session;
        try {
            session = flight.openSession(EngineConfig.of(remote));
        } catch (RuntimeException e) {
            child.release();
            throw IsolatedSession.translate(child.process, e);
        }
        return new IsolatedSession(session, child.process, child::release);
    }

    private synchronized Child acquire(String key, List<String> jvmOptions) {
        if (closed) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The driver is shut down");
        }
        Child child = children.get(key);
        if (child != null && !child.process.alive()) {
            children.remove(key);
            child = null;
        }
        if (child == null) {
            ChildEngineProcess p = ChildEngineProcess.start(ChildJvmCommand.build(jvmOptions), START_TIMEOUT_MILLIS);
            Child c = new Child(key, p);
            child = c;
            children.put(key, c);
            p.onExit().thenRun(() -> dropDead(c));
        }
        if (child.stopping != null) {
            child.stopping.cancel(false);
            child.stopping = null;
        }
        child.connections++;
        return child;
    }

    private void dropDead(Child c) {
        synchronized (this) {
            if (children.get(c.key) == c) {
                children.remove(c.key);
            }
        }
        if (!closed && c.connections > 0) {
            LOG.warn("The isolated engine process {} died ({}) with {} connection(s) open; they fail with 08006, new"
                    + " connections start a new process", c.process.pid(), c.process.exitDescription(), c.connections);
        }
    }

    private void stopIfUnused(Child c) {
        synchronized (this) {
            if (c.connections > 0 || children.get(c.key) != c) {
                return;
            }
            children.remove(c.key);
        }
        c.process.stop();
    }

    /** The process ids of the running children (for tests and diagnostics). */
    public synchronized List<Long> pids() {
        List<Long> out = new ArrayList<>();
        for (Child c : children.values()) {
            out.add(c.process.pid());
        }
        return out;
    }

    static List<String> jvmOptions(String raw) {
        if (raw == null || raw.isBlank()) {
            return List.of();
        }
        return Arrays.stream(raw.strip().split("\\s+")).toList();
    }

    /** Stops every child (their connections fail from then on). */
    @Override
    public void close() {
        List<Child> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(children.values());
            children.clear();
        }
        timer.shutdownNow();
        for (Child c : all) {
            c.process.stop();
        }
    }
}
