package io.lancejdbc.exec.lance;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The metadata of pinned dataset versions (snapshot, index descriptions, primary key), shared by every
 * {@link DatasetHandlePool} of one engine, i.e. by all its connections: a new connection plans over a dataset version
 * another connection already loaded without listing its fragments again (10,000 fragments take lance-core 0.5–0.9 s
 * to list, {@code docs/benchmarks.md}, "Many fragments").
 *
 * <p>Keyed by {@link DatasetKey}: the normalized URI, the pinned version and a digest of the storage options, so a
 * connection's metadata is served only to connections that read with the same storage options (credentials); a
 * different option set is a different key, and the options themselves are never kept. A pinned version is
 * immutable, so sharing it is safe; each caller still applies its own {@code cache.metadata.ttl_seconds}: an entry
 * older than the caller's TTL is reloaded for it (and replaced for everybody). The "latest" resolution stays per
 * pool ({@link PoolSettings#latestVersionTtl()}). Bounded: at most {@code maximumEntries} versions, each dropped
 * after {@code idleTimeout} without use. Thread-safe.
 */
public final class SnapshotCache {
    /** One loaded version and when it was loaded ({@link Ticker} nanoseconds). */
    private record Entry(DatasetMetadata metadata, long loadedNanos) {
    }

    /** Counters since the cache was created. */
    public record Stats(long loads, long hits) {
    }

    private final Cache<DatasetKey, Entry> entries;
    private final Ticker ticker;
    private final AtomicLong loads = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();

    /** An engine's cache: 4,096 versions, each dropped after an hour without use. */
    public SnapshotCache() {
        this(4096, Duration.ofHours(1), Ticker.systemTicker());
    }

    /**
     * @param maximumEntries most dataset versions kept
     * @param idleTimeout an entry not read for this long is dropped
     * @param ticker the clock of entry ages and idleness (tests move it by hand)
     */
    SnapshotCache(long maximumEntries, Duration idleTimeout, Ticker ticker) {
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        this.entries = Caffeine.newBuilder()
                .maximumSize(maximumEntries)
                .expireAfterAccess(idleTimeout)
                .ticker(ticker)
                .executor(Runnable::run)
                .build();
    }

    /**
     * The cached metadata of {@code key} when it was loaded less than {@code ttl} ago, else the result of
     * {@code loader} (cached for everybody). Concurrent callers of one key wait for a single load.
     *
     * @param ttl the caller's metadata TTL; positive
     * @throws io.lancejdbc.engine.SqlError whatever {@code loader} throws (nothing is cached then)
     */
    DatasetMetadata get(DatasetKey key, Duration ttl, Supplier<DatasetMetadata> loader) {
        long maxAge = ttl.toNanos();
        Entry e = entries.getIfPresent(key);
        if (e != null && fresh(e, maxAge)) {
            hits.incrementAndGet();
            return e.metadata();
        }
        boolean[] loaded = {false};
        Entry out = entries.asMap().compute(key, (k, old) -> {
            if (old != null && fresh(old, maxAge)) {
                return old;
            }
            loaded[0] = true;
            loads.incrementAndGet();
            return new Entry(loader.get(), ticker.read());
        });
        if (!loaded[0]) {
            hits.incrementAndGet();
        }
        return out.metadata();
    }

    /** Drops every entry (the counters stay). */
    void invalidateAll() {
        entries.invalidateAll();
    }

    /** Loads and hits since this cache was created. */
    public Stats stats() {
        return new Stats(loads.get(), hits.get());
    }

    /** Dataset versions cached right now. */
    public long size() {
        entries.cleanUp();
        return entries.estimatedSize();
    }

    private boolean fresh(Entry e, long maxAge) {
        return ticker.read() - e.loadedNanos() < maxAge;
    }
}
