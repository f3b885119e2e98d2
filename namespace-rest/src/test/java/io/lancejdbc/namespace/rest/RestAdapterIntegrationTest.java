package io.lancejdbc.namespace.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.WriteParams;
import org.lance.namespace.DirectoryNamespace;
import org.lance.namespace.RestAdapter;
import org.lance.namespace.model.CreateNamespaceRequest;

/**
 * The client against a real Lance REST namespace: lance-core's {@link RestAdapter} serving a DirectoryNamespace on
 * 127.0.0.1 (ephemeral port) over a temporary warehouse that lance-core itself populates.
 *
 * <p>Warehouse: root namespace with table {@code root_tbl} and namespaces {@code hr}, {@code ops}, {@code sales};
 * {@code sales} holds {@code orders} (written, then appended: version 2) and {@code t01}..{@code t06};
 * {@code sales$emea} holds {@code invoices}.
 */
class RestAdapterIntegrationTest {
    @TempDir
    static Path warehouse;

    private static BufferAllocator allocator;
    private static RestAdapter adapter;
    private static RestAdapter vendingAdapter;
    private static RestNamespaceClient client;
    private static RestNamespaceClient vendingClient;

    @BeforeAll
    static void populateWarehouseAndStartServers() throws Exception {
        allocator = new RootAllocator();
        DirectoryNamespace dir = new DirectoryNamespace();
        dir.initialize(Map.of("root", warehouse.toString()), allocator);
        try {
            for (List<String> ns : List.of(List.of("sales"), List.of("hr"), List.of("ops"), List.of("sales", "emea"))) {
                dir.createNamespace(new CreateNamespaceRequest().id(ns));
            }
            write(dir, List.of("root_tbl"), 3, WriteParams.WriteMode.CREATE);
            write(dir, List.of("sales", "orders"), 10, WriteParams.WriteMode.CREATE);
            write(dir, List.of("sales", "orders"), 5, WriteParams.WriteMode.APPEND);
            for (int i = 1; i <= 6; i++) {
                write(dir, List.of("sales", String.format("t%02d", i)), 1, WriteParams.WriteMode.CREATE);
            }
            write(dir, List.of("sales", "emea", "invoices"), 2, WriteParams.WriteMode.CREATE);
        } finally {
            dir.close();
        }

        adapter = new RestAdapter("dir", Map.of("root", warehouse.toString()), "127.0.0.1", 0);
        adapter.start();
        client = RestNamespaceClient.create(RestNamespaceConfig.builder("http://127.0.0.1:" + adapter.getPort())
                .pageSize(2).build());

        Map<String, String> vending = new HashMap<>();
        vending.put("root", warehouse.toString());
        vending.put("vend_input_storage_options", "true");
        vending.put("vend_input_storage_options_refresh_interval_millis", "3600000");
        vending.put("storage.aws_access_key_id", "AKIAVENDEDTEST");
        vending.put("storage.aws_secret_access_key", "vended-secret-value");
        vendingAdapter = new RestAdapter("dir", vending, "127.0.0.1", 0);
        vendingAdapter.start();
        vendingClient = RestNamespaceClient.create(
                RestNamespaceConfig.builder("http://127.0.0.1:" + vendingAdapter.getPort()).build());
    }

    @AfterAll
    static void stopServers() {
        if (client != null) {
            client.close();
        }
        if (vendingClient != null) {
            vendingClient.close();
        }
        if (adapter != null) {
            adapter.close();
        }
        if (vendingAdapter != null) {
            vendingAdapter.close();
        }
        if (allocator != null) {
            allocator.close();
        }
    }

