package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.Ticker;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.ObjectStoreWarehouses;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import io.lancejdbc.namespace.rest.RestNamespaceClient;
import io.lancejdbc.namespace.rest.RestNamespaceConfig;
import io.lancejdbc.engine.SqlError;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.lance.namespace.RestAdapter;

/**
 * Vended credentials end to end: a directory-namespace warehouse on S3Proxy ({@link ObjectStoreWarehouses}), served by
 * lance-core's {@link RestAdapter} with {@code vend_input_storage_options=true}, so DescribeTable hands out the S3Proxy
 * endpoint and keys it was configured with ({@code storage.*}). The connection itself carries a WRONG access key and
 * secret: reads only succeed because the vended credentials replace them.
 */
@ExtendWith(SharedS3Proxy.class)
class RestCatalogVendedCredentialsTest {
    private static final String WRONG_SECRET = "wrong-connection-secret-31415";
    private static final long REFRESH_INTERVAL_MILLIS = 2000;

    private static S3TestServer s3;
    private static RestAdapter vending;
    private static RestAdapter expiring;
    private static RestAdapter notVending;

    private BufferAllocator allocator;
    private DatasetHandlePool pool;

    @BeforeAll
    static void writeWarehouseAndStartServers(S3TestServer server) {
        s3 = server;
        String bucket = server.createBucket("vend");
        String root = "s3://" + bucket + "/wh";
        Map<String, String> lance = StorageOptions.fromProperties(server.connectionProperties()).lanceOptions();
        try (BufferAllocator a = new RootAllocator()) {
            ObjectStoreWarehouses.directoryNamespace(a, root, lance);
        }
        Map<String, String> backend = new HashMap<>();
        backend.put("root", root);
        lance.forEach((k, v) -> backend.put("storage." + k, v));
        notVending = start(backend);
        backend.put("vend_input_storage_options", "true");
        vending = start(backend);
        backend.put("vend_input_storage_options_refresh_interval_millis", Long.toString(REFRESH_INTERVAL_MILLIS));
        expiring = start(backend);
    }

    private static RestAdapter start(Map<String, String> backend) {
        RestAdapter a = new RestAdapter("dir", Map.copyOf(backend), "127.0.0.1", 0);
        a.start();
        return a;
    }

    @AfterAll
    static void stopServers() {
        vending.close();
        expiring.close();
        notVending.close();
    }

    @BeforeEach
    void openPool() {
        allocator = new RootAllocator();
        pool = new DatasetHandlePool(allocator, PoolSettings.defaults());
    }

    @AfterEach
    void closePool() {
        pool.close();
        allocator.close();
    }

    /** Connection properties: the right endpoint, but an access key and secret S3Proxy rejects. */
    private static Map<String, String> wrongKeys(RestAdapter server) {
        Map<String, String> p = new HashMap<>(s3.connectionProperties());
        p.put("s3.access_key", "AKIAWRONGCONNECTION");
        p.put("s3.secret_key", WRONG_SECRET);
        p.put("lance.catalog.type", "rest");
        p.put("lance.rest.uri", "http://127.0.0.1:" + server.getPort());
        return p;
    }

    private Catalog open(Map<String, String> props) {
        return CatalogFactory.create(EngineConfig.of(props), StorageOptions.fromProperties(props), pool, allocator);
    }

    private static NamespacePath ns(String... levels) {
        return new NamespacePath(List.of(levels));
    }

    @Test
    void vendedCredentialsReplaceTheConnectionsWrongKeys() {
        try (Catalog c = open(wrongKeys(vending))) {
            TableLocation orders = c.locate(ns("sales"), "orders");

            assertEquals(s3.accessKey(), orders.storageOptions().get("aws_access_key_id"));
            assertEquals(s3.secretKey(), orders.storageOptions().get("aws_secret_access_key"));
            assertArrayEquals(TableReads.numbers(200), TableReads.countAndSumIds(pool, allocator, orders));
            assertArrayEquals(TableReads.numbers(30),
                    TableReads.countAndSumIds(pool, allocator, c.locate(ns("sales", "eu"), "orders_eu")));
        }
    }

    @Test
    void withoutVendingTheWrongConnectionKeysAreRejected() {
        try (Catalog c = open(wrongKeys(notVending))) {
            TableLocation orders = c.locate(ns("sales"), "orders");

            assertEquals("AKIAWRONGCONNECTION", orders.storageOptions().get("aws_access_key_id"));
            SqlError e = assertThrows(SqlError.class, () -> TableReads.countAndSumIds(pool, allocator, orders));
            assertEquals("28000", e.sqlState());
            assertTrue(e.getMessage().startsWith("Lance open failed for dataset " + orders.uri() + ": "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("InvalidAccessKeyId"), e.getMessage());
            assertFalse(e.getMessage().contains(WRONG_SECRET), e.getMessage());
            assertFalse(e.getMessage().contains(s3.secretKey()), e.getMessage());
        }
    }

    @Test
    void vendedExpiryBecomesTheLocationsExpiry() {
        long before = System.currentTimeMillis();
        try (Catalog c = open(wrongKeys(expiring))) {
            TableLocation orders = c.locate(ns("sales"), "orders");

            assertTrue(orders.expiresAtMillis() >= before + REFRESH_INTERVAL_MILLIS
                    && orders.expiresAtMillis() <= System.currentTimeMillis() + REFRESH_INTERVAL_MILLIS,
                    "expiresAtMillis " + orders.expiresAtMillis());
        }
    }

    @Test
    void expiredCredentialsAreDescribedAgainAndStillRead() throws Exception {
        RestNamespaceClient client = RestNamespaceClient.create(
                RestNamespaceConfig.builder("http://127.0.0.1:" + expiring.getPort()).build());
        StorageOptions connection = StorageOptions.fromProperties(wrongKeys(expiring));
        try (RestCatalog c = new RestCatalog(client, NamespacePath.ROOT, connection, new SchemaNameCodec("default"),
                Duration.ofHours(1), Duration.ZERO, Clock.systemUTC(), Ticker.systemTicker())) {
            TableLocation first = c.locate(ns("sales"), "orders");
            TableLocation cached = c.locate(ns("sales"), "orders");
            assertEquals(first.expiresAtMillis(), cached.expiresAtMillis());

            Thread.sleep(Math.max(0, first.expiresAtMillis() - System.currentTimeMillis()) + 50);
            TableLocation renewed = c.locate(ns("sales"), "orders");

            assertNotEquals(first.expiresAtMillis(), renewed.expiresAtMillis());
            assertTrue(renewed.expiresAtMillis() > first.expiresAtMillis());
            assertArrayEquals(TableReads.numbers(200), TableReads.countAndSumIds(pool, allocator, renewed));
        }
    }
}
