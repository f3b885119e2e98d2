package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** jdbc:lance: URL forms, property merging and validation (no engine involved). */
class ConnectionSettingsTest {

    private static Properties props(String... keysAndValues) {
        Properties p = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            p.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        return p;
    }

    private static EngineConfig config(String url, String... keysAndValues) throws SQLException {
        return ConnectionSettings.resolve(url, props(keysAndValues)).config();
    }

    private static SQLException failure(String url, String... keysAndValues) {
        SQLException e = assertThrows(SQLException.class, () -> config(url, keysAndValues));
        assertInstanceOf(SQLNonTransientConnectionException.class, e);
        assertEquals("08001", e.getSQLState());
        return e;
    }

    @Test
    void absolutePathIsTheWarehouse() throws SQLException {
        assertEquals(Map.of("warehouse", "/data/lake"), config("jdbc:lance:/data/lake").asMap());
    }

    @Test
    void fileUriBecomesItsDecodedPath() throws SQLException {
        assertEquals("/data/my lake", config("jdbc:lance:file:///data/my%20lake").raw("warehouse"));
        assertEquals("/data/lake", config("jdbc:lance:file:/data/lake").raw("warehouse"));
        assertEquals("/data/lake", config("jdbc:lance:file://localhost/data/lake").raw("warehouse"));
    }

    @Test
    void s3LocationIsKeptAsWritten() throws SQLException {
        assertEquals("s3://bucket/prefix/wh", config("jdbc:lance:s3://bucket/prefix/wh").raw("warehouse"));
    }

    @Test
    void restUrlSetsCatalogTypeAndUri() throws SQLException {
        EngineConfig c = config("jdbc:lance:rest:https://ns.example.com:8181/api");
        assertEquals("rest", c.raw("lance.catalog.type"));
        assertEquals("https://ns.example.com:8181/api", c.raw("lance.rest.uri"));
        assertEquals(null, c.raw("warehouse"));
    }

    @Test
    void bareUrlLetsThePropertiesDecide() throws SQLException {
        assertEquals("s3://b/w", config("jdbc:lance:", "warehouse", "s3://b/w").raw("warehouse"));
        EngineConfig rest = config("jdbc:lance:", "lance.catalog.type", "REST", "lance.rest.uri", "http://h:1");
        assertEquals("rest", rest.raw("lance.catalog.type"));
    }

    @Test
    void relativePathIsRefusedWith08001() {
        assertEquals("The warehouse 'data/lake' in the URL jdbc:lance:data/lake is a relative path; use an absolute "
                + "path (jdbc:lance:/data/warehouse), a file URI (jdbc:lance:file:///data/warehouse) or S3 "
                + "(jdbc:lance:s3://bucket/prefix); a REST catalog is jdbc:lance:rest:https://host[:port]",
                failure("jdbc:lance:data/lake").getMessage());
        failure("jdbc:lance:./lake");
        failure("jdbc:lance:", "warehouse", "lake");
    }

    @Test
    void unknownSchemeIsRefusedWith08001() {
        assertTrue(failure("jdbc:lance:gs://bucket/x").getMessage().startsWith(
                "The warehouse scheme 'gs:' in the URL jdbc:lance:gs://bucket/x is not supported"));
        failure("jdbc:lance:hdfs://nn/x");
        failure("jdbc:lance:file://otherhost/x");
        failure("jdbc:lance:rest:ftp://h/x");
        failure("jdbc:lance:rest:notauri");
    }

    @Test
    void missingWarehouseIsRefusedWith08001() {
        assertTrue(failure("jdbc:lance:", "lance.catalog.type", "filesystem").getMessage()
                .startsWith("No warehouse is given"));
        assertTrue(failure("jdbc:lance:", "lance.catalog.type", "rest").getMessage()
                .startsWith("lance.catalog.type is rest but no REST namespace URI is given"));
    }

