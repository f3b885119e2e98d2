package io.lancejdbc.namespace.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.Test;

/** How each failure the service (or the network) can produce becomes a typed exception with a usable message. */
class RestNamespaceClientErrorTest extends MockServerFixture {

    @Test
    void http401WithCode16IsUnauthenticated() {
        answer(401, "{\"error\":\"invalid token\",\"code\":16}");
        UnauthenticatedException e = assertThrows(UnauthenticatedException.class,
                () -> client(config().authentication(RestAuthentication.bearer("tok"))).listNamespaces(List.of()));
        assertEquals(RestErrorCategory.UNAUTHENTICATED, e.category());
        assertEquals("28000", e.category().sqlState());
        assertEquals(401, e.httpStatus());
        assertEquals(OptionalInt.of(16), e.errorCode());
        assertEquals(RestOperation.LIST_NAMESPACES, e.operation());
        assertEquals("$", e.target());
        assertEquals("Could not list the child namespaces of the root namespace at " + baseUri()
                + ": HTTP 401, error code 16 (Unauthenticated): invalid token. Check lance.rest.security.type and"
                + " its credential (lance.rest.bearer-token or lance.rest.api-key)", e.getMessage());
    }

    @Test
    void http401WithoutBodyIsUnauthenticatedToo() {
        answer(new MockResponse.Builder().code(401).build());
        UnauthenticatedException e = assertThrows(UnauthenticatedException.class,
                () -> client().listTables(List.of("a")));
        assertTrue(e.getMessage().contains("HTTP 401 with an empty body"), e.getMessage());
    }

    @Test
    void http403IsPermissionDenied() {
        answer(403, "{\"error\":\"no access to sales\",\"code\":15,\"detail\":\"role analyst\","
                + "\"instance\":\"/v1/namespace/sales/table/list\"}");
        PermissionDeniedException e = assertThrows(PermissionDeniedException.class,
                () -> client().listTables(List.of("sales")));
        assertEquals("Could not list the tables of namespace 'sales' at " + baseUri() + ": HTTP 403, error code 15"
                + " (PermissionDenied): no access to sales; detail: role analyst; instance:"
                + " /v1/namespace/sales/table/list. The credentials were accepted but lack permission for this object",
                e.getMessage());
    }

    @Test
    void http404WithCode4IsTableNotFound() {
        answer(404, "{\"error\":\"table id 'ns1$nope'\",\"code\":4}");
        TableNotFoundException e = assertThrows(TableNotFoundException.class,
                () -> client().describeTable(List.of("ns1", "nope")));
        assertEquals("42S02", e.category().sqlState());
        assertEquals("ns1$nope", e.target());
        assertEquals("Could not describe table 'ns1$nope' at " + baseUri()
                + ": HTTP 404, error code 4 (TableNotFound): table id 'ns1$nope'", e.getMessage());
    }

    @Test
    void http404WithCode1OnATableIsNamespaceNotFound() {
        answer(404, "{\"error\":\"namespace nope\",\"code\":1}");
        NamespaceNotFoundException e = assertThrows(NamespaceNotFoundException.class,
                () -> client().describeTable(List.of("nope", "t")));
        assertEquals("3F000", e.category().sqlState());
    }

    @Test
    void http404WithoutCodeFollowsTheOperation() {
        answer(new MockResponse.Builder().code(404).body("Not Found").build());
        answer(new MockResponse.Builder().code(404).body("Not Found").build());
        RestNamespaceClient c = client();
        assertThrows(NamespaceNotFoundException.class, () -> c.describeNamespace(List.of("x")));
        TableNotFoundException e = assertThrows(TableNotFoundException.class, () -> c.describeTable(List.of("x")));
        assertTrue(e.getMessage().endsWith("HTTP 404 with a body that is not a JSON error: Not Found"),
                e.getMessage());
    }

    @Test
    void http409IsConflict() {
        answer(409, "{\"error\":\"table exists\",\"code\":5}");
        ConflictException e = assertThrows(ConflictException.class, () -> client().describeTable(List.of("t")));
        assertEquals(RestErrorCategory.CONFLICT, e.category());
        assertEquals("HY000", e.category().sqlState());
    }

    @Test
    void http400IsInvalidInput() {
        answer(400, "{\"error\":\"bad limit\",\"code\":13}");
        assertThrows(InvalidInputException.class, () -> client().listTables(List.of()));
    }

