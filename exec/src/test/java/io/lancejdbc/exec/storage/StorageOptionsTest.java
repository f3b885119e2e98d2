package io.lancejdbc.exec.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StorageOptionsTest {

    private static Map<String, String> minioProperties() {
        Map<String, String> p = new HashMap<>();
        p.put("s3.endpoint", "http://127.0.0.1:9000");
        p.put("s3.access_key", "AKIDEXAMPLE");
        p.put("s3.secret_key", "conn-secret-value");
        p.put("s3.region", "eu-west-1");
        p.put("use_path_style", "true");
        return p;
    }

    @Test
    void s3PropertiesMapToLanceKeys() {
        assertEquals(Map.of(
                "aws_endpoint", "http://127.0.0.1:9000",
                "aws_access_key_id", "AKIDEXAMPLE",
                "aws_secret_access_key", "conn-secret-value",
                "aws_region", "eu-west-1",
                "allow_http", "true",
                "virtual_hosted_style_request", "false"), StorageOptions.fromProperties(minioProperties()).lanceOptions());
    }

    @Test
    void sessionTokenMapsToAwsSessionToken() {
        Map<String, String> p = minioProperties();
        p.put("s3.session_token", "tok-value");
        assertEquals("tok-value", StorageOptions.fromProperties(p).lanceOptions().get("aws_session_token"));
    }

    @Test
    void regionDefaultsToUsEast1AndPathStyleIsTheDefault() {
        assertEquals(Map.of("aws_region", "us-east-1", "virtual_hosted_style_request", "false"),
                StorageOptions.fromProperties(Map.of()).lanceOptions());
    }

    @Test
    void httpsEndpointDoesNotAllowHttp() {
        Map<String, String> o = StorageOptions.fromProperties(Map.of("s3.endpoint", "https://s3.example.com"))
                .lanceOptions();
        assertEquals("https://s3.example.com", o.get("aws_endpoint"));
        assertFalse(o.containsKey("allow_http"));
    }

    @Test
    void usePathStyleFalseRequestsVirtualHostedStyle() {
        assertEquals("true", StorageOptions.fromProperties(Map.of("use_path_style", "FALSE")).lanceOptions()
                .get("virtual_hosted_style_request"));
    }

    @Test
    void lanceStorageOptionsPassThroughUnchanged() {
        Map<String, String> p = minioProperties();
        p.put("lance.storage.client_max_retries", "7");
        p.put("lance.storage.request_timeout", "30s");
        Map<String, String> o = StorageOptions.fromProperties(p).lanceOptions();
        assertEquals("7", o.get("client_max_retries"));
        assertEquals("30s", o.get("request_timeout"));
    }

    @Test
    void passedThroughAliasReplacesTheMappedOptionOfTheSameMeaning() {
        Map<String, String> p = minioProperties();
        p.put("lance.storage.region", "ap-south-1");
        Map<String, String> o = StorageOptions.fromProperties(p).lanceOptions();
        assertEquals("ap-south-1", o.get("region"));
        assertFalse(o.containsKey("aws_region"), o.toString());
    }

    @Test
    void vendedUnprefixedCredentialsReplaceConnectionCredentials() {
        Map<String, String> p = minioProperties();
        p.put("s3.session_token", "stale-token");
        StorageOptions merged = StorageOptions.fromProperties(p).withVendedOptions(Map.of(
                "access_key_id", "VENDEDKEY", "secret_access_key", "vended-secret", "expires_at_millis", "1700000000000"));
        Map<String, String> o = merged.lanceOptions();
        assertEquals("VENDEDKEY", o.get("aws_access_key_id"));
        assertEquals("vended-secret", o.get("aws_secret_access_key"));
        assertFalse(o.containsKey("aws_session_token"), "a stale connection token must not pair with vended keys");
        assertFalse(o.containsKey("access_key_id"));
        assertEquals("1700000000000", o.get("expires_at_millis"));
        assertEquals("http://127.0.0.1:9000", o.get("aws_endpoint"));
        assertEquals("eu-west-1", o.get("aws_region"));
    }

    @Test
    void vendedPrefixedKeysAreAcceptedToo() {
        Map<String, String> o = StorageOptions.fromProperties(minioProperties()).withVendedOptions(Map.of(
                "aws_access_key_id", "V2", "aws_secret_access_key", "s2", "aws_session_token", "t2")).lanceOptions();
        assertEquals("V2", o.get("aws_access_key_id"));
        assertEquals("s2", o.get("aws_secret_access_key"));
        assertEquals("t2", o.get("aws_session_token"));
    }

    @Test
    void vendedEndpointAndRegionAreCanonicalizedAndReplaceTheConnections() {
        Map<String, String> o = StorageOptions.fromProperties(Map.of("s3.endpoint", "https://old.example.com"))
                .withVendedOptions(Map.of("endpoint", "http://10.0.0.5:9000", "region", "us-west-2")).lanceOptions();
        assertEquals("http://10.0.0.5:9000", o.get("aws_endpoint"));
        assertEquals("us-west-2", o.get("aws_region"));
        assertEquals("true", o.get("allow_http"));
        assertFalse(o.containsKey("endpoint"));
        assertFalse(o.containsKey("region"));
    }

    @Test
    void vendedOptionsWithoutCredentialsKeepTheConnectionCredentials() {
        Map<String, String> o = StorageOptions.fromProperties(minioProperties())
                .withVendedOptions(Map.of("client_max_retries", "3")).lanceOptions();
        assertEquals("AKIDEXAMPLE", o.get("aws_access_key_id"));
        assertEquals("3", o.get("client_max_retries"));
    }

    @Test
    void clientSettingsComeFromTheSameOptions() {
        S3ClientSettings s = StorageOptions.fromProperties(minioProperties()).s3ClientSettings();
        assertEquals(Optional.of(URI.create("http://127.0.0.1:9000")), s.endpoint());
        assertEquals("eu-west-1", s.region());
        assertTrue(s.pathStyle());
        assertEquals(new S3ClientSettings.Credentials("AKIDEXAMPLE", "conn-secret-value", Optional.empty()),
                s.credentials().orElseThrow());
    }

    @Test
    void clientSettingsReadVendedUnprefixedCredentials() {
        S3ClientSettings s = StorageOptions.fromProperties(Map.of()).withVendedOptions(Map.of(
                "access_key_id", "K", "secret_access_key", "S", "session_token", "T")).s3ClientSettings();
        assertEquals(new S3ClientSettings.Credentials("K", "S", Optional.of("T")), s.credentials().orElseThrow());
    }

    @Test
    void noKeysMeansTheDefaultCredentialChain() {
        S3ClientSettings s = StorageOptions.fromProperties(Map.of("s3.region", "us-west-2")).s3ClientSettings();
        assertEquals(Optional.empty(), s.credentials());
        assertEquals(Optional.empty(), s.endpoint());
        assertEquals("AWS S3 (region us-west-2)", s.endpointForMessages());
    }

    @Test
    void toStringRedactsEveryCredential() {
        Map<String, String> p = minioProperties();
        p.put("s3.session_token", "token-value-xyz");
        String text = StorageOptions.fromProperties(p).toString();
        assertFalse(text.contains("conn-secret-value"), text);
        assertFalse(text.contains("token-value-xyz"), text);
        assertFalse(text.contains("AKIDEXAMPLE"), text);
        assertTrue(text.contains("aws_secret_access_key=****"), text);
        assertTrue(text.contains("aws_endpoint=http://127.0.0.1:9000"), text);
    }

    @Test
    void credentialsRecordRedactsToo() {
        String text = new S3ClientSettings.Credentials("AKID", "sec", Optional.of("tok")).toString();
        assertEquals("Credentials{accessKeyId=****, secretAccessKey=****, sessionToken=****}", text);
    }

    @Test
    void equalOptionsAreEqualValues() {
        assertEquals(StorageOptions.fromProperties(minioProperties()), StorageOptions.fromProperties(minioProperties()));
        assertEquals(StorageOptions.fromProperties(minioProperties()).hashCode(),
                StorageOptions.fromProperties(minioProperties()).hashCode());
    }

    @Test
    void lanceOptionsAreUnmodifiable() {
        assertThrows(UnsupportedOperationException.class,
                () -> StorageOptions.fromProperties(Map.of()).lanceOptions().put("x", "y"));
    }

    @Test
    void accessKeyWithoutSecretIsRejected() {
        SqlError e = assertThrows(SqlError.class,
                () -> StorageOptions.fromProperties(Map.of("s3.access_key", "AKID")));
        assertEquals("22023", e.sqlState());
        assertEquals("s3.access_key is set but s3.secret_key is missing; set both, or neither to use the default AWS "
                + "credential chain", e.getMessage());
    }

    @Test
    void secretWithoutAccessKeyIsRejectedWithoutEchoingIt() {
        SqlError e = assertThrows(SqlError.class,
                () -> StorageOptions.fromProperties(Map.of("s3.secret_key", "only-secret")));
        assertFalse(e.getMessage().contains("only-secret"));
        assertTrue(e.getMessage().startsWith("s3.secret_key is set but s3.access_key is missing"));
    }

    @Test
    void sessionTokenWithoutKeysIsRejected() {
        SqlError e = assertThrows(SqlError.class,
                () -> StorageOptions.fromProperties(Map.of("s3.session_token", "tok")));
        assertEquals("22023", e.sqlState());
    }

    @Test
    void endpointThatIsNotHttpIsRejected() {
        SqlError e = assertThrows(SqlError.class,
                () -> StorageOptions.fromProperties(Map.of("s3.endpoint", "ftp://host")));
        assertEquals("Invalid s3.endpoint 'ftp://host': write http://host:port or https://host", e.getMessage());
    }

    @Test
    void endpointWithUserInfoIsRejectedWithoutEchoingIt() {
        SqlError e = assertThrows(SqlError.class,
                () -> StorageOptions.fromProperties(Map.of("s3.endpoint", "http://user:pw-secret@host:9000")));
        assertFalse(e.getMessage().contains("pw-secret"), e.getMessage());
        assertEquals("22023", e.sqlState());
    }

    @Test
    void usePathStyleMustBeBoolean() {
        SqlError e = assertThrows(SqlError.class,
                () -> StorageOptions.fromProperties(Map.of("use_path_style", "yes")));
        assertEquals("Invalid use_path_style 'yes': use true or false", e.getMessage());
    }

    @Test
    void emptyLanceStorageKeyIsRejected() {
        SqlError e = assertThrows(SqlError.class,
                () -> StorageOptions.fromProperties(Map.of("lance.storage.", "x")));
        assertEquals("22023", e.sqlState());
    }

    @Test
    void halfAKeyPairInVendedOptionsFailsWhenBuildingTheClient() {
        StorageOptions o = StorageOptions.fromProperties(Map.of()).withVendedOptions(Map.of("access_key_id", "K"));
        SqlError e = assertThrows(SqlError.class, o::s3ClientSettings);
        assertEquals("08001", e.sqlState());
    }
}
