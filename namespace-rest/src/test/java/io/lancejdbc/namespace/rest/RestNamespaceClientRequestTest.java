package io.lancejdbc.namespace.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

/** What goes over the wire: methods, exact paths and query strings, bodies and headers byte for byte. */
class RestNamespaceClientRequestTest extends MockServerFixture {

    @Test
    void rootNamespaceIsTheDelimiterPercentEncoded() throws Exception {
        answer(200, "{\"namespaces\":[\"sales\"]}");
        assertEquals(List.of("sales"), client().listNamespaces(List.of()));
        RecordedRequest r = take();
        assertEquals("GET", r.getMethod());
        assertEquals("/v1/namespace/%24/list?delimiter=%24&limit=100", r.getTarget());
        assertEquals(0, r.getBodySize());
    }

    @Test
    void nestedNamespaceIdIsJoinedWithEncodedDelimiter() throws Exception {
        answer(200, "{\"tables\":[\"orders\"]}");
        client(config().pageSize(5)).listTables(List.of("sales", "emea"));
        assertEquals("/v1/namespace/sales%24emea/table/list?delimiter=%24&limit=5", take().getTarget());
    }

    @Test
    void basePathIsKeptBeforeV1() throws Exception {
        answer(200, "{\"tables\":[]}");
        client(RestNamespaceConfig.builder(baseUri() + "/lance/api/")).listTables(List.of("a"));
        assertEquals("/lance/api/v1/namespace/a/table/list?delimiter=%24&limit=100", take().getTarget());
    }

    @Test
    void customDelimiterIsUsedInPathAndQuery() throws Exception {
        answer(200, "{\"location\":\"s3://b/t\"}");
        client(config().delimiter(".")).describeTable(List.of("sales", "orders"));
        assertEquals("/v1/table/sales.orders/describe?delimiter=.&with_table_uri=true", take().getTarget());
    }

    @Test
    void namesWithReservedCharactersArePercentEncodedAsOneSegment() throws Exception {
        answer(200, "{\"tables\":[]}");
        client().listTables(List.of("a b/c?d", "é"));
        assertEquals("/v1/namespace/a%20b%2Fc%3Fd%24%C3%A9/table/list?delimiter=%24&limit=100", take().getTarget());
    }

    @Test
    void describeTableSendsIdInBodyAndFlagsInQuery() throws Exception {
        answer(200, "{\"location\":\"s3://b/t\"}");
        client().describeTable(List.of("ns1", "t_in_ns"));
        RecordedRequest r = take();
        assertEquals("POST", r.getMethod());
        assertEquals("/v1/table/ns1%24t_in_ns/describe?delimiter=%24&with_table_uri=true", r.getTarget());
        assertEquals("{\"id\":[\"ns1\",\"t_in_ns\"]}", bodyOf(r));
        assertEquals("application/json", r.getHeaders().get("Content-Type"));
    }

    @Test
    void describeTableWithVersionDetailsAndVendingSendsAllThree() throws Exception {
        answer(200, "{\"location\":\"s3://b/t\",\"version\":3}");
        client().describeTable(List.of("t"),
                DescribeTableOptions.latest().withVersion(3).withDetailedMetadata().withVendCredentials(true));
        RecordedRequest r = take();
        assertEquals("/v1/table/t/describe?delimiter=%24&with_table_uri=true&load_detailed_metadata=true",
                r.getTarget());
        assertEquals("{\"id\":[\"t\"],\"version\":3,\"vend_credentials\":true}", bodyOf(r));
    }

    @Test
    void describeNamespaceAndExistsPostTheId() throws Exception {
        answer(200, "{\"properties\":{\"owner\":\"me\"}}");
        answer(new MockResponse.Builder().code(204).build());
        answer(new MockResponse.Builder().code(200).build());
        RestNamespaceClient c = client();
        assertEquals(new NamespaceDescription(List.of("ns1"), Map.of("owner", "me")),
                c.describeNamespace(List.of("ns1")));
        assertTrue(c.namespaceExists(List.of("ns1")));
        assertTrue(c.tableExists(List.of("ns1", "t")));
        RecordedRequest describe = take();
        assertEquals("/v1/namespace/ns1/describe?delimiter=%24", describe.getTarget());
        assertEquals("{\"id\":[\"ns1\"]}", bodyOf(describe));
        RecordedRequest nsExists = take();
        assertEquals("POST", nsExists.getMethod());
        assertEquals("/v1/namespace/ns1/exists?delimiter=%24", nsExists.getTarget());
        RecordedRequest tableExists = take();
        assertEquals("/v1/table/ns1%24t/exists?delimiter=%24", tableExists.getTarget());
        assertEquals("{\"id\":[\"ns1\",\"t\"]}", bodyOf(tableExists));
    }

    @Test
    void bearerAuthenticationSendsExactlyOneAuthorizationHeader() throws Exception {
        answer(200, "{\"namespaces\":[]}");
        client(config().authentication(RestAuthentication.bearer("tok-123.ABC_xyz"))).listNamespaces(List.of());
        Headers h = take().getHeaders();
        assertEquals(List.of("Bearer tok-123.ABC_xyz"), h.values("Authorization"));
        assertEquals(List.of(), h.values("x-api-key"));
    }