    @Test
    void http406WithCode0IsUnsupported() {
        answer(406, "{\"error\":\"not implemented\",\"code\":0}");
        OperationUnsupportedException e = assertThrows(OperationUnsupportedException.class,
                () -> client().listNamespaces(List.of("a")));
        assertEquals("42000", e.category().sqlState());
    }

    @Test
    void http500IsInternalAndNotRetried() {
        answer(500, "{\"error\":\"boom\",\"code\":18,\"detail\":\"stack trace here\"}");
        InternalServerException e = assertThrows(InternalServerException.class,
                () -> client().describeTable(List.of("t")));
        assertEquals(RestErrorCategory.INTERNAL, e.category());
        assertEquals(1, server.getRequestCount());
        assertTrue(e.getMessage().endsWith("HTTP 500, error code 18 (Internal): boom; detail: stack trace here"),
                e.getMessage());
    }

    @Test
    void http500WithHtmlBodyQuotesAShortSnippet() {
        String html = "<html>\n<body>\n" + "x".repeat(500) + "</body></html>";
        answer(new MockResponse.Builder().code(500).addHeader("Content-Type", "text/html").body(html).build());
        InternalServerException e = assertThrows(InternalServerException.class,
                () -> client().listTables(List.of()));
        assertTrue(e.getMessage().contains("HTTP 500 with a body that is not a JSON error: <html> <body> xxx"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("..."), e.getMessage());
        assertTrue(e.getMessage().length() < 400, e.getMessage());
    }

    @Test
    void jsonErrorWithUnknownCodeFallsBackToStatus() {
        answer(403, "{\"error\":\"nope\",\"code\":99}");
        PermissionDeniedException e = assertThrows(PermissionDeniedException.class,
                () -> client().listTables(List.of()));
        assertEquals(OptionalInt.of(99), e.errorCode());
    }

    @Test
    void http503IsRetriedThenReportedAsServiceUnavailable() {
        for (int i = 0; i < 4; i++) {
            answer(503, "{\"error\":\"overloaded\",\"code\":17}");
        }
        ServiceUnavailableException e = assertThrows(ServiceUnavailableException.class,
                () -> client(config().maxRetries(3)).listTables(List.of()));
        assertEquals(4, server.getRequestCount());
        assertEquals("58030", e.category().sqlState());
        assertTrue(e.getMessage().endsWith("HTTP 503, error code 17 (ServiceUnavailable): overloaded"
                + " (gave up after 4 attempts). The service is unavailable or limits the request rate; the"
                + " connection is still usable: retry the statement later"), e.getMessage());
    }

    @Test
    void http429ThenSuccessReturnsTheSecondAnswer() throws Exception {
        answer(new MockResponse.Builder().code(429).addHeader("Retry-After", "0")
                .body("{\"error\":\"slow down\",\"code\":21}").build());
        answer(200, "{\"tables\":[\"t1\"]}");
        assertEquals(List.of("t1"), client().listTables(List.of()));
        assertEquals(2, server.getRequestCount());
        assertEquals(take().getTarget(), take().getTarget());
    }

    @Test
    void postReadOperationsAreRetriedToo() {
        answer(503, "");
        answer(200, "{\"location\":\"s3://b/t\"}");
        assertEquals("s3://b/t", client().describeTable(List.of("t")).location());
        assertEquals(2, server.getRequestCount());
    }

    @Test
    void zeroRetriesSendsOneRequest() {
        answer(429, "{\"error\":\"slow down\",\"code\":21}");
        answer(200, "{\"tables\":[]}");
        ServiceUnavailableException e = assertThrows(ServiceUnavailableException.class,
                () -> client(config().maxRetries(0)).listTables(List.of()));
        assertEquals(1, server.getRequestCount());
        assertEquals(429, e.httpStatus());
    }

    @Test
    void retryAfterSecondsAreParsedAndDatesIgnored() {
        assertEquals(2000, RestNamespaceClient.retryAfterMillis("2"));
        assertEquals(0, RestNamespaceClient.retryAfterMillis(" 0 "));
        assertEquals(-1, RestNamespaceClient.retryAfterMillis("Wed, 21 Oct 2015 07:28:00 GMT"));
        assertEquals(-1, RestNamespaceClient.retryAfterMillis(null));
    }

    @Test
    void responseSlowerThanReadTimeoutIsATimeoutAndNotRetried() {
        answer(new MockResponse.Builder().code(200).body("{\"tables\":[]}")
                .headersDelay(2, TimeUnit.SECONDS).build());
        RestTimeoutException e = assertThrows(RestTimeoutException.class,
                () -> client(config().readTimeout(Duration.ofMillis(200))).listTables(List.of("slow")));
        assertEquals(RestErrorCategory.TIMEOUT, e.category());
        assertEquals("58030", e.category().sqlState());
        assertEquals(0, e.httpStatus());
        assertEquals(1, server.getRequestCount());
        assertTrue(e.getMessage().startsWith("Could not list the tables of namespace 'slow' at " + baseUri()
                + ": no answer in time"), e.getMessage());
    }

    @Test
    void bodyTricklingPastTheCallTimeoutIsATimeout() {
        answer(new MockResponse.Builder().code(200).body("{\"tables\":[\"a\",\"b\",\"c\",\"d\"]}")
                .throttleBody(4, 100, TimeUnit.MILLISECONDS).build());
        long start = System.nanoTime();
        RestTimeoutException e = assertThrows(RestTimeoutException.class,
                () -> client(config().readTimeout(Duration.ofSeconds(5)).callTimeout(Duration.ofMillis(300)))
                        .listTables(List.of()));
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(elapsedMs < 2000, "call timeout took " + elapsedMs + " ms");
        assertTrue(e.getMessage().contains("call 300 ms"), e.getMessage());
    }

    @Test
    void refusedConnectionIsRetriedThenUnreachable() throws Exception {
        int freePort;
        try (ServerSocket s = new ServerSocket(0)) {
            freePort = s.getLocalPort();
        }
        RestNamespaceClient c = client(RestNamespaceConfig.builder("http://127.0.0.1:" + freePort).maxRetries(2)
                .retryBackoff(Duration.ofMillis(1), Duration.ofMillis(2)));
        RestConnectionException e = assertThrows(RestConnectionException.class, () -> c.listNamespaces(List.of()));
        assertEquals("58030", e.category().sqlState());
        assertTrue(e.getMessage().startsWith("Could not list the child namespaces of the root namespace at"
                + " http://127.0.0.1:" + freePort + ": the service cannot be reached"), e.getMessage());
        assertTrue(e.getMessage().contains("(gave up after 3 attempts); check lance.rest.uri"), e.getMessage());
    }

    @Test
    void interruptedCallerGetsCancelledAndKeepsItsInterruptFlag() {
        answer(200, "{\"tables\":[]}");
        RestNamespaceClient c = client();
        Thread.currentThread().interrupt();
        RestNamespaceException e;
        try {
            e = assertThrows(RestNamespaceException.class, () -> c.listTables(List.of()));
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt flag must stay set for the caller");
        }
        assertEquals(RestCancelledException.class, e.getClass());
        assertEquals("57014", e.category().sqlState());
        assertTrue(e.getMessage().endsWith(": interrupted while waiting for the service"), e.getMessage());
    }

    @Test
    void interruptDuringRetryBackoffCancelsTheCall() throws Exception {
        answer(503, "{\"error\":\"busy\",\"code\":17}");
        answer(200, "{\"tables\":[]}");
        RestNamespaceClient c = client(config().retryBackoff(Duration.ofSeconds(30), Duration.ofSeconds(30)));
        java.util.concurrent.atomic.AtomicReference<Throwable> outcome = new java.util.concurrent.atomic.AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                c.listTables(List.of());
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        caller.start();
        take();
        Thread.sleep(200);
        long start = System.nanoTime();
        caller.interrupt();
        caller.join(5000);
        assertFalse(caller.isAlive(), "the caller still waits out the 30 s backoff");
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5000);
        assertEquals(RestCancelledException.class, outcome.get().getClass());
        assertTrue(outcome.get().getMessage().endsWith(": interrupted while waiting to retry"),
                outcome.get().getMessage());
        assertEquals(1, server.getRequestCount());
    }