    @Test
    void aUrlWithNothingAfterThePrefixOpensWithoutACatalog() throws SQLException {
        assertEquals("none", config("jdbc:lance:").get(EngineProperty.CATALOG_TYPE));
        assertEquals(null, config("jdbc:lance:").raw(EngineProperty.WAREHOUSE.key()));
    }

    @Test
    void queryStringIsPercentDecodedAndPlusStaysPlus() throws SQLException {
        EngineConfig c = config("jdbc:lance:/w?s3.region=eu%2Dwest%2D1&s3.secret_key=a+b%2Fc&scan.parallelism=4");
        assertEquals("eu-west-1", c.raw("s3.region"));
        assertEquals("a+b/c", c.raw("s3.secret_key"));
        assertEquals("4", c.raw("scan.parallelism"));
    }

    @Test
    void urlWinsOverPropertiesWithAWarning() throws SQLException {
        ConnectionSettings s = ConnectionSettings.resolve("jdbc:lance:/w?scan.parallelism=2",
                props("scan.parallelism", "8", "warehouse", "/other"));
        assertEquals("2", s.config().raw("scan.parallelism"));
        assertEquals("/w", s.config().raw("warehouse"));
        assertEquals(List.of(
                "Property 'scan.parallelism' is set both in the URL and in the Properties; the URL value is used",
                "Property 'warehouse' is ignored: the URL location sets it"), s.warnings());
    }

    @Test
    void unknownPropertyIsDroppedWithAWarning() throws SQLException {
        ConnectionSettings s = ConnectionSettings.resolve("jdbc:lance:/w", props("Scan.Parallelism", "2", "foo", "1"));
        assertFalse(s.config().asMap().containsKey("foo"));
        assertFalse(s.config().asMap().containsKey("Scan.Parallelism"));
        assertTrue(s.warnings().contains("Unknown connection property 'foo' was ignored; Driver.getPropertyInfo "
                + "lists the known ones"));
        assertTrue(s.warnings().contains("Unknown connection property 'Scan.Parallelism' was ignored (did you mean "
                + "'scan.parallelism'?); Driver.getPropertyInfo lists the known ones"));
    }

    @Test
    void prefixFamiliesAreKnown() throws SQLException {
        ConnectionSettings s = ConnectionSettings.resolve("jdbc:lance:/w",
                props("lance.storage.client_max_retries", "3", "lance.rest.header.X-Tenant", "t1"));
        assertEquals("3", s.config().raw("lance.storage.client_max_retries"));
        assertEquals("t1", s.config().raw("lance.rest.header.X-Tenant"));
        assertEquals(List.of(), s.warnings());
    }

    @Test
    void userIsIgnoredSilentlyAndAPasswordWithAWarning() throws SQLException {
        ConnectionSettings s = ConnectionSettings.resolve("jdbc:lance:/w", props("user", "me", "password", "pw"));
        assertEquals(Map.of("warehouse", "/w"), s.config().asMap());
        assertEquals(List.of("Property 'password' is ignored: Lance has no database users; storage and REST "
                + "credentials are the s3.* and lance.rest.* properties"), s.warnings());
    }

    @Test
    void invalidValuesNameThePropertyAndTheChoices() {
        assertEquals("Connection property 'lance.catalog.type' is 'hive'; expected one of filesystem, rest, none",
                failure("jdbc:lance:/w?lance.catalog.type=hive").getMessage());
        assertEquals("Connection property 'scan.parallelism' is 'zero'; expected a whole number from 1 to 1024",
                failure("jdbc:lance:/w", "scan.parallelism", "zero").getMessage());
        failure("jdbc:lance:/w", "use_path_style", "maybe");
        failure("jdbc:lance:/w", "cache.metadata.ttl_seconds", "-1");
    }

    @Test
    void malformedQueryStringsAreRefused() {
        failure("jdbc:lance:/w?novalue");
        failure("jdbc:lance:/w?a=1&a=2");
        failure("jdbc:lance:/w?a=%zz");
        assertTrue(failure("jdbc:lance:/w?catalog=%C3").getMessage().contains("not UTF-8"));
        assertTrue(failure("jdbc:lance:/w?catalog=%FF%FE").getMessage().contains("not UTF-8"));
    }

