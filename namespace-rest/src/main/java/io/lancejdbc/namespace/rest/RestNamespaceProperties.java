package io.lancejdbc.namespace.rest;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The connection properties of a REST catalog and their parser into a {@link RestNamespaceConfig}.
 *
 * <p>{@code lance.rest.uri}, {@code lance.rest.security.type}, {@code lance.rest.bearer-token},
 * {@code lance.rest.api-key}, {@code lance.rest.header.<Name>} and {@code lance.namespace.delimiter} are the Doris
 * Lance Catalog manual's ("REST Catalog", "Common Properties"); the timeout, retry, page-size and CA-file properties
 * are this driver's. This class owns the whole {@code lance.rest.} family: an unknown name under it is an error, so
 * that a typo such as {@code lance.rest.bearer_token} never silently turns authentication off.
 */
public final class RestNamespaceProperties {
    public static final String URI = "lance.rest.uri";
    public static final String SECURITY_TYPE = "lance.rest.security.type";
    public static final String BEARER_TOKEN = "lance.rest.bearer-token";
    public static final String API_KEY = "lance.rest.api-key";
    public static final String HEADER_PREFIX = "lance.rest.header.";
    public static final String DELIMITER = "lance.namespace.delimiter";
    public static final String PAGE_SIZE = "lance.rest.page-size";
    public static final String CONNECT_TIMEOUT_MS = "lance.rest.connect-timeout-ms";
    public static final String READ_TIMEOUT_MS = "lance.rest.read-timeout-ms";
    public static final String CALL_TIMEOUT_MS = "lance.rest.call-timeout-ms";
    public static final String MAX_RETRIES = "lance.rest.max-retries";
    public static final String RETRY_INITIAL_BACKOFF_MS = "lance.rest.retry-initial-backoff-ms";
    public static final String RETRY_MAX_BACKOFF_MS = "lance.rest.retry-max-backoff-ms";
    public static final String TLS_CA_FILE = "lance.rest.tls.ca-file";

    private static final String REST_PREFIX = "lance.rest.";

    /** Every exact property name under {@code lance.rest.} (the header family aside), for unknown-name errors. */
    public static final List<String> REST_PROPERTY_NAMES = List.of(URI, SECURITY_TYPE, BEARER_TOKEN, API_KEY,
            PAGE_SIZE, CONNECT_TIMEOUT_MS, READ_TIMEOUT_MS, CALL_TIMEOUT_MS, MAX_RETRIES, RETRY_INITIAL_BACKOFF_MS,
            RETRY_MAX_BACKOFF_MS, TLS_CA_FILE);

    private RestNamespaceProperties() {
    }

    /**
     * Builds a client configuration from connection properties. Keys outside {@code lance.rest.} other than
     * {@link #DELIMITER} are ignored (they belong to the engine); values are trimmed.
     *
     * @param properties all connection properties, not null; values may not be null
     * @return the validated configuration; a missing optional property takes the {@link RestNamespaceConfig} default
     * @throws RestConfigException naming the property when {@code lance.rest.uri} is missing or not http(s), a
     *     number is malformed or out of range, the security type is unknown, the token or key of the chosen type is
     *     missing, a token or key is given for another type, a {@code lance.rest.} name is unknown, a custom header
     *     collides with the authentication header, or the CA file cannot be read
     */
    public static RestNamespaceConfig parse(Map<String, String> properties) {
        Map<String, String> headers = new TreeMap<>();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String key = e.getKey();
            if (key.startsWith(HEADER_PREFIX)) {
                headers.put(key.substring(HEADER_PREFIX.length()), e.getValue().trim());
            } else if (key.startsWith(REST_PREFIX) && !REST_PROPERTY_NAMES.contains(key)) {
                throw new RestConfigException("Unknown property '" + key + "'; REST catalog properties are "
                        + String.join(", ", REST_PROPERTY_NAMES) + " and " + HEADER_PREFIX + "<Name>");
            }
        }

