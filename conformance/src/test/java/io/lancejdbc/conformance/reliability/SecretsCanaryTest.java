package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.driver.jdbc.LanceDataSource;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.ObjectStoreWarehouses;
import io.lancejdbc.exec.testing.SecretCanary;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverPropertyInfo;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.lance.namespace.RestAdapter;

/**
 * Issue 16 section 4: a canary credential ({@link SecretCanary}) in every credential-bearing property (S3 access
 * key, secret key and session token, {@code lance.storage.*} keys, REST bearer tokens, API keys and custom header
 * values, credentials in the URL query string, in file TVF arguments and vended by a REST namespace), driven through
 * every path that produces text: successful queries, EXPLAIN, metadata, failures of every kind (wrong secret,
 * unreachable endpoint, unknown table, syntax errors next to a secret), {@code toString()}, {@code getURL()},
 * {@code getPropertyInfo}, warnings and client info. Every text is collected and none may show the canary; the log
 * lines of the run are checked by {@code SecretCanaryWatch}. Each failure scenario must really fail (its SQLState is
 * asserted), and the successful ones prove the canary credentials were the ones the server checked.
 */
@ExtendWith(SharedS3Proxy.class)
class SecretsCanaryTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static final String SESSION_TOKEN = SecretCanary.credential("session");
    private static final String BEARER = SecretCanary.credential("bearer");
    private static final String API_KEY = SecretCanary.credential("apikey");
    private static final String HEADER = SecretCanary.credential("header");
    private static final String WRONG_SECRET = SecretCanary.credential("wrongsecret");

    @TempDir
    static Path tmp;
    static S3TestServer s3;
    static String bucket;
    static RestAdapter rest;
    static RestAdapter vending;
    static int closedPort;

    /** Every text the driver produced in this test, with where it came from. */
    private final Map<String, String> texts = new LinkedHashMap<>();
    private int failures;

    @BeforeAll
    static void setUp(S3TestServer server) throws Exception {
        s3 = server;
        assertTrue(SecretCanary.leaks(s3.secretKey()) && SecretCanary.leaks(s3.accessKey()),
                "the shared S3 server's credentials carry the canary");
        bucket = s3.createBucket("canary");
        Map<String, String> lance = StorageOptions.fromProperties(s3.connectionProperties()).lanceOptions();
        try (BufferAllocator a = new RootAllocator()) {
            ObjectStoreWarehouses.plain(a, "s3://" + bucket + "/plain", lance, key -> s3.putObject(bucket,
                    "plain/" + key));
            ObjectStoreWarehouses.directoryNamespace(a, "s3://" + bucket + "/ns", lance);
            TestDatasets.namespaceWarehouse(a, tmp.resolve("rest"));
        }
        rest = new RestAdapter("dir", Map.of("root", tmp.resolve("rest").toString()), "127.0.0.1", 0);
        rest.start();
        Map<String, String> backend = new HashMap<>();
        backend.put("root", "s3://" + bucket + "/ns");
        backend.put("vend_input_storage_options", "true");
        lance.forEach((k, v) -> backend.put("storage." + k, v));
        vending = new RestAdapter("dir", backend, "127.0.0.1", 0);
        vending.start();
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
    }

    @AfterAll
    static void tearDown() {
        rest.close();
        vending.close();
    }

    private static Properties s3Props() {
        Properties p = new Properties();
        p.putAll(s3.connectionProperties());
        p.setProperty("lance.storage.client_max_retries", "1");
        return p;
    }

    private void record(String where, String text) {
        texts.put(where + " #" + texts.size(), text == null ? "" : text);
    }

    private void recordObject(String where, Object o) {
        record(where + ".toString", String.valueOf(o));
    }

    /** Runs {@code sql} and records every value, warning and EXPLAIN line it returns. */
    private void query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            recordObject("Statement", s);
            recordObject("ResultSet", rs);
            int n = rs.getMetaData().getColumnCount();
            for (int i = 1; i <= n; i++) {
                record("ResultSetMetaData", rs.getMetaData().getTableName(i) + " " + rs.getMetaData()
                        .getColumnLabel(i) + " " + rs.getMetaData().getSchemaName(i));
            }
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    record(sql, rs.getString(i));
                }
            }
            warnings("ResultSet warning", rs.getWarnings());
            warnings("Statement warning", s.getWarnings());
        }
    }

    /** Runs {@code sql}, which must fail with an SQLState of {@code stateClass}; records the whole failure. */
    private void failing(Connection c, String sql, String stateClass) {
        try {
            query(c, sql);
            fail("expected a failure of class " + stateClass + ": " + sql.replace(s3.secretKey(), "<secret>"));
        } catch (SQLException e) {
            failures++;
            record("failure of " + sql, SecretCanary.fullText(e));
            if (!e.getSQLState().startsWith(stateClass)) {
                fail("SQLState " + e.getSQLState() + " instead of " + stateClass + "xxx: "
                        + e.getMessage().replaceAll("(?i)" + SecretCanary.MARKER + "[-\\w]*", "<CANARY>"));
            }
        }
    }

    private void connectFailing(String url, Properties p, String stateClass) {
        try (Connection c = ENGINE.connect(url, p)) {
            query(c, "SELECT count(*) FROM numbers");
            fail("expected the connection to fail");
        } catch (SQLException e) {
            failures++;
            record("connect failure", SecretCanary.fullText(e));
            assertTrue(e.getSQLState().startsWith(stateClass), e.getSQLState());
        }
    }

    private void warnings(String where, SQLWarning w) {
        for (SQLWarning x = w; x != null; x = x.getNextWarning()) {
            record(where, SecretCanary.fullText(x));
        }
    }

    private void describeConnection(Connection c) throws SQLException {
        recordObject("Connection", c);
        DatabaseMetaData md = c.getMetaData();
        recordObject("DatabaseMetaData", md);
        record("getURL", md.getURL());
        record("getUserName", md.getUserName());
        record("getClientInfo", String.valueOf(c.getClientInfo()));
        warnings("Connection warning", c.getWarnings());
        try (ResultSet rs = md.getTables(null, null, "%", null)) {
            while (rs.next()) {
                record("getTables", rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME") + " "
                        + rs.getString("REMARKS"));
            }
        }
        try (ResultSet rs = md.getColumns(null, null, "%", "%")) {
            while (rs.next()) {
                record("getColumns", rs.getString("TABLE_NAME") + "." + rs.getString("COLUMN_NAME") + " "
                        + rs.getString("REMARKS"));
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 WHERE ? = 1")) {
            ps.setInt(1, 1);
            recordObject("PreparedStatement", ps);
            try (ResultSet rs = ps.executeQuery()) {
                recordObject("prepared ResultSet", rs);
            }
        }
    }

    private void propertyInfo(String url, Properties p) throws SQLException {
        for (DriverPropertyInfo info : ENGINE.driver().getPropertyInfo(url, p)) {
            record("getPropertyInfo " + info.name, info.name + "=" + info.value + " " + info.description + " "
                    + (info.choices == null ? "" : String.join(",", info.choices)));
        }
    }

    private void assertNoCanary(int expectedFailures) {
        assertEquals(expectedFailures, failures, "failure scenarios that failed");
        assertTrue(texts.size() > 20, "texts collected: " + texts.size());
        List<String> leaks = new ArrayList<>();
        texts.forEach((where, text) -> {
            if (SecretCanary.leaks(text)) {
                leaks.add(where + ": " + text.replaceAll("(?i)" + SecretCanary.MARKER + "[-\\w]*", "<CANARY>"));
            }
        });
        assertEquals(List.of(), leaks, "texts that show a canary credential");
    }

    @Test
    void s3WarehouseCredentialsNeverShow() throws SQLException {
        Properties p = s3Props();
        String url = "jdbc:lance:s3://" + bucket + "/plain";
        try (Connection c = ENGINE.connect(url, p)) {
            query(c, "SELECT count(*), sum(id) FROM numbers");
            query(c, "EXPLAIN SELECT id FROM numbers WHERE id > 5");
            query(c, "SHOW TABLES");
            describeConnection(c);
            failing(c, "SELECT * FROM no_such_table", "42");
            failing(c, "SELECT nope FROM numbers", "42");
            failing(c, "SELECT id FROM numbers WHERE ((", "42");
        }
        propertyInfo(url, p);
        Properties passThrough = s3Props();
        passThrough.remove("s3.access_key");
        passThrough.remove("s3.secret_key");
        passThrough.setProperty("lance.storage.aws_access_key_id", s3.accessKey());
        passThrough.setProperty("lance.storage.aws_secret_access_key", s3.secretKey());
        try (Connection c = ENGINE.connect(url, passThrough)) {
            query(c, "SELECT count(*) FROM numbers");
            describeConnection(c);
            failing(c, "SELECT * FROM no_such_table", "42");
        }
        propertyInfo(url, passThrough);
        Properties wrong = s3Props();
        wrong.setProperty("s3.secret_key", WRONG_SECRET);
        try (Connection c = ENGINE.connect(url, wrong)) {
            failing(c, "SELECT count(*) FROM numbers", "28");
        } catch (SQLException e) {
            failures++;
            record("connect with a wrong secret", SecretCanary.fullText(e));
        }
        Properties unreachable = s3Props();
        unreachable.setProperty("s3.endpoint", "http://127.0.0.1:" + closedPort);
        unreachable.setProperty("s3.session_token", SESSION_TOKEN);
        connectFailing(url, unreachable, "08");
        assertNoCanary(6);
    }

    @Test
    void credentialsInTheUrlQueryStringNeverShow() throws SQLException {
        StringBuilder url = new StringBuilder("jdbc:lance:s3://" + bucket + "/plain?");
        s3.connectionProperties().forEach((k, v) -> url.append(k).append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)).append('&'));
        url.append("lance.storage.client_max_retries=1");
        try (Connection c = ENGINE.connect(url.toString(), new Properties())) {
            query(c, "SELECT count(*) FROM numbers");
            describeConnection(c);
            failing(c, "SELECT * FROM numbers WHERE id = 'x' + ", "42");
        }
        propertyInfo(url.toString(), new Properties());
        LanceDataSource ds = ENGINE.dataSource(url.toString());
        ds.setProperty("s3.session_token", SESSION_TOKEN);
        recordObject("LanceDataSource", ds);
        record("LanceDataSource.getUrl", ds.getUrl());
        String bad = url.toString().replace(URLEncoder.encode(s3.secretKey(), StandardCharsets.UTF_8),
                URLEncoder.encode(WRONG_SECRET, StandardCharsets.UTF_8)) + "&bogus%zz=1";
        connectFailing(bad, new Properties(), "08");
        assertNoCanary(2);
    }

    @Test
    void credentialsInFileFunctionArgumentsNeverShow() throws SQLException {
        String dataset = "s3://" + bucket + "/plain/numbers.lance";
        String creds = ", \"s3.endpoint\" = \"" + s3.endpoint() + "\", \"s3.access_key\" = \"" + s3.accessKey()
                + "\", \"s3.secret_key\" = \"" + s3.secretKey() + "\"";
        String wrongCreds = creds.replace(s3.secretKey(), WRONG_SECRET);
        try (Connection c = ENGINE.connect("jdbc:lance:" + tmp.resolve("rest"), new Properties())) {
            String tvf = "s3(\"uri\" = \"" + dataset + "\", \"format\" = \"lance\"" + creds + ")";
            query(c, "SELECT count(*) FROM " + tvf);
            query(c, "EXPLAIN SELECT id FROM " + tvf + " WHERE id < 3");
            query(c, "DESC FUNCTION " + tvf);
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + tvf + " WHERE id < ?")) {
                ps.setInt(1, 10);
                recordObject("PreparedStatement with a TVF", ps);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(10, rs.getLong(1));
                }
            }
            failing(c, "SELECT count(*) FROM s3(\"uri\" = \"" + dataset + "\", \"format\" = \"lance\"" + wrongCreds
                    + ")", "28");
            failing(c, "SELECT count(*) FROM s3(\"uris\" = '[\"s3://" + bucket + "/plain/*.lance\"]', \"format\" = "
                    + "\"lance\"" + wrongCreds + ")", "28");
            failing(c, "SELECT count(*) FROM " + tvf + " WHERE ((", "42");
            failing(c, "SELECT count(* FROM " + tvf, "42");
            failing(c, "SELECT count(*) FROM s3(\"uri\" = \"" + dataset + "\", \"format\" = \"lance\", \"bogus\" = "
                    + "\"" + SESSION_TOKEN + "\"" + creds + ")", "42");
            failing(c, "SELECT count(*) FROM " + tvf.replace("\"format\" = \"lance\"", "\"format\" = \"parquet\""),
                    "");
            failing(c, "SELECT nope FROM " + tvf, "42");
            failing(c, "SELECT count(*) FROM s3(\"uri\" = \"" + dataset + "\", \"format\" = \"lance\"" + creds
                    .replace(s3.endpoint().toString(), "http://127.0.0.1:" + closedPort) + ", \"s3.session_token\" = \""
                    + SESSION_TOKEN + "\")", "");
        }
        assertNoCanary(8);
    }

    @Test
    void restCredentialsNeverShow() throws SQLException {
        String url = "jdbc:lance:rest:http://127.0.0.1:" + rest.getPort();
        for (String type : List.of("bearer", "api_key")) {
            Properties p = new Properties();
            p.setProperty("lance.rest.security.type", type);
            p.setProperty(type.equals("bearer") ? "lance.rest.bearer-token" : "lance.rest.api-key",
                    type.equals("bearer") ? BEARER : API_KEY);
            p.setProperty("lance.rest.header.X-Tenant", HEADER);
            p.setProperty("lance.rest.header.Cookie", "session=" + HEADER);
            try (Connection c = ENGINE.connect(url, p)) {
                query(c, "SELECT count(*) FROM lance.`sales.eu`.orders_eu");
                query(c, "SHOW DATABASES");
                query(c, "EXPLAIN SELECT * FROM sales.orders");
                describeConnection(c);
                failing(c, "SELECT * FROM nope.nothing", "");
                failing(c, "SELECT * FROM sales.nothing", "42");
                failing(c, "USE nope", "");
            }
            propertyInfo(url, p);
            Properties down = new Properties();
            down.putAll(p);
            down.setProperty("lance.rest.max-retries", "0");
            connectFailing("jdbc:lance:rest:http://127.0.0.1:" + closedPort, down, "08");
        }
        assertNoCanary(8);
    }

    @Test
    void vendedCredentialsNeverShow() throws SQLException {
        Properties p = new Properties();
        p.setProperty("s3.endpoint", s3.endpoint().toString());
        p.setProperty("s3.region", S3TestServer.REGION);
        p.setProperty("s3.access_key", s3.accessKey());
        p.setProperty("s3.secret_key", WRONG_SECRET);
        try (Connection c = ENGINE.connect("jdbc:lance:rest:http://127.0.0.1:" + vending.getPort(), p)) {
            query(c, "SELECT count(*) FROM sales.orders");
            query(c, "EXPLAIN SELECT count(*) FROM sales.orders WHERE id > 3");
            describeConnection(c);
            failing(c, "SELECT nope FROM sales.orders", "42");
        }
        assertNoCanary(1);
    }
}
