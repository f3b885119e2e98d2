package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.TvfSql.error;
import static io.lancejdbc.exec.engine.TvfSql.explain;
import static io.lancejdbc.exec.engine.TvfSql.rows;
import static io.lancejdbc.exec.engine.TvfSql.uris;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.ResultFieldMetadata;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.UriDatasets;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;

/**
 * {@code s3(...)} through the embedded engine against S3Proxy (SigV4 checked), over datasets written to S3 by
 * lance-core:
 *
 * <table>
 *   <caption>fixture in one bucket</caption>
 *   <tr><th>key prefix</th><th>ids</th><th>versions, fragments</th></tr>
 *   <tr><td>t/a.lance</td><td>0..9</td><td>v1, 2 fragments</td></tr>
 *   <tr><td>t/b.lance</td><td>100..107</td><td>v2 (an append), 2 fragments</td></tr>
 *   <tr><td>t/c.lance</td><td>200..202</td><td>v1, 1 fragment</td></tr>
 *   <tr><td>t/notes/readme.txt</td><td colspan="2">not a dataset</td></tr>
 *   <tr><td>parts/y=2023/m=01/d.lance, parts/y=2023/m=03/x.lance, parts/y=2024/m=02/e.lance</td>
 *       <td>300..301, 400, 500..502</td><td>v1 each</td></tr>
 *   <tr><td>corrupt/ok.lance, corrupt/zbad.lance</td><td>0..2 each</td><td>zbad's manifest overwritten</td></tr>
 * </table>
 * {@code session} has the S3 properties on the connection; {@code plainSession} has none, its calls carry them.
 */
@ExtendWith(SharedS3Proxy.class)
class FileTvfS3Test {
    @TempDir
    static Path tmp;
    static S3TestServer s3;
    static String bucket;
    static BufferAllocator allocator;
    static EmbeddedQueryEngine engine;
    static EngineSession session;
    static EngineSession plainSession;

