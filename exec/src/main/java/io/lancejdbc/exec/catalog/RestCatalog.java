package io.lancejdbc.exec.catalog;

import com.github.benmanes.caffeine.cache.Ticker;
import io.lancejdbc.exec.lance.DatasetUriNormalizer;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.namespace.rest.RestErrorCategory;
import io.lancejdbc.namespace.rest.RestNamespaceClient;
import io.lancejdbc.namespace.rest.RestNamespaceException;
import io.lancejdbc.namespace.rest.TableDescription;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * A Lance REST namespace as a {@link Catalog}: namespaces and tables are listed by the service (every page),
 * tables are located with DescribeTable, and their datasets are then read directly from the returned
 * {@code location} with the connection's storage options overlaid by the options the service vends.
 *
 * <p>Rules (Doris Lance Catalog manual, "REST Catalog"; lance-namespace spec 0.7.7):
 * <ul>
 *   <li>{@code lance.namespace.parent} restricts the catalog to a subtree; paths given here are relative to it.</li>
 *   <li>A namespace that the service lists as empty may not exist at all (lance-core's DirectoryNamespace answers
 *       an empty list for a missing namespace), so an empty answer is checked with NamespaceExists: missing is
 *       3F000.</li>
 *   <li>Vended {@code storage_options} are merged over the connection's S3 defaults
 *       ({@link StorageOptions#withVendedOptions}); {@code expires_at_millis} becomes
 *       {@link TableLocation#expiresAtMillis()}, and the location is described again once that moment (less a
 *       margin) has passed, else after {@code lance.table_access_cache_ttl_seconds}.</li>
 *   <li>Tables whose versions the service manages ({@code managed_versioning: true}) fail with 42000: reading them
 *       needs the namespace's version operations, which this driver does not implement.</li>
 *   <li>Service failures become {@link SqlError}s with the SQLState the client's
 *       {@link RestErrorCategory#sqlState()} suggests and the client's message, which names the operation, the
 *       object and the service and never a credential.</li>
 * </ul>
 * Thread-safe; owns (and closes) its client.
 */
public final class RestCatalog implements Catalog {
    /** Default time before the vended credentials' expiry at which a cached location is described again. */
    public static final Duration DEFAULT_CREDENTIAL_REFRESH_MARGIN = Duration.ofSeconds(30);

    private final RestNamespaceClient client;
    private final NamespacePath parent;
    private final StorageOptions connectionStorage;
    private final SchemaNameCodec names;
    private final TableAccessCache locations;

    /**
     * @param client the service client; owned
     * @param parent the namespace subtree the catalog shows (absolute levels; {@link NamespacePath#ROOT} for all)
     * @param connectionStorage the connection's storage options, the defaults vended options are laid over
     * @param names schema naming, for messages
     * @param tableAccessTtl how long a located table is reused at most; zero describes on every locate
     */
    public RestCatalog(RestNamespaceClient client, NamespacePath parent, StorageOptions connectionStorage,
            SchemaNameCodec names, Duration tableAccessTtl) {
        this(client, parent, connectionStorage, names, tableAccessTtl, DEFAULT_CREDENTIAL_REFRESH_MARGIN,
                Clock.systemUTC(), Ticker.systemTicker());
    }

    /** As the public constructor, with the refresh margin and the time sources chosen (tests). */
    RestCatalog(RestNamespaceClient client, NamespacePath parent, StorageOptions connectionStorage,
            SchemaNameCodec names, Duration tableAccessTtl, Duration refreshMargin, Clock clock, Ticker ticker) {
        this.client = Objects.requireNonNull(client, "client");
        this.parent = Objects.requireNonNull(parent, "parent");
        this.connectionStorage = Objects.requireNonNull(connectionStorage, "connectionStorage");
        this.names = Objects.requireNonNull(names, "names");
        this.locations = new TableAccessCache(tableAccessTtl, refreshMargin, clock, ticker);
    }

    @Override
    public String type() {
        return "rest";
    }

    /** The namespace subtree this catalog is restricted to (absolute levels). */
    public NamespacePath parent() {
        return parent;
    }

    /** The service's base URI, for messages and EXPLAIN (never carries a credential). */
    public String serviceUri() {
        return client.config().baseUri().toString();
    }

    /**
     * Checks that the service answers and accepts the connection's credentials, and that
     * {@code lance.namespace.parent} exists, with one NamespaceExists call.
     *
     * @throws SqlError 3F000 when the parent namespace does not exist; 08001 / 08000 when the service cannot be
     *     reached; 28000 / 42501 when the credentials are rejected
     */
    public void checkConnection() {
        boolean exists;
        try {
            exists = client.namespaceExists(parent.levels());
        } catch (RestNamespaceException e) {
            if (e.category() == RestErrorCategory.UNSUPPORTED) {
                // A service without NamespaceExists is still usable: listing and describing work without it.
                return;
            }
            throw translate(e);
        }
        if (!exists && !parent.isRoot()) {
            throw parentMissing();
        }
    }

    @Override
    public List<NamespacePath> childNamespaces(NamespacePath namespace) {
        List<String> abs = absolute(namespace);
        List<String> children = call(() -> client.listNamespaces(abs));
        if (children.isEmpty()) {
            requireNamespace(namespace, abs);
        }
        List<NamespacePath> out = new ArrayList<>();
        for (String child : new TreeSet<>(children)) {
            if (!child.isEmpty()) {
                out.add(namespace.child(child));
            }
        }
        return out;
    }

    @Override
    public List<String> tableNames(NamespacePath namespace) {
        List<String> abs = absolute(namespace);
        List<String> tables = call(() -> client.listTables(abs));
        if (tables.isEmpty()) {
            requireNamespace(namespace, abs);
        }
        return List.copyOf(new TreeSet<>(tables));
    }

    @Override
    public TableLocation locate(NamespacePath namespace, String table) {
        Objects.requireNonNull(table, "table");
        List<String> abs = absolute(namespace);
        return locations.get(abs, table, () -> describe(namespace, abs, table));
    }

    @Override
    public void close() {
        locations.invalidateAll();
        client.close();
    }

    @Override
    public String toString() {
        return "RestCatalog{" + serviceUri() + ", parent=" + parent.levels() + "}";
    }

    private TableLocation describe(NamespacePath namespace, List<String> abs, String table) {
        List<String> id = new ArrayList<>(abs);
        id.add(table);
        TableDescription d;
        try {
            d = client.describeTable(id);
        } catch (RestNamespaceException e) {
            if (e.category() == RestErrorCategory.TABLE_NOT_FOUND
                    || e.category() == RestErrorCategory.NAMESPACE_NOT_FOUND) {
                throw tableMissing(namespace, abs, table, e);
            }
            throw translate(e);
        }
        String qualified = names.encode(namespace) + "." + table;
        if (d.managedVersioning()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, "Table '" + qualified + "' cannot be read: Lance "
                    + "managed versioning is not supported (the REST namespace at " + serviceUri()
                    + " manages this table's versions)");
        }
        if (d.onlyDeclared().orElse(false)) {
            throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + qualified + "' is declared in the REST "
                    + "namespace at " + serviceUri() + " but has no data yet");
        }
        String uri;
        try {
            uri = DatasetUriNormalizer.normalize(d.location());
        } catch (SqlError e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "The REST namespace at " + serviceUri()
                    + " returned an unusable location for table '" + qualified + "': " + e.getMessage(), e);
        }
        StorageOptions options = connectionStorage.withVendedOptions(d.storageOptions());
        return new TableLocation(namespace, table, uri, options.lanceOptions(), d.expiresAtMillis().orElse(0));
    }

    /** 42S02 naming the tables that do exist, or 3F000 when the namespace itself is missing. */
    private SqlError tableMissing(NamespacePath namespace, List<String> abs, String table, RestNamespaceException e) {
        requireNamespace(namespace, abs);
        String schema = names.encode(namespace);
        List<String> existing;
        try {
            existing = tableNames(namespace);
        } catch (SqlError listingFailed) {
            SqlError missing = new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + schema + "." + table
                    + "' does not exist in REST catalog " + serviceUri(), e);
            missing.addSuppressed(listingFailed);
            return missing;
        }
        return new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + schema + "." + table
                + "' does not exist in REST catalog " + serviceUri() + " (tables in " + schema + ": "
                + (existing.isEmpty() ? "none" : String.join(", ", existing)) + ")", e);
    }

    private void requireNamespace(NamespacePath relative, List<String> abs) {
        if (abs.isEmpty()) {
            return;
        }
        boolean exists = call(() -> client.namespaceExists(abs));
        if (exists) {
            return;
        }
        if (relative.isRoot()) {
            throw parentMissing();
        }
        throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Schema '" + names.encode(relative)
                + "' does not exist in REST catalog " + serviceUri());
    }

    private SqlError parentMissing() {
        return new SqlError(SqlState.SCHEMA_NOT_FOUND, "Namespace '"
                + String.join(client.config().delimiter(), parent.levels())
                + "' (lance.namespace.parent) does not exist in REST catalog " + serviceUri());
    }

    private List<String> absolute(NamespacePath relative) {
        List<String> abs = new ArrayList<>(parent.levels());
        abs.addAll(relative.levels());
        return abs;
    }

    private static <T> T call(Supplier<T> operation) {
        try {
            return operation.get();
        } catch (RestNamespaceException e) {
            throw translate(e);
        }
    }

    /** The client's failure as an engine error: its suggested SQLState, its message (credential-free). */
    static SqlError translate(RestNamespaceException e) {
        return new SqlError(e.category().sqlState(), e.getMessage(), e);
    }
}
