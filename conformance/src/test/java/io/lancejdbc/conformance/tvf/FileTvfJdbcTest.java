package io.lancejdbc.conformance.tvf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransientException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file table functions through the JDBC driver, against an in-process S3Proxy that counts requests
 * ({@link CountingS3Proxy}) and local datasets, all written by lance-core: results, metadata, prepared statements,
 * errors as {@link SQLException}s, {@code Statement.cancel()} in the middle of a {@code uris} listing, and
 * {@code lance.local.allowed_roots} set as a connection property.
 *
 * <p>On S3: {@code t/a.lance} ids 0..9 (2 fragments), {@code t/b.lance} ids 100..107 (v2), {@code t/c.lance} ids
 * 200..202, and {@code wide/d000.lance .. wide/d119.lance} ids 0..1 each. Locally: {@code allowed/x.lance} ids 0..2
 * and {@code outside/y.lance} ids 5..6.
 */
@EngineContract
class FileTvfJdbcTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    static Path tmp;
    static Path local;
    static CountingS3Proxy proxy;
    static S3TestServer s3;
    static String bucket;
    static String url;

    @BeforeAll
    static void setUp() throws Exception {
        proxy = CountingS3Proxy.start();
        s3 = proxy.server();
        bucket = s3.createBucket("jdbc-tvf");
        Map<String, String> options = StorageOptions.fromProperties(s3.connectionProperties()).lanceOptions();
        local = Files.createDirectories(tmp.resolve("local")).toRealPath();
        try (BufferAllocator a = new RootAllocator()) {
            UriDatasets.createIds(a, uri("t/a.lance"), options, 0, 10, 5);
            UriDatasets.createIds(a, uri("t/b.lance"), options, 100, 6, 0);
            UriDatasets.appendIds(a, uri("t/b.lance"), options, 106, 2, 0);
            UriDatasets.createIds(a, uri("t/c.lance"), options, 200, 3, 0);
            UriDatasets.createIds(a, uri("wide/d000.lance"), options, 0, 2, 0);
            UriDatasets.createIds(a, local.resolve("allowed/x.lance").toString(), Map.of(), 0, 3, 0);
            UriDatasets.createIds(a, local.resolve("outside/y.lance").toString(), Map.of(), 5, 2, 0);
        }
        // wide/d001..d119: copies of d000 (a cancellation needs a listing that is still running).
        List<String> seed = s3.client().listObjectsV2(b -> b.bucket(bucket).prefix("wide/d000.lance/")).contents()
                .stream().map(o -> o.key()).toList();
        for (int i = 1; i < 120; i++) {
            String prefix = String.format("wide/d%03d.lance/", i);
            for (String key : seed) {
                s3.client().copyObject(b -> b.sourceBucket(bucket).sourceKey(key).destinationBucket(bucket)
                        .destinationKey(prefix + key.substring("wide/d000.lance/".length())));
            }
        }
        url = "jdbc:lance:" + Files.createDirectories(tmp.resolve("wh"));
    }

    @AfterAll
    static void tearDown() throws Exception {
        proxy.close();
    }

    static String uri(String key) {
        return "s3://" + bucket + "/" + key;
    }

    static Connection connect() throws SQLException {
        Properties p = new Properties();
        p.putAll(s3.connectionProperties());
        p.setProperty("lance.local.allowed_roots", local.resolve("allowed").toString());
        return ENGINE.connect(url, p);
    }

    static String s3Uris(String... keys) {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < keys.length; i++) {
            json.append(i == 0 ? "" : ", ").append('"').append(uri(keys[i])).append('"');
        }
        return "s3(\"uris\" = '" + json + "]', \"format\" = \"lance\")";
    }

    static List<String> rows(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    row.append(i == 1 ? "" : "|").append(rs.getString(i));
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    @Test
    void urisReadsTheSingleDatasetsConcatenatedInSortedOrder() throws SQLException {
        try (Connection c = connect()) {
            List<String> expected = new ArrayList<>();
            for (String key : List.of("t/a.lance", "t/b.lance", "t/c.lance")) {
                expected.addAll(rows(c, "SELECT id, name FROM s3(\"uri\" = \"" + uri(key) + "\", \"format\" = "
                        + "\"lance\")"));
            }
            assertEquals(21, expected.size());
            assertEquals("0|n0", expected.get(0));
            assertEquals("202|n202", expected.get(20));
            assertEquals(expected, rows(c, "SELECT id, name FROM " + s3Uris("t/c.lance", "t/*.lance")));
        }
    }

    @Test
    void resultSetMetaDataNamesTheFunction() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM " + s3Uris("t/*.lance"))) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(Types.BIGINT, md.getColumnType(1));
            assertEquals("s3", md.getSchemaName(1));
            assertEquals("s3(uris=[\"" + uri("t/*.lance") + "\"])", md.getTableName(1));
        }
    }

    @Test
    void aPreparedStatementBindsAParameterNextToATvf() throws SQLException {
        try (Connection c = connect();
                PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + s3Uris("t/*.lance")
                        + " WHERE id >= ?")) {
            ps.setLong(1, 100);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(11, rs.getLong(1));
            }
        }
    }

    @Test
    void descFunctionIsAQuery() throws SQLException {
        try (Connection c = connect()) {
            assertEquals(List.of("id|bigint|NO|false|null|", "name|text|YES|false|null|"),
                    rows(c, "DESC FUNCTION " + s3Uris("t/*.lance")));
        }
    }

    @Test
    void aWrongSecretIsAnAuthorizationErrorWithoutTheSecret() throws SQLException {
        try (Connection c = connect()) {
            SQLException e = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM s3(\"uris\" = '[\""
                    + uri("t/*.lance") + "\"]', \"s3.access_key\" = \"" + s3.accessKey() + "\", \"s3.secret_key\" = "
                    + "\"wrong-secret-abcdef\", \"format\" = \"lance\")"));
            assertInstanceOf(SQLInvalidAuthorizationSpecException.class, e);
            assertEquals("28000", e.getSQLState());
            assertTrue(e.getMessage().startsWith("Listing " + uri("t") + "/ at "), e.getMessage());
            assertFalse(e.getMessage().contains("wrong-secret-abcdef"), e.getMessage());
            assertFalse(e.getMessage().contains(s3.secretKey()), e.getMessage());
        }
    }

    @Test
    void explainShowsNoCredential() throws SQLException {
        try (Connection c = connect()) {
            String plan = String.join("\n", rows(c, "EXPLAIN SELECT id FROM " + s3Uris("t/*.lance")));
            assertTrue(plan.contains("lanceDatasets=3"), plan);
            assertFalse(plan.contains(s3.secretKey()), plan);
            assertFalse(plan.contains(s3.accessKey()), plan);
        }
    }

    @Test
    void statementCancelInTheMiddleOfAListingStopsTheQuery() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            AtomicInteger listings = new AtomicInteger();
            proxy.reset();
            proxy.onList(r -> {
                if (r.delimiter() != null && listings.incrementAndGet() == 30) {
                    try {
                        s.cancel();
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            SQLException e;
            try {
                e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT count(*) FROM "
                        + s3Uris("wide/*.lance")));
            } finally {
                proxy.onList(r -> { });
            }
            assertInstanceOf(SQLTransientException.class, e);
            assertEquals("57014", e.getSQLState());
            long served = proxy.count("LIST_DELIMITED");
            // Through a server the cancel takes a network round trip, while the listing's parallel requests go on.
            long bound = io.lancejdbc.conformance.EngineMode.current() == io.lancejdbc.conformance.EngineMode.EMBEDDED
                    ? 33 : 50;
            assertTrue(served >= 30 && served <= bound, "listing requests served after the cancel: " + served);
            assertEquals(0, proxy.count("GET"), "no dataset was opened");
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + s3Uris("wide/d00[0-4].lance"))) {
                assertTrue(rs.next());
                assertEquals(10, rs.getLong(1), "the statement runs again after a cancel");
            }
        }
    }

    @Test
    void localIsConfinedToTheAllowedRootsOfTheConnection() throws SQLException {
        try (Connection c = connect()) {
            assertEquals(List.of("0|n0", "1|n1", "2|n2"), rows(c, "SELECT * FROM local(\"file_path\" = \""
                    + local.resolve("allowed/x.lance") + "\", \"format\" = \"lance\")"));
            SQLException e = assertThrows(SQLException.class, () -> rows(c, "SELECT * FROM local(\"uris\" = '[\""
                    + local.resolve("outside") + "/*\"]', \"format\" = \"lance\")"));
            assertInstanceOf(SQLSyntaxErrorException.class, e);
            assertEquals("42501", e.getSQLState());
        }
    }
}
