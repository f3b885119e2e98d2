package io.lancejdbc.exec.lance;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import com.github.benmanes.caffeine.cache.Ticker;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;
import org.lance.Session;

/**
 * Shared access to Lance datasets for one connection: one lance {@link Session} (index and metadata caches, object
 * store registry), open {@link Dataset} handles shared per {@code (canonical URI, version, storage options)},
 * snapshots cached per pinned version for {@link PoolSettings#metadataTtl()} (in the engine's {@link SnapshotCache},
 * shared with the other connections that use the same storage options, when one is given), and the latest version of each dataset
 * re-resolved after {@link PoolSettings#latestVersionTtl()} so new commits become visible.
 *
 * <p>Open handles are reference-counted: the cache holds one reference and every {@link DatasetLease} one more,
 * so an evicted handle is closed only when the last scan using it finishes. Thread-safe.
 */
public final class DatasetHandlePool implements AutoCloseable {
    private final PoolSettings settings;
    private final BufferAllocator datasetAllocator;
    private final Session session;
    private final DatasetOpener opener;
    private final SnapshotLoader loader = new SnapshotLoader();
    private final Cache<DatasetKey, PooledDataset> handles;
    /** Pinned versions' metadata: the engine's cache shared with its other pools, or this pool's own. */
    private final SnapshotCache metadata;
    private final boolean ownsMetadata;
    private final Cache<DatasetKey, Long> latestVersions;
    /**
     * Storage-option digests by map identity: a catalog passes the same immutable options map for every statement,
     * and a digest costs a SHA-256 (with a provider lookup) per key otherwise, three keys per statement. Weak keys:
     * the options, which may hold credentials, are not kept alive by this cache.
     */
    private final Cache<Map<String, String>, String> storageDigests = Caffeine.newBuilder()
            .weakKeys()
            .maximumSize(1024)
            .executor(Runnable::run)
            .build();
    private final AtomicInteger openDatasets = new AtomicInteger();
    private final Object lifecycle = new Object();
    private boolean closed;
    private boolean released;

    /**
     * @param parentAllocator the engine allocator; the pool takes a child of it for the datasets' own buffers
     *     (schema import, {@code take} results) and closes that child in {@link #close()}
     */
    public DatasetHandlePool(BufferAllocator parentAllocator, PoolSettings settings) {
        this(parentAllocator, settings, Ticker.systemTicker(), null);
    }

    /**
     * A pool whose pinned-version metadata lives in the engine's {@code shared} cache, so the other pools (connections)
     * of the engine reuse what this one loads, and this one what they loaded with the same storage options.
     *
     * @param shared the engine's snapshot cache; not closed by this pool
     */
    public DatasetHandlePool(BufferAllocator parentAllocator, PoolSettings settings, SnapshotCache shared) {
        this(parentAllocator, settings, Ticker.systemTicker(), Objects.requireNonNull(shared, "shared"));
    }

    /** @param ticker the clock of every cache lifetime (tests move it by hand) */
    DatasetHandlePool(BufferAllocator parentAllocator, PoolSettings settings, Ticker ticker) {
        this(parentAllocator, settings, ticker, null);
    }

