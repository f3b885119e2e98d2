package io.lancejdbc.exec.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.lance.DatasetUriNormalizer;
import io.lancejdbc.exec.storage.DatasetRootProbe;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A warehouse directory of Lance datasets, in both layouts Lance writes:
 * <ul>
 *   <li><b>plain directories</b>: {@code <name>.lance} dataset directories are tables; a directory that (directly or
 *       through further such directories) holds {@code .lance} directories is a child namespace;</li>
 *   <li><b>directory-namespace manifest</b> (lance-core {@code DirectoryNamespace}, V2): a {@code __manifest} Lance
 *       table lists namespaces and tables ({@code $}-joined object ids), child-namespace tables live in
 *       hash-prefixed directories ({@code 79c32b0e_ns1$t1}), root tables in {@code <table>.lance}.</li>
 * </ul>
 * Both are merged: a namespace or table exists when either layout has it; where both name the same table, the
 * manifest's location wins. {@code lance.namespace.parent} restricts the catalog to a subtree; every
 * {@link NamespacePath} given here is relative to it.
 *
 * <p>Directory listings are cached for {@code listingTtl} (the latest-version TTL), the parsed manifest per
 * manifest version, so new tables and namespaces appear within that TTL. Thread-safe.
 */
public final class FilesystemCatalog implements Catalog {
    private static final String DATASET_SUFFIX = ".lance";
    /** Bound on how deep a directory is searched for {@code .lance} directories to call it a namespace. */
    private static final int MAX_NAMESPACE_DEPTH = 8;

    private final String warehouseUri;
    private final NamespacePath parent;
    private final Map<String, String> storageOptions;
    private final DirectoryLister lister;
    private final SchemaNameCodec names;
    private final NamespaceManifestReader manifestReader;
    private final Duration listingTtl;
    private final Cache<String, List<String>> listings;
    private volatile NamespaceManifest manifest = NamespaceManifest.EMPTY;
    /** Entries left out since the last {@link #takeWarnings()}, in the order met (one note per entry). */
    private final Set<String> skipped = java.util.Collections.synchronizedSet(new java.util.LinkedHashSet<>());

    /**
     * @param warehouseUri canonical warehouse URI ({@code file:///wh}, {@code s3://bucket/wh})
     * @param parent the namespace subtree the catalog shows ({@link NamespacePath#ROOT} for all)
     * @param storageOptions Lance storage options for every dataset of the warehouse (may hold secrets)
     * @param lister lists warehouse directories ({@link LocalDirectoryLister} for {@code file:},
     *     {@link WarehouseDirectoryLister} for object stores); the catalog closes it in {@link #close()}
     * @param pool opens the {@code __manifest} table and caches its latest version
     * @param allocator allocator for reading the manifest table
     * @param names schema naming, for messages
     * @param listingTtl how long directory listings are reused; zero lists on every call
     */
    public FilesystemCatalog(String warehouseUri, NamespacePath parent, Map<String, String> storageOptions,
            DirectoryLister lister, DatasetHandlePool pool, BufferAllocator allocator, SchemaNameCodec names,
            Duration listingTtl) {
        this.warehouseUri = DatasetUriNormalizer.normalize(warehouseUri);
        this.parent = Objects.requireNonNull(parent, "parent");
        this.storageOptions = Map.copyOf(storageOptions);
        this.lister = Objects.requireNonNull(lister, "lister");
        this.names = Objects.requireNonNull(names, "names");
        this.manifestReader = new NamespaceManifestReader(pool, allocator);
        this.listingTtl = listingTtl;
        this.listings = Caffeine.newBuilder().maximumSize(10_000).expireAfterWrite(listingTtl)
                .executor(Runnable::run).build();
    }

