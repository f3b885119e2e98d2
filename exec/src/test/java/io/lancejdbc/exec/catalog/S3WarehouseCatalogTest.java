package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.ObjectStoreWarehouses;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import io.lancejdbc.engine.SqlError;
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

/**
 * Filesystem catalogs over {@code s3://} warehouses on S3Proxy (SigV4 checked), opened through
 * {@link CatalogFactory} from connection properties exactly as a session opens them. Both warehouses are written by
 * lance-core (see {@link ObjectStoreWarehouses}): {@code plain} in the plain layout, {@code ns} through a
 * DirectoryNamespace ({@code __manifest}).
 */
@ExtendWith(SharedS3Proxy.class)
class S3WarehouseCatalogTest {
    private static S3TestServer s3;
    private static String bucket;

    private BufferAllocator allocator;
    private DatasetHandlePool pool;

    @BeforeAll
    static void writeWarehouses(S3TestServer server) {
        s3 = server;
        bucket = server.createBucket("s3wh");
        Map<String, String> lance = StorageOptions.fromProperties(server.connectionProperties()).lanceOptions();
        try (BufferAllocator allocator = new RootAllocator()) {
            ObjectStoreWarehouses.plain(allocator, "s3://" + bucket + "/plain", lance,
                    key -> server.putObject(bucket, "plain/" + key));
            ObjectStoreWarehouses.directoryNamespace(allocator, "s3://" + bucket + "/ns", lance);
        }
    }

