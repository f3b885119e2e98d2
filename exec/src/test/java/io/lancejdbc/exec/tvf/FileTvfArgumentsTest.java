package io.lancejdbc.exec.tvf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The argument rules of s3() and local(), checked before any storage is touched. */
class FileTvfArgumentsTest {
    private static final Map<String, String> CONNECTION = Map.of("s3.endpoint", "http://127.0.0.1:9000",
            "s3.access_key", "conn-key", "s3.secret_key", "conn-secret-value", "s3.session_token",
            "conn-token-value", "s3.region", "eu-west-1", "lance.glob.max_datasets", "7");

    private static Map<String, String> args(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void theConnectionsStoragePropertiesApplyWhenTheCallHasNone() {
        FileTvfCall c = FileTvfArguments.parse("s3", args("uri", "s3://b/t.lance", "format", "lance"),
                CONNECTION);
        Map<String, String> o = c.storage().lanceOptions();
        assertEquals("conn-key", o.get("aws_access_key_id"));
        assertEquals("conn-token-value", o.get("aws_session_token"));
        assertEquals("eu-west-1", o.get("aws_region"));
    }

    @Test
    void theCallsCredentialsReplaceAllOfTheConnectionsCredentialParts() {
        FileTvfCall c = FileTvfArguments.parse("s3", args("uri", "s3://b/t.lance", "format", "lance",
                "s3.access_key", "call-key", "s3.secret_key", "call-secret-value"), CONNECTION);
        Map<String, String> o = c.storage().lanceOptions();
        assertEquals("call-key", o.get("aws_access_key_id"));
        assertEquals("call-secret-value", o.get("aws_secret_access_key"));
        assertFalse(o.containsKey("aws_session_token"), "the connection's session token belongs to its own key");
        assertEquals("http://127.0.0.1:9000", o.get("aws_endpoint"), "other connection properties stay");
    }

    @Test
    void theCallsEndpointRegionAndLanceOptionsOverrideTheConnections() {
        FileTvfCall c = FileTvfArguments.parse("s3", args("uri", "s3://b/t.lance", "format", "lance",
                "s3.endpoint", "http://10.0.0.1:9000", "s3.region", "us-west-2", "use_path_style", "false",
                "lance.storage.client_max_retries", "3"), CONNECTION);
        Map<String, String> o = c.storage().lanceOptions();
        assertEquals("http://10.0.0.1:9000", o.get("aws_endpoint"));
        assertEquals("us-west-2", o.get("aws_region"));
        assertEquals("true", o.get("virtual_hosted_style_request"));
        assertEquals("3", o.get("client_max_retries"));
    }

    @Test
    void budgetsOfTheCallOverrideTheConnections() {
        FileTvfCall c = FileTvfArguments.parse("s3", args("uris", "[\"s3://b/*\"]", "format", "lance",
                "lance.glob.max_fragments", "9"), CONNECTION);
        assertEquals("9", c.properties().get("lance.glob.max_fragments"));
        assertEquals("7", c.properties().get("lance.glob.max_datasets"));
        assertTrue(c.isMultiDataset());
    }

    @Test
    void theFormatIsRequiredAndComparedWithoutCase() {
        SqlError missing = assertThrows(SqlError.class, () -> FileTvfArguments.parse("s3",
                args("uri", "s3://b/t.lance"), Map.of()));
        assertEquals("42000", missing.sqlState());
        assertEquals("s3() needs \"format\" = \"lance\"", missing.getMessage());
        assertEquals("s3", FileTvfArguments.parse("s3", args("uri", "s3://b/t.lance", "format", " LANCE "),
                Map.of()).function());
    }

    @Test
    void neitherUriNorUrisIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> FileTvfArguments.parse("s3", args("format", "lance"),
                Map.of()));
        assertEquals("42000", e.sqlState());
        assertEquals("s3() needs \"uri\" = \"s3://bucket/path.lance\" or \"uris\" = '[\"s3://bucket/a.lance\", "
                + "\"s3://bucket/20*\"]'", e.getMessage());
    }

    @Test
    void aLocalPathInS3UriIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> FileTvfArguments.parse("s3",
                args("uri", "/data/t.lance", "format", "lance"), Map.of()));
        assertEquals("22023", e.sqlState());
        assertEquals("s3() \"uri\" must start with s3://; use local() for local paths", e.getMessage());
    }

    @Test
    void s3PropertiesAreNotArgumentsOfLocal() {
        SqlError e = assertThrows(SqlError.class, () -> FileTvfArguments.parse("local",
                args("file_path", "/data/t.lance", "format", "lance", "s3.endpoint", "http://x:1"), Map.of()));
        assertEquals("42000", e.sqlState());
        assertEquals("'s3.endpoint' is an invalid property for local(); valid: file_path, uris, format, backend_id, "
                + "lance.glob.<budget>", e.getMessage());
    }

    @Test
    void theCallNeverShowsSecrets() {
        FileTvfCall c = FileTvfArguments.parse("s3", args("uri", "s3://b/t.lance", "format", "lance"),
                CONNECTION);
        assertFalse(c.toString().contains("conn-secret-value"), c.toString());
        assertFalse(c.storage().toString().contains("conn-secret-value"), c.storage().toString());
    }
}
