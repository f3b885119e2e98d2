package io.lancejdbc.exec.testing;

import io.lancejdbc.exec.lance.demo.GeneratedBatchReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;
import org.lance.namespace.DirectoryNamespace;
import org.lance.namespace.model.CreateNamespaceRequest;
import org.lance.namespace.model.DescribeTableRequest;

/**
 * Warehouse fixtures in the two layouts a Lance warehouse directory can have. Every table is a {@link NumbersTable}
 * of a size given below, except where noted.
 *
 * <p><b>Plain layout</b> ({@link #plain}): {@code <name>.lance} dataset directories; a first-level directory that
 * holds {@code .lance} directories is a child namespace.
 * <pre>
 * root/
 *   numbers.lance        NumbersTable, 1000 rows, 2 fragments
 *   all_types.lance      AllTypesTable (100 rows)
 *   versions.lance       VersionedTable (7 versions, 122 live rows)
 *   MixedCase.lance      NumbersTable, 10 rows (a name that differs from its lowercase form)
 *   items.lance          VectorTable: 1000 float32 rows (dim 16) under an IVF_PQ index "embedding_idx"
 *                        + 200 rows appended after the index (1200 rows, 5 fragments)
 *   analytics/           child namespace "analytics"
 *     events.lance       NumbersTable, 300 rows, 3 fragments
 *     metrics.lance      NumbersTable, 20 rows
 *   empty_dir/           a directory with no dataset inside (not a namespace with tables)
 *   README.txt           a plain file (not a table)
 * </pre>
 *
 * <p><b>Directory-namespace layout</b> ({@link #directoryNamespace}): written through lance-core's
 * {@link DirectoryNamespace} with its {@code __manifest} table (manifest mode, the default), so child-namespace
 * tables live in hash-prefixed directories and root tables in {@code <name>.lance}:
 * <pre>
 * namespace            properties        tables (rows)
 * []  (root)                             customers (50), plain_tbl (10, written directly as plain_tbl.lance)
 * [sales]              owner=alice       orders (200, 2 fragments)
 * [sales, eu]                            orders_eu (30)
 * [hr]                 owner=bob         (none)
 * </pre>
 */
public final class Warehouses {
    /** The spec of {@code items.lance} in the plain warehouse. */
    public static final VectorTableSpec ITEMS = VectorTableSpec.defaults()
            .withIndex(VectorIndexKind.IVF_PQ, VectorMetric.L2).withUnindexedRows(200);

    private Warehouses() {
    }

    /**
     * Writes the plain-layout warehouse into {@code root} (created if missing; must not hold the tables yet).
     *
     * @return the layout, with the table locations
     */
    public static WarehouseLayout plain(BufferAllocator allocator, Path root) {
        Builder b = new Builder(root);
        try {
            Files.createDirectories(root);
            b.table(List.of(), "numbers", NumbersTable.write(allocator, root.resolve("numbers.lance"), 1000, 2), 1000);
            b.table(List.of(), "all_types", AllTypesTable.write(allocator, root.resolve("all_types.lance")),
                    AllTypesTable.ROWS);
            VersionedTable.VersionHistory history = VersionedTable.write(allocator, root.resolve("versions.lance"));
            b.table(List.of(), "versions", history.path(), history.latest().liveIds().size());
            VectorTable items = VectorTable.write(allocator, root.resolve("items.lance"), ITEMS);
            b.table(List.of(), "items", items.path(), items.liveIds().size());
            b.table(List.of(), "MixedCase", NumbersTable.write(allocator, root.resolve("MixedCase.lance"), 10, 1), 10);
            Path analytics = Files.createDirectories(root.resolve("analytics"));
            b.table(List.of("analytics"), "events",
                    NumbersTable.write(allocator, analytics.resolve("events.lance"), 300, 3), 300);
            b.table(List.of("analytics"), "metrics",
                    NumbersTable.write(allocator, analytics.resolve("metrics.lance"), 20, 1), 20);
            Files.createDirectories(root.resolve("empty_dir"));
            Files.writeString(root.resolve("README.txt"), "Not a table: plain files are ignored.\n");
        } catch (IOException e) {
            throw new UncheckedIOException("writing the plain warehouse under " + root, e);
        }
        return b.build();
    }

