package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.exec.tvf.glob.GlobPattern;
import io.lancejdbc.exec.tvf.glob.UrisArgument;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks the named arguments of {@code s3(...)} and {@code local(...)} and turns them into a
 * {@link FileTvfCall}, before any storage is touched.
 *
 * <p>Arguments (Doris Lance Catalog manual, "Query Lance with File TVFs", and design "Revised Design — Phase 1"
 * §2):
 * <ul>
 *   <li>{@code "format" = "lance"}: required; another format is 42000.</li>
 *   <li>{@code s3()}: {@code "uri"} (one dataset root, taken as written) or {@code "uris"} (a JSON array of
 *       literal paths and globs, see {@link UrisArgument}), never both; storage properties {@code s3.endpoint},
 *       {@code s3.access_key}, {@code s3.secret_key}, {@code s3.session_token}, {@code s3.region},
 *       {@code use_path_style} and {@code lance.storage.<key>}, laid over the connection's. When the call gives
 *       any credential part, the connection's credential parts are all dropped, so a call's key is never paired
 *       with the connection's secret or session token.</li>
 *   <li>{@code local()}: {@code "file_path"} (one dataset root, taken literally: no globbing) or {@code "uris"}
 *       (local absolute paths and globs), never both; {@code "backend_id"} is accepted and ignored (there is one
 *       engine process).</li>
 *   <li>Both: the {@code lance.glob.*} budgets of {@link EngineProperty}, laid over the connection's.</li>
 * </ul>
 * Keys are lower-case (the parser folds them). {@code lance.local.allowed_roots} is refused as an argument: it is
 * a restriction of the connection or server, which a query must not lift.
 */
public final class FileTvfArguments {
    public static final String S3 = "s3";
    public static final String LOCAL = "local";

    private static final String FORMAT = "format";
    private static final String URI = "uri";
    private static final String URIS = "uris";
    private static final String FILE_PATH = "file_path";
    private static final String BACKEND_ID = "backend_id";
    private static final Set<String> S3_PROPERTIES = Set.of(EngineProperty.S3_ENDPOINT.key(),
            EngineProperty.S3_ACCESS_KEY.key(), EngineProperty.S3_SECRET_KEY.key(),
            EngineProperty.S3_SESSION_TOKEN.key(), EngineProperty.S3_REGION.key(), EngineProperty.USE_PATH_STYLE.key());
    private static final Set<String> CREDENTIALS = Set.of(EngineProperty.S3_ACCESS_KEY.key(),
            EngineProperty.S3_SECRET_KEY.key(), EngineProperty.S3_SESSION_TOKEN.key());
    private static final Set<String> BUDGETS = Set.of(EngineProperty.GLOB_MAX_DIRECTORY_CANDIDATES.key(),
            EngineProperty.GLOB_MAX_LISTING_REQUESTS.key(), EngineProperty.GLOB_LISTING_TIMEOUT.key(),
            EngineProperty.GLOB_MAX_DATASETS.key(), EngineProperty.GLOB_MAX_FRAGMENTS.key(),
            EngineProperty.GLOB_MAX_FIELDS_PER_SCHEMA.key(), EngineProperty.GLOB_MAX_CONCURRENT_OPENS.key());
    private static final String S3_VALID = "uri, uris, format, s3.endpoint, s3.access_key, s3.secret_key, "
            + "s3.session_token, s3.region, use_path_style, lance.storage.<key>, lance.glob.<budget>";
    private static final String LOCAL_VALID = "file_path, uris, format, backend_id, lance.glob.<budget>";

    private FileTvfArguments() {
    }