        RestNamespaceConfig.Builder builder = RestNamespaceConfig.builder(value(properties, URI));
        builder.authentication(authentication(properties));
        String delimiter = properties.get(DELIMITER);
        if (delimiter != null) {
            // Not trimmed: a delimiter is matched literally, and " " is a (strange but) valid one.
            builder.delimiter(delimiter);
        }
        Integer pageSize = integer(properties, PAGE_SIZE);
        if (pageSize != null) {
            builder.pageSize(pageSize);
        }
        Duration connect = millis(properties, CONNECT_TIMEOUT_MS);
        if (connect != null) {
            builder.connectTimeout(connect);
        }
        Duration read = millis(properties, READ_TIMEOUT_MS);
        if (read != null) {
            builder.readTimeout(read);
        }
        Duration call = millis(properties, CALL_TIMEOUT_MS);
        if (call != null) {
            builder.callTimeout(call);
        }
        Integer retries = integer(properties, MAX_RETRIES);
        if (retries != null) {
            builder.maxRetries(retries);
        }
        Duration initial = millis(properties, RETRY_INITIAL_BACKOFF_MS);
        Duration max = millis(properties, RETRY_MAX_BACKOFF_MS);
        if (initial != null || max != null) {
            Duration i = initial != null ? initial : RestNamespaceConfig.DEFAULT_INITIAL_BACKOFF;
            Duration m = max != null ? max : RestNamespaceConfig.DEFAULT_MAX_BACKOFF;
            builder.retryBackoff(i, max == null && m.compareTo(i) < 0 ? i : m);
        }
        String caFile = value(properties, TLS_CA_FILE);
        if (caFile != null) {
            try {
                builder.caCertificateFile(Path.of(caFile));
            } catch (InvalidPathException e) {
                throw new RestConfigException(TLS_CA_FILE + " '" + caFile + "' is not a valid path: " + e.getReason(), e);
            }
        }
        headers.forEach(builder::header);
        return builder.build();
    }

    private static RestAuthentication authentication(Map<String, String> properties) {
        String typeText = value(properties, SECURITY_TYPE);
        RestSecurityType type = typeText == null ? RestSecurityType.NONE : RestSecurityType.fromPropertyValue(typeText);
        String token = value(properties, BEARER_TOKEN);
        String key = value(properties, API_KEY);
        if (token != null && type != RestSecurityType.BEARER) {
            throw new RestConfigException(BEARER_TOKEN + " is set but " + SECURITY_TYPE + " is '" + type.propertyValue()
                    + "'; set " + SECURITY_TYPE + "=bearer to send it, or remove it");
        }
        if (key != null && type != RestSecurityType.API_KEY) {
            throw new RestConfigException(API_KEY + " is set but " + SECURITY_TYPE + " is '" + type.propertyValue()
                    + "'; set " + SECURITY_TYPE + "=api_key to send it, or remove it");
        }
        switch (type) {
            case BEARER:
                if (token == null) {
                    throw new RestConfigException(SECURITY_TYPE + "=bearer requires " + BEARER_TOKEN);
                }
                return RestAuthentication.bearer(token);
            case API_KEY:
                if (key == null) {
                    throw new RestConfigException(SECURITY_TYPE + "=api_key requires " + API_KEY);
                }
                return RestAuthentication.apiKey(key);
            default:
                return RestAuthentication.none();
        }
    }

    /** The trimmed value, or null when the property is absent or blank. */
    private static String value(Map<String, String> properties, String key) {
        String v = properties.get(key);
        if (v == null || v.isBlank()) {
            return null;
        }
        return v.trim();
    }

    private static Integer integer(Map<String, String> properties, String key) {
        String v = value(properties, key);
        if (v == null) {
            return null;
        }
        try {
            return Integer.valueOf(v);
        } catch (NumberFormatException e) {
            throw new RestConfigException(key + " must be a whole number, got '" + v + "'");
        }
    }

    private static Duration millis(Map<String, String> properties, String key) {
        String v = value(properties, key);
        if (v == null) {
            return null;
        }
        try {
            return Duration.ofMillis(Long.parseLong(v));
        } catch (NumberFormatException e) {
            throw new RestConfigException(key + " must be a whole number of milliseconds, got '" + v + "'");
        }
    }
}
