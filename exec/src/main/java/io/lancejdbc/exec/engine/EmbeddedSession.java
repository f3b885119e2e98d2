package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.tvf.FileTvfResolver;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.catalog.Catalog;
import io.lancejdbc.engine.metadata.CatalogMetadata;
import io.lancejdbc.exec.catalog.CatalogFactory;
import io.lancejdbc.exec.catalog.LanceCatalogMetadata;
import io.lancejdbc.exec.catalog.SchemaNameCodec;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.FragmentScanReader;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.lance.SnapshotCache;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.tvf.DatasetOpenPool;
import io.lancejdbc.exec.tvf.FileTvfPlanner;
import io.lancejdbc.exec.tvf.ListerFactory;
import io.lancejdbc.exec.tvf.LocalPathPolicy;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One connection's engine state: the catalog, the dataset pool, the current schema, session variables and the
 * results still open. Statements run through {@link StatementRunner}.
 */
final class EmbeddedSession implements EngineSession {
    private final EngineConfig config;
    private final BufferAllocator allocator;
    private final DatasetHandlePool pool;
    private final Catalog catalog;
    private final LanceCatalogMetadata metadata;
    private final StatementRunner runner;
    private final String catalogName;
    private final Map<String, String> variables = new HashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final Set<QueryResult> openResults = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Query allocators not closed yet (guarded by {@code openResults}). */
    private int liveQueries;
    /** Releases the pool and the allocator once {@link #liveQueries} is 0 after close (guarded by openResults). */
    private Runnable afterQueries;
    private volatile String currentSchema;
    private volatile boolean closed;

    /**
     * @param workers threads for parallel split reads
     * @param openPool the engine's bounded pool for opening the datasets of file TVF {@code uris} calls
     * @param snapshots the engine's cache of pinned versions' metadata, shared with its other sessions
     */
    EmbeddedSession(EngineConfig config, BufferAllocator allocator, ExecutorService workers, DatasetOpenPool openPool,
            SnapshotCache snapshots) {
        this.config = config;
        this.allocator = allocator;
        this.catalogName = config.get(EngineProperty.CATALOG);
        if (catalogName == null || catalogName.isBlank()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Property 'catalog' must not be empty");
        }
        for (String key : config.asMap().keySet()) {
            if (!EngineProperty.isKnown(key)) {
                warnings.add("Unknown connection property '" + key + "' is ignored; see Driver.getPropertyInfo for"
                        + " the properties lance-jdbc understands");
            }
        }
        SessionSettings.validate(config);
        this.pool = new DatasetHandlePool(allocator, PoolSettings.fromConfig(config), snapshots);
        Catalog opened = null;
        try {
            opened = CatalogFactory.create(config, StorageOptions.fromProperties(config.asMap()), pool, allocator);
            this.catalog = opened;
            String root = config.get(EngineProperty.ROOT_DATABASE);
            this.metadata = new LanceCatalogMetadata(catalogName, catalog, new SchemaNameCodec(root), pool);
            this.currentSchema = metadata.names().rootDatabase();
            FragmentScanReader reader = new FragmentScanReader(pool);
            LocalPathPolicy localPolicy = LocalPathPolicy.fromProperty(config.raw(EngineProperty.LOCAL_ALLOWED_ROOTS.key()));
            FileTvfPlanner fileFunctions = new FileTvfPlanner(pool, openPool, ListerFactory.standard(),
                    localPolicy);
            this.runner = new StatementRunner(this, reader, workers,
                    new FileTvfResolver(fileFunctions, pool, config.asMap()));
        } catch (RuntimeException e) {
            if (opened != null) {
                opened.close();
            }
            pool.close();
            throw e;
        }
    }

    EngineConfig config() {
        return config;
    }

    BufferAllocator allocator() {
        return allocator;
    }

    DatasetHandlePool pool() {
        return pool;
    }

    Catalog catalog() {
        return catalog;
    }

    LanceCatalogMetadata lanceMetadata() {
        return metadata;
    }

    /** The session settings: connection properties overlaid with SET variables. */
    Map<String, String> settings() {
        Map<String, String> s = new HashMap<>(config.asMap());
        synchronized (variables) {
            s.putAll(variables);
        }
        return s;
    }

    void setVariable(String name, String value) {
        synchronized (variables) {
            variables.put(name, value);
        }
    }

    void track(QueryResult r) {
        synchronized (openResults) {
            openResults.add(r);
        }
    }

    /** A query allocator was opened under the session allocator (see {@link #queryReleased}). */
    void queryStarted() {
        synchronized (openResults) {
            liveQueries++;
        }
    }

    /**
     * A query allocator was closed, possibly on a worker thread that was stuck in a native read after the query's
     * result was closed: the last one after {@link #close()} releases the dataset pool and the session allocator.
     */
    void queryReleased() {
        Runnable release;
        synchronized (openResults) {
            liveQueries--;
            if (liveQueries > 0 || afterQueries == null) {
                return;
            }
            release = afterQueries;
            afterQueries = null;
        }
        release.run();
    }

    void untrack(QueryResult r) {
        synchronized (openResults) {
            openResults.remove(r);
        }
    }

    @Override
    public String catalogName() {
        return catalogName;
    }

    @Override
    public String currentSchema() {
        return currentSchema;
    }

    @Override
    public void setCurrentSchema(String schema) {
        ensureOpen();
        String s = schema;
        int dot = s.indexOf('.');
        if (dot > 0 && s.substring(0, dot).equalsIgnoreCase(catalogName) && !metadata.schemaNames().contains(s)) {
            s = s.substring(dot + 1);
        }
        this.currentSchema = new SessionCatalogView(catalogName, currentSchema, metadata, pool, catalog.type(), null,
                QueryOptions.defaults())
                .resolveSchema(s);
    }

    @Override
    public PreparedQuery prepare(String sql) {
        ensureOpen();
        return runner.prepare(sql);
    }

    @Override
    public QueryResult execute(String sql, List<io.lancejdbc.engine.ParameterValue> params,
            QueryOptions options) {
        ensureOpen();
        return runner.execute(sql, params, options);
    }

    @Override
    public CatalogMetadata metadata() {
        ensureOpen();
        return metadata;
    }

    @Override
    public List<String> takeWarnings() {
        synchronized (warnings) {
            List<String> out = new ArrayList<>(warnings);
            warnings.clear();
            if (!closed) {
                out.addAll(catalog.takeWarnings());
            }
            return List.copyOf(out);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new SqlError(SqlState.CONNECTION_CLOSED, "The connection is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<QueryResult> results;
        synchronized (openResults) {
            results = new ArrayList<>(openResults);
            openResults.clear();
        }
        for (QueryResult r : results) {
            r.close();
        }
        try {
            catalog.close();
        } finally {
            // A worker stuck in a native read still uses the pool's datasets and the allocator: the last query to
            // be released closes them (queryReleased).
            boolean now;
            synchronized (openResults) {
                now = liveQueries == 0;
                if (!now) {
                    afterQueries = this::releasePoolAndAllocator;
                }
            }
            if (now) {
                releasePoolAndAllocator();
            }
        }
    }

    private void releasePoolAndAllocator() {
        try {
            pool.close();
        } finally {
            try {
                allocator.close();
            } catch (IllegalStateException e) {
                org.slf4j.LoggerFactory.getLogger(EmbeddedSession.class).error(
                        "Arrow memory still held when the connection closed: {}", e.getMessage());
            }
        }
    }
}