    /**
     * Writes the directory-namespace warehouse into {@code root} (created if missing) through lance-core's
     * {@link DirectoryNamespace} (manifest mode).
     *
     * @return the layout, with the table locations the namespace reports
     */
    public static WarehouseLayout directoryNamespace(BufferAllocator allocator, Path root) {
        Builder b = new Builder(root);
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("creating " + root, e);
        }
        try (BufferAllocator child = allocator.newChildAllocator("namespace warehouse", 0, Long.MAX_VALUE);
                DirectoryNamespace ns = new DirectoryNamespace()) {
            ns.initialize(Map.of("root", root.toString()), child);
            createNamespace(ns, b, List.of("sales"), Map.of("owner", "alice"));
            createNamespace(ns, b, List.of("sales", "eu"), Map.of());
            createNamespace(ns, b, List.of("hr"), Map.of("owner", "bob"));
            writeThrough(child, ns, b, List.of("customers"), 50, 1);
            writeThrough(child, ns, b, List.of("sales", "orders"), 200, 2);
            writeThrough(child, ns, b, List.of("sales", "eu", "orders_eu"), 30, 1);
            // Written beside the namespace: the root listing also shows plain <name>.lance directories.
            b.table(List.of(), "plain_tbl", NumbersTable.write(child, root.resolve("plain_tbl.lance"), 10, 1), 10);
        }
        return b.build();
    }

    private static void createNamespace(DirectoryNamespace ns, Builder b, List<String> id,
            Map<String, String> properties) {
        CreateNamespaceRequest request = new CreateNamespaceRequest().id(id);
        if (!properties.isEmpty()) {
            request.properties(properties);
            b.properties.put(id, properties);
        }
        ns.createNamespace(request);
        b.namespaces.putIfAbsent(id, new ArrayList<>());
    }

    private static void writeThrough(BufferAllocator allocator, DirectoryNamespace ns, Builder b,
            List<String> tableId, long rows, int fragments) {
        int perFile = (int) ((rows + fragments - 1) / fragments);
        try (GeneratedBatchReader reader = new GeneratedBatchReader(allocator, NumbersTable.schema(), 0, rows, 8192,
                NumbersTable::fill)) {
            Dataset.write().allocator(allocator).reader(reader).namespaceClient(ns).tableId(tableId)
                    .maxRowsPerFile(perFile).execute().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String location = ns.describeTable(new DescribeTableRequest().id(tableId)).getLocation();
        Path path = location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
        b.table(tableId.subList(0, tableId.size() - 1), tableId.get(tableId.size() - 1), path, rows);
    }

    /** Collects the layout while writing. */
    private static final class Builder {
        final Path root;
        final Map<List<String>, List<String>> namespaces = new HashMap<>();
        final Map<List<String>, Path> locations = new HashMap<>();
        final Map<List<String>, Long> rows = new HashMap<>();
        final Map<List<String>, Map<String, String>> properties = new HashMap<>();

        Builder(Path root) {
            this.root = root;
            namespaces.put(List.of(), new ArrayList<>());
        }

        void table(List<String> namespace, String name, Path path, long rowCount) {
            namespaces.computeIfAbsent(List.copyOf(namespace), k -> new ArrayList<>()).add(name);
            List<String> id = new ArrayList<>(namespace);
            id.add(name);
            locations.put(List.copyOf(id), path);
            rows.put(List.copyOf(id), rowCount);
        }

        WarehouseLayout build() {
            Map<List<String>, List<String>> sorted = new HashMap<>();
            namespaces.forEach((k, v) -> sorted.put(k, v.stream().sorted().toList()));
            return new WarehouseLayout(root, sorted, locations, rows, properties);
        }
    }
}