    @Test
    void apiKeyAuthenticationSendsExactlyOneXApiKeyHeader() throws Exception {
        answer(200, "{\"namespaces\":[]}");
        client(config().authentication(RestAuthentication.apiKey("key-456"))).listNamespaces(List.of());
        Headers h = take().getHeaders();
        assertEquals(List.of("key-456"), h.values("x-api-key"));
        assertEquals(List.of(), h.values("Authorization"));
        assertTrue(headerLine(h, "x-api-key").equals("x-api-key: key-456"), headerLine(h, "x-api-key"));
    }

    @Test
    void noAuthenticationSendsNeitherHeader() throws Exception {
        answer(200, "{\"namespaces\":[]}");
        client().listNamespaces(List.of());
        Headers h = take().getHeaders();
        assertNull(h.get("Authorization"));
        assertNull(h.get("x-api-key"));
    }

    @Test
    void customHeadersGoOnEveryRequestAlongsideAuthentication() throws Exception {
        answer(200, "{\"namespaces\":[]}");
        answer(200, "{\"location\":\"s3://b/t\"}");
        RestNamespaceClient c = client(config().authentication(RestAuthentication.bearer("t0k"))
                .header("X-Tenant", "analytics").header("x-lance-ctx-trace", "abc 123"));
        c.listNamespaces(List.of());
        c.describeTable(List.of("t"));
        for (int i = 0; i < 2; i++) {
            Headers h = take().getHeaders();
            assertEquals("X-Tenant: analytics", headerLine(h, "X-Tenant"));
            assertEquals("x-lance-ctx-trace: abc 123", headerLine(h, "x-lance-ctx-trace"));
            assertEquals(List.of("Bearer t0k"), h.values("Authorization"));
            assertEquals("application/json", h.get("Accept"));
        }
    }

    @Test
    void customAuthorizationHeaderIsSentWhenNoAuthenticationIsChosen() throws Exception {
        answer(200, "{\"namespaces\":[]}");
        client(config().header("Authorization", "Basic dXNlcjpwYXNz")).listNamespaces(List.of());
        assertEquals(List.of("Basic dXNlcjpwYXNz"), take().getHeaders().values("Authorization"));
    }

    @Test
    void describeTableReadsEveryField() {
        answer(200, "{\"table\":\"t\",\"namespace\":[\"ns1\"],\"location\":\"s3://bucket/wh/t.lance\","
                + "\"table_uri\":\"s3://bucket/wh/t.lance\",\"version\":7,"
                + "\"storage_options\":{\"aws_access_key_id\":\"AKIA1\",\"aws_secret_access_key\":\"s3cr3t\","
                + "\"aws_session_token\":\"tok\",\"expires_at_millis\":\"1767225600000\",\"allow_http\":true},"
                + "\"managed_versioning\":false,\"is_only_declared\":false,\"properties\":{\"owner\":\"me\"},"
                + "\"schema\":{\"fields\":[]},\"unknown_field\":{\"x\":1}}");
        TableDescription d = client().describeTable(List.of("ns1", "t"));
        assertEquals(List.of("ns1", "t"), d.id());
        assertEquals("s3://bucket/wh/t.lance", d.location());
        assertEquals(Optional.of("s3://bucket/wh/t.lance"), d.tableUri());
        assertEquals(OptionalLong.of(7), d.version());
        assertEquals(Map.of("aws_access_key_id", "AKIA1", "aws_secret_access_key", "s3cr3t", "aws_session_token", "tok",
                "expires_at_millis", "1767225600000", "allow_http", "true"), d.storageOptions());
        assertEquals(OptionalLong.of(1767225600000L), d.expiresAtMillis());
        assertFalse(d.managedVersioning());
        assertEquals(Optional.of(false), d.onlyDeclared());
        assertEquals(Map.of("owner", "me"), d.properties());
    }

    @Test
    void describeTableTakesTopLevelExpiryWhenStorageOptionsHaveNone() {
        answer(200, "{\"location\":\"s3://b/t\",\"storage_options\":{\"aws_access_key_id\":\"AKIA1\"},"
                + "\"expires_at_millis\":1767225600000,\"managed_versioning\":true}");
        TableDescription d = client().describeTable(List.of("t"));
        assertEquals(OptionalLong.of(1767225600000L), d.expiresAtMillis());
        assertTrue(d.managedVersioning());
        assertEquals(OptionalLong.empty(), d.version());
        assertEquals(Optional.empty(), d.tableUri());
        assertEquals(Optional.empty(), d.onlyDeclared());
    }

    @Test
    void describeTableToStringShowsStorageOptionKeysButNoValues() {
        answer(200, "{\"location\":\"s3://b/t\",\"storage_options\":{\"aws_secret_access_key\":\"s3cr3t-value\"}}");
        String text = client().describeTable(List.of("t")).toString();
        assertTrue(text.contains("aws_secret_access_key"), text);
        assertFalse(text.contains("s3cr3t-value"), text);
    }

    @Test
    void absentNamespacePropertiesAreAnEmptyMap() {
        answer(200, "{\"properties\":null}");
        assertEquals(Map.of(), client().describeNamespace(List.of("a")).properties());
    }

    /** The header line as the server received it: the name spelled as sent, then the value. */
    private static String headerLine(Headers headers, String name) {
        for (int i = 0; i < headers.size(); i++) {
            if (headers.name(i).equalsIgnoreCase(name)) {
                return headers.name(i) + ": " + headers.value(i);
            }
        }
        return "(no " + name + " header)";
    }
}
