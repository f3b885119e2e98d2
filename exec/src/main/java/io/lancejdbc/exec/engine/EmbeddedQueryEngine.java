package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryEngine;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.SnapshotCache;
import io.lancejdbc.exec.tvf.DatasetOpenPool;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The in-process engine: one Arrow root allocator, one pool of daemon worker threads, one bounded pool for
 * opening the datasets of file TVF {@code uris} calls and one cache of pinned dataset versions' metadata, shared by every session (JDBC connection) opened on it.
 */
public final class EmbeddedQueryEngine implements QueryEngine {
    private final BufferAllocator root;
    private final ExecutorService workers;
    private final DatasetOpenPool openPool;
    private final SnapshotCache snapshots = new SnapshotCache();
    private volatile boolean closed;

    /**
     * Creates the engine and starts {@link StartupPreload} (lance-core's native library and the SQL parser, loaded
     * in the background while the first connection opens).
     *
     * @throws SqlError HY000 naming the missing JVM flag when Arrow cannot initialise
     */
    public EmbeddedQueryEngine() {
        StartupPreload.start();
        this.root = ArrowAvailability.newRootAllocator();
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "lance-jdbc-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.workers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                factory);
        this.openPool = new DatasetOpenPool();
    }

    @Override
    public EngineSession openSession(EngineConfig config) {
        if (closed) {
            throw new SqlError(SqlState.CONNECTION_CLOSED, "The lance-jdbc engine is closed");
        }
        BufferAllocator sessionAllocator = root.newChildAllocator("session", 0, Long.MAX_VALUE);
        try {
            return new EmbeddedSession(config, sessionAllocator, workers, openPool, snapshots);
        } catch (RuntimeException e) {
            sessionAllocator.close();
            throw e;
        }
    }

    /**
     * The pinned-version metadata cache every session of this engine shares (keyed by URI, version and storage
     * options); its {@link SnapshotCache#stats()} count the snapshot loads.
     */
    public SnapshotCache snapshotCache() {
        return snapshots;
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
        workers.shutdown();
        openPool.close();
        root.close();
    }
}