    @Test
    void malformedJsonOnSuccessIsMalformedResponse() {
        answer(200, "{\"tables\": [\"a\",");
        MalformedResponseException e = assertThrows(MalformedResponseException.class,
                () -> client().listTables(List.of("ns")));
        assertEquals(RestErrorCategory.INTERNAL, e.category());
        assertEquals(200, e.httpStatus());
        assertTrue(e.getMessage().startsWith("Could not list the tables of namespace 'ns' at " + baseUri()
                + ": the service answered HTTP 200 with a body that is not valid JSON"), e.getMessage());
    }

    @Test
    void nonJsonSuccessBodyIsMalformedResponse() {
        answer(new MockResponse.Builder().code(200).body("<html>login page</html>").build());
        assertThrows(MalformedResponseException.class, () -> client().listNamespaces(List.of()));
    }

    @Test
    void wrongFieldTypesAreMalformedResponses() {
        answer(200, "{\"tables\":\"t1\"}");
        answer(200, "{\"tables\":[1,2]}");
        answer(200, "{\"namespaces\":[]}");
        answer(200, "{\"table_uri\":\"s3://b/t\"}");
        answer(200, "{\"location\":\"s3://b/t\",\"version\":\"three\"}");
        answer(200, "{\"location\":\"s3://b/t\",\"storage_options\":{\"expires_at_millis\":\"soon\"}}");
        answer(200, "[]");
        answer(new MockResponse.Builder().code(200).build());
        RestNamespaceClient c = client();
        assertMalformed("'tables' that is not a list", () -> c.listTables(List.of()));
        assertMalformed("a 'tables' entry that is not a string: 1", () -> c.listTables(List.of()));
        assertMalformed("no 'tables' list", () -> c.listTables(List.of()));
        assertMalformed("no 'location'", () -> c.describeTable(List.of("t")));
        assertMalformed("'version' that is not a whole number", () -> c.describeTable(List.of("t")));
        assertMalformed("'storage_options.expires_at_millis' that is not a whole number",
                () -> c.describeTable(List.of("t")));
        assertMalformed("JSON that is not an object", () -> c.describeTable(List.of("t")));
        assertMalformed("an empty body where a JSON object was expected", () -> c.describeNamespace(List.of("a")));
    }