    /**
     * Validates the arguments of one call.
     *
     * @param function {@code s3} or {@code local}
     * @param args named arguments, keys lower-case, values unquoted
     * @param connectionProperties the connection's properties (storage options, budgets)
     * @return the call
     * @throws SqlError 42000 for a missing, unknown or conflicting argument; 42000 for a format other than lance;
     *         22023 for an invalid location, an invalid {@code uris} value (malformed JSON, a bad pattern, ...),
     *         elements of the wrong storage system, or invalid storage properties; never with a secret in it
     */
    public static FileTvfCall parse(String function, Map<String, String> args,
                                         Map<String, String> connectionProperties) {
        boolean local = function.equals(LOCAL);
        if (!local && !function.equals(S3)) {
            throw new IllegalArgumentException("not a file table function: " + function);
        }
        checkFormat(function, args.get(FORMAT));
        String singleKey = local ? FILE_PATH : URI;
        Map<String, String> callProperties = new HashMap<>();
        for (Map.Entry<String, String> e : args.entrySet()) {
            String k = e.getKey();
            if (k.equals(FORMAT) || k.equals(URIS) || k.equals(singleKey) || local && k.equals(BACKEND_ID)) {
                continue;
            }
            if (BUDGETS.contains(k) || !local && (S3_PROPERTIES.contains(k)
                    || k.startsWith(EngineProperty.LANCE_STORAGE_PREFIX))) {
                callProperties.put(k, e.getValue());
                continue;
            }
            if (k.equals(EngineProperty.LOCAL_ALLOWED_ROOTS.key())) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "'" + k + "' cannot be set in a " + function + "() call; "
                        + "it is a connection (or server) property that restricts local()");
            }
            throw new SqlError(SqlState.SYNTAX_ERROR, "'" + k + "' is an invalid property for " + function
                    + "(); valid: " + (local ? LOCAL_VALID : S3_VALID));
        }
        String single = args.get(singleKey);
        String uris = args.get(URIS);
        if (single != null && uris != null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, function + "() takes either \"" + singleKey + "\" (one dataset) "
                    + "or \"uris\" (a JSON array of paths and globs), not both");
        }
        if (single == null && uris == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, local
                    ? "local() needs \"file_path\" = \"/absolute/path.lance\" or \"uris\" = '[\"/data/a.lance\", "
                            + "\"/data/20*\"]'"
                    : "s3() needs \"uri\" = \"s3://bucket/path.lance\" or \"uris\" = '[\"s3://bucket/a.lance\", "
                            + "\"s3://bucket/20*\"]'");
        }
        Map<String, String> properties = new HashMap<>(connectionProperties);
        if (callProperties.keySet().stream().anyMatch(CREDENTIALS::contains)) {
            properties.keySet().removeAll(CREDENTIALS);
        }
        properties.putAll(callProperties);
        StorageOptions storage = StorageOptions.fromProperties(properties);
        if (single != null) {
            return new FileTvfCall(function, Optional.of(singleLocation(function, singleKey, single)), List.of(),
                    storage, properties);
        }
        List<GlobPattern> patterns = UrisArgument.parse(uris);
        StorageScheme expected = local ? StorageScheme.FILE : StorageScheme.S3;
        if (patterns.get(0).scheme() != expected) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, function + "() \"uris\" elements must be "
                    + (local ? "absolute local paths (or file:/// URIs)" : "s3:// locations") + ", got '"
                    + patterns.get(0).text() + "'" + (local ? "; use s3() for object storage"
                    : "; use local() for local paths"));
        }
        return new FileTvfCall(function, Optional.empty(), patterns, storage, properties);
    }

    private static void checkFormat(String function, String format) {
        if (format == null) {
            throw new SqlError(SqlState.SYNTAX_ERROR, function + "() needs \"format\" = \"lance\"");
        }
        if (!format.strip().equalsIgnoreCase("lance")) {
            throw new SqlError(SqlState.UNSUPPORTED_SQL, function + "() format '" + format
                    + "' is not supported; lance-jdbc reads \"format\" = \"lance\" only");
        }
    }

    private static StorageLocation singleLocation(String function, String key, String value) {
        if (value.isBlank()) {
            throw new SqlError(SqlState.SYNTAX_ERROR, function + "() \"" + key + "\" is empty; give the root directory "
                    + "of one Lance dataset");
        }
        boolean s3 = value.strip().toLowerCase(Locale.ROOT).startsWith("s3://");
        if (function.equals(S3) && !s3) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "s3() \"uri\" must start with s3://; use local() "
                    + "for local paths");
        }
        if (function.equals(LOCAL) && s3) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "local() \"file_path\" must be a local absolute "
                    + "path; use s3() for s3:// locations");
        }
        return StorageLocation.parse(value);
    }
}
