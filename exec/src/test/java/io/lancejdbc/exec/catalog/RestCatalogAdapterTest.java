package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.PoolSettings;
import io.lancejdbc.exec.lance.TestDatasets;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.WarehouseLayout;
import io.lancejdbc.exec.testing.Warehouses;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
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
import org.junit.jupiter.api.io.TempDir;
import org.lance.namespace.RestAdapter;

/**
 * REST catalogs against a real Lance REST namespace: lance-core's {@link RestAdapter} on 127.0.0.1 (ephemeral port)
 * serving a DirectoryNamespace warehouse written by lance-core ({@link Warehouses#directoryNamespace}: root tables
 * {@code customers} (50 rows) and {@code plain_tbl} (10), {@code sales.orders} (200), {@code sales.eu.orders_eu} (30),
 * an empty namespace {@code hr}), plus {@code items.lance} at the root: 1000 rows with an IVF_PQ index
 * {@code vec_idx}. Catalogs are opened through {@link CatalogFactory} from connection properties.
 */
class RestCatalogAdapterTest {
    @TempDir
    static Path warehouse;

    private static WarehouseLayout layout;
    private static RestAdapter adapter;
    private static String uri;

    private BufferAllocator allocator;
    private DatasetHandlePool pool;

    @BeforeAll
    static void startServer() {
        try (BufferAllocator a = new RootAllocator()) {
            layout = Warehouses.directoryNamespace(a, warehouse);
        }
        TestDatasets.create(warehouse.resolve("items.lance"), 0, 1000, 500);
        TestDatasets.createIvfPq(warehouse.resolve("items.lance"));
        adapter = new RestAdapter("dir", Map.of("root", warehouse.toString()), "127.0.0.1", 0);
        adapter.start();
        uri = "http://127.0.0.1:" + adapter.getPort();
    }

