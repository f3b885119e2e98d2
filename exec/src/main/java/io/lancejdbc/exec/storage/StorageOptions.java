package io.lancejdbc.exec.storage;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The Lance storage options of one connection, table or file TVF call: immutable, with every S3 option spelled
 * once, and secrets hidden from {@link #toString()}.
 *
 * <p>Mapping from connection / TVF properties ({@link EngineProperty}):
 * <table>
 *   <caption>property to Lance storage option</caption>
 *   <tr><td>{@code s3.endpoint}</td><td>{@code aws_endpoint}, plus {@code allow_http=true} for an
 *       {@code http://} endpoint</td></tr>
 *   <tr><td>{@code s3.access_key}</td><td>{@code aws_access_key_id}</td></tr>
 *   <tr><td>{@code s3.secret_key}</td><td>{@code aws_secret_access_key}</td></tr>
 *   <tr><td>{@code s3.session_token}</td><td>{@code aws_session_token}</td></tr>
 *   <tr><td>{@code s3.region}</td><td>{@code aws_region}, always set ({@code us-east-1} by default)</td></tr>
 *   <tr><td>{@code use_path_style}</td><td>{@code virtual_hosted_style_request} = its negation (default
 *       path style)</td></tr>
 *   <tr><td>{@code lance.storage.<key>}</td><td>{@code <key>} unchanged; it replaces a mapped option of the
 *       same meaning (e.g. {@code lance.storage.region} replaces {@code aws_region})</td></tr>
 * </table>
 * Without {@code s3.access_key}/{@code s3.secret_key} no credential is set and both Lance and the S3 listing use
 * the default AWS credential chain.
 *
 * <p>Vended options ({@link #withVendedOptions}) from a REST namespace's DescribeTable are laid over these; S3
 * keys are accepted with and without the {@code aws_} prefix and emitted prefixed (see {@link S3OptionKey}).
 */
public final class StorageOptions {
    /** Region used when none is configured; S3-compatible servers accept it and SigV4 needs one. */
    public static final String DEFAULT_REGION = "us-east-1";

    private final Map<String, String> lanceOptions;

    private StorageOptions(Map<String, String> lanceOptions) {
        this.lanceOptions = Collections.unmodifiableMap(new TreeMap<>(lanceOptions));
    }

    /**
     * Builds options from connection or TVF properties; keys that are neither S3 properties nor
     * {@code lance.storage.*} are ignored.
     *
     * @param properties property name to value, not null
     * @throws SqlError 22023 for an invalid {@code s3.endpoint}, {@code use_path_style} that is not true/false,
     *         a secret key without an access key (or the reverse), a session token without keys, or an empty
     *         {@code lance.storage.} key; messages never contain a secret value
     */
    public static StorageOptions fromProperties(Map<String, String> properties) {
        Objects.requireNonNull(properties, "properties");
        Map<String, String> options = new TreeMap<>();
        String endpoint = trimToNull(properties.get(EngineProperty.S3_ENDPOINT.key()));
        if (endpoint != null) {
            validateEndpoint(endpoint, EngineProperty.S3_ENDPOINT.key(), SqlState.INVALID_PARAMETER_VALUE);
            options.put(S3OptionKey.ENDPOINT.lanceKey(), endpoint);
        }
        String accessKey = trimToNull(properties.get(EngineProperty.S3_ACCESS_KEY.key()));
        String secretKey = trimToNull(properties.get(EngineProperty.S3_SECRET_KEY.key()));
        String token = trimToNull(properties.get(EngineProperty.S3_SESSION_TOKEN.key()));
        if ((accessKey == null) != (secretKey == null)) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, (accessKey == null
                    ? "s3.secret_key is set but s3.access_key is missing"
                    : "s3.access_key is set but s3.secret_key is missing")
                    + "; set both, or neither to use the default AWS credential chain");
        }
        if (token != null && accessKey == null) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "s3.session_token is set without s3.access_key and s3.secret_key; temporary credentials need all "
                            + "three");
        }
        if (accessKey != null) {
            options.put(S3OptionKey.ACCESS_KEY_ID.lanceKey(), accessKey);
            options.put(S3OptionKey.SECRET_ACCESS_KEY.lanceKey(), secretKey);
            if (token != null) {
                options.put(S3OptionKey.SESSION_TOKEN.lanceKey(), token);
            }
        }
        String region = trimToNull(properties.get(EngineProperty.S3_REGION.key()));
        if (region != null) {
            options.put(S3OptionKey.REGION.lanceKey(), region);
        }
        String pathStyle = trimToNull(properties.get(EngineProperty.USE_PATH_STYLE.key()));
        boolean usePathStyle = parseBoolean(pathStyle == null ? EngineProperty.USE_PATH_STYLE.defaultValue()
                : pathStyle, EngineProperty.USE_PATH_STYLE.key());
        options.put(S3OptionKey.VIRTUAL_HOSTED_STYLE_REQUEST.lanceKey(), Boolean.toString(!usePathStyle));

        TreeMap<String, String> passThrough = new TreeMap<>();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey().startsWith(EngineProperty.LANCE_STORAGE_PREFIX)) {
                String key = e.getKey().substring(EngineProperty.LANCE_STORAGE_PREFIX.length());
                if (key.isEmpty()) {
                    throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + EngineProperty.LANCE_STORAGE_PREFIX
                            + "' needs a Lance storage option name after the prefix, e.g. "
                            + EngineProperty.LANCE_STORAGE_PREFIX + "client_max_retries");
                }
                passThrough.put(key, Objects.requireNonNull(e.getValue(), e.getKey()));
            }
        }
        overlay(options, passThrough, false);
        return new StorageOptions(complete(options));
    }

    /**
     * These options with a REST namespace's vended storage options laid over them.
     *
     * <p>S3 keys are recognized with and without the {@code aws_} prefix and emitted prefixed. When the vended
     * map carries any credential part (key id, secret, session token), the connection's credential parts are all
     * dropped first, so a vended key id is never paired with the connection's secret or a stale session token.
     * Other vended keys ({@code expires_at_millis}, ...) are kept unchanged.
     *
     * @param vended DescribeTable's {@code storage_options}, not null, may be empty
     */
    public StorageOptions withVendedOptions(Map<String, String> vended) {
        Objects.requireNonNull(vended, "vended");
        if (vended.isEmpty()) {
            return this;
        }
        Map<String, String> options = new TreeMap<>(lanceOptions);
        overlay(options, new TreeMap<>(vended), true);
        return new StorageOptions(complete(options));
    }

    /** The options to hand to lance-core ({@code ReadOptions}, {@code WriteParams}); unmodifiable, sorted. */
    public Map<String, String> lanceOptions() {
        return lanceOptions;
    }

    /**
     * The endpoint, region, addressing style and credentials for the S3 listing client, read from the same
     * options Lance gets.
     *
     * @throws SqlError 08001 when vended or passed-through options name an endpoint that is not an http(s) URL,
     *         or carry only half of a key pair
     */
    public S3ClientSettings s3ClientSettings() {
        Optional<URI> endpoint = value(S3OptionKey.ENDPOINT).map(e -> validateEndpoint(e, "storage option "
                + "'aws_endpoint'", SqlState.CONNECTION_FAILURE));
        String region = value(S3OptionKey.REGION).orElse(DEFAULT_REGION);
        boolean pathStyle = !value(S3OptionKey.VIRTUAL_HOSTED_STYLE_REQUEST).map(v -> v.equalsIgnoreCase("true"))
                .orElse(false);
        Optional<String> access = value(S3OptionKey.ACCESS_KEY_ID);
        Optional<String> secret = value(S3OptionKey.SECRET_ACCESS_KEY);
        if (access.isPresent() != secret.isPresent()) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The storage options carry "
                    + (access.isPresent() ? "an access key id without a secret access key"
                    : "a secret access key without an access key id") + "; S3 requests cannot be signed");
        }
        Optional<S3ClientSettings.Credentials> credentials = access.map(a -> new S3ClientSettings.Credentials(a,
                secret.get(), value(S3OptionKey.SESSION_TOKEN)));
        return new S3ClientSettings(endpoint, region, pathStyle, credentials);
    }

    /** True when {@code key} holds a credential (its value is never printed). */
    public static boolean isSecretOption(String key) {
        return EngineConfig.isSecretKey(key) || S3OptionKey.of(key).map(S3OptionKey::isCredential).orElse(false);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StorageOptions other && lanceOptions.equals(other.lanceOptions);
    }

    @Override
    public int hashCode() {
        return lanceOptions.hashCode();
    }

    /** Every option, credentials shown as {@code ****}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("StorageOptions{");
        String sep = "";
        for (Map.Entry<String, String> e : lanceOptions.entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(isSecretOption(e.getKey()) ? "****" : e.getValue());
            sep = ", ";
        }
        return sb.append('}').toString();
    }

    private Optional<String> value(S3OptionKey option) {
        for (String spelling : option.spellings()) {
            for (Map.Entry<String, String> e : lanceOptions.entrySet()) {
                if (e.getKey().equalsIgnoreCase(spelling)) {
                    return Optional.of(e.getValue());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Lays {@code overlay} (iterated in key order, so a prefixed spelling wins over its alias) over
     * {@code options}, keeping one spelling per S3 option.
     */
    private static void overlay(Map<String, String> options, TreeMap<String, String> overlay, boolean canonicalize) {
        boolean replacesCredentials = overlay.keySet().stream()
                .anyMatch(k -> S3OptionKey.of(k).map(S3OptionKey::isCredential).orElse(false));
        if (replacesCredentials) {
            options.keySet().removeIf(k -> S3OptionKey.of(k).map(S3OptionKey::isCredential).orElse(false));
        }
        for (Map.Entry<String, String> e : overlay.entrySet()) {
            Optional<S3OptionKey> option = S3OptionKey.of(e.getKey());
            if (option.isPresent()) {
                S3OptionKey o = option.get();
                options.keySet().removeIf(k -> S3OptionKey.of(k).orElse(null) == o);
                options.put(canonicalize ? o.lanceKey() : e.getKey(), Objects.requireNonNull(e.getValue(), e.getKey()));
            } else {
                options.put(e.getKey(), Objects.requireNonNull(e.getValue(), e.getKey()));
            }
        }
    }

    /** Adds the default region and, for an {@code http://} endpoint, {@code allow_http=true} unless given. */
    private static Map<String, String> complete(Map<String, String> options) {
        boolean hasRegion = options.keySet().stream()
                .anyMatch(k -> S3OptionKey.of(k).orElse(null) == S3OptionKey.REGION);
        if (!hasRegion) {
            options.put(S3OptionKey.REGION.lanceKey(), DEFAULT_REGION);
        }
        boolean hasAllowHttp = options.keySet().stream()
                .anyMatch(k -> S3OptionKey.of(k).orElse(null) == S3OptionKey.ALLOW_HTTP);
        boolean httpEndpoint = options.entrySet().stream()
                .anyMatch(e -> S3OptionKey.of(e.getKey()).orElse(null) == S3OptionKey.ENDPOINT
                        && e.getValue().toLowerCase(Locale.ROOT).startsWith("http://"));
        if (httpEndpoint && !hasAllowHttp) {
            options.put(S3OptionKey.ALLOW_HTTP.lanceKey(), "true");
        }
        return options;
    }

    private static URI validateEndpoint(String endpoint, String what, String sqlState) {
        URI uri;
        try {
            uri = new URI(endpoint);
        } catch (URISyntaxException e) {
            throw new SqlError(sqlState, "Invalid " + what + ": not a URL; write http://host:port or https://host");
        }
        if (uri.getRawUserInfo() != null) {
            // Never echo it: the user-info part is a credential.
            throw new SqlError(sqlState, "Invalid " + what + ": it must not carry credentials before '@'; set "
                    + "s3.access_key and s3.secret_key instead");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new SqlError(sqlState, "Invalid " + what + " '" + endpoint + "': write http://host:port or "
                    + "https://host");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new SqlError(sqlState, "Invalid " + what + " '" + StorageLocation.echo(endpoint)
                    + "': an endpoint has no query or fragment");
        }
        return uri;
    }

    private static boolean parseBoolean(String value, String key) {
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid " + key + " '" + value + "': use true or false");
    }

    private static String trimToNull(String s) {
        if (s == null) {
            return null;
        }
        String t = s.strip();
        return t.isEmpty() ? null : t;
    }
}
