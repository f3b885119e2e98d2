package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.namespace.rest.RestAuthentication;
import io.lancejdbc.namespace.rest.RestNamespaceClient;
import io.lancejdbc.namespace.rest.RestNamespaceConfig;
import io.lancejdbc.engine.SqlError;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What lance-core's RestAdapter cannot show, against OkHttp's MockWebServer: managed versioning, declared-only
 * tables, vended credentials with an expiry (cache lifetime on a manual clock), the mapping of service errors to
 * SQLStates, and the authentication headers a catalog opened from connection properties sends.
 */
class RestCatalogMockServerTest {
    private static final String TOKEN = io.lancejdbc.exec.testing.SecretCanary.credential("token");
    private static final long T0 = 1_700_000_000_000L;

    private MockWebServer server;
    private BufferAllocator allocator;
    private DatasetHandlePool pool;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
        allocator = new RootAllocator();
        pool = new DatasetHandlePool(allocator, PoolSettings.defaults());
    }

    @AfterEach
    void stop() {
        server.close();
        pool.close();
        allocator.close();
    }

    private String uri() {
        String url = server.url("/").toString();
        return url.substring(0, url.length() - 1);
    }

    private void answer(int code, String json) {
        server.enqueue(new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json")
                .body(json).build());
    }

    private RecordedRequest take() throws InterruptedException {
        RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
        if (r == null) {
            throw new AssertionError("the catalog sent no request");
        }
        return r;
    }

    /** A catalog on the mock service with a bearer token, no retries, and time that moves by hand. */
    private RestCatalog catalog(ManualTime time, Duration ttl, Duration margin, Map<String, String> connection) {
        RestNamespaceClient client = RestNamespaceClient.create(RestNamespaceConfig.builder(uri())
                .authentication(RestAuthentication.bearer(TOKEN)).maxRetries(0).build());
        return new RestCatalog(client, NamespacePath.ROOT, StorageOptions.fromProperties(connection),
                new SchemaNameCodec("default"), ttl, margin, time.clock(), time);
    }

    private RestCatalog catalog(ManualTime time, Duration ttl, Duration margin) {
        return catalog(time, ttl, margin, Map.of());
    }

    private static String described(String location, long expiresAtMillis) {
        return "{\"location\":\"" + location + "\",\"storage_options\":{\"expires_at_millis\":\"" + expiresAtMillis
                + "\"}}";
    }

    private static NamespacePath ns(String... levels) {
        return new NamespacePath(List.of(levels));
    }

    @Test
    void managedVersioningIsNotSupported() {
        answer(200, "{\"location\":\"s3://b/wh/t.lance\",\"managed_versioning\":true}");
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofMinutes(1), Duration.ZERO)) {
            SqlError e = assertThrows(SqlError.class, () -> c.locate(ns("sales"), "t"));

            assertEquals("42000", e.sqlState());
            assertEquals("Table 'sales.t' cannot be read: Lance managed versioning is not supported (the REST "
                    + "namespace at " + uri() + " manages this table's versions)", e.getMessage());
        }
    }

    @Test
    void declaredTableWithoutDataIsNotFound() {
        answer(200, "{\"location\":\"s3://b/wh/t.lance\",\"is_only_declared\":true}");
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofMinutes(1), Duration.ZERO)) {
            SqlError e = assertThrows(SqlError.class, () -> c.locate(NamespacePath.ROOT, "t"));

            assertEquals("42S02", e.sqlState());
            assertEquals("Table 'default.t' is declared in the REST namespace at " + uri() + " but has no data yet",
                    e.getMessage());
        }
    }

    @Test
    void describeSendsTheTableIdAndAsksForTheTableUri() throws Exception {
        answer(200, "{\"location\":\"s3://b/wh/t.lance\"}");
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofMinutes(1), Duration.ZERO)) {
            c.locate(ns("sales", "eu"), "t");

            RecordedRequest r = take();
            assertEquals("POST", r.getMethod());
            assertEquals("/v1/table/sales%24eu%24t/describe?delimiter=%24&with_table_uri=true",
                    r.getUrl().encodedPath() + "?" + r.getUrl().encodedQuery());
            assertEquals("{\"id\":[\"sales\",\"eu\",\"t\"]}", r.getBody().utf8());
        }
    }

    @Test
    void unprefixedVendedKeysReplaceTheConnectionCredentialsAndKeepItsEndpoint() {
        long expires = T0 + 3_600_000;
        answer(200, "{\"location\":\"s3://b/wh/t.lance\",\"storage_options\":{\"access_key_id\":\"AKIAVENDED\","
                + "\"secret_access_key\":\"vended-secret\",\"session_token\":\"vended-token\","
                + "\"expires_at_millis\":\"" + expires + "\"}}");
        Map<String, String> connection = Map.of("s3.endpoint", "http://minio.internal:9000", "s3.access_key",
                "AKIACONNECTION", "s3.secret_key", "connection-secret", "s3.region", "eu-west-1");
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofMinutes(1), Duration.ZERO, connection)) {
            TableLocation t = c.locate(NamespacePath.ROOT, "t");

            Map<String, String> expected = new TreeMap<>();
            expected.put("aws_access_key_id", "AKIAVENDED");
            expected.put("aws_secret_access_key", "vended-secret");
            expected.put("aws_session_token", "vended-token");
            expected.put("aws_endpoint", "http://minio.internal:9000");
            expected.put("allow_http", "true");
            expected.put("aws_region", "eu-west-1");
            expected.put("virtual_hosted_style_request", "false");
            expected.put("expires_at_millis", Long.toString(expires));
            assertEquals(expected, new TreeMap<>(t.storageOptions()));
            assertEquals(expires, t.expiresAtMillis());
            assertEquals("s3://b/wh/t.lance", t.uri());
        }
    }

    @Test
    void locationIsReusedUntilTheCredentialsAreAboutToExpire() {
        ManualTime time = new ManualTime(T0);
        answer(200, described("s3://b/wh/t.lance", T0 + 120_000));
        answer(200, described("s3://b/wh/t.lance", T0 + 240_000));
        try (RestCatalog c = catalog(time, Duration.ofHours(1), Duration.ofSeconds(30))) {
            assertEquals(T0 + 120_000, c.locate(NamespacePath.ROOT, "t").expiresAtMillis());
            time.advance(Duration.ofSeconds(89));
            assertEquals(T0 + 120_000, c.locate(NamespacePath.ROOT, "t").expiresAtMillis());
            assertEquals(1, server.getRequestCount());

            time.advance(Duration.ofSeconds(2));
            assertEquals(T0 + 240_000, c.locate(NamespacePath.ROOT, "t").expiresAtMillis());
            assertEquals(2, server.getRequestCount());
        }
    }

    @Test
    void alreadyExpiredCredentialsAreDescribedOnEveryLocate() {
        answer(200, described("s3://b/wh/t.lance", T0 - 1));
        answer(200, described("s3://b/wh/t.lance", T0 - 1));
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofHours(1), Duration.ZERO)) {
            c.locate(NamespacePath.ROOT, "t");
            c.locate(NamespacePath.ROOT, "t");

            assertEquals(2, server.getRequestCount());
        }
    }

    @Test
    void withoutCredentialsTheTableAccessTtlBoundsTheCache() {
        ManualTime time = new ManualTime(T0);
        answer(200, "{\"location\":\"s3://b/wh/t.lance\"}");
        answer(200, "{\"location\":\"s3://b/wh/moved.lance\"}");
        try (RestCatalog c = catalog(time, Duration.ofSeconds(60), Duration.ofSeconds(30))) {
            assertEquals("s3://b/wh/t.lance", c.locate(NamespacePath.ROOT, "t").uri());
            time.advance(Duration.ofSeconds(59));
            assertEquals("s3://b/wh/t.lance", c.locate(NamespacePath.ROOT, "t").uri());
            time.advance(Duration.ofSeconds(2));
            assertEquals("s3://b/wh/moved.lance", c.locate(NamespacePath.ROOT, "t").uri());
            assertEquals(2, server.getRequestCount());
        }
    }

    @Test
    void zeroTtlDescribesOnEveryLocate() {
        answer(200, described("s3://b/wh/t.lance", T0 + 3_600_000));
        answer(200, described("s3://b/wh/t.lance", T0 + 3_600_000));
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ZERO, Duration.ZERO)) {
            c.locate(NamespacePath.ROOT, "t");
            c.locate(NamespacePath.ROOT, "t");

            assertEquals(2, server.getRequestCount());
        }
    }

    @Test
    void concurrentLocatesOfOneTableShareOneDescribe() throws Exception {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                .body("{\"location\":\"s3://b/wh/t.lance\"}").headersDelay(300, TimeUnit.MILLISECONDS).build());
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(4);
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofHours(1), Duration.ZERO)) {
            List<java.util.concurrent.Future<String>> uris = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                uris.add(threads.submit(() -> c.locate(NamespacePath.ROOT, "t").uri()));
            }
            for (java.util.concurrent.Future<String> u : uris) {
                assertEquals("s3://b/wh/t.lance", u.get(10, TimeUnit.SECONDS));
            }
            assertEquals(1, server.getRequestCount());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void failedDescribeIsNotCached() {
        answer(500, "{\"error\":\"boom\",\"code\":18}");
        answer(200, "{\"location\":\"s3://b/wh/t.lance\"}");
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofHours(1), Duration.ZERO)) {
            assertThrows(SqlError.class, () -> c.locate(NamespacePath.ROOT, "t"));

            assertEquals("s3://b/wh/t.lance", c.locate(NamespacePath.ROOT, "t").uri());
        }
    }

    @ParameterizedTest(name = "HTTP {0} code {1} -> {2}")
    @CsvSource({
        "401, 16, 28000",
        "403, 15, 42501",
        "503, 17, 58030",
        "500, 18, HY000",
        "406, 0, 42000",
        "400, 13, HY000"
    })
    void serviceErrorsBecomeTheSuggestedSqlStateWithoutTheToken(int status, int code, String sqlState) {
        answer(status, "{\"error\":\"request with token " + TOKEN + " failed\",\"code\":" + code + "}");
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofHours(1), Duration.ZERO)) {
            SqlError e = assertThrows(SqlError.class, () -> c.tableNames(ns("sales")));

            assertEquals(sqlState, e.sqlState());
            assertTrue(e.getMessage().startsWith("Could not list the tables of namespace 'sales' at " + uri()
                    + ": HTTP " + status + ", error code " + code), e.getMessage());
            assertFalse(e.getMessage().contains(TOKEN), e.getMessage());
        }
    }

    @Test
    void notFoundTableAnswerFromAnUnlistableNamespaceStillNamesTheTable() {
        answer(404, "{\"error\":\"no such table\",\"code\":4}");
        answer(204, "");
        answer(500, "{\"error\":\"listing broke\",\"code\":18}");
        try (RestCatalog c = catalog(new ManualTime(T0), Duration.ofHours(1), Duration.ZERO)) {
            SqlError e = assertThrows(SqlError.class, () -> c.locate(ns("sales"), "t"));

            assertEquals("42S02", e.sqlState());
            assertEquals("Table 'sales.t' does not exist in REST catalog " + uri(), e.getMessage());
            assertEquals(1, e.getSuppressed().length);
        }
    }

    // ---------------------------------------------------------------- opened from connection properties

    private Catalog open(Map<String, String> extra) {
        Map<String, String> p = new HashMap<>(extra);
        p.put("lance.catalog.type", "rest");
        p.put("lance.rest.uri", uri());
        return CatalogFactory.create(EngineConfig.of(p), StorageOptions.fromProperties(p), pool, allocator);
    }

    @Test
    void connectingChecksTheRootNamespaceOnce() throws Exception {
        answer(204, "");
        try (Catalog c = open(Map.of())) {
            RecordedRequest r = take();
            assertEquals("POST /v1/namespace/%24/exists?delimiter=%24", r.getMethod() + " "
                    + r.getUrl().encodedPath() + "?" + r.getUrl().encodedQuery());
            assertEquals(1, server.getRequestCount());
        }
    }

    @Test
    void noAuthenticationSendsNoAuthorizationHeader() throws Exception {
        answer(204, "");
        try (Catalog c = open(Map.of())) {
            RecordedRequest r = take();
            assertNull(r.getHeaders().get("Authorization"));
            assertNull(r.getHeaders().get("x-api-key"));
        }
    }

    @Test
    void bearerAuthenticationSendsTheToken() throws Exception {
        answer(204, "");
        try (Catalog c = open(Map.of("lance.rest.security.type", "bearer", "lance.rest.bearer-token", TOKEN))) {
            assertEquals("Bearer " + TOKEN, take().getHeaders().get("Authorization"));
        }
    }

    @Test
    void apiKeyAuthenticationSendsTheKey() throws Exception {
        answer(204, "");
        try (Catalog c = open(Map.of("lance.rest.security.type", "api_key", "lance.rest.api-key", "key-42"))) {
            RecordedRequest r = take();
            assertEquals("key-42", r.getHeaders().get("x-api-key"));
            assertNull(r.getHeaders().get("Authorization"));
        }
    }

    @Test
    void customHeadersAreSentWithAnyAuthentication() throws Exception {
        answer(204, "");
        try (Catalog c = open(Map.of("lance.rest.security.type", "bearer", "lance.rest.bearer-token", TOKEN,
                "lance.rest.header.X-Tenant", "analytics"))) {
            RecordedRequest r = take();
            assertEquals("analytics", r.getHeaders().get("X-Tenant"));
            assertEquals("Bearer " + TOKEN, r.getHeaders().get("Authorization"));
        }
    }

    @Test
    void rejectedTokenFailsTheConnection() {
        answer(401, "{\"error\":\"bad token\",\"code\":16}");
        SqlError e = assertThrows(SqlError.class, () -> open(Map.of("lance.rest.security.type", "bearer",
                "lance.rest.bearer-token", TOKEN)));

        assertEquals("28000", e.sqlState());
        assertFalse(e.getMessage().contains(TOKEN), e.getMessage());
    }

    @Test
    void missingTokenFailsBeforeAnyRequest() {
        SqlError e = assertThrows(SqlError.class, () -> open(Map.of("lance.rest.security.type", "bearer")));

        assertEquals("22023", e.sqlState());
        assertEquals("lance.rest.security.type=bearer requires lance.rest.bearer-token", e.getMessage());
        assertEquals(0, server.getRequestCount());
    }

    @Test
    void missingParentNamespaceFailsTheConnection() {
        answer(404, "{\"error\":\"prod$x\",\"code\":1}");
        SqlError e = assertThrows(SqlError.class, () -> open(Map.of("lance.namespace.parent", "prod$x")));

        assertEquals("3F000", e.sqlState());
        assertEquals("Namespace 'prod$x' (lance.namespace.parent) does not exist in REST catalog " + uri(),
                e.getMessage());
    }

    @Test
    void serviceWithoutNamespaceExistsStillConnects() {
        answer(406, "{\"error\":\"unsupported\",\"code\":0}");
        answer(200, "{\"tables\":[\"b\",\"a\"]}");
        try (Catalog c = open(Map.of())) {
            assertEquals(List.of("a", "b"), c.tableNames(NamespacePath.ROOT));
        }
    }
}
