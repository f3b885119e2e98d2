package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.sql.SqlError;
import io.lancejdbc.sql.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Resolves the file table functions {@code s3("uri" = ...)} and {@code local("file_path" = ...)} with
 * {@code "format" = "lance"} to one pinned dataset (Doris Lance Catalog manual, "Query Lance with File TVFs").
 */
class FileFunctionResolver {
    private final DatasetHandlePool pool;
    private final Map<String, String> connectionProperties;

    FileFunctionResolver(DatasetHandlePool pool, Map<String, String> connectionProperties) {
        this.pool = pool;
        this.connectionProperties = Map.copyOf(connectionProperties);
    }

    /**
     * @throws SqlError 42000 for missing or unknown arguments, 22023 for bad paths, 42S02 when no dataset is there
     */
    BoundTable resolve(String function, Map<String, String> args, String catalogName) {
        String format = args.get("format");
        if (format == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, function + "() needs \"format\" = \"lance\"");
        }
        if (!format.trim().equalsIgnoreCase("lance")) {
            throw new SqlError(SqlState.FEATURE_NOT_SUPPORTED, function + "() format '" + format
                    + "' is not supported; lance-jdbc reads \"format\" = \"lance\" only");
        }
        String location;
        Map<String, String> storage = new HashMap<>(connectionProperties);
        if (function.equals("local")) {
            location = args.get("file_path");
            if (location == null || location.isBlank()) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "local() needs \"file_path\" = \"/absolute/path.lance\"");
            }
            for (String k : args.keySet()) {
                if (!k.equals("file_path") && !k.equals("format") && !k.equals("backend_id")) {
                    throw new SqlError(SqlState.SYNTAX_ERROR, "'" + k + "' is an invalid property for local(); valid:"
                            + " file_path, format, backend_id");
                }
            }
        } else {
            location = args.get("uri");
            if (location == null || location.isBlank()) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "s3() needs \"uri\" = \"s3://bucket/path.lance\"");
            }
            for (Map.Entry<String, String> e : args.entrySet()) {
                String k = e.getKey();
                if (k.startsWith("s3.") || k.equals("use_path_style") || k.startsWith("lance.storage.")) {
                    storage.put(k, e.getValue());
                } else if (!k.equals("uri") && !k.equals("format")) {
                    throw new SqlError(SqlState.SYNTAX_ERROR, "'" + k + "' is an invalid property for s3(); valid: uri,"
                            + " format, s3.endpoint, s3.access_key, s3.secret_key, s3.session_token, s3.region,"
                            + " use_path_style, lance.storage.<key>");
                }
            }
            if (!location.toLowerCase(Locale.ROOT).startsWith("s3://")) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "s3() \"uri\" must start with s3://");
            }
        }
        StorageLocation loc = StorageLocation.parse(location);
        Map<String, String> options = StorageOptions.fromProperties(storage).lanceOptions();
        DatasetSource source = new DatasetSource(loc.uri(), options);
        Snapshot snapshot = pool.snapshot(source, OptionalLong.empty());
        PinnedTable handle = new PinnedTable(source, snapshot, "tvf");
        String display = function + "(" + loc.uri() + ")";
        return new BoundTable(catalogName, function, display,
                SessionCatalogView.labelled(snapshot.schema(), function, loc.uri()), handle);
    }
}
