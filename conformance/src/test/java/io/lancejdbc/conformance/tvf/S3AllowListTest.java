package io.lancejdbc.conformance.tvf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.exec.testing.s3.CountingS3Proxy;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code s3()} limited to listed endpoints and buckets ({@code lance.s3.allowed_endpoints},
 * {@code lance.s3.allowed_buckets}; issue 10 §2, docs/server.md "Security defaults") against S3Proxy: an allowed
 * call reads its rows, anything else fails with 42501 naming the endpoint or bucket and the property, before any
 * request leaves the engine. In the remote mode the properties are the server's.
 */
@EngineContract
class S3AllowListTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    static Path tmp;
    static CountingS3Proxy proxy;
    static S3TestServer s3;
    static String allowed;
    static String other;
    static String url;

    @BeforeAll
    static void setUp() throws Exception {
        proxy = CountingS3Proxy.start();
        s3 = proxy.server();
        allowed = s3.createBucket("allowed");
        other = s3.createBucket("other");
        Map<String, String> options = StorageOptions.fromProperties(s3.connectionProperties()).lanceOptions();
        try (BufferAllocator a = new RootAllocator()) {
            UriDatasets.createIds(a, "s3://" + allowed + "/a.lance", options, 0, 10, 5);
            UriDatasets.createIds(a, "s3://" + other + "/b.lance", options, 100, 4, 0);
        }
        url = "jdbc:lance:" + Files.createDirectories(tmp.resolve("wh"));
    }

    @AfterAll
    static void tearDown() throws Exception {
        proxy.close();
    }

    private static Connection connect(String endpoints, String buckets) throws SQLException {
        Properties p = new Properties();
        p.putAll(s3.connectionProperties());
        p.setProperty("lance.s3.allowed_endpoints", endpoints);
        p.setProperty("lance.s3.allowed_buckets", buckets);
        return ENGINE.connect(url, p);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String s3(String bucket, String key, String extra) {
        return "SELECT count(*) FROM s3(\"uri\" = \"s3://" + bucket + "/" + key + "\", \"format\" = \"lance\"" + extra
                + ")";
    }

    @Test
    void listedEndpointAndBucketAreRead() throws Exception {
        try (Connection c = connect(s3.endpoint().toString() + "/", allowed)) {
            assertEquals(10, count(c, s3(allowed, "a.lance", "")));
        }
    }

    @Test
    void bucketNotListedIsRefusedWith42501NamingItAndTheProperty() throws Exception {
        try (Connection c = connect(s3.endpoint().toString(), allowed)) {
            long before = proxy.total();
            SQLException e = assertThrows(SQLException.class, () -> count(c, s3(other, "b.lance", "")));
            assertEquals("42501", e.getSQLState());
            assertTrue(e.getMessage().contains("bucket '" + other + "'"), e.getMessage());
            assertTrue(e.getMessage().contains("lance.s3.allowed_buckets"), e.getMessage());
            assertEquals(before, proxy.total(), "no request reached the object store");
            SQLException uris = assertThrows(SQLException.class, () -> count(c,
                    "SELECT count(*) FROM s3(\"uris\" = '[\"s3://" + allowed + "/a.lance\", \"s3://" + other
                            + "/*\"]', \"format\" = \"lance\")"));
            assertEquals("42501", uris.getSQLState());
        }
    }

    @Test
    void endpointNotListedIsRefusedWith42501NamingItAndTheProperty() throws Exception {
        try (Connection c = connect(s3.endpoint().toString(), allowed + "," + other)) {
            SQLException e = assertThrows(SQLException.class, () -> count(c, s3(allowed, "a.lance",
                    ", \"s3.endpoint\" = \"http://169.254.169.254:80\"")));
            assertEquals("42501", e.getSQLState());
            assertTrue(e.getMessage().contains("endpoint 'http://169.254.169.254:80'"), e.getMessage());
            assertTrue(e.getMessage().contains("lance.s3.allowed_endpoints"), e.getMessage());
            SQLException passThrough = assertThrows(SQLException.class, () -> count(c, s3(allowed, "a.lance",
                    ", \"lance.storage.aws_endpoint\" = \"http://10.0.0.1:9000\"")));
            assertEquals("42501", passThrough.getSQLState());
            SQLException proxyOption = assertThrows(SQLException.class, () -> count(c, s3(allowed, "a.lance",
                    ", \"lance.storage.proxy_url\" = \"http://10.0.0.1:3128\"")));
            assertEquals("42501", proxyOption.getSQLState());
            assertTrue(proxyOption.getMessage().contains("proxy_url"), proxyOption.getMessage());
        }
    }

    @Test
    void emptyListDisablesS3AndACallCannotLiftIt() throws Exception {
        try (Connection c = connect("", allowed)) {
            SQLException e = assertThrows(SQLException.class, () -> count(c, s3(allowed, "a.lance", "")));
            assertEquals("42501", e.getSQLState());
            assertTrue(e.getMessage().contains("allows none"), e.getMessage());
            SQLException lift = assertThrows(SQLException.class, () -> count(c, s3(allowed, "a.lance",
                    ", \"lance.s3.allowed_endpoints\" = \"" + s3.endpoint() + "\"")));
            assertEquals("42000", lift.getSQLState());
        }
    }
}