    @Test
    void redirectsAreNotFollowed() {
        answer(new MockResponse.Builder().code(301).addHeader("Location", "https://elsewhere.example/v1").build());
        RestNamespaceException e = assertThrows(RestNamespaceException.class,
                () -> client(config().authentication(RestAuthentication.apiKey("k3y"))).listTables(List.of()));
        assertEquals(1, server.getRequestCount());
        assertEquals(301, e.httpStatus());
        assertTrue(e.getMessage().contains("Redirects are not followed"), e.getMessage());
    }

    @Test
    void echoedCredentialsAreMaskedInMessages() {
        answer(401, "{\"error\":\"token tok-SECRET-123 expired\",\"code\":16,\"detail\":\"x-api-key=k3y-S3CRET\"}");
        UnauthenticatedException e = assertThrows(UnauthenticatedException.class,
                () -> client(config().authentication(RestAuthentication.bearer("tok-SECRET-123"))
                        .header("X-Upstream-Key", "k3y-S3CRET")).listTables(List.of()));
        assertFalse(e.getMessage().contains("SECRET"), e.getMessage());
        assertFalse(e.getMessage().contains("S3CRET"), e.getMessage());
        assertTrue(e.getMessage().contains("token **** expired; detail: x-api-key=****"), e.getMessage());
    }

    @Test
    void existsIsFalseOnlyForNotFound() {
        answer(404, "{\"error\":\"nope\",\"code\":1}");
        answer(404, "{\"error\":\"nope\",\"code\":4}");
        answer(404, "");
        answer(401, "{\"error\":\"who\",\"code\":16}");
        RestNamespaceClient c = client();
        assertFalse(c.namespaceExists(List.of("nope")));
        assertFalse(c.tableExists(List.of("ns", "nope")));
        assertFalse(c.tableExists(List.of("nope")));
        assertThrows(UnauthenticatedException.class, () -> c.namespaceExists(List.of("a")));
    }

    @Test
    void idPartContainingTheDelimiterIsRejectedBeforeSending() {
        RestNamespaceClient c = client();
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> c.describeTable(List.of("a$b", "t")));
        assertEquals("Cannot describe table 'a$b$t': the name 'a$b' contains the delimiter '$'; set"
                + " lance.namespace.delimiter to a string the names do not contain", e.getMessage());
        assertThrows(InvalidInputException.class, () -> c.listTables(List.of("")));
        assertThrows(InvalidInputException.class, () -> c.describeTable(List.of()));
        assertThrows(InvalidInputException.class, () -> c.tableExists(List.of("..")));
        assertEquals(0, server.getRequestCount());
    }

    private static void assertMalformed(String expectedPart, org.junit.jupiter.api.function.Executable call) {
        MalformedResponseException e = assertThrows(MalformedResponseException.class, call);
        assertTrue(e.getMessage().contains(expectedPart), e.getMessage());
    }
}
