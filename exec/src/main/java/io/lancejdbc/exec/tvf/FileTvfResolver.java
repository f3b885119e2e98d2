package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.tvf.glob.GlobPattern;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetHistory;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.lance.VersionResolver;
import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.pin.ResultLabels;
import io.lancejdbc.sql.catalog.VersionSpec;
import io.lancejdbc.sql.catalog.BoundTable;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Resolves the file table functions {@code s3(...)} and {@code local(...)} with {@code "format" = "lance"} to a
 * table reference (Doris Lance Catalog manual, "Query Lance with File TVFs"; {@code "uris"}: design "Revised
 * Design — Phase 1"): checks the arguments ({@link FileTvfArguments}), pins the datasets
 * ({@link FileTvfPlanner}) and names the reference for EXPLAIN and {@code ResultSetMetaData}.
 */
public final class FileTvfResolver {
    /** {@code uris} elements shown in a reference's name before the rest is summarized. */
    private static final int NAMED_PATTERNS = 3;

    private final FileTvfPlanner planner;
    private final DatasetHandlePool pool;
    private final Map<String, String> connectionProperties;

    public FileTvfResolver(FileTvfPlanner planner, DatasetHandlePool pool, Map<String, String> connectionProperties) {
        this.planner = planner;
        this.pool = pool;
        this.connectionProperties = Map.copyOf(connectionProperties);
    }

    /**
     * @param cancellation the statement's cancellation signal
     * @param queryTimeoutMillis the statement's timeout, 0 for none
     * @throws SqlError 42000 for missing or unknown arguments, 42000 for another format, 22023 for bad paths or
     *     {@code uris} values, 42S02 when no dataset is there, and the listing, open, budget and schema errors of
     *     {@link FileTvfPlanner#plan}
     */
    public BoundTable resolve(String function, Map<String, String> args, String catalogName, Cancellation cancellation,
            long queryTimeoutMillis) {
        return resolve(function, args, VersionSpec.latest(), catalogName, cancellation, queryTimeoutMillis);
    }

    /**
     * Like {@link #resolve(String, Map, String, Cancellation, long)}, at the version {@code version} asks for (the
     * call's {@code "version"} / {@code "timestamp"} argument).
     *
     * @throws SqlError 42000 for a version of a {@code "uris"} call; 22023 when the version does not exist
     */
    public BoundTable resolve(String function, Map<String, String> args, VersionSpec version, String catalogName,
            Cancellation cancellation, long queryTimeoutMillis) {
        FileTvfCall call = FileTvfArguments.parse(function, args, connectionProperties);
        if (!version.isLatest() && call.isMultiDataset()) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, function + "() with \"uris\" reads several datasets,"
                    + " each with its own versions, so it takes no \"version\" or \"timestamp\"; read one dataset"
                    + " with \"" + (function.equals("local") ? "file_path" : "uri") + "\" to time travel");
        }
        PinnedTable handle = planner.plan(call, cancellation, queryTimeoutMillis);
        if (!version.isLatest()) {
            DatasetSource source = handle.source();
            String table = function + "(" + describe(call) + ")";
            VersionResolver.Chosen chosen = new VersionResolver(new DatasetHistory(pool)).resolve(source, version,
                    table);
            handle = new PinnedTable(source, pool.snapshot(source, java.util.OptionalLong.of(chosen.version())),
                    handle.catalogType(), chosen.choice());
        }
        String display = function + "(" + describe(call) + ")";
        String label = handle.isSingleDataset() ? call.location().map(StorageLocation::uri)
                .orElse(handle.datasets().get(0).snapshot().uri()) : display;
        return new BoundTable(catalogName, function, display,
                ResultLabels.labelled(handle.datasets().get(0).snapshot().schema(), function, label), handle);
    }

    /** The location, or the {@code uris} elements as written (at most {@value #NAMED_PATTERNS}). */
    private static String describe(FileTvfCall call) {
        if (call.location().isPresent()) {
            return call.location().get().uri();
        }
        List<GlobPattern> patterns = call.patterns();
        String shown = patterns.stream().limit(NAMED_PATTERNS).map(p -> "\"" + p.text() + "\"")
                .collect(Collectors.joining(", "));
        int rest = patterns.size() - NAMED_PATTERNS;
        return "uris=[" + shown + (rest > 0 ? ", ... " + rest + " more" : "") + "]";
    }
}
