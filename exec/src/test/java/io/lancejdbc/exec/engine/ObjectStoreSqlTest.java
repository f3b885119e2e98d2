package io.lancejdbc.exec.engine;

import static io.lancejdbc.exec.engine.SessionRows.column;
import static io.lancejdbc.exec.engine.SessionRows.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.ObjectStoreWarehouses;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import io.lancejdbc.engine.SqlError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.lance.namespace.RestAdapter;

/**
 * SQL over object storage through the embedded engine, on S3Proxy with SigV4 checked: an {@code s3://} filesystem
 * warehouse in the plain layout ({@link ObjectStoreWarehouses#plain}: {@code numbers} 100 rows, {@code my table} 7,
 * {@code analytics.events} 30) and a directory-namespace warehouse served by lance-core's RestAdapter with vended
 * credentials ({@code sales.orders} 200 rows, {@code sales.eu.orders_eu} 30), read by a session whose own S3 keys
 * are wrong.
 */
@ExtendWith(SharedS3Proxy.class)
class ObjectStoreSqlTest {
    private static final String WRONG_SECRET = "wrong-session-secret-2718";

    private static S3TestServer s3;
    private static String bucket;
    private static RestAdapter vending;
    private static EmbeddedQueryEngine engine;

    @BeforeAll
    static void writeWarehouses(S3TestServer server) {
        s3 = server;
        bucket = server.createBucket("sql");
        Map<String, String> lance = StorageOptions.fromProperties(server.connectionProperties()).lanceOptions();
        try (BufferAllocator a = new RootAllocator()) {
            ObjectStoreWarehouses.plain(a, "s3://" + bucket + "/plain", lance,
                    key -> server.putObject(bucket, "plain/" + key));
            ObjectStoreWarehouses.directoryNamespace(a, "s3://" + bucket + "/ns", lance);
        }
        Map<String, String> backend = new HashMap<>();
        backend.put("root", "s3://" + bucket + "/ns");
        backend.put("vend_input_storage_options", "true");
        lance.forEach((k, v) -> backend.put("storage." + k, v));
        vending = new RestAdapter("dir", backend, "127.0.0.1", 0);
        vending.start();
        engine = new EmbeddedQueryEngine();
    }

    @AfterAll
    static void close() {
        engine.close();
        vending.close();
    }

    private static EngineSession s3Warehouse() {
        Map<String, String> p = new HashMap<>(s3.connectionProperties());
        p.put("warehouse", "s3://" + bucket + "/plain");
        return engine.openSession(EngineConfig.of(p));
    }

    private static EngineSession vendedRest() {
        Map<String, String> p = new HashMap<>(s3.connectionProperties());
        p.put("s3.access_key", "AKIAWRONGSESSION");
        p.put("s3.secret_key", WRONG_SECRET);
        p.put("lance.rest.uri", "http://127.0.0.1:" + vending.getPort());
        return engine.openSession(EngineConfig.of(p));
    }

    @Test
    void s3WarehouseIsBrowsable() {
        try (EngineSession s = s3Warehouse()) {
            assertEquals(List.of("default", "analytics"), column(s, "SHOW DATABASES"));
            assertEquals(List.of("my table", "numbers"), column(s, "SHOW TABLES"));
            assertEquals(List.of("events"), column(s, "SHOW TABLES FROM analytics"));
        }
    }

    @Test
    void s3WarehouseTablesAreQueried() {
        try (EngineSession s = s3Warehouse()) {
            assertEquals(List.of(List.of(100L, 4950L)), rows(s, "SELECT count(*), sum(id) FROM numbers"));
            assertEquals(List.of(List.of(7L)), rows(s, "SELECT count(*) FROM `my table`"));
            assertEquals(List.of(List.of(27L), List.of(28L), List.of(29L)),
                    rows(s, "SELECT id FROM analytics.events WHERE id >= 27 ORDER BY id"));
        }
    }

    @Test
    void explainOnS3ShowsNoCredential() {
        try (EngineSession s = s3Warehouse()) {
            String plan = String.join("\n", column(s, "EXPLAIN SELECT id FROM numbers WHERE id < 10"));

            assertTrue(plan.contains("lanceCatalogType=filesystem"), plan);
            assertFalse(plan.contains(s3.secretKey()), plan);
            assertFalse(plan.contains(s3.accessKey()), plan);
        }
    }

    @Test
    void concurrentSessionsQueryTheS3Warehouse() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<List<Object>>>> results = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                results.add(threads.submit(() -> {
                    try (EngineSession s = s3Warehouse()) {
                        return rows(s, "SELECT count(*), sum(id) FROM analytics.events");
                    }
                }));
            }
            for (Future<List<List<Object>>> r : results) {
                assertEquals(List.of(List.of(30L, 435L)), r.get(60, TimeUnit.SECONDS));
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void wrongSecretFailsTheSessionWithoutShowingIt() {
        Map<String, String> p = new HashMap<>(s3.connectionProperties());
        p.put("warehouse", "s3://" + bucket + "/plain");
        p.put("s3.secret_key", WRONG_SECRET);

        SqlError e = assertThrows(SqlError.class, () -> engine.openSession(EngineConfig.of(p)));

        assertEquals("28000", e.sqlState());
        assertFalse(e.getMessage().contains(WRONG_SECRET), e.getMessage());
    }

    @Test
    void restTablesOnS3AreReadWithVendedCredentials() {
        try (EngineSession s = vendedRest()) {
            assertEquals(List.of("default", "hr", "sales", "sales.eu"), column(s, "SHOW DATABASES"));
            assertEquals(List.of(List.of(200L, 19900L)), rows(s, "SELECT count(*), sum(id) FROM sales.orders"));
            assertEquals(List.of(List.of(30L)), rows(s, "SELECT count(*) FROM `sales.eu`.orders_eu"));
        }
    }

    @Test
    void explainOfAVendedTableShowsNoCredential() {
        try (EngineSession s = vendedRest()) {
            String plan = String.join("\n", column(s, "EXPLAIN SELECT id FROM sales.orders WHERE id < 10"));

            assertTrue(plan.contains("lanceCatalogType=rest"), plan);
            assertFalse(plan.contains(s3.secretKey()), plan);
            assertFalse(plan.contains(WRONG_SECRET), plan);
        }
    }
}