    /**
     * A catalog from connection properties ({@code warehouse}, {@code lance.namespace.parent},
     * {@code lance.namespace.delimiter}, {@code lance.namespace.root_database},
     * {@code cache.latest_version.ttl_seconds}), with the Doris Lance Catalog's validation messages.
     *
     * @param storageOptions Lance storage options already derived from the connection's storage properties
     * @param lister the lister for the warehouse's scheme; null means {@link LocalDirectoryLister}, which only
     *     serves {@code file:} warehouses
     * @throws SqlError 22023 for a missing or relative warehouse, a {@code lance.rest.*} property, a bad delimiter
     *     or parent; 42000 for an object-store warehouse without a lister; 08001 for a missing local warehouse
     */
    public static FilesystemCatalog fromConfig(EngineConfig config, Map<String, String> storageOptions,
            DirectoryLister lister, DatasetHandlePool pool, BufferAllocator allocator) {
        for (String key : config.asMap().keySet()) {
            if (key.startsWith("lance.rest.")) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                        "Property '" + key + "' is not valid for Lance filesystem catalog");
            }
        }
        String warehouse = config.get(EngineProperty.WAREHOUSE);
        String uri = validateWarehouse(warehouse);
        DirectoryLister effective = lister;
        if (effective == null) {
            if (!DatasetUriNormalizer.isLocal(uri)) {
                throw new SqlError(SqlState.UNSUPPORTED_SQL,
                        "No directory listing is available for warehouse " + uri);
            }
            effective = new LocalDirectoryLister();
        }
        if (DatasetUriNormalizer.isLocal(uri)) {
            java.nio.file.Path dir = java.nio.file.Paths.get(DatasetUriNormalizer.toLanceLocation(uri));
            if (java.nio.file.Files.exists(dir) && !java.nio.file.Files.isDirectory(dir)) {
                throw new SqlError(SqlState.CONNECTION_FAILURE, "Lance warehouse " + uri + " is a file, not a"
                        + " directory; give the directory that holds the <table>.lance datasets");
            }
            if (!java.nio.file.Files.isDirectory(dir)) {
                throw new SqlError(SqlState.CONNECTION_FAILURE, "Lance warehouse directory does not exist: " + uri);
            }
            if (java.nio.file.Files.isDirectory(dir.resolve(DatasetRootProbe.VERSIONS_DIRECTORY))) {
                java.nio.file.Path parentDir = dir.getParent();
                String name = dir.getFileName().toString();
                String table = name.endsWith(DATASET_SUFFIX) ? name.substring(0, name.length()
                        - DATASET_SUFFIX.length()) : name;
                throw new SqlError(SqlState.CONNECTION_FAILURE, "Lance warehouse " + uri + " is itself a Lance "
                        + "dataset (it holds " + DatasetRootProbe.VERSIONS_DIRECTORY + "/); a warehouse is the directory"
                        + " that holds the <table>.lance datasets: connect to " + parentDir + " and query table "
                        + table + ", or read this one with local(\"file_path\" = \"" + dir + "\", \"format\" = "
                        + "\"lance\")");
            }
        }
        NamespacePath parent = NamespaceParent.parse(config.get(EngineProperty.NAMESPACE_PARENT),
                config.get(EngineProperty.NAMESPACE_DELIMITER));
        SchemaNameCodec names = new SchemaNameCodec(config.get(EngineProperty.ROOT_DATABASE));
        return new FilesystemCatalog(uri, parent, storageOptions, effective, pool, allocator, names,
                pool.settings().latestVersionTtl());
    }

    /**
     * Checks a {@code warehouse} value and returns its canonical URI.
     *
     * @throws SqlError 22023 with the Doris messages for a missing value, a relative path or another scheme
     */
    public static String validateWarehouse(String warehouse) {
        if (warehouse == null || warehouse.isBlank()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "Missing required property 'warehouse' for Lance filesystem catalog");
        }
        String w = warehouse.trim();
        int colon = w.indexOf("://");
        String scheme = colon > 0 ? w.substring(0, colon).toLowerCase(Locale.ROOT) : "";
        if (w.startsWith("file:") || scheme.isEmpty()) {
            boolean absolute = w.startsWith("/") || w.startsWith("file:/");
            if (!absolute) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                        "Local Lance warehouse must be an absolute path: " + warehouse);
            }
            return DatasetUriNormalizer.normalize(w);
        }
        if (!scheme.equals("s3") && !scheme.equals("oss")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Unsupported Lance filesystem warehouse scheme '"
                    + scheme + "'; supported schemes are local/file, s3, and oss");
        }
        return DatasetUriNormalizer.normalize(w);
    }

    @Override
    public String type() {
        return "filesystem";
    }

    /** The canonical warehouse URI. */
    public String warehouseUri() {
        return warehouseUri;
    }

    /** The namespace subtree this catalog is restricted to (absolute levels). */
    public NamespacePath parent() {
        return parent;
    }

    @Override
    public List<NamespacePath> childNamespaces(NamespacePath namespace) {
        List<String> abs = absolute(namespace);
        requireNamespace(namespace, abs);
        NamespaceManifest m = currentManifest();
        Set<String> children = new TreeSet<>();
        for (List<String> ns : m.namespaces()) {
            if (ns.size() == abs.size() + 1 && ns.subList(0, abs.size()).equals(abs)) {
                children.add(ns.get(abs.size()));
            }
        }
        Set<String> manifestTableDirs = abs.isEmpty() ? manifestLocations(m) : Set.of();
        for (String dir : list(directoryOf(abs))) {
            if (children.contains(dir) || !isNamespaceCandidate(dir) || manifestTableDirs.contains(dir)) {
                continue;
            }
            List<String> child = new ArrayList<>(abs);
            child.add(dir);
            if (holdsDatasets(directoryOf(child), MAX_NAMESPACE_DEPTH)) {
                children.add(dir);
            }
        }
        List<NamespacePath> out = new ArrayList<>();
        for (String c : children) {
            out.add(namespace.child(c));
        }
        return out;
    }

    @Override
    public List<String> tableNames(NamespacePath namespace) {
        List<String> abs = absolute(namespace);
        requireNamespace(namespace, abs);
        return List.copyOf(tablesOf(abs).keySet());
    }

    @Override
    public TableLocation locate(NamespacePath namespace, String table) {
        List<String> abs = absolute(namespace);
        requireNamespace(namespace, abs);
        String uri = locationOf(abs, table);
        if (uri == null) {
            Map<String, String> tables = tablesOf(abs);
            String schema = names.encode(namespace);
            throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + schema + "." + table
                    + "' does not exist in warehouse " + warehouseUri + " (tables in " + schema + ": "
                    + (tables.isEmpty() ? "none" : String.join(", ", tables.keySet())) + ")"
                    + whyNotATable(namespace, table).map(reason -> "; " + reason).orElse(""));
        }
        return new TableLocation(namespace, table, uri, storageOptions, 0);
    }

    @Override
    public java.util.Optional<String> whyNotATable(NamespacePath namespace, String table) {
        List<String> abs = absolute(namespace);
        requireNamespace(namespace, abs);
        String candidate = candidateLocation(abs, table);
        return candidate != null && !isDataset(candidate) ? java.util.Optional.of(notADataset(candidate))
                : java.util.Optional.empty();
    }

    @Override
    public List<String> takeWarnings() {
        synchronized (skipped) {
            List<String> out = List.copyOf(skipped);
            skipped.clear();
            return out;
        }
    }

    @Override
    public void close() {
        listings.invalidateAll();
        lister.close();
    }

    /**
     * One table's canonical dataset URI, or null: the same answer as {@code tablesOf(abs).get(table)} (a manifest
     * entry wins over a {@code .lance} directory) without building the namespace's whole table map per statement.
     */
    private String locationOf(List<String> abs, String table) {
        String candidate = candidateLocation(abs, table);
        return candidate != null && isDataset(candidate) ? candidate : null;
    }

    /**
     * Where table {@code table} would live, before the dataset test: the manifest's location, else the
     * {@code <table>.lance} directory when the namespace holds one; null when neither names it.
     */
    private String candidateLocation(List<String> abs, String table) {
        String fromManifest = currentManifest().tables().getOrDefault(abs, Map.of()).get(table);
        if (fromManifest != null) {
            return resolveLocation(fromManifest);
        }
        String dir = table + DATASET_SUFFIX;
        return !table.isEmpty() && list(directoryOf(abs)).contains(dir) ? directoryOf(abs) + "/" + dir : null;
    }

    /**
     * Table name to canonical dataset URI, for one absolute namespace: every candidate (a {@code .lance} directory, a
     * manifest entry) that {@link #isDataset} accepts, the one rule {@link #locate} resolves by too; the others are
     * left out with a note ({@link #takeWarnings()}).
     */
    private Map<String, String> tablesOf(List<String> abs) {
        Map<String, String> candidates = new TreeMap<>();
        for (String dir : list(directoryOf(abs))) {
            if (dir.endsWith(DATASET_SUFFIX) && dir.length() > DATASET_SUFFIX.length()) {
                candidates.put(dir.substring(0, dir.length() - DATASET_SUFFIX.length()),
                        directoryOf(abs) + "/" + dir);
            }
        }
        Map<String, String> fromManifest = currentManifest().tables().getOrDefault(abs, Map.of());
        fromManifest.forEach((name, location) -> candidates.put(name, resolveLocation(location)));
        Map<String, String> tables = new TreeMap<>();
        candidates.forEach((name, uri) -> {
            if (isDataset(uri)) {
                tables.put(name, uri);
            } else {
                skipped.add(notADataset(uri));
            }
        });
        return tables;
    }

    /**
     * The rule a table location must pass to be listed and resolved (DatasetRootProbe's rule): it holds a
     * {@code _versions/} directory, where every committed Lance version writes its manifest. One listing of the
     * location, cached like every listing.
     */
    private boolean isDataset(String uri) {
        return list(uri).contains(DatasetRootProbe.VERSIONS_DIRECTORY);
    }

    private static String notADataset(String uri) {
        return "Directory " + uri + " is not a table: it has no " + DatasetRootProbe.VERSIONS_DIRECTORY
                + "/ directory, so it is not a Lance dataset (or its first write did not finish)";
    }

    private String resolveLocation(String location) {
        if (location.contains("://") || location.startsWith("/")) {
            return DatasetUriNormalizer.normalize(location);
        }
        return DatasetUriNormalizer.normalize(warehouseUri + "/" + location);
    }

    private Set<String> manifestLocations(NamespaceManifest m) {
        Set<String> dirs = new TreeSet<>();
        for (Map<String, String> tables : m.tables().values()) {
            for (String location : tables.values()) {
                if (!location.contains("/") && !location.contains("://")) {
                    dirs.add(location);
                }
            }
        }
        return dirs;
    }

    private void requireNamespace(NamespacePath relative, List<String> abs) {
        if (abs.isEmpty() || namespaceExists(abs)) {
            return;
        }
        if (relative.isRoot()) {
            throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Namespace '" + String.join("$", abs)
                    + "' (lance.namespace.parent) does not exist in warehouse " + warehouseUri);
        }
        throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Schema '" + names.encode(relative)
                + "' does not exist in warehouse " + warehouseUri);
    }

    private boolean namespaceExists(List<String> abs) {
        if (currentManifest().namespaces().contains(abs)) {
            return true;
        }
        List<String> up = abs.subList(0, abs.size() - 1);
        String last = abs.get(abs.size() - 1);
        return isNamespaceCandidate(last) && list(directoryOf(up)).contains(last)
                && (!up.isEmpty() || !manifestLocations(currentManifest()).contains(last))
                && holdsDatasets(directoryOf(abs), MAX_NAMESPACE_DEPTH);
    }

    /** Names that can never be namespaces: datasets, and Lance/hidden bookkeeping directories. */
    private static boolean isNamespaceCandidate(String dir) {
        return !dir.endsWith(DATASET_SUFFIX) && !dir.startsWith("_") && !dir.startsWith(".");
    }

    /** True when {@code dir} is not itself a dataset and holds a {@code .lance} directory at some depth. */
    private boolean holdsDatasets(String dir, int depth) {
        List<String> entries = list(dir);
        if (entries.contains(DatasetRootProbe.VERSIONS_DIRECTORY)) {
            return false;
        }
        for (String e : entries) {
            if (e.endsWith(DATASET_SUFFIX) && isDataset(dir + "/" + e)) {
                return true;
            }
        }
        if (depth <= 1) {
            return false;
        }
        for (String e : entries) {
            if (isNamespaceCandidate(e) && holdsDatasets(dir + "/" + e, depth - 1)) {
                return true;
            }
        }
        return false;
    }

    private NamespaceManifest currentManifest() {
        if (!list(warehouseUri).contains(NamespaceManifestReader.MANIFEST_DIRECTORY)) {
            return NamespaceManifest.EMPTY;
        }
        DatasetSource source = new DatasetSource(warehouseUri + "/" + NamespaceManifestReader.MANIFEST_DIRECTORY,
                storageOptions);
        long version = manifestReader.latestVersion(source);
        NamespaceManifest cached = manifest;
        if (cached.version() == version) {
            return cached;
        }
        NamespaceManifest fresh = manifestReader.read(source, version);
        manifest = fresh;
        return fresh;
    }

    private List<String> list(String dirUri) {
        if (listingTtl.isZero()) {
            return lister.childDirectories(dirUri);
        }
        return listings.get(dirUri, lister::childDirectories);
    }

    private List<String> absolute(NamespacePath relative) {
        List<String> abs = new ArrayList<>(parent.levels());
        abs.addAll(relative.levels());
        return abs;
    }

    private String directoryOf(List<String> absoluteLevels) {
        StringBuilder sb = new StringBuilder(warehouseUri);
        for (String level : absoluteLevels) {
            sb.append('/').append(level);
        }
        return sb.toString();
    }
}
