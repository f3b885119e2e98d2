package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.remote.RemoteProtocol;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A {@code jdbc:lance:} URL, taken apart.
 *
 * <pre>
 *   jdbc:lance:/abs/warehouse[?k=v&amp;k2=v2]          filesystem warehouse, local path
 *   jdbc:lance:file:///abs/warehouse[?...]           the same as a file URI
 *   jdbc:lance:s3://bucket/prefix[?...]              filesystem warehouse on S3
 *   jdbc:lance:rest:https://host[:port][/base][?...] Lance REST namespace (lance.catalog.type=rest)
 *   jdbc:lance:flight://host:port[?...]              a lance-jdbc Flight SQL server (the thin client)
 *   jdbc:lance:flight+tls://host:port[?...]          the same over TLS
 *   jdbc:lance:[?...]                                the properties decide
 * </pre>
 *
 * The query string holds connection properties; keys and values are percent-decoded ({@code %2B} is a plus sign; a
 * {@code +} stays a plus, unlike HTML form encoding, because S3 secret keys contain plus signs). A REST base URI
 * cannot carry its own query string.
 */
final class LanceUrl {
    static final String PREFIX = "jdbc:lance:";
    static final String REST_PREFIX = "rest:";
    /** A lance-jdbc (or any Flight SQL) server: {@code flight://host:port}. */
    static final String FLIGHT_PREFIX = "flight://";
    /** The same over TLS. */
    static final String FLIGHT_TLS_PREFIX = "flight+tls://";

    private final String url;
    private final String location;
    private final Map<String, String> parameters;

    private LanceUrl(String url, String location, Map<String, String> parameters) {
        this.url = url;
        this.location = location;
        this.parameters = parameters;
    }

