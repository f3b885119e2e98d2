package io.lancejdbc.exec.testing;

import io.lancejdbc.exec.lance.demo.GeneratedBatchReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;
import org.lance.WriteDatasetBuilder;
import org.lance.namespace.DirectoryNamespace;
import org.lance.namespace.model.CreateNamespaceRequest;

/**
 * Warehouse fixtures written with lance-core to any URI Lance can write (an {@code s3://bucket/prefix} on S3Proxy
 * in the tests), with explicit Lance storage options. Every table is a {@link NumbersTable} ({@code id = 0..rows-1}).
 *
 * <p><b>Plain layout</b> ({@link #plain}):
 * <pre>
 * warehouse/
 *   numbers.lance          100 rows, 2 fragments
 *   my table.lance         7 rows (stored under the key "my%20table.lance", as Lance encodes the space)
 *   analytics/events.lance 30 rows, 3 fragments   (namespace "analytics")
 *   notes/readme.txt       a plain object (the directory "notes" holds no dataset: not a namespace)
 *   README.txt             a plain object (not a table)
 * </pre>
 *
 * <p><b>Directory-namespace layout</b> ({@link #directoryNamespace}), through lance-core's {@link DirectoryNamespace}
 * (manifest mode), as {@link Warehouses#directoryNamespace} writes it locally:
 * <pre>
 * namespace     tables (rows)
 * []            customers (50), plain_tbl (10, written directly as plain_tbl.lance)
 * [sales]       orders (200, 2 fragments)
 * [sales, eu]   orders_eu (30)
 * [hr]          (none)
 * </pre>
 */
public final class ObjectStoreWarehouses {
    private ObjectStoreWarehouses() {
    }

    /**
     * Writes the plain layout under {@code warehouseUri} (no trailing slash); {@code putObject} receives the keys of
     * the plain objects, relative to the warehouse.
     */
    public static void plain(BufferAllocator allocator, String warehouseUri, Map<String, String> storageOptions,
            java.util.function.Consumer<String> putObject) {
        write(allocator, warehouseUri + "/numbers.lance", storageOptions, 100, 2);
        write(allocator, warehouseUri + "/my table.lance", storageOptions, 7, 1);
        write(allocator, warehouseUri + "/analytics/events.lance", storageOptions, 30, 3);
        putObject.accept("notes/readme.txt");
        putObject.accept("README.txt");
    }

    /** Writes the directory-namespace layout under {@code warehouseUri} (no trailing slash). */
    public static void directoryNamespace(BufferAllocator allocator, String warehouseUri,
            Map<String, String> storageOptions) {
        Map<String, String> config = new HashMap<>();
        config.put("root", warehouseUri);
        storageOptions.forEach((k, v) -> config.put("storage." + k, v));
        try (BufferAllocator child = allocator.newChildAllocator("object store namespace", 0, Long.MAX_VALUE);
                DirectoryNamespace ns = new DirectoryNamespace()) {
            ns.initialize(config, child);
            ns.createNamespace(new CreateNamespaceRequest().id(List.of("sales")));
            ns.createNamespace(new CreateNamespaceRequest().id(List.of("sales", "eu")));
            ns.createNamespace(new CreateNamespaceRequest().id(List.of("hr")));
            writeThrough(child, ns, storageOptions, List.of("customers"), 50, 1);
            writeThrough(child, ns, storageOptions, List.of("sales", "orders"), 200, 2);
            writeThrough(child, ns, storageOptions, List.of("sales", "eu", "orders_eu"), 30, 1);
            write(child, warehouseUri + "/plain_tbl.lance", storageOptions, 10, 1);
        }
    }

    /** Writes a {@link NumbersTable} of {@code rows} rows in {@code fragments} fragments to {@code uri}. */
    public static void write(BufferAllocator allocator, String uri, Map<String, String> storageOptions, long rows,
            int fragments) {
        execute(allocator, Dataset.write().uri(uri), storageOptions, rows, fragments);
    }

    private static void writeThrough(BufferAllocator allocator, DirectoryNamespace ns,
            Map<String, String> storageOptions, List<String> tableId, long rows, int fragments) {
        execute(allocator, Dataset.write().namespaceClient(ns).tableId(tableId), storageOptions, rows, fragments);
    }

    private static void execute(BufferAllocator allocator, WriteDatasetBuilder target,
            Map<String, String> storageOptions, long rows, int fragments) {
        int perFile = (int) ((rows + fragments - 1) / fragments);
        try (GeneratedBatchReader reader = new GeneratedBatchReader(allocator, NumbersTable.schema(), 0, rows, 8192,
                NumbersTable::fill)) {
            target.allocator(allocator).reader(reader).storageOptions(storageOptions).maxRowsPerFile(perFile)
                    .execute().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