    @Test
    void emptyValuesCountAsUnset() throws SQLException {
        assertEquals(Map.of("warehouse", "/w"), config("jdbc:lance:/w?s3.region=", "s3.endpoint", "").asMap());
    }

    @Test
    void restUriWithUserInfoFailsAtConnectWithoutShowingThePassword() {
        String m = failure("jdbc:lance:rest:https://user:hunter2@ns.example.com/api").getMessage();
        assertEquals("The REST namespace URI 'https://****@ns.example.com/api' in the URL"
                + " jdbc:lance:rest:https://****@ns.example.com/api must not contain user information"
                + " (user:password@); set lance.rest.security.type with a bearer token or API key instead", m);
        assertFalse(failure("jdbc:lance:", "lance.catalog.type", "rest", "lance.rest.uri",
                "https://u:hunter2@h/api").getMessage().contains("hunter2"));
    }

    @Test
    void scanParallelismAboveTheEngineLimitFailsAtConnect() {
        assertEquals("Connection property 'scan.parallelism' is '1000000'; expected a whole number from 1 to 1024",
                failure("jdbc:lance:/w?scan.parallelism=1000000").getMessage());
    }

    @Test
    void queryMaxMemoryTakesTheUnitsSetAccepts() throws SQLException {
        assertEquals("512m", config("jdbc:lance:/w?query.max_memory=512m").raw("query.max_memory"));
        assertEquals("1GB", config("jdbc:lance:/w", "query.max_memory", "1GB").raw("query.max_memory"));
        failure("jdbc:lance:/w?query.max_memory=1b0");
        failure("jdbc:lance:/w?query.max_memory=abc");
        failure("jdbc:lance:/w?query.max_memory=0k");
        failure("jdbc:lance:/w?query.max_memory=99999999999999999999");
    }

    @Test
    void anEmptyAllowedRootsIsKeptBecauseItDisablesLocal() throws SQLException {
        assertEquals("", config("jdbc:lance:/w", "lance.local.allowed_roots", "").raw("lance.local.allowed_roots"));
        assertEquals("", config("jdbc:lance:/w?lance.local.allowed_roots=").raw("lance.local.allowed_roots"));
    }

    @Test
    void redactedUrlHidesSecretsAndUserInfo() throws SQLException {
        ConnectionSettings s = ConnectionSettings.resolve(
                "jdbc:lance:s3://b/w?s3.access_key=AKIA123&s3.secret_key=topsecret&s3.region=us-east-1", props());
        assertEquals("jdbc:lance:s3://b/w?s3.access_key=****&s3.secret_key=****&s3.region=us-east-1",
                s.redactedUrl());
        assertFalse(s.toString().contains("topsecret"));
        assertFalse(s.toString().contains("AKIA123"));
        assertTrue(s.warnings().contains("Property 's3.secret_key' is a secret given in the URL; tools show and log "
                + "URLs, so pass it in the Properties instead"));
        assertEquals("jdbc:lance:rest:https://****@h:1/x", LanceUrl.parse("jdbc:lance:rest:https://u:pw@h:1/x")
                .redacted());
    }

    @Test
    void secretValuesNeverAppearInErrors() {
        for (String url : new String[] {"jdbc:lance:s3://AKIA:topsecret@bucket/x",
            "jdbc:lance:file://u:topsecret@host/x", "jdbc:lance:rest:ftp://u:topsecret@h/x",
            "jdbc:lance:gs://u:topsecret@b/x"}) {
            SQLException e = failure(url);
            assertFalse(e.getMessage().contains("topsecret"), e.getMessage());
        }
    }

    @Test
    void localWarehouseIsAPathNotS3() throws SQLException {
        assertTrue(ConnectionSettings.resolve("jdbc:lance:/w", props()).localWarehouse());
        assertFalse(ConnectionSettings.resolve("jdbc:lance:s3://b/w", props()).localWarehouse());
    }
}
