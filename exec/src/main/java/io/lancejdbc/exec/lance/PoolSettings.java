package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Duration;
import java.util.Objects;

/**
 * Sizes and lifetimes of {@link DatasetHandlePool}'s caches.
 *
 * @param metadataTtl how long a loaded snapshot (schema, fragments, index segments) of a pinned version stays
 *     cached; zero disables the cache ({@code cache.metadata.ttl_seconds})
 * @param latestVersionTtl how long the resolved latest version of a dataset is reused before the storage is asked
 *     again; zero resolves on every call ({@code cache.latest_version.ttl_seconds})
 * @param maxOpenDatasets most open dataset handles kept for reuse (handles in use by a scan stay open beyond this)
 * @param idleDatasetTimeout an unused open dataset handle is closed after this long without use
 * @param indexCacheBytes lance session index cache capacity in bytes
 * @param metadataCacheBytes lance session metadata cache capacity in bytes
 */
public record PoolSettings(
        Duration metadataTtl,
        Duration latestVersionTtl,
        int maxOpenDatasets,
        Duration idleDatasetTimeout,
        long indexCacheBytes,
        long metadataCacheBytes) {
    public PoolSettings {
        Objects.requireNonNull(metadataTtl, "metadataTtl");
        Objects.requireNonNull(latestVersionTtl, "latestVersionTtl");
        Objects.requireNonNull(idleDatasetTimeout, "idleDatasetTimeout");
        if (metadataTtl.isNegative() || latestVersionTtl.isNegative() || idleDatasetTimeout.isNegative()) {
            throw new IllegalArgumentException("cache lifetimes must be >= 0");
        }
        if (maxOpenDatasets < 1 || indexCacheBytes < 0 || metadataCacheBytes < 0) {
            throw new IllegalArgumentException("maxOpenDatasets must be >= 1 and cache sizes >= 0");
        }
    }

    /** Defaults: metadata TTL 1 hour, latest version TTL 5 s, 256 open datasets idle for at most 10 minutes,
     * lance session caches 1 GiB (indexes) and 256 MiB (metadata). */
    public static PoolSettings defaults() {
        return new PoolSettings(Duration.ofHours(1), Duration.ofSeconds(5), 256, Duration.ofMinutes(10),
                1L << 30, 256L << 20);
    }

    /**
     * Defaults with the TTLs of a connection configuration applied.
     *
     * @throws SqlError 22023 when a TTL property is not a whole number of seconds &gt;= 0
     */
    public static PoolSettings fromConfig(EngineConfig config) {
        PoolSettings d = defaults();
        return new PoolSettings(seconds(config, EngineProperty.METADATA_CACHE_TTL),
                seconds(config, EngineProperty.LATEST_VERSION_TTL), d.maxOpenDatasets(), d.idleDatasetTimeout(),
                d.indexCacheBytes(), d.metadataCacheBytes());
    }

    /** A copy with other TTLs. */
    public PoolSettings withTtls(Duration metadata, Duration latestVersion) {
        return new PoolSettings(metadata, latestVersion, maxOpenDatasets, idleDatasetTimeout, indexCacheBytes,
                metadataCacheBytes);
    }

    private static Duration seconds(EngineConfig config, EngineProperty property) {
        String raw = config.get(property);
        try {
            long s = Long.parseLong(raw.trim());
            if (s >= 0) {
                return Duration.ofSeconds(s);
            }
        } catch (NumberFormatException | NullPointerException e) {
            // reported below
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property '" + property.key()
                + "' must be a whole number of seconds >= 0, got '" + raw + "'");
    }
}
