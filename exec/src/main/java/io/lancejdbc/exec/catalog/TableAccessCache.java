package io.lancejdbc.exec.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The REST catalog's cache of table locations (DescribeTable answers with their vended storage options), as the
 * Doris Lance Catalog's {@code lance.table_access_cache_ttl_seconds} caches table access.
 *
 * <p>An entry lives for the TTL, but never past {@code expiresAtMillis - refreshMargin} of its vended credentials:
 * once they are about to expire the next {@link #get} describes the table again. The margin leaves a scan that
 * starts with cached credentials time to finish before they run out. A zero TTL describes on every call.
 * Concurrent callers of one table share one DescribeTable call. Thread-safe.
 */
final class TableAccessCache {
    /** Cache key: the absolute namespace levels and the table name. */
    private record Key(List<String> namespace, String table) {
    }

    private final Duration ttl;
    private final Duration refreshMargin;
    private final Clock clock;
    private final Cache<Key, TableLocation> cache;

    /**
     * @param ttl how long a location is reused at most; zero disables the cache
     * @param refreshMargin how long before the vended credentials' expiry an entry is dropped
     * @param clock wall clock compared with {@code expires_at_millis} (epoch milliseconds)
     * @param ticker the cache's own time source (tests move both together)
     */
    TableAccessCache(Duration ttl, Duration refreshMargin, Clock clock, Ticker ticker) {
        this.ttl = Objects.requireNonNull(ttl, "ttl");
        this.refreshMargin = Objects.requireNonNull(refreshMargin, "refreshMargin");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (ttl.isNegative() || refreshMargin.isNegative()) {
            throw new IllegalArgumentException("ttl and refreshMargin must be >= 0");
        }
        this.cache = Caffeine.newBuilder()
                .maximumSize(10_000)
                .ticker(ticker)
                .executor(Runnable::run)
                .expireAfter(Expiry.creating((Key k, TableLocation v) -> lifetime(v)))
                .build();
    }

    /**
     * The cached location of a table, or the one {@code describe} returns (cached unless already expired).
     *
     * @throws RuntimeException whatever {@code describe} throws; failures are not cached
     */
    TableLocation get(List<String> absoluteNamespace, String table, Supplier<TableLocation> describe) {
        if (ttl.isZero()) {
            return describe.get();
        }
        return cache.get(new Key(List.copyOf(absoluteNamespace), table), k -> describe.get());
    }

    void invalidateAll() {
        cache.invalidateAll();
    }

    private Duration lifetime(TableLocation location) {
        if (location.expiresAtMillis() <= 0) {
            return ttl;
        }
        long usableMillis = location.expiresAtMillis() - refreshMargin.toMillis() - clock.millis();
        if (usableMillis <= 0) {
            return Duration.ZERO;
        }
        Duration usable = Duration.ofMillis(usableMillis);
        return usable.compareTo(ttl) < 0 ? usable : ttl;
    }
}
