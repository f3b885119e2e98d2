package io.lancejdbc.engine.config;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every connection property the engine understands, with its default and description.
 *
 * <p>Names follow the Doris Lance Catalog manual ("Configure a Catalog": common, filesystem, REST and storage
 * properties) where it defines one; the rest are ours. {@code Driver.getPropertyInfo} lists exactly these.
 * Properties prefixed with {@link #LANCE_STORAGE_PREFIX} and {@link #REST_HEADER_PREFIX} are open families.
 *
 * <p>The REST keys and defaults are those of the REST client ({@code RestNamespaceProperties},
 * {@code RestNamespaceConfig} in namespace-rest/), written out here so that this contract depends on Arrow only;
 * exec's {@code EnginePropertyRestTest} checks that they agree.
 */
public enum EngineProperty {
    WAREHOUSE("warehouse", null, false,
            "Root of a filesystem warehouse: an absolute path, a file:// URI or s3://bucket/prefix."),
    CATALOG_TYPE("lance.catalog.type", "filesystem", false,
            "Catalog type: filesystem or rest (Doris Lance Catalog manual, Common Properties), or none for a"
                    + " connection without a catalog (jdbc:lance: with no warehouse): s3() and local() only."),
    NAMESPACE_PARENT("lance.namespace.parent", "", false,
            "Restrict the connection to this namespace subtree, levels joined by lance.namespace.delimiter."),
    NAMESPACE_DELIMITER("lance.namespace.delimiter", "$", false,
            "Delimiter used to parse lance.namespace.parent and sent to a REST namespace."),
    ROOT_DATABASE("lance.namespace.root_database", "default", false,
            "Schema name that the root namespace is shown as."),
    CATALOG("catalog", "lance", false, "JDBC catalog name reported by the connection."),
    SCAN_PARALLELISM("scan.parallelism", null, false,
            "Fragments read in parallel per scan, 1 to 1024; default: the number of available processors."),
    SCAN_PREDICATE_PUSHDOWN("scan.predicate_pushdown", "true", false,
            "true: WHERE conjuncts Lance evaluates exactly are pushed into the scan; false: lance-jdbc evaluates"
                    + " every predicate itself (slower; for checking an answer against Lance's filter)."),
    METADATA_CACHE_TTL("cache.metadata.ttl_seconds", "3600", false,
            "Seconds a loaded dataset snapshot (schema, fragments, index segments) stays cached."),
    LATEST_VERSION_TTL("cache.latest_version.ttl_seconds", "5", false,
            "Seconds before the latest version of a table is resolved again (0 = every query)."),
    S3_ENDPOINT("s3.endpoint", null, false, "S3-compatible endpoint URL, e.g. http://127.0.0.1:9000."),
    S3_ACCESS_KEY("s3.access_key", null, true, "S3 access key id."),
    S3_SECRET_KEY("s3.secret_key", null, true, "S3 secret access key."),
    S3_SESSION_TOKEN("s3.session_token", null, true, "S3 session token for temporary credentials."),
    S3_REGION("s3.region", null, false, "S3 region; us-east-1 is used when unset."),
    USE_PATH_STYLE("use_path_style", "true", false,
            "true: path-style S3 requests (http://endpoint/bucket/key); false: virtual-hosted style."),
    REST_URI("lance.rest.uri", null, false,
            "URI of a Lance REST namespace service: http:// or https://host[:port][/base-path]."),
    REST_SECURITY_TYPE("lance.rest.security.type", "none", false,
            "REST authentication: none, bearer or api_key."),
    REST_BEARER_TOKEN("lance.rest.bearer-token", null, true,
            "Bearer token for lance.rest.security.type=bearer."),
    REST_API_KEY("lance.rest.api-key", null, true,
            "API key (x-api-key header) for lance.rest.security.type=api_key."),
    REST_PAGE_SIZE("lance.rest.page-size", "100", false,
            "Entries per page of a REST namespace listing (its 'limit'); pages are followed to the end."),
    REST_CONNECT_TIMEOUT_MS("lance.rest.connect-timeout-ms",
            "10000", false,
            "Milliseconds to open a TCP/TLS connection to the REST namespace."),
    REST_READ_TIMEOUT_MS("lance.rest.read-timeout-ms", "30000",
            false, "Longest silence, in milliseconds, while reading a REST namespace answer."),
    REST_CALL_TIMEOUT_MS("lance.rest.call-timeout-ms", "60000",
            false, "Longest time, in milliseconds, of one REST request end to end (each retry gets its own); "
                    + "0 = no limit."),
    REST_MAX_RETRIES("lance.rest.max-retries", "3",
            false, "Retries of a REST request after HTTP 429/503 or a failed connection; 0 disables retries."),
    REST_RETRY_INITIAL_BACKOFF_MS("lance.rest.retry-initial-backoff-ms",
            "200", false,
            "Milliseconds before the first REST retry; doubled for each further retry."),
    REST_RETRY_MAX_BACKOFF_MS("lance.rest.retry-max-backoff-ms",
            "5000", false,
            "Upper bound, in milliseconds, of one wait between REST retries (also caps Retry-After)."),
    REST_TLS_CA_FILE("lance.rest.tls.ca-file", null, false,
            "PEM file of CA certificates trusted for the REST namespace, in addition to the JDK trust store."),
    TABLE_ACCESS_CACHE_TTL("lance.table_access_cache_ttl_seconds", "60", false,
            "Seconds a REST catalog reuses a table's location and vended credentials before describing it again "
                    + "(never past the credentials' expiry); 0 describes on every query."),
    GLOB_MAX_DIRECTORY_CANDIDATES("lance.glob.max_directory_candidates", "1000", false,
            "Most directory entries a file TVF call may list while expanding the globs of \"uris\"."),
    GLOB_MAX_LISTING_REQUESTS("lance.glob.max_listing_requests", "1000", false,
            "Most listing requests a file TVF call may issue while expanding \"uris\"."),
    GLOB_LISTING_TIMEOUT("lance.glob.listing_timeout_seconds", null, false,
            "Seconds a file TVF call may spend listing; default: a third of the query timeout, or 20 without one."),
    GLOB_MAX_DATASETS("lance.glob.max_datasets", "500", false,
            "Most datasets (after deduplication) a file TVF call may read."),
    GLOB_MAX_FRAGMENTS("lance.glob.max_fragments", "100000", false,
            "Most fragments, summed over every dataset, a file TVF call with \"uris\" may plan."),
    GLOB_MAX_FIELDS_PER_SCHEMA("lance.glob.max_fields_per_schema", "1000", false,
            "Most fields (nested fields included) one dataset read by a file TVF call with \"uris\" may have."),
    GLOB_MAX_CONCURRENT_OPENS("lance.glob.max_concurrent_opens", "4", false,
            "Datasets a file TVF call with \"uris\" opens at the same time while planning."),
    LOCAL_ALLOWED_ROOTS("lance.local.allowed_roots", null, false,
            "Comma-separated absolute directories local() may read below (symlinks resolved); unset: anywhere, "
                    + "empty: local() is disabled."),
    S3_ALLOWED_ENDPOINTS("lance.s3.allowed_endpoints", null, false,
            "Comma-separated endpoints (http(s)://host:port, or aws for the default) s3() may read from; unset:"
                    + " any, empty: s3() is disabled."),
    S3_ALLOWED_BUCKETS("lance.s3.allowed_buckets", null, false,
            "Comma-separated buckets s3() may read; unset: any, empty: s3() is disabled."),
    QUERY_MAX_MEMORY("query.max_memory", null, false,
            "Most bytes of Arrow memory one query may hold (joins, aggregates, sorts), optionally with k, m or g"
                    + " (512m); default: unlimited."),
    TOPN_LAZY_MATERIALIZATION_THRESHOLD("topn_lazy_materialization_threshold", "1024", false,
            "vector_search two-phase read when top_k + offset is at most this; -1 disables."),
    ENGINE("engine", "embedded", false,
            "Where the engine runs: embedded (in this JVM) or isolated (in a child JVM the driver starts and stops,"
                    + " so a native crash in lance-core cannot take the application down; docs/server.md)."),
    ISOLATED_JVM_OPTIONS("isolated.jvm_options", null, false,
            "Extra JVM options of the isolated engine's child JVM, separated by spaces (e.g. -Xmx4g); connections"
                    + " with different options get different child processes.");

    /** Prefix of Lance storage options passed through unchanged, e.g. lance.storage.client_max_retries. */
    public static final String LANCE_STORAGE_PREFIX = "lance.storage.";
    /** Prefix of custom HTTP headers sent to a REST namespace, e.g. lance.rest.header.X-Tenant. */
    public static final String REST_HEADER_PREFIX = "lance.rest.header.";

    private static final Map<String, EngineProperty> BY_KEY =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(EngineProperty::key, Function.identity()));

    private final String key;
    private final String defaultValue;
    private final boolean secret;
    private final String description;

    EngineProperty(String key, String defaultValue, boolean secret, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.secret = secret;
        this.description = description;
    }

    /** The property name as users write it. */
    public String key() {
        return key;
    }

    /** The default value, or null when there is none. */
    public String defaultValue() {
        return defaultValue;
    }

    /** True for credentials: never logged, never shown in messages, URLs or property listings. */
    public boolean secret() {
        return secret;
    }

    public String description() {
        return description;
    }

    /**
     * This property's value in {@code properties} (its default when absent) as a positive whole number.
     *
     * @throws SqlError 22023 naming the property when the value is not a positive whole number
     */
    public int positiveInt(Map<String, String> properties) {
        String raw = properties.get(key);
        String value = raw == null ? defaultValue : raw.strip();
        try {
            int v = Integer.parseInt(value);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the property name
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid " + key + " '"
                + raw + "': give a positive whole number");
    }

    /** The property with this exact name, if it is one of ours (prefix families excluded). */
    public static Optional<EngineProperty> byKey(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    /** True when {@code key} is a known property or belongs to one of the open prefix families. */
    public static boolean isKnown(String key) {
        return BY_KEY.containsKey(key) || key.startsWith(LANCE_STORAGE_PREFIX) || key.startsWith(REST_HEADER_PREFIX);
    }
}