    @AfterAll
    static void forget() {
        s3 = null;
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

    private static Map<String, String> props(String warehouse) {
        Map<String, String> p = new HashMap<>(s3.connectionProperties());
        p.put("warehouse", warehouse);
        return p;
    }

    private Catalog open(Map<String, String> props) {
        return CatalogFactory.create(EngineConfig.of(props), StorageOptions.fromProperties(props), pool, allocator);
    }

    private static NamespacePath ns(String... levels) {
        return new NamespacePath(List.of(levels));
    }

    @Test
    void plainWarehouseListsRootTablesAndTheNamespaceHoldingADataset() {
        try (Catalog c = open(props("s3://" + bucket + "/plain"))) {
            assertInstanceOf(FilesystemCatalog.class, c);
            assertEquals(List.of("my table", "numbers"), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of(ns("analytics")), c.childNamespaces(NamespacePath.ROOT));
            assertEquals(List.of("events"), c.tableNames(ns("analytics")));
        }
    }

    @Test
    void plainWarehouseTablesReadEndToEnd() {
        try (Catalog c = open(props("s3://" + bucket + "/plain"))) {
            TableLocation numbers = c.locate(NamespacePath.ROOT, "numbers");
            TableLocation events = c.locate(ns("analytics"), "events");

            assertEquals("s3://" + bucket + "/plain/numbers.lance", numbers.uri());
            assertArrayEquals(TableReads.numbers(100), TableReads.countAndSumIds(pool, allocator, numbers));
            assertArrayEquals(TableReads.numbers(30), TableReads.countAndSumIds(pool, allocator, events));
        }
    }

    @Test
    void tableNameWithASpaceIsShownDecodedAndOpensTheKeyLanceWrote() {
        try (Catalog c = open(props("s3://" + bucket + "/plain"))) {
            TableLocation spaced = c.locate(NamespacePath.ROOT, "my table");

            assertEquals("s3://" + bucket + "/plain/my table.lance", spaced.uri());
            assertArrayEquals(TableReads.numbers(7), TableReads.countAndSumIds(pool, allocator, spaced));
        }
    }

    @Test
    void snapshotOfAnS3TableHasItsFragments() {
        try (Catalog c = open(props("s3://" + bucket + "/plain"))) {
            TableLocation events = c.locate(ns("analytics"), "events");

            assertEquals(List.of(10L, 10L, 10L), pool.snapshot(events.datasetSource(),
                    java.util.OptionalLong.empty()).fragments().stream().map(f -> f.logicalRows()).toList());
        }
    }

    @Test
    void manifestWarehouseListsNestedNamespacesAndTables() {
        try (Catalog c = open(props("s3://" + bucket + "/ns"))) {
            assertEquals(List.of(ns("hr"), ns("sales")), c.childNamespaces(NamespacePath.ROOT));
            assertEquals(List.of(ns("sales", "eu")), c.childNamespaces(ns("sales")));
            assertEquals(List.of("customers", "plain_tbl"), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of("orders"), c.tableNames(ns("sales")));
            assertEquals(List.of("orders_eu"), c.tableNames(ns("sales", "eu")));
            assertEquals(List.of(), c.tableNames(ns("hr")));
        }
    }

    @Test
    void manifestWarehouseTablesReadEndToEnd() {
        try (Catalog c = open(props("s3://" + bucket + "/ns"))) {
            assertArrayEquals(TableReads.numbers(200),
                    TableReads.countAndSumIds(pool, allocator, c.locate(ns("sales"), "orders")));
            assertArrayEquals(TableReads.numbers(30),
                    TableReads.countAndSumIds(pool, allocator, c.locate(ns("sales", "eu"), "orders_eu")));
            assertArrayEquals(TableReads.numbers(50),
                    TableReads.countAndSumIds(pool, allocator, c.locate(NamespacePath.ROOT, "customers")));
        }
    }

    @Test
    void namespaceParentRestrictsAnS3Warehouse() {
        Map<String, String> p = props("s3://" + bucket + "/ns");
        p.put("lance.namespace.parent", "sales");
        try (Catalog c = open(p)) {
            assertEquals(List.of("orders"), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of(ns("eu")), c.childNamespaces(NamespacePath.ROOT));
        }
    }

    @Test
    void schemaNamesOfAnS3WarehouseThroughCatalogMetadata() {
        try (Catalog c = open(props("s3://" + bucket + "/ns"))) {
            LanceCatalogMetadata metadata = new LanceCatalogMetadata("lance", c, new SchemaNameCodec("default"), pool);

            assertEquals(List.of("default", "hr", "sales", "sales.eu"), metadata.schemaNames());
            assertEquals("id", metadata.columns("sales.eu", "orders_eu").get(0).getName());
        }
    }

    @Test
    void emptyPrefixIsAnEmptyWarehouse() {
        try (Catalog c = open(props("s3://" + bucket + "/nothing-here"))) {
            assertEquals(List.of(), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of(), c.childNamespaces(NamespacePath.ROOT));
        }
    }

    @Test
    void wrongSecretFailsTheConnectionWithoutShowingTheSecret() {
        Map<String, String> p = props("s3://" + bucket + "/plain");
        p.put("s3.secret_key", "wrong-secret-0123456789");

        SqlError e = assertThrows(SqlError.class, () -> open(p));

        assertEquals("28000", e.sqlState());
        assertTrue(e.getMessage().startsWith("Listing s3://" + bucket + "/plain/ at " + s3.endpoint()
                + " failed: the request signature was rejected"), e.getMessage());
        assertFalse(e.getMessage().contains("wrong-secret-0123456789"), e.getMessage());
        assertFalse(e.getMessage().contains(s3.secretKey()), e.getMessage());
    }

    @Test
    void unknownAccessKeyFailsTheConnection() {
        Map<String, String> p = props("s3://" + bucket + "/plain");
        p.put("s3.access_key", "AKIAUNKNOWNKEY");

        SqlError e = assertThrows(SqlError.class, () -> open(p));

        assertEquals("28000", e.sqlState());
        assertFalse(e.getMessage().contains(s3.secretKey()), e.getMessage());
    }

    @Test
    void missingBucketFailsTheConnectionNamingTheBucket() {
        SqlError e = assertThrows(SqlError.class, () -> open(props("s3://no-such-bucket-4711/wh")));

        assertEquals("08001", e.sqlState());
        assertTrue(e.getMessage().startsWith("Lance warehouse s3://no-such-bucket-4711/wh cannot be listed: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("bucket 'no-such-bucket-4711' does not exist"), e.getMessage());
    }

    @Test
    void unreachableEndpointFailsTheConnection() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Map<String, String> p = props("s3://" + bucket + "/plain");
        p.put("s3.endpoint", "http://127.0.0.1:" + port);

        SqlError e = assertThrows(SqlError.class, () -> open(p));

        assertEquals("08001", e.sqlState());
        assertTrue(e.getMessage().startsWith("Listing s3://" + bucket + "/plain/ at http://127.0.0.1:" + port
                + " failed: cannot reach the endpoint"), e.getMessage());
    }

    @Test
    void unknownTableOnS3ListsTheTablesThatExist() {
        try (Catalog c = open(props("s3://" + bucket + "/plain"))) {
            SqlError e = assertThrows(SqlError.class, () -> c.locate(NamespacePath.ROOT, "nope"));

            assertEquals("42S02", e.sqlState());
            assertEquals("Table 'default.nope' does not exist in warehouse s3://" + bucket
                    + "/plain (tables in default: my table, numbers)", e.getMessage());
        }
    }
}
