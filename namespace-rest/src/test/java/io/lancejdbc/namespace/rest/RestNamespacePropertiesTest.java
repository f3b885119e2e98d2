package io.lancejdbc.namespace.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Connection properties to client configuration, and every configuration error a user can make. */
class RestNamespacePropertiesTest {

    private static Map<String, String> props(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    private static String errorOf(Map<String, String> properties) {
        return assertThrows(RestConfigException.class, () -> RestNamespaceProperties.parse(properties)).getMessage();
    }

    @Test
    void onlyTheUriGivesTheDefaults() {
        RestNamespaceConfig c = RestNamespaceProperties.parse(props("lance.rest.uri", "https://lance.example.com"));
        assertEquals(URI.create("https://lance.example.com"), c.baseUri());
        assertEquals("$", c.delimiter());
        assertEquals(100, c.pageSize());
        assertEquals(Duration.ofSeconds(10), c.connectTimeout());
        assertEquals(Duration.ofSeconds(30), c.readTimeout());
        assertEquals(Duration.ofSeconds(60), c.callTimeout());
        assertEquals(3, c.maxRetries());
        assertEquals(Duration.ofMillis(200), c.initialBackoff());
        assertEquals(Duration.ofSeconds(5), c.maxBackoff());
        assertEquals(RestSecurityType.NONE, c.authentication().type());
        assertEquals(Map.of(), c.headers());
        assertEquals(Optional.empty(), c.caCertificateFile());
    }

    @Test
    void everyPropertyIsRead() {
        RestNamespaceConfig c = RestNamespaceProperties.parse(props(
                "lance.rest.uri", " http://127.0.0.1:2333/base/path/ ",
                "lance.rest.security.type", "BEARER",
                "lance.rest.bearer-token", "tok-123",
                "lance.rest.header.X-Tenant", "analytics",
                "lance.namespace.delimiter", ".",
                "lance.rest.page-size", "25",
                "lance.rest.connect-timeout-ms", "1500",
                "lance.rest.read-timeout-ms", "2500",
                "lance.rest.call-timeout-ms", "0",
                "lance.rest.max-retries", "0",
                "lance.rest.retry-initial-backoff-ms", "50",
                "lance.rest.retry-max-backoff-ms", "400",
                "warehouse", "ignored-by-this-parser",
                "s3.secret_key", "also-ignored"));
        assertEquals(URI.create("http://127.0.0.1:2333/base/path"), c.baseUri());
        assertEquals(RestSecurityType.BEARER, c.authentication().type());
        assertEquals("Bearer tok-123", c.authentication().headerValue());
        assertEquals(Map.of("X-Tenant", "analytics"), c.headers());
        assertEquals(".", c.delimiter());
        assertEquals(25, c.pageSize());
        assertEquals(Duration.ofMillis(1500), c.connectTimeout());
        assertEquals(Duration.ofMillis(2500), c.readTimeout());
        assertEquals(Duration.ZERO, c.callTimeout());
        assertEquals(0, c.maxRetries());
        assertEquals(Duration.ofMillis(50), c.initialBackoff());
        assertEquals(Duration.ofMillis(400), c.maxBackoff());
    }

    @Test
    void apiKeyTypeReadsTheKey() {
        RestNamespaceConfig c = RestNamespaceProperties.parse(props("lance.rest.uri", "https://h",
                "lance.rest.security.type", "api_key", "lance.rest.api-key", "key-456"));
        assertEquals(Optional.of("x-api-key"), c.authentication().headerName());
        assertEquals("key-456", c.authentication().headerValue());
    }

    @Test
    void missingUriIsAnError() {
        assertEquals("lance.rest.uri is required: the http:// or https:// address of the Lance REST namespace service",
                errorOf(props("lance.rest.security.type", "none")));
    }

    @Test
    void nonHttpUriIsAnError() {
        assertEquals("lance.rest.uri must start with http:// or https://, got 's3://bucket/warehouse'",
                errorOf(props("lance.rest.uri", "s3://bucket/warehouse")));
        assertEquals("lance.rest.uri has no host name: 'http:///v1'", errorOf(props("lance.rest.uri", "http:///v1")));
    }

    @Test
    void uriWithUserInfoIsRejectedWithoutEchoingIt() {
        String message = errorOf(props("lance.rest.uri", "https://admin:hunter22@lance.example.com"));
        assertFalse(message.contains("hunter22"), message);
        assertTrue(message.startsWith("lance.rest.uri must not contain user information"), message);
    }

    @Test
    void uriWithQueryIsRejected() {
        assertTrue(errorOf(props("lance.rest.uri", "https://h/api?key=abc"))
                .startsWith("lance.rest.uri must not have a query or fragment"));
    }

    @Test
    void unknownSecurityTypeIsAnError() {
        assertEquals("Unknown lance.rest.security.type 'oauth2'; use one of none, bearer, api_key",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "oauth2")));
    }

    @Test
    void bearerWithoutTokenIsAnError() {
        assertEquals("lance.rest.security.type=bearer requires lance.rest.bearer-token",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "bearer")));
        assertEquals("lance.rest.security.type=bearer requires lance.rest.bearer-token",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "bearer",
                        "lance.rest.bearer-token", "  ")));
    }

    @Test
    void apiKeyTypeWithoutKeyIsAnError() {
        assertEquals("lance.rest.security.type=api_key requires lance.rest.api-key",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "api_key")));
    }

    @Test
    void credentialForAnotherTypeIsAnError() {
        assertEquals("lance.rest.bearer-token is set but lance.rest.security.type is 'none'; set"
                + " lance.rest.security.type=bearer to send it, or remove it",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.bearer-token", "tok-123")));
        assertEquals("lance.rest.api-key is set but lance.rest.security.type is 'bearer'; set"
                + " lance.rest.security.type=api_key to send it, or remove it",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "bearer",
                        "lance.rest.bearer-token", "tok-123", "lance.rest.api-key", "key-456")));
    }

    @Test
    void customHeaderCollidingWithBearerIsRejectedCaseInsensitively() {
        String message = errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "bearer",
                "lance.rest.bearer-token", "tok-123", "lance.rest.header.authorization", "Bearer other-token"));
        assertEquals("Custom header 'authorization' collides with the 'Authorization' header that"
                + " lance.rest.security.type=bearer sends; remove lance.rest.header.authorization and keep the"
                + " credential in lance.rest.bearer-token", message);
    }

    @Test
    void customHeaderCollidingWithApiKeyIsRejected() {
        String message = errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "api_key",
                "lance.rest.api-key", "key-456", "lance.rest.header.X-API-KEY", "other-key"));
        assertTrue(message.startsWith("Custom header 'X-API-KEY' collides with the 'x-api-key' header"), message);
        assertFalse(message.contains("other-key"), message);
        assertFalse(message.contains("key-456"), message);
    }

    @Test
    void sameCustomHeaderInTwoCasesIsRejected() {
        assertEquals("Custom headers 'X-TENANT' and 'X-Tenant' are the same header (names are case-insensitive);"
                + " keep one", errorOf(props("lance.rest.uri", "https://h",
                        "lance.rest.header.X-Tenant", "a", "lance.rest.header.X-TENANT", "b")));
    }

    @Test
    void managedHeadersCannotBeSet() {
        assertEquals("Custom header 'Content-Type' cannot be set: the HTTP client derives it from each request",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.header.Content-Type", "text/plain")));
    }

    @Test
    void invalidHeaderNameAndValueAreRejectedWithoutQuotingTheValue() {
        assertEquals("Custom header name 'X Tenant' contains the character ' ', which header names cannot use",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.header.X Tenant", "a")));
        assertEquals("A custom header name is empty (lance.rest.header.<Name>)",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.header.", "a")));
        Map<String, String> p = props("lance.rest.uri", "https://h");
        p.put("lance.rest.header.X-Secret", "abc\u0001def");
        assertEquals("The value of custom header 'X-Secret' contains a character an HTTP header cannot carry at"
                + " position 4", errorOf(p));
    }

    @Test
    void tokenWithLineBreakIsRejectedWithoutQuotingIt() {
        String message = errorOf(props("lance.rest.uri", "https://h", "lance.rest.security.type", "bearer",
                "lance.rest.bearer-token", "abc\ndef"));
        assertEquals("The bearer token (lance.rest.bearer-token) contains a character an HTTP header cannot carry"
                + " at position 4 (only visible ASCII without spaces)", message);
    }

    @Test
    void unknownRestPropertyIsAnErrorListingTheKnownOnes() {
        String message = errorOf(props("lance.rest.uri", "https://h", "lance.rest.bearer_token", "tok-123"));
        assertTrue(message.startsWith("Unknown property 'lance.rest.bearer_token'; REST catalog properties are"
                + " lance.rest.uri, lance.rest.security.type, lance.rest.bearer-token,"), message);
        assertFalse(message.contains("tok-123"), message);
    }

    @Test
    void malformedNumbersNameTheProperty() {
        assertEquals("lance.rest.page-size must be a whole number, got 'ten'",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.page-size", "ten")));
        assertEquals("lance.rest.read-timeout-ms must be a whole number of milliseconds, got '1.5s'",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.read-timeout-ms", "1.5s")));
    }

    @Test
    void outOfRangeNumbersNameTheProperty() {
        assertEquals("The page size (lance.rest.page-size) must be at least 1, got 0",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.page-size", "0")));
        assertEquals("The connect timeout (lance.rest.connect-timeout-ms) must be positive, got 0 ms",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.connect-timeout-ms", "0")));
        assertEquals("The retry count (lance.rest.max-retries) must be 0 or more, got -1",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.max-retries", "-1")));
        assertEquals("The maximum retry backoff (lance.rest.retry-max-backoff-ms) must not be below the initial"
                + " backoff (lance.rest.retry-initial-backoff-ms)", errorOf(props("lance.rest.uri", "https://h",
                        "lance.rest.retry-initial-backoff-ms", "500", "lance.rest.retry-max-backoff-ms", "100")));
    }

    @Test
    void emptyDelimiterIsAnError() {
        assertEquals("lance.namespace.delimiter must not be empty",
                errorOf(props("lance.rest.uri", "https://h", "lance.namespace.delimiter", "")));
    }

    @Test
    void missingCaFileIsAnError() {
        Path missing = Path.of("/nonexistent/ca.pem");
        assertEquals("lance.rest.tls.ca-file '" + missing + "' does not exist",
                errorOf(props("lance.rest.uri", "https://h", "lance.rest.tls.ca-file", missing.toString())));
    }

    @Test
    void toStringNeverShowsCredentialsOrHeaderValues() {
        Map<String, String> p = new HashMap<>(props("lance.rest.uri", "https://h", "lance.rest.security.type",
                "bearer", "lance.rest.bearer-token", "tok-SECRET-1", "lance.rest.header.X-Session", "sess-SECRET-2"));
        RestNamespaceConfig c = RestNamespaceProperties.parse(p);
        String text = c + " " + c.authentication() + " " + RestNamespaceClient.create(c);
        assertFalse(text.contains("SECRET"), text);
        assertTrue(text.contains("authentication=bearer(****)"), text);
        assertTrue(text.contains("headers=[X-Session]"), text);
    }

    @Test
    void restPropertyNamesListsEveryExactName() {
        assertEquals(List.of("lance.rest.uri", "lance.rest.security.type", "lance.rest.bearer-token",
                "lance.rest.api-key", "lance.rest.page-size", "lance.rest.connect-timeout-ms",
                "lance.rest.read-timeout-ms", "lance.rest.call-timeout-ms", "lance.rest.max-retries",
                "lance.rest.retry-initial-backoff-ms", "lance.rest.retry-max-backoff-ms", "lance.rest.tls.ca-file"),
                RestNamespaceProperties.REST_PROPERTY_NAMES);
    }
}