    private DatasetHandlePool(BufferAllocator parentAllocator, PoolSettings settings, Ticker ticker,
            SnapshotCache shared) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.datasetAllocator = parentAllocator.newChildAllocator("lance-datasets", 0, Long.MAX_VALUE);
        try {
            this.session = Session.builder()
                    .indexCacheSizeBytes(settings.indexCacheBytes())
                    .metadataCacheSizeBytes(settings.metadataCacheBytes())
                    .build();
        } catch (RuntimeException e) {
            datasetAllocator.close();
            throw new SqlError(SqlState.GENERAL_ERROR, "Could not start the Lance session: " + e.getMessage(), e);
        }
        this.opener = new DatasetOpener(session, datasetAllocator);
        this.handles = Caffeine.newBuilder()
                .maximumSize(settings.maxOpenDatasets())
                .expireAfterAccess(settings.idleDatasetTimeout())
                .ticker(ticker)
                // Close idle native handles when they expire, not only at the next cache access.
                .scheduler(Scheduler.systemScheduler())
                // Run removal on the calling thread: a released handle is closed before the call returns.
                .executor(Runnable::run)
                .removalListener((DatasetKey k, PooledDataset p, RemovalCause c) -> {
                    if (p != null) {
                        p.release();
                    }
                })
                .build();
        this.ownsMetadata = shared == null;
        this.metadata = shared != null ? shared
                : new SnapshotCache(4096, settings.metadataTtl().isZero() ? Duration.ofHours(1)
                        : settings.metadataTtl(), ticker);
        this.latestVersions = Caffeine.newBuilder()
                .maximumSize(4096)
                .expireAfterWrite(settings.latestVersionTtl())
                .ticker(ticker)
                .executor(Runnable::run)
                .build();
    }

    /** The settings this pool was created with. */
    public PoolSettings settings() {
        return settings;
    }

    /**
     * The latest version of a dataset, reused for {@link PoolSettings#latestVersionTtl()} after it was resolved.
     *
     * @throws SqlError 42S02 when there is no dataset at the URI; another state when storage fails
     */
    public long latestVersion(DatasetSource source) {
        ensureOpen();
        if (settings.latestVersionTtl().isZero()) {
            return resolveLatest(source);
        }
        return latestVersions.get(key(source, 0), k -> resolveLatest(source));
    }

    /** {@code version} when present, else {@link #latestVersion(DatasetSource)}. */
    public long resolveVersion(DatasetSource source, OptionalLong version) {
        return version.isPresent() ? version.getAsLong() : latestVersion(source);
    }

    /**
     * Forgets the cached latest version of a dataset, so the next call sees the newest commit.
     */
    public void refreshLatestVersion(DatasetSource source) {
        latestVersions.invalidate(key(source, 0));
    }

    /**
     * The snapshot of a dataset at a version (latest when empty), cached per pinned version.
     *
     * @throws SqlError 42S02 no dataset; 22023 missing version; 42000 a manifest lance-core cannot read safely
     */
    public Snapshot snapshot(DatasetSource source, OptionalLong version) {
        return metadata(source, version).snapshot();
    }

    /** Like {@link #snapshot(DatasetSource, OptionalLong)} with index descriptions and primary key. */
    public DatasetMetadata metadata(DatasetSource source, OptionalLong version) {
        ensureOpen();
        long v = resolveVersion(source, version);
        DatasetKey key = key(source, v);
        if (settings.metadataTtl().isZero()) {
            return loadMetadata(source, v);
        }
        return metadata.get(key, settings.metadataTtl(), () -> loadMetadata(source, v));
    }

    /**
     * Leases the open dataset at a pinned version, opening it when no handle is cached. Close the lease when done.
     *
     * @throws SqlError 42S02 no dataset; 22023 missing version; another state when storage fails
     */
    public DatasetLease acquire(DatasetSource source, long version) {
        ensureOpen();
        DatasetKey key = key(source, version);
        while (true) {
            PooledDataset pooled = handles.get(key, k -> wrap(k, opener.open(source, OptionalLong.of(version))));
            if (pooled.retain()) {
                return new DatasetLease(pooled, source);
            }
            // Evicted and closed between lookup and retain: drop the stale entry and open again.
            handles.asMap().remove(key, pooled);
        }
    }

    /** Loads and hits of the pinned-version metadata cache this pool uses (shared with the engine's other pools). */
    public SnapshotCache.Stats metadataStats() {
        return metadata.stats();
    }

    /** Open dataset handles right now (cached or leased); for tests and monitoring. */
    public int openDatasetCount() {
        handles.cleanUp();
        return openDatasets.get();
    }

    /**
     * Stops caching and closes every dataset not in use; datasets still leased close when their lease closes, then
     * the session and the pool's allocator are released. Idempotent.
     */
    @Override
    public void close() {
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (ownsMetadata) {
            metadata.invalidateAll();
        }
        latestVersions.invalidateAll();
        storageDigests.invalidateAll();
        handles.invalidateAll();
        handles.cleanUp();
        releaseIfIdle();
    }

    private DatasetMetadata loadMetadata(DatasetSource source, long version) {
        try (DatasetLease lease = acquire(source, version)) {
            return loader.read(lease.dataset(), source);
        }
    }

    private long resolveLatest(DatasetSource source) {
        Dataset ds = opener.open(source, OptionalLong.empty());
        long version;
        try {
            version = ds.version();
        } catch (RuntimeException e) {
            ds.close();
            throw LanceErrorMapper.map(e, "version lookup", source.uri(), source.storageOptions());
        }
        // Keep the just-opened latest handle for the scans that follow instead of opening it again.
        PooledDataset fresh = wrap(key(source, version), ds);
        PooledDataset existing = handles.asMap().putIfAbsent(fresh.key(), fresh);
        if (existing != null) {
            fresh.release();
        }
        return version;
    }

    /** The cache key of a dataset at a version (0 for the "latest" entry). */
    private DatasetKey key(DatasetSource source, long version) {
        return new DatasetKey(source.uri(), version, storageDigests.get(source.storageOptions(), DatasetKey::digest));
    }

    private PooledDataset wrap(DatasetKey key, Dataset ds) {
        openDatasets.incrementAndGet();
        return new PooledDataset(key, ds, this::datasetClosed);
    }

    private void datasetClosed() {
        openDatasets.decrementAndGet();
        releaseIfIdle();
    }

    private void releaseIfIdle() {
        synchronized (lifecycle) {
            if (!closed || released || openDatasets.get() > 0) {
                return;
            }
            released = true;
        }
        session.close();
        datasetAllocator.close();
    }

    private void ensureOpen() {
        synchronized (lifecycle) {
            if (closed) {
                throw new SqlError(SqlState.CONNECTION_CLOSED, "The Lance dataset pool is closed");
            }
        }
    }
}
