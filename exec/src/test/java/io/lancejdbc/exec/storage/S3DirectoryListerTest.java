package io.lancejdbc.exec.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The S3 listing against S3Proxy with SigV4 checking on. */
@ExtendWith(SharedS3Proxy.class)
class S3DirectoryListerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private static S3TestServer s3;
    private static String bucket;
    private static S3DirectoryLister lister;

    @BeforeAll
    static void createFixture(S3TestServer server) {
        s3 = server;
        bucket = server.createBucket("lister");
        server.putObjects(bucket, List.of("p/d3/x", "p/d1/x", "p/d2/x", "p/d2/y", "p/f1", "p/f2", "p/",
                "top.txt", "odd/sp ace/x", "odd/%2e%2E/y"));
        lister = S3DirectoryLister.create(StorageOptions.fromProperties(server.connectionProperties()).s3ClientSettings());
    }

    @AfterAll
    static void closeLister() {
        lister.close();
    }

    private static StorageLocation loc(String key) {
        return StorageLocation.parse("s3://" + bucket + "/" + key);
    }

    private static Map<String, String> propertiesWith(String key, String value) {
        Map<String, String> p = new HashMap<>(s3.connectionProperties());
        p.put(key, value);
        return p;
    }

    @Test
    void onePageHoldsCommonPrefixesAndFilesWithoutTheDirectoryMarker() {
        ListingPage page = lister.listPage(loc("p"), null, 1000, TIMEOUT);
        assertEquals(List.of("d1", "d2", "d3"), page.directories());
        assertEquals(List.of("f1", "f2"), page.files(), "the marker object 'p/' is not a file of p");
        assertNull(page.nextPageToken());
    }

    @Test
    void smallPagesReturnEveryEntryOnceInOrder() {
        for (int size = 1; size <= 3; size++) {
            List<String> dirs = new ArrayList<>();
            List<String> files = new ArrayList<>();
            String token = null;
            do {
                ListingPage page = lister.listPage(loc("p"), token, size, TIMEOUT);
                dirs.addAll(page.directories());
                files.addAll(page.files());
                token = page.nextPageToken();
            } while (token != null);
            assertEquals(List.of("d1", "d2", "d3"), dirs, "page size " + size);
            assertEquals(List.of("f1", "f2"), files, "page size " + size);
        }
    }

    @Test
    void bucketRootListsTopLevelEntries() {
        ListingPage page = lister.listPage(StorageLocation.bucketRoot(bucket), null, 1000, TIMEOUT);
        assertEquals(List.of("odd", "p"), page.directories());
        assertEquals(List.of("top.txt"), page.files());
    }

    @Test
    void unaddressableNamesAreReturnedRawForTheCallerToFilter() {
        ListingPage page = lister.listPage(loc("odd"), null, 1000, TIMEOUT);
        assertEquals(List.of("%2e%2E", "sp ace"), page.directories());
    }

    @Test
    void missingPrefixListsAsAnEmptyPage() {
        assertTrue(lister.listPage(loc("no/such/prefix"), null, 10, TIMEOUT).isEmpty());
    }

    @Test
    void wrongSecretKeyIsAnAuthorizationErrorWithoutTheSecret() {
        String wrongSecret = "wrong-secret-" + System.nanoTime();
        try (S3DirectoryLister bad = S3DirectoryLister.create(StorageOptions.fromProperties(
                propertiesWith("s3.secret_key", wrongSecret)).s3ClientSettings())) {
            SqlError e = assertThrows(SqlError.class, () -> bad.listPage(loc("p"), null, 10, TIMEOUT));
            assertEquals("28000", e.sqlState());
            assertEquals("Listing s3://" + bucket + "/p/ at " + s3.endpoint() + " failed: the request signature was "
                    + "rejected (HTTP 403 SignatureDoesNotMatch); check s3.secret_key and s3.region", e.getMessage());
            assertNoSecretInChain(e, wrongSecret, s3.secretKey());
        }
    }

    @Test
    void unknownAccessKeyIsAnAuthorizationError() {
        try (S3DirectoryLister bad = S3DirectoryLister.create(StorageOptions.fromProperties(
                propertiesWith("s3.access_key", "NOSUCHKEY")).s3ClientSettings())) {
            SqlError e = assertThrows(SqlError.class, () -> bad.listPage(loc("p"), null, 10, TIMEOUT));
            assertEquals("28000", e.sqlState());
            assertTrue(e.getMessage().contains("(HTTP 403 InvalidAccessKeyId); check s3.access_key"), e.getMessage());
            assertNoSecretInChain(e, s3.secretKey(), s3.secretKey());
        }
    }

    @Test
    void missingBucketIsNamed() {
        SqlError e = assertThrows(SqlError.class,
                () -> lister.listPage(StorageLocation.parse("s3://no-such-bucket-x1/w"), null, 10, TIMEOUT));
        assertEquals("42S02", e.sqlState());
        assertEquals("Listing s3://no-such-bucket-x1/w/ at " + s3.endpoint() + " failed: bucket 'no-such-bucket-x1' "
                + "does not exist (HTTP 404 NoSuchBucket); check the bucket name in the location and s3.endpoint",
                e.getMessage());
    }

    @Test
    void unreachableEndpointIsAnIoError() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (S3DirectoryLister bad = S3DirectoryLister.create(StorageOptions.fromProperties(
                propertiesWith("s3.endpoint", "http://127.0.0.1:" + closedPort)).s3ClientSettings())) {
            SqlError e = assertThrows(SqlError.class, () -> bad.listPage(loc("p"), null, 10, TIMEOUT));
            assertEquals("58030", e.sqlState());
            assertTrue(e.getMessage().startsWith("Listing s3://" + bucket + "/p/ at http://127.0.0.1:" + closedPort
                    + " failed: cannot reach the endpoint ("), e.getMessage());
            assertTrue(e.getMessage().endsWith("); check s3.endpoint"), e.getMessage());
        }
    }

    @Test
    void withoutKeysTheDefaultCredentialChainSignsTheRequests() {
        // aws.accessKeyId / aws.secretAccessKey system properties are the first link of the SDK's default chain;
        // setting them here keeps the test independent of the machine's environment and profiles.
        Map<String, String> noKeys = new HashMap<>(s3.connectionProperties());
        noKeys.remove("s3.access_key");
        noKeys.remove("s3.secret_key");
        System.setProperty("aws.accessKeyId", s3.accessKey());
        System.setProperty("aws.secretAccessKey", s3.secretKey());
        try (S3DirectoryLister chain = S3DirectoryLister.create(StorageOptions.fromProperties(noKeys).s3ClientSettings())) {
            assertEquals(List.of("d1", "d2", "d3"), chain.listPage(loc("p"), null, 1000, TIMEOUT).directories());
        } finally {
            System.clearProperty("aws.accessKeyId");
            System.clearProperty("aws.secretAccessKey");
        }
    }

    @Test
    void closedListerRefusesRequests() {
        S3DirectoryLister l = S3DirectoryLister.create(StorageOptions.fromProperties(s3.connectionProperties())
                .s3ClientSettings());
        l.close();
        l.close();
        assertThrows(IllegalStateException.class, () -> l.listPage(loc("p"), null, 1, TIMEOUT));
    }

    static void assertNoSecretInChain(Throwable e, String... secrets) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            for (String secret : secrets) {
                assertFalse(String.valueOf(t.getMessage()).contains(secret), "secret in " + t);
                assertFalse(t.toString().contains(secret), "secret in " + t);
            }
        }
    }
}