    @BeforeAll
    static void setUp(S3TestServer server) throws IOException {
        s3 = server;
        bucket = server.createBucket("tvf");
        allocator = new RootAllocator();
        Map<String, String> options = StorageOptions.fromProperties(server.connectionProperties()).lanceOptions();
        UriDatasets.createIds(allocator, uri("t/a.lance"), options, 0, 10, 5);
        UriDatasets.createIds(allocator, uri("t/b.lance"), options, 100, 6, 0);
        UriDatasets.appendIds(allocator, uri("t/b.lance"), options, 106, 2, 0);
        UriDatasets.createIds(allocator, uri("t/c.lance"), options, 200, 3, 0);
        server.putObject(bucket, "t/notes/readme.txt");
        UriDatasets.createIds(allocator, uri("parts/y=2023/m=01/d.lance"), options, 300, 2, 0);
        UriDatasets.createIds(allocator, uri("parts/y=2023/m=03/x.lance"), options, 400, 1, 0);
        UriDatasets.createIds(allocator, uri("parts/y=2024/m=02/e.lance"), options, 500, 3, 0);
        UriDatasets.createIds(allocator, uri("corrupt/ok.lance"), options, 0, 3, 0);
        UriDatasets.createIds(allocator, uri("corrupt/zbad.lance"), options, 0, 3, 0);
        for (String key : server.client().listObjectsV2(b -> b.bucket(bucket).prefix("corrupt/zbad.lance/_versions/"))
                .contents().stream().map(o -> o.key()).filter(k -> k.endsWith(".manifest")).toList()) {
            server.client().putObject(b -> b.bucket(bucket).key(key), RequestBody.fromBytes(
                    new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}));
        }
        String warehouse = Files.createDirectories(tmp.resolve("wh")).toString();
        Map<String, String> withS3 = new HashMap<>(server.connectionProperties());
        withS3.put("warehouse", warehouse);
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(withS3));
        plainSession = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse)));
    }

    @AfterAll
    static void tearDown() {
        session.close();
        plainSession.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
        allocator.close();
    }

    static String uri(String key) {
        return "s3://" + bucket + "/" + key;
    }

    static String s3UrisWith(String extra, String... keys) {
        return "s3(\"uris\" = " + uris(Arrays.stream(keys).map(FileTvfS3Test::uri).toArray(String[]::new))
                + extra + ", \"format\" = \"lance\")";
    }

    static String s3Uris(String... keys) {
        return s3UrisWith("", keys);
    }

    static String s3Uri(String key, String extra) {
        return "s3(\"uri\" = \"" + uri(key) + "\"" + extra + ", \"format\" = \"lance\")";
    }

    /** The call's storage properties for {@code plainSession}, with {@code secret} as the secret key. */
    static String callProperties(String secret) {
        return ", \"s3.endpoint\" = \"" + s3.endpoint() + "\", \"s3.access_key\" = \"" + s3.accessKey()
                + "\", \"s3.secret_key\" = \"" + secret + "\", \"s3.region\" = \"us-east-1\", \"use_path_style\" = "
                + "\"true\"";
    }

    static void assertNoSecret(String text) {
        assertFalse(text.contains(s3.secretKey()), text);
        assertFalse(text.contains("wrong-secret-"), text);
    }

    @Test
    void urisResultsEqualTheSingleScansConcatenatedInSortedOrder() {
        List<List<Object>> expected = new ArrayList<>();
        for (String key : List.of("t/a.lance", "t/b.lance", "t/c.lance")) {
            expected.addAll(rows(session, "SELECT * FROM " + s3Uri(key, "")));
        }
        assertEquals(32 - 11, expected.size());
        assertEquals(expected, rows(session, "SELECT * FROM " + s3Uris("t/*.lance")));
    }

    @Test
    void anExplicitPathOverlappingAGlobIsReadOnce() {
        assertEquals(List.of(List.of(21L)), rows(session, "SELECT count(*) FROM "
                + s3Uris("t/c.lance", "t/*.lance")));
        assertEquals(rows(session, "SELECT * FROM " + s3Uris("t/*.lance")),
                rows(session, "SELECT * FROM " + s3Uris("t/c.lance", "t/[ab].lance", "t/b.lance")));
    }

    @Test
    void expansionGoesLevelByLevel() {
        assertEquals(List.of(List.of(300L), List.of(301L), List.of(500L), List.of(501L), List.of(502L)),
                rows(session, "SELECT id FROM " + s3Uris("parts/y=*/m=0[1-2]/*.lance")));
    }

    @Test
    void countStarAndExplainCoverEveryDataset() {
        String sql = "SELECT count(*) FROM " + s3Uris("t/*.lance");
        String plan = explain(session, sql);
        assertTrue(plan.contains("pushdown agg=COUNT (21)"), plan);
        assertTrue(plan.contains("lanceDataset[2]=" + uri("t/b.lance") + " lanceVersion=2 lanceFragments=2"), plan);
        assertEquals(List.of(List.of(21L)), rows(session, sql));
    }

    @Test
    void descFunctionOverUris() {
        assertEquals(List.of(Arrays.asList("id", "bigint", "NO", "false", null, ""),
                Arrays.asList("name", "text", "YES", "false", null, "")),
                rows(session, "DESC FUNCTION " + s3Uris("t/*.lance")));
    }

    @Test
    void storagePropertiesOfTheCallAreUsedWhenTheConnectionHasNone() {
        assertEquals(List.of(List.of(21L)), rows(plainSession, "SELECT count(*) FROM "
                + s3UrisWith(callProperties(s3.secretKey()), "t/*.lance")));
        assertEquals(UriDatasets.idRows(200, 3), rows(plainSession, "SELECT * FROM "
                + s3Uri("t/c.lance", callProperties(s3.secretKey()))));
    }

    @Test
    void lanceStorageOptionsPassThroughPerCall() {
        assertEquals(List.of(List.of(3L)), rows(session, "SELECT count(*) FROM "
                + s3Uri("t/c.lance", ", \"lance.storage.client_max_retries\" = \"2\"")));
    }

    @Test
    void aCallsCredentialsReplaceTheConnectionsAsAUnit() {
        SqlError e = error(session, "SELECT * FROM " + s3UrisWith(", \"s3.access_key\" = \"" + s3.accessKey() + "\"",
                "t/*.lance"));
        assertEquals("22023", e.sqlState());
        assertEquals("s3.access_key is set but s3.secret_key is missing; set both, or neither to use the default AWS "
                + "credential chain", e.getMessage());
    }

    @Test
    void aWrongSecretKeyFailsTheListingWithoutShowingTheSecret() {
        SqlError e = error(plainSession, "SELECT * FROM " + s3UrisWith(callProperties("wrong-secret-123456"),
                "t/*.lance"));
        assertEquals("28000", e.sqlState());
        assertEquals("Listing " + uri("t") + "/ at " + s3.endpoint() + " failed: the request signature was rejected "
                + "(HTTP 403 SignatureDoesNotMatch); check s3.secret_key and s3.region", e.getMessage());
        assertNoSecret(e.getMessage());
    }

    @Test
    void aWrongSecretKeyFailsTheLanceOpenOfAUriWithoutShowingTheSecret() {
        SqlError e = error(plainSession, "SELECT * FROM " + s3Uri("t/c.lance", callProperties("wrong-secret-123456")));
        assertEquals("28000", e.sqlState(), e.getMessage());
        assertTrue(e.getMessage().contains(uri("t/c.lance")), e.getMessage());
        assertTrue(e.getMessage().startsWith("Lance open failed for dataset "), e.getMessage());
        assertNoSecret(e.getMessage());
    }

    @Test
    void explainNeverShowsCredentials() {
        String plan = explain(plainSession, "SELECT * FROM " + s3UrisWith(callProperties(s3.secretKey()), "t/*.lance"));
        assertNoSecret(plan);
        assertFalse(plan.contains(s3.accessKey()), plan);
        assertTrue(plan.contains("LANCE_SCAN lance.s3.s3(uris=[\"" + uri("t/*.lance") + "\"])"), plan);
    }

    @Test
    void aCorruptManifestFailsTheQueryNamingThePath() {
        SqlError e = error(session, "SELECT * FROM " + s3Uris("corrupt/*.lance"));
        assertTrue(e.getMessage().startsWith("s3() \"uris\": Lance open failed for dataset " + uri("corrupt/zbad.lance")
                + ": "), e.getMessage());
        assertNoSecret(e.getMessage());
    }

    @Test
    void aDirectoryThatIsNoDatasetFailsTheQuery() {
        SqlError e = error(session, "SELECT * FROM " + s3Uris("t/*"));
        assertEquals("42S02", e.sqlState());
        assertEquals("Path '" + uri("t/notes") + "' matched uris but is not a Lance dataset (it has no _versions/ "
                + "directory); 1 of 4 matched paths is not readable as datasets; narrow the pattern so that it matches "
                + "dataset directories only", e.getMessage());
    }

    @Test
    void noPathMatchedOnS3() {
        SqlError e = error(session, "SELECT * FROM " + s3Uris("t/zz*"));
        assertEquals("42S02", e.sqlState());
        assertEquals("No path matched: uris ['" + uri("t/zz*") + "'] matched nothing after 1 listing request; check "
                + "the bucket, the prefix and the pattern", e.getMessage());
    }

    @Test
    void aMissingBucketIsNamed() {
        SqlError e = error(session, "SELECT * FROM s3(\"uris\" = " + uris("s3://no-such-bucket-tvf/t/*")
                + ", \"format\" = \"lance\")");
        assertEquals("42S02", e.sqlState());
        assertTrue(e.getMessage().contains("bucket 'no-such-bucket-tvf' does not exist"), e.getMessage());
    }

    @Test
    void anUnknownS3PropertyIsRejected() {
        SqlError e = error(session, "SELECT * FROM " + s3Uri("t/c.lance", ", \"s3.acces_key\" = \"x\""));
        assertEquals("42000", e.sqlState());
        assertEquals("'s3.acces_key' is an invalid property for s3(); valid: uri, uris, format, s3.endpoint, "
                + "s3.access_key, s3.secret_key, s3.session_token, s3.region, use_path_style, lance.storage.<key>, "
                + "lance.glob.<budget>", e.getMessage());
    }

    @Test
    void uriAndUrisTogetherAreRejected() {
        SqlError e = error(session, "SELECT * FROM " + s3Uri("t/c.lance", ", \"uris\" = " + uris(uri("t/*"))));
        assertEquals("42000", e.sqlState());
        assertEquals("s3() takes either \"uri\" (one dataset) or \"uris\" (a JSON array of paths and globs), not both",
                e.getMessage());
    }

    @Test
    void urisOfS3MustBeS3Locations() {
        SqlError e = error(session, "SELECT * FROM s3(\"uris\" = " + uris("/data/a.lance") + ", \"format\" = \"lance\")");
        assertEquals("22023", e.sqlState());
        assertEquals("s3() \"uris\" elements must be s3:// locations, got '/data/a.lance'; use local() for local paths",
                e.getMessage());
    }

    @Test
    void resultColumnsAreLabelledWithTheFunction() {
        try (QueryResult r = session.execute("SELECT id FROM " + s3Uris("t/*.lance"), List.of(),
                QueryOptions.defaults())) {
            Map<String, String> md = r.schema().getFields().get(0).getMetadata();
            assertEquals("s3", md.get(ResultFieldMetadata.SCHEMA_NAME));
            assertEquals("s3(uris=[\"" + uri("t/*.lance") + "\"])", md.get(ResultFieldMetadata.TABLE_NAME));
            assertEquals(List.of("id"), r.schema().getFields().stream().map(f -> f.getName())
                    .collect(Collectors.toList()));
        }
    }

    @Test
    void s3TakesAVersion() {
        // t/b.lance: v1 ids 100..105, v2 appends 106..107 (issue 13 §1, docs/time-travel.md)
        assertEquals(List.of(List.of(6L, 615L)), rows(session, "SELECT count(*), sum(id) FROM "
                + s3Uri("t/b.lance", ", \"version\" = \"1\"")));
        assertEquals(List.of(List.of(8L, 828L)), rows(session, "SELECT count(*), sum(id) FROM "
                + s3Uri("t/b.lance", ", \"version\" = \"2\"")));
        String plan = explain(session, "SELECT id FROM " + s3Uri("t/b.lance", ", \"version\" = \"1\""));
        assertTrue(plan.contains("lanceVersion=1") && plan.contains("lanceVersionChoice=VERSION AS OF 1"), plan);
    }
}