    /** Writes {@code rows} rows of one int column {@code id} through the namespace, as lance-core's users do. */
    private static void write(DirectoryNamespace dir, List<String> tableId, int rows, WriteParams.WriteMode mode)
            throws Exception {
        Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(32, true)), null)));
        ByteArrayOutputStream ipc = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                ArrowStreamWriter writer = new ArrowStreamWriter(root, null, ipc)) {
            IntVector id = (IntVector) root.getVector("id");
            id.allocateNew(rows);
            for (int i = 0; i < rows; i++) {
                id.set(i, i);
            }
            root.setRowCount(rows);
            writer.start();
            writer.writeBatch();
            writer.end();
        }
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc.toByteArray()), allocator);
                Dataset dataset = Dataset.write().allocator(allocator).reader(reader).namespaceClient(dir)
                        .tableId(tableId).mode(mode).execute()) {
            if (dataset.countRows() < rows) {
                throw new AssertionError("lance-core wrote fewer rows than given to " + tableId);
            }
        }
    }

    @Test
    void rootNamespaceListsTheTopLevelNamespaces() {
        assertEquals(List.of("hr", "ops", "sales"), sorted(client.listNamespaces(List.of())));
    }

    @Test
    void nestedNamespaceIsListedUnderItsParent() {
        assertEquals(List.of("emea"), client.listNamespaces(List.of("sales")));
        assertEquals(List.of(), client.listNamespaces(List.of("sales", "emea")));
    }

    @Test
    void adapterReallyPagesAtTheRequestedLimit() throws Exception {
        HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://127.0.0.1:" + adapter.getPort() + "/v1/namespace/sales/table/list?limit=2")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("\"page_token\":\""), page.body());
    }

    @Test
    void tablesOfANamespaceAreListedAcrossPagesOfTwo() {
        assertEquals(List.of("orders", "t01", "t02", "t03", "t04", "t05", "t06"),
                sorted(client.listTables(List.of("sales"))));
    }

    @Test
    void everyPageSizeListsTheSameTables() {
        List<String> expected = List.of("orders", "t01", "t02", "t03", "t04", "t05", "t06");
        for (int pageSize : new int[] {1, 3, 7, 100}) {
            try (RestNamespaceClient c = RestNamespaceClient.create(RestNamespaceConfig.builder(
                    "http://127.0.0.1:" + adapter.getPort()).pageSize(pageSize).build())) {
                List<String> tables = c.listTables(List.of("sales"));
                assertEquals(expected, sorted(tables), "page size " + pageSize);
                assertEquals(expected.size(), tables.size(), "page size " + pageSize);
            }
        }
    }

    @Test
    void rootAndNestedTablesAreListed() {
        assertEquals(List.of("root_tbl"), client.listTables(List.of()));
        assertEquals(List.of("invoices"), client.listTables(List.of("sales", "emea")));
    }

    @Test
    void describeTableGivesLocationAndUri() {
        TableDescription d = client.describeTable(List.of("sales", "emea", "invoices"));
        assertEquals(List.of("sales", "emea", "invoices"), d.id());
        assertTrue(d.location().startsWith("file://"), d.location());
        assertTrue(d.location().endsWith("sales$emea$invoices"), d.location());
        assertTrue(Files.isDirectory(Path.of(URI.create(d.location().replace("$", "%24")))), d.location());
        assertEquals(d.location(), d.tableUri().orElseThrow());
        assertEquals(Map.of(), d.storageOptions());
        assertEquals(OptionalLong.empty(), d.expiresAtMillis());
        assertFalse(d.managedVersioning());
    }

    @Test
    void detailedDescribeReportsTheLatestVersion() {
        TableDescription d = client.describeTable(List.of("sales", "orders"),
                DescribeTableOptions.latest().withDetailedMetadata());
        assertEquals(OptionalLong.of(2), d.version());
    }

    @Test
    void describeTableAtAnOlderVersion() {
        TableDescription d = client.describeTable(List.of("sales", "orders"),
                DescribeTableOptions.latest().withVersion(1).withDetailedMetadata());
        assertEquals(OptionalLong.of(1), d.version());
    }

    @Test
    void rootTableLivesInALanceDirectory() {
        TableDescription d = client.describeTable(List.of("root_tbl"));
        assertTrue(d.location().endsWith("root_tbl.lance"), d.location());
    }

    @Test
    void describeNamespaceOfAnExistingNamespace() {
        assertEquals(new NamespaceDescription(List.of("sales"), Map.of()), client.describeNamespace(List.of("sales")));
    }

    @Test
    void existsIsTrueForExistingAndFalseForMissingObjects() {
        assertTrue(client.namespaceExists(List.of("sales", "emea")));
        assertFalse(client.namespaceExists(List.of("nope")));
        assertTrue(client.tableExists(List.of("sales", "orders")));
        assertFalse(client.tableExists(List.of("sales", "nope")));
    }

    @Test
    void missingTableIsTableNotFound() {
        TableNotFoundException e = assertThrows(TableNotFoundException.class,
                () -> client.describeTable(List.of("sales", "nope")));
        assertEquals(404, e.httpStatus());
        assertEquals(4, e.errorCode().getAsInt());
        assertTrue(e.getMessage().startsWith("Could not describe table 'sales$nope' at http://127.0.0.1:"
                + adapter.getPort() + ": HTTP 404, error code 4 (TableNotFound)"), e.getMessage());
    }

    @Test
    void missingNamespaceIsNamespaceNotFound() {
        NamespaceNotFoundException e = assertThrows(NamespaceNotFoundException.class,
                () -> client.describeNamespace(List.of("nope")));
        assertEquals(404, e.httpStatus());
        assertEquals(1, e.errorCode().getAsInt());
        assertEquals("3F000", e.category().sqlState());
    }

    @Test
    void vendedStorageOptionsCarryCredentialsAndExpiry() {
        long before = System.currentTimeMillis();
        TableDescription d = vendingClient.describeTable(List.of("sales", "orders"));
        assertEquals("AKIAVENDEDTEST", d.storageOptions().get("aws_access_key_id"));
        assertEquals("vended-secret-value", d.storageOptions().get("aws_secret_access_key"));
        long expires = d.expiresAtMillis().orElseThrow();
        assertTrue(expires >= before + 3_600_000L && expires <= System.currentTimeMillis() + 3_600_000L,
                "expires_at_millis " + expires + " is not one refresh interval from now");
        assertEquals(Long.toString(expires), d.storageOptions().get(TableDescription.EXPIRES_AT_MILLIS));
        assertFalse(d.toString().contains("vended-secret-value"), d.toString());
    }

    @Test
    void oneClientServesConcurrentCallers() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<String>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 16; i++) {
                results.add(pool.submit(() -> client.describeTable(List.of("sales", "orders")).location()
                        + " " + sorted(client.listTables(List.of("sales")))));
            }
            String first = results.get(0).get();
            assertTrue(first.endsWith(" [orders, t01, t02, t03, t04, t05, t06]"), first);
            for (java.util.concurrent.Future<String> r : results) {
                assertEquals(first, r.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void stoppedServerIsUnreachable() {
        RestAdapter stopped = new RestAdapter("dir", Map.of("root", warehouse.toString()), "127.0.0.1", 0);
        stopped.start();
        int port = stopped.getPort();
        stopped.close();
        try (RestNamespaceClient c = RestNamespaceClient.create(RestNamespaceConfig.builder("http://127.0.0.1:" + port)
                .maxRetries(1).retryBackoff(java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(1)).build())) {
            RestConnectionException e = assertThrows(RestConnectionException.class,
                    () -> c.listNamespaces(List.of()));
            assertEquals("58030", e.category().sqlState());
        }
    }

    private static List<String> sorted(List<String> names) {
        return names.stream().sorted().toList();
    }
}
