package io.lancejdbc.namespace.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.GeneralSecurityException;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.X509ExtendedTrustManager;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client for the read operations of the Lance REST Namespace spec (lance-namespace 0.7.7): list, describe and
 * check namespaces and tables.
 *
 * <p>Immutable and thread-safe; share one per connection. Built from a validated {@link RestNamespaceConfig}:
 * <pre>{@code
 * RestNamespaceConfig config = RestNamespaceConfig.builder("https://lance.example.com/api")
 *         .authentication(RestAuthentication.bearer(token))
 *         .header("X-Tenant", "analytics")
 *         .build();
 * try (RestNamespaceClient client = RestNamespaceClient.create(config)) {
 *     List<String> tables = client.listTables(List.of("production", "analytics"));
 * }
 * }</pre>
 *
 * <p>Ids are lists of names from the top: {@code List.of()} is the root namespace, {@code List.of("a", "b")} the
 * namespace {@code a$b}, and a table id ends with the table name. Requests go to
 * {@code <base-uri>/v1/namespace/<id>/...} and {@code <base-uri>/v1/table/<id>/...} with the id joined by the
 * delimiter, percent-encoded as one path segment, and {@code ?delimiter=} always sent.
 *
 * <p>Failures are {@link RestNamespaceException}s whose {@link RestNamespaceException#category()} says which
 * SQLState fits. Every operation here is read-only and retried (see {@link RestOperation#retrySafe()}) up to
 * {@link RestNamespaceConfig#maxRetries()} times with exponential backoff and jitter on HTTP 429 and 503 (honouring
 * {@code Retry-After} up to the maximum backoff) and on connection failures (refused, reset, closed early). Timeouts
 * are not retried: each attempt already waited the configured time. Redirects are not followed, so that no
 * credential is forwarded to another host.
 *
 * <p>Only request method, path, status and duration are logged (SLF4J, DEBUG); headers, bodies and query strings
 * are never logged.
 */
public final class RestNamespaceClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestNamespaceClient.class);
    private static final MediaType JSON = MediaType.get("application/json");
    /** A successful answer larger than this is refused rather than buffered. */
    private static final long MAX_BODY_BYTES = 64L * 1024 * 1024;
    /** How much of an error body is read for the message. */
    private static final long MAX_ERROR_BODY_BYTES = 16 * 1024;

    private final RestNamespaceConfig config;
    private final OkHttpClient http;
    private final HttpUrl baseUrl;
    private final IdentifierCodec ids;
    private final ObjectMapper json = new ObjectMapper();
    private final ErrorResponseMapper errors;

    private RestNamespaceClient(RestNamespaceConfig config) {
        this.config = config;
        this.baseUrl = Objects.requireNonNull(HttpUrl.parse(config.baseUri().toString()), "base URI");
        this.ids = new IdentifierCodec(config.delimiter());
        this.errors = new ErrorResponseMapper(json, new SecretScrubber(config));
        this.http = newHttpClient(config);
        if (config.authentication().type() != RestSecurityType.NONE && !baseUrl.isHttps() && !isLoopback(baseUrl)) {
            LOG.warn("Lance REST namespace at {} uses plain http: the {} credential travels unencrypted",
                    config.baseUri(), config.authentication().type().propertyValue());
        }
    }

    /**
     * A client for the service {@code config} describes. Sends nothing until the first operation.
     *
     * @throws RestConfigException when the TLS trust store cannot be built from the CA certificates
     */
    public static RestNamespaceClient create(RestNamespaceConfig config) {
        return new RestNamespaceClient(Objects.requireNonNull(config, "config"));
    }

    /** The configuration this client was built from. */
    public RestNamespaceConfig config() {
        return config;
    }

    private static OkHttpClient newHttpClient(RestNamespaceConfig config) {
        OkHttpClient.Builder b = new OkHttpClient.Builder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .writeTimeout(config.readTimeout())
                .callTimeout(config.callTimeout())
                .followRedirects(false)
                .followSslRedirects(false);
        if (!config.caCertificates().isEmpty()) {
            X509ExtendedTrustManager trust = CaFileTrustManager.withCaCertificates(config.caCertificates());
            try {
                SSLContext tls = SSLContext.getInstance("TLS");
                tls.init(null, new javax.net.ssl.TrustManager[] {trust}, null);
                b.sslSocketFactory(tls.getSocketFactory(), trust);
            } catch (GeneralSecurityException e) {
                throw new RestConfigException("Cannot set up TLS with " + RestNamespaceProperties.TLS_CA_FILE + ": "
                        + e.getMessage(), e);
            }
        }
        return b.build();
    }

    private static boolean isLoopback(HttpUrl url) {
        String host = url.host();
        if (host.equals("localhost")) {
            return true;
        }
        try {
            // Only literal addresses are checked, so this never triggers a DNS lookup.
            return (Character.isDigit(host.charAt(0)) || host.contains(":"))
                    && InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    // ---------------------------------------------------------------- operations

    /**
     * ListNamespaces, following {@code page_token} until the service stops returning one.
     *
     * @param namespaceId the parent namespace, empty for the root
     * @return the names of the direct child namespaces, relative to the parent, in the service's order without
     *     duplicates; never null
     * @throws NamespaceNotFoundException when the parent does not exist
     * @throws MalformedResponseException when a page is not the spec's shape, or the service hands out a page
     *     token it already gave (the listing would never end)
     * @throws RestNamespaceException for any other failure, see {@link RestErrorCategory}
     */
    public List<String> listNamespaces(List<String> namespaceId) {
        return listAll(RestOperation.LIST_NAMESPACES, namespaceId, "namespaces", "list");
    }

    /**
     * ListTables of one namespace, following {@code page_token} until the service stops returning one.
     *
     * @param namespaceId the namespace, empty for the root
     * @return the table names, relative to the namespace, in the service's order without duplicates; never null.
     *     Some services (lance-core's DirectoryNamespace) answer an empty list for a namespace that does not exist.
     * @throws NamespaceNotFoundException when the service reports the namespace missing
     * @throws MalformedResponseException as for {@link #listNamespaces(List)}
     */
    public List<String> listTables(List<String> namespaceId) {
        return listAll(RestOperation.LIST_TABLES, namespaceId, "tables", "table", "list");
    }

    /**
     * DescribeNamespace.
     *
     * @param namespaceId the namespace, empty for the root
     * @throws NamespaceNotFoundException when it does not exist
     */
    public NamespaceDescription describeNamespace(List<String> namespaceId) {
        RestOperation op = RestOperation.DESCRIBE_NAMESPACE;
        String joined = ids.join(op, namespaceId);
        CallContext call = context(op, joined);
        HttpUrl url = namespaceUrl(joined, "describe").build();
        Answer answer = send(call, post(url, idBody(namespaceId)));
        ResponseFields fields = fieldsOf(call, answer);
        return new NamespaceDescription(namespaceId, fields.stringMap("properties"));
    }

    /**
     * NamespaceExists.
     *
     * @param namespaceId the namespace, empty for the root
     * @return true when the service answers 2xx, false when it answers 404 meaning the namespace is missing
     * @throws RestNamespaceException for any other answer, e.g. {@link UnauthenticatedException}
     */
    public boolean namespaceExists(List<String> namespaceId) {
        RestOperation op = RestOperation.NAMESPACE_EXISTS;
        String joined = ids.join(op, namespaceId);
        return exists(context(op, joined), namespaceUrl(joined, "exists").build(), namespaceId);
    }

    /**
     * DescribeTable at the latest version, with {@code with_table_uri=true}. Same as
     * {@code describeTable(tableId, DescribeTableOptions.latest())}.
     */
    public TableDescription describeTable(List<String> tableId) {
        return describeTable(tableId, DescribeTableOptions.latest());
    }

    /**
     * DescribeTable.
     *
     * @param tableId namespace levels then the table name; at least the table name
     * @param options version, detailed metadata and credential vending; see {@link DescribeTableOptions}
     * @return location, table URI, version, storage options (with vended credentials) and their expiry
     * @throws TableNotFoundException when the table (or, with code 11, nothing else) does not exist
     * @throws NamespaceNotFoundException when the service reports the table's namespace missing (code 1)
     * @throws MalformedResponseException when the answer has no {@code location} or mistyped fields
     */
    public TableDescription describeTable(List<String> tableId, DescribeTableOptions options) {
        Objects.requireNonNull(options, "options");
        RestOperation op = RestOperation.DESCRIBE_TABLE;
        String joined = ids.join(op, tableId);
        CallContext call = context(op, joined);
        HttpUrl.Builder url = tableUrl(joined, "describe").addQueryParameter("with_table_uri", "true");
        if (options.loadDetailedMetadata()) {
            url.addQueryParameter("load_detailed_metadata", "true");
        }
        ObjectNode body = idBody(tableId);
        options.version().ifPresent(v -> body.put("version", v));
        options.vendCredentials().ifPresent(v -> body.put("vend_credentials", v));
        Answer answer = send(call, post(url.build(), body));
        ResponseFields fields = fieldsOf(call, answer);

        Map<String, String> storageOptions = fields.stringMap("storage_options");
        OptionalLong expires = OptionalLong.empty();
        if (storageOptions.containsKey(TableDescription.EXPIRES_AT_MILLIS)) {
            expires = fields.wholeNumber(json.getNodeFactory().textNode(
                    storageOptions.get(TableDescription.EXPIRES_AT_MILLIS)),
                    "storage_options." + TableDescription.EXPIRES_AT_MILLIS);
        }
        if (expires.isEmpty()) {
            expires = fields.wholeNumber(TableDescription.EXPIRES_AT_MILLIS);
        }
        return new TableDescription(tableId, fields.requiredString("location"), fields.string("table_uri"),
                fields.wholeNumber("version"), storageOptions, expires,
                fields.bool("managed_versioning").orElse(false), fields.bool("is_only_declared"),
                fields.stringMap("properties"));
    }

    /**
     * TableExists.
     *
     * @param tableId namespace levels then the table name
     * @return true when the service answers 2xx, false when it answers 404 meaning the table or its namespace is
     *     missing
     * @throws RestNamespaceException for any other answer
     */
    public boolean tableExists(List<String> tableId) {
        RestOperation op = RestOperation.TABLE_EXISTS;
        String joined = ids.join(op, tableId);
        return exists(context(op, joined), tableUrl(joined, "exists").build(), tableId);
    }

    /** Releases pooled connections. The client must not be used afterwards. */
    @Override
    public void close() {
        http.connectionPool().evictAll();
        http.dispatcher().executorService().shutdown();
    }

    /** Shows the configuration without credentials. */
    @Override
    public String toString() {
        return "RestNamespaceClient{" + config + "}";
    }

    // ---------------------------------------------------------------- request building

    private CallContext context(RestOperation op, String joined) {
        return new CallContext(op, joined,
                "Could not " + op.describe(joined, config.delimiter()) + " at " + config.baseUri());
    }

    private HttpUrl.Builder namespaceUrl(String joinedId, String... tail) {
        return url("namespace", joinedId, tail);
    }

    private HttpUrl.Builder tableUrl(String joinedId, String... tail) {
        return url("table", joinedId, tail);
    }

    private HttpUrl.Builder url(String kind, String joinedId, String... tail) {
        HttpUrl.Builder b = baseUrl.newBuilder()
                .addPathSegment("v1")
                .addPathSegment(kind)
                .addEncodedPathSegment(IdentifierCodec.pathSegment(joinedId));
        for (String segment : tail) {
            b.addPathSegment(segment);
        }
        return b.addQueryParameter("delimiter", config.delimiter());
    }

    private ObjectNode idBody(List<String> id) {
        ObjectNode body = json.createObjectNode();
        ArrayNode parts = body.putArray("id");
        id.forEach(parts::add);
        return body;
    }

    private Request.Builder request(HttpUrl url) {
        Request.Builder b = new Request.Builder().url(url).header("Accept", "application/json");
        config.headers().forEach(b::header);
        config.authentication().headerName().ifPresent(n -> b.header(n, config.authentication().headerValue()));
        return b;
    }

    private Request get(HttpUrl url) {
        return request(url).get().build();
    }

    private Request post(HttpUrl url, ObjectNode body) {
        byte[] bytes;
        try {
            bytes = json.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A request body of strings and numbers always serializes", e);
        }
        // A byte body keeps Content-Type exactly "application/json" (a String body would append "; charset=utf-8").
        return request(url).post(RequestBody.create(bytes, JSON)).build();
    }

    // ---------------------------------------------------------------- operations' shapes

    private List<String> listAll(RestOperation op, List<String> namespaceId, String field, String... tail) {
        String joined = ids.join(op, namespaceId);
        CallContext call = context(op, joined);
        Set<String> entries = new LinkedHashSet<>();
        Set<String> sentTokens = new HashSet<>();
        String token = null;
        int page = 0;
        do {
            page++;
            HttpUrl.Builder url = namespaceUrl(joined, tail);
            if (token != null) {
                url.addQueryParameter("page_token", token);
            }
            url.addQueryParameter("limit", Integer.toString(config.pageSize()));
            Answer answer = send(call, get(url.build()));
            ResponseFields fields = fieldsOf(call, answer);
            List<String> names = fields.requiredStrings(field);
            boolean newEntry = false;
            for (String name : names) {
                newEntry |= entries.add(name);
            }
            // Spec PageToken: null, missing and "" all mean the listing is complete.
            String next = fields.string("page_token").filter(t -> !t.isEmpty()).orElse(null);
            if (next != null) {
                if (!sentTokens.add(next) || next.equals(token)) {
                    throw call.malformed("a page_token on page " + page + " that it had already handed out;"
                            + " the listing would never end", answer.status, null);
                }
                if (!names.isEmpty() && !newEntry) {
                    throw call.malformed("page " + page + " repeating only entries of earlier pages and asking for"
                            + " another page; the listing would never end", answer.status, null);
                }
            }
            token = next;
        } while (token != null);
        return List.copyOf(entries);
    }

    private boolean exists(CallContext call, HttpUrl url, List<String> id) {
        Answer answer = exchange(call, post(url, idBody(id)));
        if (answer.isSuccess()) {
            return true;
        }
        RestNamespaceException e = errors.map(call.operation(), call.target(), call.prefix(), answer.status,
                answer.body, answer.attempts);
        boolean missing = e.category() == RestErrorCategory.TABLE_NOT_FOUND
                || e.category() == RestErrorCategory.NAMESPACE_NOT_FOUND;
        if (answer.status == 404 && missing) {
            return false;
        }
        throw e;
    }

    private ResponseFields fieldsOf(CallContext call, Answer answer) {
        if (answer.body.length == 0) {
            throw call.malformed("an empty body where a JSON object was expected", answer.status, null);
        }
        JsonNode node;
        try {
            node = json.readTree(answer.body);
        } catch (JsonProcessingException e) {
            throw call.malformed("a body that is not valid JSON (" + e.getOriginalMessage() + ")", answer.status, e);
        } catch (IOException e) {
            throw new IllegalStateException("Reading JSON from a byte array does no I/O", e);
        }
        if (node == null || !node.isObject()) {
            throw call.malformed("JSON that is not an object", answer.status, null);
        }
        return new ResponseFields(node, call, answer.status);
    }

    // ---------------------------------------------------------------- transport, retries, errors

    /** One completed HTTP exchange: the status, the body (whole on 2xx, the first bytes otherwise). */
    private record Answer(int status, byte[] body, int attempts) {
        boolean isSuccess() {
            return status >= 200 && status < 300;
        }
    }

    private Answer send(CallContext call, Request request) {
        Answer answer = exchange(call, request);
        if (!answer.isSuccess()) {
            throw errors.map(call.operation(), call.target(), call.prefix(), answer.status, answer.body,
                    answer.attempts);
        }
        return answer;
    }

    /**
     * Sends {@code request}, retrying as the class comment describes.
     *
     * @return the final answer, 2xx or not; non-2xx statuses are left to the caller
     * @throws RestNamespaceException when no answer arrived (unreachable, timeout, interrupted)
     */
    private Answer exchange(CallContext call, Request request) {
        boolean retrySafe = call.operation().retrySafe();
        for (int attempt = 1; ; attempt++) {
            boolean lastAttempt = !retrySafe || attempt > config.maxRetries();
            long started = System.nanoTime();
            try (Response response = http.newCall(request).execute()) {
                int status = response.code();
                LOG.debug("{} {} -> {} in {} ms", request.method(), request.url().encodedPath(), status,
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
                boolean retryableStatus = status == 429 || status == 503;
                if (retryableStatus && !lastAttempt) {
                    pause(call, attempt, retryAfterMillis(response.header("Retry-After")), "HTTP " + status);
                    continue;
                }
                boolean success = status >= 200 && status < 300;
                byte[] body = success ? readBody(call, response) : errorBody(response);
                return new Answer(status, body, attempt);
            } catch (IOException e) {
                RestNamespaceException failure = transportFailure(call, e, attempt);
                if (failure.category() == RestErrorCategory.UNREACHABLE && retryableConnectionFailure(e)
                        && !lastAttempt) {
                    pause(call, attempt, -1, e.getClass().getSimpleName());
                    continue;
                }
                throw failure;
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                // OkHttp is Kotlin and throws checked exceptions it does not declare: an interrupted caller gets a
                // raw InterruptedException out of execute() while it waits for a connection (and the flag is
                // cleared). javac cannot see that, hence the broad catch.
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                    throw call.failure(RestErrorCategory.CANCELLED, "interrupted while waiting for the service", 0, e);
                }
                throw call.failure(RestErrorCategory.UNREACHABLE, "the HTTP client failed (" + e + ")", 0, e);
            }
        }
    }

    private byte[] readBody(CallContext call, Response response) throws IOException {
        ResponseBody body = response.body();
        BufferedSource source = body.source();
        if (source.request(MAX_BODY_BYTES + 1)) {
            throw call.malformed("a body larger than " + (MAX_BODY_BYTES >> 20) + " MiB", response.code(), null);
        }
        return source.getBuffer().readByteArray();
    }

    private static byte[] errorBody(Response response) throws IOException {
        return response.peekBody(MAX_ERROR_BODY_BYTES).bytes();
    }

    /** Classifies an I/O failure that left no HTTP answer. */
    private RestNamespaceException transportFailure(CallContext call, IOException e, int attempt) {
        String attempts = attempt > 1 ? " (gave up after " + attempt + " attempts)" : "";
        // okio reports an interrupt as InterruptedIOException("interrupted"), sometimes after clearing the flag.
        boolean interrupted = Thread.currentThread().isInterrupted() || (e instanceof InterruptedIOException
                && !(e instanceof SocketTimeoutException) && "interrupted".equals(e.getMessage()));
        if (interrupted) {
            Thread.currentThread().interrupt();
            return call.failure(RestErrorCategory.CANCELLED, "interrupted while waiting for the service", 0, e);
        }
        // OkHttp reports read and connect timeouts as SocketTimeoutException and the whole-call timeout as a bare
        // InterruptedIOException("timeout"); a thread interrupt was handled above.
        if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException) {
            return call.failure(RestErrorCategory.TIMEOUT, "no answer in time (" + e.getMessage() + "; connect "
                    + config.connectTimeout().toMillis() + " ms, read " + config.readTimeout().toMillis()
                    + " ms, call " + config.callTimeout().toMillis() + " ms; see "
                    + RestNamespaceProperties.READ_TIMEOUT_MS + " and " + RestNamespaceProperties.CALL_TIMEOUT_MS
                    + ")", 0, e);
        }
        if (e instanceof UnknownHostException) {
            return call.failure(RestErrorCategory.UNREACHABLE, "unknown host '" + baseUrl.host() + "'; check "
                    + RestNamespaceProperties.URI, 0, e);
        }
        if (e instanceof SSLException) {
            return call.failure(RestErrorCategory.UNREACHABLE, "TLS handshake failed (" + e.getMessage()
                    + "); if the service uses a private CA, set " + RestNamespaceProperties.TLS_CA_FILE
                    + " to its PEM certificate", 0, e);
        }
        return call.failure(RestErrorCategory.UNREACHABLE, "the service cannot be reached (" + e + ")" + attempts
                + "; check " + RestNamespaceProperties.URI + " and that the service is running", 0, e);
    }

    /**
     * Failures where the request cannot have been processed, or where repeating a read-only request is harmless:
     * refused or unroutable connections and connections closed or reset mid-exchange. DNS and TLS errors are
     * configuration problems that a retry does not fix.
     */
    private static boolean retryableConnectionFailure(IOException e) {
        if (e instanceof UnknownHostException || e instanceof SSLException) {
            return false;
        }
        return e instanceof ConnectException || e instanceof NoRouteToHostException
                || e instanceof java.net.SocketException || e instanceof java.io.EOFException
                || (e.getMessage() != null && e.getMessage().startsWith("unexpected end of stream"));
    }

    /** Sleeps before retry {@code attempt}: exponential backoff with jitter, at least a capped {@code Retry-After}. */
    private void pause(CallContext call, int attempt, long retryAfterMillis, String reason) {
        long initial = config.initialBackoff().toMillis();
        long max = config.maxBackoff().toMillis();
        long exponential = Math.min(max, initial << Math.min(attempt - 1, 30));
        // Equal jitter: half fixed, half random, so that clients that failed together do not retry together.
        long delay = exponential / 2 + (exponential > 1 ? ThreadLocalRandom.current().nextLong(exponential / 2 + 1) : 0);
        if (retryAfterMillis > 0) {
            delay = Math.max(delay, Math.min(max, retryAfterMillis));
        }
        LOG.debug("{}: {}; retry {} of {} in {} ms", call.prefix(), reason, attempt, config.maxRetries(), delay);
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw call.failure(RestErrorCategory.CANCELLED, "interrupted while waiting to retry", 0, e);
        }
    }

    /** {@code Retry-After} in delta-seconds form, in milliseconds; -1 when absent or an HTTP date. */
    static long retryAfterMillis(String header) {
        if (header == null) {
            return -1;
        }
        try {
            long seconds = Long.parseLong(header.trim());
            return seconds < 0 ? -1 : Math.min(seconds, Long.MAX_VALUE / 1000) * 1000;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