    @AfterAll
    static void stopServer() {
        adapter.close();
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

    private static Map<String, String> props(String... keyValues) {
        Map<String, String> p = new HashMap<>();
        p.put("lance.catalog.type", "rest");
        p.put("lance.rest.uri", uri);
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    private Catalog open(Map<String, String> props) {
        return CatalogFactory.create(EngineConfig.of(props), StorageOptions.fromProperties(props), pool, allocator);
    }

    private LanceCatalogMetadata metadata(Catalog c) {
        return new LanceCatalogMetadata("lance", c, new SchemaNameCodec("default"), pool);
    }

    private static NamespacePath ns(String... levels) {
        return new NamespacePath(List.of(levels));
    }

    @Test
    void schemasAreTheRootThenEveryNestedNamespace() {
        try (Catalog c = open(props())) {
            assertInstanceOf(RestCatalog.class, c);
            assertEquals("rest", c.type());
            assertEquals(List.of("default", "hr", "sales", "sales.eu"), metadata(c).schemaNames());
        }
    }

    @Test
    void tablesOfTheRootAndOfNestedNamespaces() {
        try (Catalog c = open(props())) {
            assertEquals(List.of("customers", "items", "plain_tbl"), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of("orders"), c.tableNames(ns("sales")));
            assertEquals(List.of("orders_eu"), c.tableNames(ns("sales", "eu")));
            assertEquals(List.of(), c.tableNames(ns("hr")));
        }
    }

    @Test
    void pagesOfOneEntryListTheSameNamespacesAndTables() {
        try (Catalog c = open(props("lance.rest.page-size", "1"))) {
            assertEquals(List.of("customers", "items", "plain_tbl"), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of(ns("hr"), ns("sales")), c.childNamespaces(NamespacePath.ROOT));
            assertEquals(List.of("default", "hr", "sales", "sales.eu"), metadata(c).schemaNames());
        }
    }

    @Test
    void locateGivesTheDatasetTheNamespaceWrote() {
        try (Catalog c = open(props())) {
            TableLocation orders = c.locate(ns("sales"), "orders");

            assertEquals("file://" + layout.tablePath(List.of("sales"), "orders"), orders.uri());
            assertEquals(ns("sales"), orders.namespace());
            assertEquals("orders", orders.name());
            assertEquals(0, orders.expiresAtMillis());
        }
    }

    @Test
    void tablesReadEndToEndThroughThePoolAndAFragmentScan() {
        try (Catalog c = open(props())) {
            assertArrayEquals(TableReads.numbers(200),
                    TableReads.countAndSumIds(pool, allocator, c.locate(ns("sales"), "orders")));
            assertArrayEquals(TableReads.numbers(30),
                    TableReads.countAndSumIds(pool, allocator, c.locate(ns("sales", "eu"), "orders_eu")));
            assertArrayEquals(TableReads.numbers(50),
                    TableReads.countAndSumIds(pool, allocator, c.locate(NamespacePath.ROOT, "customers")));
            assertArrayEquals(TableReads.numbers(10),
                    TableReads.countAndSumIds(pool, allocator, c.locate(NamespacePath.ROOT, "plain_tbl")));
        }
    }

    @Test
    void columnsOfARestTableComeFromItsSnapshot() {
        try (Catalog c = open(props())) {
            assertEquals(List.of("id", "i32", "f64", "category", "flag", "d", "ts", "amount"),
                    metadata(c).columns("sales.eu", "orders_eu").stream().map(f -> f.getName()).toList());
        }
    }

    @Test
    void indexesOfARestTableAreShownFromTheOpenedDataset() {
        try (Catalog c = open(props())) {
            assertEquals(List.of(new IndexDescriptor("vec_idx", List.of("vec"), "IVF_PQ", 1, Map.of("metric_type",
                            "L2", "compression_type", "pq", "num_bits", "8", "num_sub_vectors", "4"))),
                    metadata(c).indexes("default", "items"));
            assertEquals(List.of(), metadata(c).indexes("sales", "orders"));
        }
    }

    @Test
    void missingNamespaceIsSchemaNotFoundThoughTheServiceListsItEmpty() {
        try (Catalog c = open(props())) {
            SqlError tables = assertThrows(SqlError.class, () -> c.tableNames(ns("nope")));
            SqlError children = assertThrows(SqlError.class, () -> c.childNamespaces(ns("sales", "nope")));

            assertEquals("3F000", tables.sqlState());
            assertEquals("Schema 'nope' does not exist in REST catalog " + uri, tables.getMessage());
            assertEquals("3F000", children.sqlState());
            assertEquals("Schema 'sales.nope' does not exist in REST catalog " + uri, children.getMessage());
        }
    }

    @Test
    void missingSchemaThroughMetadataListsTheSchemasThatExist() {
        try (Catalog c = open(props())) {
            SqlError e = assertThrows(SqlError.class, () -> metadata(c).tableNames("nope"));

            assertEquals("3F000", e.sqlState());
            assertEquals("Schema 'nope' does not exist in catalog lance (schemas: default, hr, sales, sales.eu)",
                    e.getMessage());
        }
    }

    @Test
    void missingTableListsTheTablesOfItsSchema() {
        try (Catalog c = open(props())) {
            SqlError e = assertThrows(SqlError.class, () -> c.locate(ns("sales"), "nope"));

            assertEquals("42S02", e.sqlState());
            assertEquals("Table 'sales.nope' does not exist in REST catalog " + uri + " (tables in sales: orders)",
                    e.getMessage());
        }
    }

    @Test
    void tableInAMissingNamespaceIsSchemaNotFound() {
        try (Catalog c = open(props())) {
            SqlError e = assertThrows(SqlError.class, () -> c.locate(ns("nope"), "orders"));

            assertEquals("3F000", e.sqlState());
            assertEquals("Schema 'nope' does not exist in REST catalog " + uri, e.getMessage());
        }
    }

    @Test
    void namespaceParentMakesASubtreeTheRoot() {
        try (Catalog c = open(props("lance.namespace.parent", "sales"))) {
            assertEquals(List.of("default", "eu"), metadata(c).schemaNames());
            assertEquals(List.of("orders"), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of("orders_eu"), c.tableNames(ns("eu")));
            assertArrayEquals(TableReads.numbers(30),
                    TableReads.countAndSumIds(pool, allocator, c.locate(ns("eu"), "orders_eu")));
        }
    }

    @Test
    void nestedParentWithAnotherDelimiter() {
        try (Catalog c = open(props("lance.namespace.parent", "sales/eu", "lance.namespace.delimiter", "/"))) {
            assertEquals(List.of("orders_eu"), c.tableNames(NamespacePath.ROOT));
            assertEquals(List.of(), c.childNamespaces(NamespacePath.ROOT));
        }
    }

    @Test
    void missingParentFailsTheConnection() {
        SqlError e = assertThrows(SqlError.class, () -> open(props("lance.namespace.parent", "sales$nope")));

        assertEquals("3F000", e.sqlState());
        assertEquals("Namespace 'sales$nope' (lance.namespace.parent) does not exist in REST catalog " + uri,
                e.getMessage());
    }

    @Test
    void restUriAloneSelectsARestCatalog() {
        Map<String, String> p = new HashMap<>();
        p.put("lance.rest.uri", uri);
        try (Catalog c = open(p)) {
            assertEquals("rest", c.type());
            assertEquals(List.of("orders"), c.tableNames(ns("sales")));
        }
    }

    @Test
    void stoppedServiceFailsTheConnectionAsUnreachable() {
        RestAdapter stopped = new RestAdapter("dir", Map.of("root", warehouse.toString()), "127.0.0.1", 0);
        stopped.start();
        int port = stopped.getPort();
        stopped.close();
        Map<String, String> p = props("lance.rest.uri", "http://127.0.0.1:" + port, "lance.rest.max-retries", "0");

        SqlError e = assertThrows(SqlError.class, () -> open(p));

        assertEquals("08001", e.sqlState());
        assertTrue(e.getMessage().startsWith("Could not check whether there is the root namespace at http://127.0.0.1:"
                + port + ": the service cannot be reached"), e.getMessage());
    }
}