    /** True for URLs this driver handles: exactly the {@code jdbc:lance:} prefix, case-sensitive. */
    static boolean accepts(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    /**
     * @throws SQLException 08001 for a malformed query string (a parameter without {@code =}, an empty key, a
     *     repeated key, a bad percent escape)
     */
    static LanceUrl parse(String url) throws SQLException {
        if (!accepts(url)) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "Not a lance-jdbc URL (it must start with "
                    + PREFIX + ")");
        }
        String rest = url.substring(PREFIX.length());
        int q = rest.indexOf('?');
        String location = q < 0 ? rest : rest.substring(0, q);
        Map<String, String> params = new LinkedHashMap<>();
        if (q >= 0) {
            String query = rest.substring(q + 1);
            for (String pair : query.split("&", -1)) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "URL parameter '" + decode(
                            eq < 0 ? pair : "", url) + "' is malformed: write key=value pairs separated by & after ?");
                }
                String key = decode(pair.substring(0, eq), url);
                String value = decode(pair.substring(eq + 1), url);
                if (params.put(key, value) != null) {
                    throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "URL parameter '" + key
                            + "' is given more than once");
                }
            }
        }
        return new LanceUrl(url, location, Collections.unmodifiableMap(params));
    }

    /** Strict percent-decoding as UTF-8; '+' is a literal plus. */
    private static String decode(String s, String url) throws SQLException {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
                int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "Bad percent escape in the URL query string "
                            + "(write %XX with two hex digits; a literal % is %25)");
                }
                out.write(hi * 16 + lo);
                i += 2;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
            }
        }
        try {
            // Strict: a replacement character would silently change a bucket, a path or a key.
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(out.toByteArray())).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "Bad percent escape in the URL query string: the"
                    + " escaped bytes are not UTF-8 (encode each character as UTF-8, e.g. %C3%A9 for \u00e9)");
        }
    }

    /** True for {@code flight://} and {@code flight+tls://} locations: the engine is a server. */
    boolean remote() {
        return location.startsWith(FLIGHT_PREFIX) || location.startsWith(FLIGHT_TLS_PREFIX);
    }

    /** The part between the prefix and {@code ?}: a warehouse, {@code rest:<uri>}, or "". */
    String location() {
        return location;
    }

    /** The decoded query-string parameters in URL order. */
    Map<String, String> parameters() {
        return parameters;
    }

    /**
     * The properties the location sets: {@code warehouse}, or {@code lance.catalog.type=rest} and
     * {@code lance.rest.uri}; empty for {@code jdbc:lance:}.
     *
     * @throws SQLException 08001 for a relative path, an unknown scheme or a malformed REST URI
     */
    Map<String, String> locationProperties() throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        if (location.isEmpty()) {
            return out;
        }
        if (remote()) {
            out.put(RemoteProtocol.URI, flightUri());
            return out;
        }
        if (location.startsWith(REST_PREFIX)) {
            out.put(EngineProperty.CATALOG_TYPE.key(), "rest");
            out.put(EngineProperty.REST_URI.key(), RestUri.validate(location.substring(REST_PREFIX.length()),
                    "the URL " + redacted()));
            return out;
        }
        out.put(EngineProperty.WAREHOUSE.key(), WarehouseLocation.normalize(location, "the URL " + redacted()));
        return out;
    }

    /** {@code grpc+tcp://host:port} or {@code grpc+tls://host:port} of a remote location. */
    private String flightUri() throws SQLException {
        boolean tls = location.startsWith(FLIGHT_TLS_PREFIX);
        String hostPort = location.substring(tls ? FLIGHT_TLS_PREFIX.length() : FLIGHT_PREFIX.length());
        if (hostPort.endsWith("/")) {
            hostPort = hostPort.substring(0, hostPort.length() - 1);
        }
        URI parsed;
        try {
            parsed = new URI("grpc+tcp://" + hostPort);
        } catch (URISyntaxException e) {
            parsed = null;
        }
        if (parsed == null || parsed.getHost() == null || parsed.getPort() < 1 || parsed.getRawUserInfo() != null
                || (parsed.getRawPath() != null && !parsed.getRawPath().isEmpty())) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The server address in " + redacted()
                    + " must be host:port, e.g. jdbc:lance:flight://127.0.0.1:31337");
        }
        return (tls ? "grpc+tls://" : "grpc+tcp://") + hostPort;
    }

    /** The URL with the values of secret parameters and any user-info in a REST URI replaced by {@code ****}. */
    String redacted() {
        StringBuilder out = new StringBuilder(PREFIX);
        out.append(location.startsWith(REST_PREFIX)
                ? REST_PREFIX + redactUserInfo(location.substring(REST_PREFIX.length())) : redactUserInfo(location));
        String sep = "?";
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            out.append(sep).append(e.getKey()).append('=')
                    .append(EngineConfig.isSecretKey(e.getKey()) ? "****" : e.getValue());
            sep = "&";
        }
        return out.toString();
    }

    /** Never the raw URL: it may carry secrets. */
    @Override
    public String toString() {
        return redacted();
    }

    /** Validation and redaction of REST namespace URIs. */
    static final class RestUri {
        private RestUri() {
        }

        /**
         * @param where where the URI came from, for the message
         * @throws SQLException 08001 unless the URI is http:// or https:// with a host
         */
        static String validate(String uri, String where) throws SQLException {
            URI parsed;
            try {
                parsed = new URI(uri);
            } catch (URISyntaxException e) {
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The REST namespace URI in " + where
                        + " is malformed (" + e.getReason() + "); write rest:https://host[:port][/base]");
            }
            String scheme = parsed.getScheme() == null ? "" : parsed.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || parsed.getHost() == null) {
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The REST namespace URI '" + redactUserInfo(uri)
                        + "' in "
                        + where + " must be http:// or https:// with a host, e.g. jdbc:lance:rest:https://host:8181");
            }
            if (parsed.getRawUserInfo() != null) {
                // Checked here so that connect fails with 08001 like the other URI errors (the REST client's own
                // check reported 22023 later).
                throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, "The REST namespace URI '" + redactUserInfo(uri)
                        + "' in " + where + " must not contain user information (user:password@); set"
                        + " lance.rest.security.type with a bearer token or API key instead");
            }
            return uri;
        }

    }

    /** {@code scheme://user:secret@host/...} with the user-info replaced by {@code ****}; other text unchanged. */
    static String redactUserInfo(String uri) {
        int scheme = uri.indexOf("://");
        if (scheme < 0) {
            return uri;
        }
        int path = uri.indexOf('/', scheme + 3);
        int at = uri.lastIndexOf('@', path < 0 ? uri.length() - 1 : path);
        if (at > scheme) {
            return uri.substring(0, scheme + 3) + "****" + uri.substring(at);
        }
        return uri;
    }
}
