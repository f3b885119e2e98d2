package io.lancejdbc.exec.catalog;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.namespace.rest.RestConfigException;
import io.lancejdbc.namespace.rest.RestNamespaceClient;
import io.lancejdbc.namespace.rest.RestNamespaceConfig;
import io.lancejdbc.namespace.rest.RestNamespaceProperties;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Opens the catalog of a connection from its properties: the one call an engine session makes to get its
 * {@link Catalog}.
 *
 * <p>Choice of type (Doris Lance Catalog manual, "Common Properties", "REST Catalog"): {@code lance.catalog.type}
 * ({@code filesystem} or {@code rest}, case-insensitive); when it is unset, a {@code lance.rest.uri} selects
 * {@code rest}, else {@code filesystem}.
 * <ul>
 *   <li><b>filesystem</b>: {@code warehouse} (absolute path, {@code file://} or {@code s3://bucket/prefix}) is
 *       required and {@code lance.rest.*} properties are rejected. An {@code s3://} warehouse is listed through a
 *       {@link WarehouseDirectoryLister} with the connection's S3 settings, and one listing request is made now, so
 *       a missing bucket (08001) or rejected credentials (28000) fail the connection.</li>
 *   <li><b>rest</b>: {@code warehouse} is rejected; the {@code lance.rest.*} properties are validated (a missing
 *       token or key for the chosen authentication, an unknown {@code lance.rest.} name, ... are 22023), and one
 *       NamespaceExists call checks that the service answers, accepts the credentials and has
 *       {@code lance.namespace.parent}.</li>
 * </ul>
 * {@code none} opens a {@link NoCatalog}: no schemas, no tables; the file table functions still work.
 * Both validate {@code lance.namespace.delimiter}, {@code lance.namespace.parent},
 * {@code lance.namespace.root_database} and {@code lance.table_access_cache_ttl_seconds} (22023).
 */
public final class CatalogFactory {
    /** The values of {@code lance.catalog.type}. */
    public enum CatalogType {
        FILESYSTEM, REST, NONE
    }

    private CatalogFactory() {
    }

    /**
     * The catalog type the properties select.
     *
     * @throws SqlError 22023 for a {@code lance.catalog.type} other than {@code filesystem} or {@code rest}
     */
    public static CatalogType type(EngineConfig config) {
        String raw = config.raw(EngineProperty.CATALOG_TYPE.key());
        if (raw == null || raw.isBlank()) {
            String restUri = config.raw(EngineProperty.REST_URI.key());
            return restUri != null && !restUri.isBlank() ? CatalogType.REST : CatalogType.FILESYSTEM;
        }
        return switch (raw.trim().toLowerCase(Locale.ROOT)) {
            case "filesystem" -> CatalogType.FILESYSTEM;
            case "rest" -> CatalogType.REST;
            case "none" -> CatalogType.NONE;
            default -> throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property '"
                    + EngineProperty.CATALOG_TYPE.key() + "' must be filesystem, rest or none, got '" + raw.trim()
                    + "'");
        };
    }

    /**
     * Opens the catalog the properties describe and checks that it can be reached. The caller closes it (which
     * also closes its S3 listing client or REST client).
     *
     * @param config the connection properties
     * @param storageOptions the connection's storage options ({@link StorageOptions#fromProperties} of the same
     *     properties): opens filesystem datasets and the S3 listing, and is the base vended options are laid over
     * @param pool the engine's dataset pool (reads a warehouse's {@code __manifest} table)
     * @param allocator allocator for reading the {@code __manifest} table
     * @return a {@link FilesystemCatalog} or a {@link RestCatalog}
     * @throws SqlError 22023 for invalid properties; 08001 for a missing local warehouse directory, a missing
     *     bucket or an unreachable, failing or too slow service (what is 58030 while a statement runs); 28000 / 42501 for rejected credentials; 3F000 when
     *     {@code lance.namespace.parent} does not exist (REST); 42000 for a warehouse scheme without a listing
     *     ({@code oss://})
     */
    public static Catalog create(EngineConfig config, StorageOptions storageOptions, DatasetHandlePool pool,
            BufferAllocator allocator) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(storageOptions, "storageOptions");
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(allocator, "allocator");
        Duration tableAccessTtl = tableAccessTtl(config);
        try {
            return switch (type(config)) {
                case FILESYSTEM -> filesystem(config, storageOptions, pool, allocator);
                case REST -> rest(config, storageOptions, tableAccessTtl);
                case NONE -> none(config);
            };
        } catch (SqlError e) {
            throw connectTime(e);
        }
    }

    /**
     * A failure while the connection is opened: an I/O error (58030: storage or the REST service unreachable,
     * resetting, 5xx through every retry, too slow) means the connection cannot be established, 08001. While a
     * statement runs the same failure stays 58030, since the connection is fine (pools evict on 08).
     */
    private static SqlError connectTime(SqlError e) {
        if (!SqlState.IO_ERROR.equals(e.sqlState())) {
            return e;
        }
        return new SqlError(SqlState.CONNECTION_FAILURE, e.getMessage(), e);
    }

    /**
     * {@code lance.table_access_cache_ttl_seconds} (default 60).
     *
     * @throws SqlError 22023 when it is not a whole number of seconds &gt;= 0
     */
    public static Duration tableAccessTtl(EngineConfig config) {
        String raw = config.get(EngineProperty.TABLE_ACCESS_CACHE_TTL);
        try {
            long seconds = Long.parseLong(raw.trim());
            if (seconds >= 0) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property '" + EngineProperty.TABLE_ACCESS_CACHE_TTL.key()
                + "' must be a whole number of seconds >= 0, got '" + raw + "'");
    }

    private static Catalog filesystem(EngineConfig config, StorageOptions storageOptions, DatasetHandlePool pool,
            BufferAllocator allocator) {
        String warehouse = config.get(EngineProperty.WAREHOUSE);
        boolean s3 = warehouse != null && warehouse.trim().toLowerCase(Locale.ROOT).startsWith("s3://");
        WarehouseDirectoryLister lister = s3 ? WarehouseDirectoryLister.open(StorageScheme.S3, storageOptions) : null;
        FilesystemCatalog catalog;
        try {
            catalog = FilesystemCatalog.fromConfig(config, storageOptions.lanceOptions(), lister, pool, allocator);
        } catch (RuntimeException e) {
            if (lister != null) {
                lister.close();
            }
            throw e;
        }
        if (lister != null) {
            try {
                lister.checkWarehouse(catalog.warehouseUri());
            } catch (RuntimeException e) {
                catalog.close();
                throw e;
            }
        }
        return catalog;
    }

    private static Catalog none(EngineConfig config) {
        for (String key : config.asMap().keySet()) {
            if (key.equals(EngineProperty.WAREHOUSE.key()) || key.startsWith("lance.rest.")) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property '" + key + "' is not valid when"
                        + " lance.catalog.type is none (a connection without a catalog)");
            }
        }
        return new NoCatalog();
    }

    private static Catalog rest(EngineConfig config, StorageOptions storageOptions, Duration tableAccessTtl) {
        if (config.raw(EngineProperty.WAREHOUSE.key()) != null) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property '" + EngineProperty.WAREHOUSE.key()
                    + "' is not valid for Lance REST catalog; the REST namespace service gives each table's location");
        }
        String delimiter = config.get(EngineProperty.NAMESPACE_DELIMITER);
        NamespacePath parent = NamespaceParent.parse(config.get(EngineProperty.NAMESPACE_PARENT), delimiter);
        SchemaNameCodec names = new SchemaNameCodec(config.get(EngineProperty.ROOT_DATABASE));
        RestNamespaceClient client;
        try {
            RestNamespaceConfig restConfig = RestNamespaceProperties.parse(config.asMap());
            client = RestNamespaceClient.create(restConfig);
        } catch (RestConfigException e) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, e.getMessage(), e);
        }
        RestCatalog catalog = new RestCatalog(client, parent, storageOptions, names, tableAccessTtl);
        try {
            catalog.checkConnection();
        } catch (RuntimeException e) {
            catalog.close();
            throw e;
        }
        return catalog;
    }
}
