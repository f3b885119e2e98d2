package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.namespace.DirectoryNamespace;
import org.lance.namespace.model.DescribeNamespaceRequest;
import org.lance.namespace.model.ListNamespacesRequest;
import org.lance.namespace.model.ListTablesRequest;

@ExtendWith(ArrowAllocatorExtension.class)
class WarehousesTest {

    private static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertRowCounts(BufferAllocator allocator, WarehouseLayout layout) {
        layout.tableLocations().forEach((id, path) -> {
            try (Dataset ds = Dataset.open().allocator(allocator).uri(path.toString()).build()) {
                assertEquals(layout.rowCounts().get(id), ds.countRows(), id.toString());
            }
        });
    }

    @Test
    void plainLayoutHasTableDirectoriesAChildNamespaceAndNoise(BufferAllocator allocator, @TempDir Path dir)
            throws IOException {
        WarehouseLayout layout = Warehouses.plain(allocator, dir.resolve("wh"));
        assertEquals(List.of("MixedCase.lance", "README.txt", "all_types.lance", "analytics", "empty_dir",
                "items.lance", "numbers.lance", "versions.lance"), entries(layout.root()));
        assertEquals(List.of("events.lance", "metrics.lance"), entries(layout.root().resolve("analytics")));
        assertEquals(Map.of(List.of(), List.of("MixedCase", "all_types", "items", "numbers", "versions"),
                List.of("analytics"), List.of("events", "metrics")), layout.namespaces());
        assertEquals(List.of("analytics"), layout.childNamespaces(List.of()));
        assertEquals(layout.root().resolve("analytics/events.lance"), layout.tablePath(List.of("analytics"),
                "events"));
        assertRowCounts(allocator, layout);
    }

    @Test
    void directoryNamespaceLayoutIsListedByLanceItself(BufferAllocator allocator, @TempDir Path dir) {
        WarehouseLayout layout = Warehouses.directoryNamespace(allocator, dir.resolve("ns"));
        assertEquals(Map.of(List.of(), List.of("customers", "plain_tbl"), List.of("sales"), List.of("orders"),
                List.of("sales", "eu"), List.of("orders_eu"), List.of("hr"), List.of()), layout.namespaces());
        assertTrue(Files.isDirectory(layout.root().resolve("__manifest")));
        assertEquals(layout.root().resolve("customers.lance"), layout.tablePath(List.of(), "customers"));
        String ordersDir = layout.tablePath(List.of("sales"), "orders").getFileName().toString();
        assertTrue(ordersDir.matches("[0-9a-f]{8}_sales\\$orders"), ordersDir);
        assertRowCounts(allocator, layout);

        try (DirectoryNamespace ns = new DirectoryNamespace()) {
            ns.initialize(Map.of("root", layout.root().toString()), allocator);
            assertEquals(List.of("hr", "sales"), ns.listNamespaces(new ListNamespacesRequest().id(List.of()))
                    .getNamespaces().stream().sorted().toList());
            assertEquals(List.of("eu"), ns.listNamespaces(new ListNamespacesRequest().id(List.of("sales")))
                    .getNamespaces().stream().toList());
            assertEquals(List.of("customers", "plain_tbl"), ns.listTables(new ListTablesRequest().id(List.of()))
                    .getTables().stream().sorted().toList());
            assertEquals(List.of("orders_eu"), ns.listTables(new ListTablesRequest().id(List.of("sales", "eu")))
                    .getTables().stream().toList());
            assertEquals(Map.of("owner", "alice"),
                    ns.describeNamespace(new DescribeNamespaceRequest().id(List.of("sales"))).getProperties());
        }
        assertEquals(Map.of(List.of("sales"), Map.of("owner", "alice"), List.of("hr"), Map.of("owner", "bob")),
                layout.namespaceProperties());
    }
}
