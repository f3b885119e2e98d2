package io.lancejdbc.server;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.config.EngineConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One {@link EngineSession} per Flight client session (the {@code arrow_flight_session_id} cookie of
 * {@link org.apache.arrow.flight.ServerSessionMiddleware}), so that {@code USE}, {@code SET} and the current
 * schema persist across calls. Sessions idle for longer than the idle timeout are closed by a sweeper thread; a
 * client that comes back after that gets a fresh session (current schema and SET variables reset).
 */
final class SessionRegistry implements AutoCloseable {
    private final QueryEngine engine;
    private final EngineConfig config;
    private final long idleMillis;
    /** Isolated mode: each session is opened by its client with its own catalog properties ({@link #open}). */
    private final boolean clientConfigured;
    private final Map<String, Entry> sessions = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper;

    /** A session and what it keeps between calls. */
    static final class Entry {
        final EngineSession session;
        /** Results executed by GetFlightInfo (SHOW, DESC, EXPLAIN) waiting for their DoGet, by query id. */
        final Map<String, QueryResult> parked = new ConcurrentHashMap<>();
        volatile long lastUsed = System.nanoTime();

        Entry(EngineSession session) {
            this.session = session;
        }

        void close() {
            for (QueryResult r : parked.values()) {
                r.close();
            }
            parked.clear();
            session.close();
        }
    }

    SessionRegistry(QueryEngine engine, EngineConfig config, long idleMillis) {
        this(engine, config, idleMillis, false);
    }

    /**
     * @param clientConfigured true for the isolated mode's child server: a session exists only once its client has
     *     opened it with {@link #open}, and {@code config} is not used
     */
    SessionRegistry(QueryEngine engine, EngineConfig config, long idleMillis, boolean clientConfigured) {
        this.engine = engine;
        this.config = config;
        this.idleMillis = idleMillis;
        this.clientConfigured = clientConfigured;
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "lance-jdbc-server-session-sweeper");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1000, Math.min(idleMillis / 4, 60_000));
        sweeper.scheduleWithFixedDelay(this::closeIdle, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * The session for {@code id}, opened on first use.
     *
     * @throws io.lancejdbc.engine.SqlError 08003 in the isolated mode when the client has not opened it
     */
    Entry get(String id) {
        if (clientConfigured) {
            Entry e = sessions.get(id);
            if (e == null) {
                throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.CONNECTION_CLOSED, "The isolated"
                        + " engine has no open session for this connection (it was closed)");
            }
            e.lastUsed = System.nanoTime();
            return e;
        }
        Entry e = sessions.computeIfAbsent(id, k -> new Entry(engine.openSession(config)));
        e.lastUsed = System.nanoTime();
        return e;
    }

    /** True when sessions are opened by their clients with {@link #open} (the isolated mode). */
    boolean clientConfigured() {
        return clientConfigured;
    }

    /**
     * Opens the session {@code id} with the client's catalog properties (isolated mode), replacing one already
     * open under that id.
     *
     * @throws io.lancejdbc.engine.SqlError what the engine throws for the properties
     */
    void open(String id, EngineConfig sessionConfig) {
        Entry previous = sessions.put(id, new Entry(engine.openSession(sessionConfig)));
        if (previous != null) {
            previous.close();
        }
    }

    /** Closes the session {@code id} if it is open. */
    void close(String id) {
        Entry e = sessions.remove(id);
        if (e != null) {
            e.close();
        }
    }

    int size() {
        return sessions.size();
    }

    private void closeIdle() {
        long now = System.nanoTime();
        for (Map.Entry<String, Entry> e : sessions.entrySet()) {
            if (now - e.getValue().lastUsed > TimeUnit.MILLISECONDS.toNanos(idleMillis)
                    && sessions.remove(e.getKey(), e.getValue())) {
                e.getValue().close();
            }
        }
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
        List<Entry> all = new ArrayList<>(sessions.values());
        sessions.clear();
        for (Entry e : all) {
            e.close();
        }
    }
}
