package io.lancejdbc.namespace.rest;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything a {@link RestNamespaceClient} needs to reach one Lance REST namespace service. Immutable and validated
 * when built, so a bad setting fails before the first request; {@code toString()} never shows a credential or a
 * custom header value.
 *
 * <p>Build one with {@link #builder(String)}, or from connection properties with
 * {@link RestNamespaceProperties#parse(Map)}.
 */
public final class RestNamespaceConfig {
    /** Spec default: "When not specified, the {@code $} delimiter must be used." */
    public static final String DEFAULT_DELIMITER = "$";
    public static final int DEFAULT_PAGE_SIZE = 100;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(60);
    public static final int DEFAULT_MAX_RETRIES = 3;
    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(200);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(5);

    /** Headers OkHttp derives from the request itself; a custom value would corrupt the exchange. */
    private static final Set<String> MANAGED_HEADERS =
            Set.of("host", "content-length", "content-type", "transfer-encoding", "connection");

    private final URI baseUri;
    private final String delimiter;
    private final int pageSize;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Duration callTimeout;
    private final int maxRetries;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final RestAuthentication authentication;
    private final Map<String, String> headers;
    private final Path caCertificateFile;
    private final List<X509Certificate> caCertificates;

    private RestNamespaceConfig(Builder b, URI baseUri, List<X509Certificate> caCertificates) {
        this.baseUri = baseUri;
        this.delimiter = b.delimiter;
        this.pageSize = b.pageSize;
        this.connectTimeout = b.connectTimeout;
        this.readTimeout = b.readTimeout;
        this.callTimeout = b.callTimeout;
        this.maxRetries = b.maxRetries;
        this.initialBackoff = b.initialBackoff;
        this.maxBackoff = b.maxBackoff;
        this.authentication = b.authentication;
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(b.headers));
        this.caCertificateFile = b.caCertificateFile;
        this.caCertificates = caCertificates;
    }

    /**
     * Starts a configuration for the service at {@code uri}.
     *
     * @param uri {@code http://} or {@code https://host[:port][/base-path]}; the base path is kept and the spec's
     *     {@code /v1/...} paths are appended to it. Checked by {@link Builder#build()}.
     */
    public static Builder builder(String uri) {
        return new Builder(uri);
    }

    /** A builder holding this configuration's settings, to derive a changed copy. */
    public Builder newBuilder() {
        Builder b = new Builder(baseUri.toString());
        b.delimiter = delimiter;
        b.pageSize = pageSize;
        b.connectTimeout = connectTimeout;
        b.readTimeout = readTimeout;
        b.callTimeout = callTimeout;
        b.maxRetries = maxRetries;
        b.initialBackoff = initialBackoff;
        b.maxBackoff = maxBackoff;
        b.authentication = authentication;
        b.headers.putAll(headers);
        b.caCertificateFile = caCertificateFile;
        return b;
    }

    /** The service URI without a trailing slash, e.g. {@code https://lance.example.com/api}. No user info or query. */
    public URI baseUri() {
        return baseUri;
    }

    /** Joins the parts of a namespace or table id; the delimiter alone names the root namespace. */
    public String delimiter() {
        return delimiter;
    }

    /** The {@code limit} sent with each list request: at most this many entries per page. */
    public int pageSize() {
        return pageSize;
    }

    /** Time to establish a TCP (and TLS) connection. Positive. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Longest silence while reading a response or writing a request. Positive. */
    public Duration readTimeout() {
        return readTimeout;
    }

    /** Longest time one HTTP exchange may take from start to end (each retry gets its own); zero = no limit. */
    public Duration callTimeout() {
        return callTimeout;
    }

    /** Retries after the first attempt for a retry-safe operation; 0 disables retries. */
    public int maxRetries() {
        return maxRetries;
    }

    /** Backoff before the first retry; doubled for each further retry up to {@link #maxBackoff()}. */
    public Duration initialBackoff() {
        return initialBackoff;
    }

    /** Upper bound of one backoff, including a server's {@code Retry-After}. */
    public Duration maxBackoff() {
        return maxBackoff;
    }

    /** The authentication scheme; {@code toString()} hides its secret. */
    public RestAuthentication authentication() {
        return authentication;
    }

    /** Custom headers sent on every request, by name as given, in insertion order. Values may be secrets. */
    public Map<String, String> headers() {
        return headers;
    }

    /** A PEM file of CA certificates trusted in addition to the JDK trust store, if configured. */
    public Optional<Path> caCertificateFile() {
        return Optional.ofNullable(caCertificateFile);
    }

    /** The certificates read from {@link #caCertificateFile()} when the configuration was built; empty without one. */
    List<X509Certificate> caCertificates() {
        return caCertificates;
    }

    /** Shows every setting except credentials and custom header values. */
    @Override
    public String toString() {
        return "RestNamespaceConfig{uri=" + baseUri + ", delimiter=" + delimiter + ", pageSize=" + pageSize
                + ", connectTimeout=" + connectTimeout.toMillis() + "ms, readTimeout=" + readTimeout.toMillis()
                + "ms, callTimeout=" + callTimeout.toMillis() + "ms, maxRetries=" + maxRetries
                + ", backoff=" + initialBackoff.toMillis() + ".." + maxBackoff.toMillis() + "ms"
                + ", authentication=" + authentication + ", headers=" + headers.keySet()
                + (caCertificateFile == null ? "" : ", caFile=" + caCertificateFile) + "}";
    }

    /** Collects settings; {@link #build()} validates them all. Not thread-safe. */
    public static final class Builder {
        private final String uri;
        private String delimiter = DEFAULT_DELIMITER;
        private int pageSize = DEFAULT_PAGE_SIZE;
        private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
        private Duration readTimeout = DEFAULT_READ_TIMEOUT;
        private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
        private int maxRetries = DEFAULT_MAX_RETRIES;
        private Duration initialBackoff = DEFAULT_INITIAL_BACKOFF;
        private Duration maxBackoff = DEFAULT_MAX_BACKOFF;
        private RestAuthentication authentication = RestAuthentication.none();
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Path caCertificateFile;

        private Builder(String uri) {
            this.uri = uri;
        }

        /** Id delimiter, non-empty; default {@code $}. */
        public Builder delimiter(String delimiter) {
            this.delimiter = delimiter;
            return this;
        }

        /** Entries requested per list page, at least 1; default 100. */
        public Builder pageSize(int pageSize) {
            this.pageSize = pageSize;
            return this;
        }

        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        public Builder readTimeout(Duration timeout) {
            this.readTimeout = timeout;
            return this;
        }

        /** Whole-exchange timeout per attempt; {@link Duration#ZERO} for none. */
        public Builder callTimeout(Duration timeout) {
            this.callTimeout = timeout;
            return this;
        }

        /** Retries after the first attempt, at least 0; default 3. */
        public Builder maxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
            return this;
        }

        /** Exponential backoff bounds: first delay and cap, {@code 0 <= initial <= max}. */
        public Builder retryBackoff(Duration initial, Duration max) {
            this.initialBackoff = initial;
            this.maxBackoff = max;
            return this;
        }

        public Builder authentication(RestAuthentication authentication) {
            this.authentication = Objects.requireNonNull(authentication, "authentication");
            return this;
        }

        /**
         * Adds a header sent on every request. Names are compared case-insensitively; adding a name twice, or the
         * name of the authentication header, fails in {@link #build()}.
         */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            String previous = headers.putIfAbsent(name, value);
            if (previous != null) {
                throw new RestConfigException("Custom header '" + name + "' is set twice");
            }
            return this;
        }

        /** A PEM file of CA certificates to trust besides the JDK trust store; read by {@link #build()}. */
        public Builder caCertificateFile(Path pemFile) {
            this.caCertificateFile = pemFile;
            return this;
        }

        /**
         * Validates every setting and reads the CA file.
         *
         * @throws RestConfigException naming the first invalid setting
         */
        public RestNamespaceConfig build() {
            URI base = checkUri(uri);
            if (delimiter == null || delimiter.isEmpty()) {
                throw new RestConfigException(RestNamespaceProperties.DELIMITER + " must not be empty");
            }
            if (pageSize < 1) {
                throw new RestConfigException("The page size (" + RestNamespaceProperties.PAGE_SIZE
                        + ") must be at least 1, got " + pageSize);
            }
            checkPositive(connectTimeout, "connect timeout", RestNamespaceProperties.CONNECT_TIMEOUT_MS);
            checkPositive(readTimeout, "read timeout", RestNamespaceProperties.READ_TIMEOUT_MS);
            checkNotNegative(callTimeout, "call timeout", RestNamespaceProperties.CALL_TIMEOUT_MS);
            if (maxRetries < 0) {
                throw new RestConfigException("The retry count (" + RestNamespaceProperties.MAX_RETRIES
                        + ") must be 0 or more, got " + maxRetries);
            }
            checkNotNegative(initialBackoff, "initial retry backoff", RestNamespaceProperties.RETRY_INITIAL_BACKOFF_MS);
            checkNotNegative(maxBackoff, "maximum retry backoff", RestNamespaceProperties.RETRY_MAX_BACKOFF_MS);
            if (maxBackoff.compareTo(initialBackoff) < 0) {
                throw new RestConfigException("The maximum retry backoff (" + RestNamespaceProperties.RETRY_MAX_BACKOFF_MS
                        + ") must not be below the initial backoff (" + RestNamespaceProperties.RETRY_INITIAL_BACKOFF_MS
                        + ")");
            }
            checkHeaders();
            List<X509Certificate> certificates = caCertificateFile == null
                    ? List.of()
                    : PemCertificates.read(caCertificateFile);
            return new RestNamespaceConfig(this, base, certificates);
        }

        private void checkHeaders() {
            Map<String, String> seen = new LinkedHashMap<>();
            String authHeader = authentication.headerName().orElse(null);
            for (String name : headers.keySet()) {
                checkHeaderName(name);
                checkHeaderValue(name, headers.get(name));
                String lower = name.toLowerCase(Locale.ROOT);
                String earlier = seen.putIfAbsent(lower, name);
                if (earlier != null) {
                    throw new RestConfigException("Custom headers '" + earlier + "' and '" + name
                            + "' are the same header (names are case-insensitive); keep one");
                }
                if (authHeader != null && lower.equals(authHeader.toLowerCase(Locale.ROOT))) {
                    throw new RestConfigException("Custom header '" + name + "' collides with the '" + authHeader
                            + "' header that " + RestNamespaceProperties.SECURITY_TYPE + "="
                            + authentication.type().propertyValue() + " sends; remove "
                            + RestNamespaceProperties.HEADER_PREFIX + name + " and keep the credential in "
                            + (authentication.type() == RestSecurityType.BEARER
                                    ? RestNamespaceProperties.BEARER_TOKEN : RestNamespaceProperties.API_KEY));
                }
                if (MANAGED_HEADERS.contains(lower)) {
                    throw new RestConfigException("Custom header '" + name
                            + "' cannot be set: the HTTP client derives it from each request");
                }
            }
        }
    }

    private static URI checkUri(String text) {
        String property = RestNamespaceProperties.URI;
        if (text == null || text.isBlank()) {
            throw new RestConfigException(property + " is required: the http:// or https:// address of the Lance"
                    + " REST namespace service");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            // The reason and index only: the input itself might carry user info with a password.
            throw new RestConfigException(property + " is not a valid URI: " + e.getReason() + " at position "
                    + (e.getIndex() + 1));
        }
        if (uri.getRawUserInfo() != null) {
            throw new RestConfigException(property + " must not contain user information (user:password@);"
                    + " use " + RestNamespaceProperties.SECURITY_TYPE + " with a bearer token or API key");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new RestConfigException(property + " must start with http:// or https://, got '" + text.trim() + "'");
        }
        if (uri.getHost() == null) {
            throw new RestConfigException(property + " has no host name: '" + text.trim() + "'");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new RestConfigException(property + " must not have a query or fragment (?... or #...);"
                    + " give only http(s)://host[:port][/base-path]");
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        StringBuilder normalized = new StringBuilder(scheme).append("://").append(uri.getRawAuthority()).append(path);
        return URI.create(normalized.toString());
    }

    private static void checkPositive(Duration d, String what, String property) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new RestConfigException("The " + what + " (" + property + ") must be positive, got " + millis(d));
        }
    }

    private static void checkNotNegative(Duration d, String what, String property) {
        if (d == null || d.isNegative()) {
            throw new RestConfigException("The " + what + " (" + property + ") must be 0 or more, got " + millis(d));
        }
    }

    private static String millis(Duration d) {
        return d == null ? "nothing" : d.toMillis() + " ms";
    }

    /** RFC 9110 token characters, the only ones a header name may use. */
    private static void checkHeaderName(String name) {
        if (name.isEmpty()) {
            throw new RestConfigException("A custom header name is empty (" + RestNamespaceProperties.HEADER_PREFIX
                    + "<Name>)");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean tchar = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!tchar) {
                throw new RestConfigException("Custom header name '" + name + "' contains the character '" + c
                        + "', which header names cannot use");
            }
        }
    }

    /** Visible ASCII, space and tab; checked here so that no message ever quotes the (possibly secret) value. */
    private static void checkHeaderValue(String name, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c > 0x7e)) {
                throw new RestConfigException("The value of custom header '" + name + "' contains a character an"
                        + " HTTP header cannot carry at position " + (i + 1));
            }
        }
    }
}
