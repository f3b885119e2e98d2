package io.lancejdbc.exec.testing;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Entry point of the fixture datasets: each method writes a real Lance dataset (or warehouse) with lance-core into
 * the given directory, with deterministic content described exactly by its builder class. Use these for datasets a
 * test changes; use {@link SharedDatasets} for read-only fixtures written once per JVM.
 *
 * <table>
 *   <caption>fixtures</caption>
 *   <tr><th>method</th><th>contents (see the class for exact values)</th></tr>
 *   <tr><td>{@link #allTypes}</td><td>{@link AllTypesTable}: every Type Mapping type, NULLs, edge values;
 *       100 rows, 3 fragments, 2 versions</td></tr>
 *   <tr><td>{@link #unsupportedTypes}</td><td>{@link UnsupportedTypesTable}: duration, null, extension,
 *       dictionary and nested unsupported columns next to supported ones</td></tr>
 *   <tr><td>{@link #numbers}</td><td>{@link NumbersTable}: id, i32, f64, category, flag, d, ts, amount with NULL
 *       patterns; any size and fragment count</td></tr>
 *   <tr><td>{@link #withDeletionsAndVersions}</td><td>{@link VersionedTable}: 7 versions (appends, deletes, a
 *       dropped fragment, an added column) with the live ids of each</td></tr>
 *   <tr><td>{@link #vectors}</td><td>{@link VectorTable}: vector column, index kinds, delta segment, unindexed
 *       rows, deletions; {@link VectorTable#exactTopK} oracle</td></tr>
 *   <tr><td>{@link #plainWarehouse}, {@link #namespaceWarehouse}</td><td>{@link Warehouses}: the two warehouse
 *       layouts</td></tr>
 * </table>
 * Every method needs the JVM flag {@code --add-opens=java.base/java.nio=ALL-UNNAMED} (set by the build for tests).
 */
public final class TestDatasets {
    private TestDatasets() {
    }

    /** {@link AllTypesTable#write(BufferAllocator, Path)}: writes into {@code dir}, returns it. */
    public static Path allTypes(BufferAllocator allocator, Path dir) {
        return AllTypesTable.write(allocator, dir);
    }

    /** {@link UnsupportedTypesTable#write}: writes into {@code dir}, returns it. */
    public static Path unsupportedTypes(BufferAllocator allocator, Path dir) {
        return UnsupportedTypesTable.write(allocator, dir);
    }

    /** {@link NumbersTable#write}: {@code rows} rows in exactly {@code fragments} fragments; returns {@code dir}. */
    public static Path numbers(BufferAllocator allocator, Path dir, long rows, int fragments) {
        return NumbersTable.write(allocator, dir, rows, fragments);
    }

    /** {@link VersionedTable#write}: the dataset and the expected live ids of each of its 7 versions. */
    public static VersionedTable.VersionHistory withDeletionsAndVersions(BufferAllocator allocator, Path dir) {
        return VersionedTable.write(allocator, dir);
    }

    /** {@link VectorTable#write}: the dataset described by {@code spec}. */
    public static VectorTable vectors(BufferAllocator allocator, Path dir, VectorTableSpec spec) {
        return VectorTable.write(allocator, dir, spec);
    }

    /** {@link Warehouses#plain}: {@code <name>.lance} directories and a child namespace under {@code root}. */
    public static WarehouseLayout plainWarehouse(BufferAllocator allocator, Path root) {
        return Warehouses.plain(allocator, root);
    }

    /** {@link Warehouses#directoryNamespace}: nested namespaces written through lance-core's DirectoryNamespace. */
    public static WarehouseLayout namespaceWarehouse(BufferAllocator allocator, Path root) {
        return Warehouses.directoryNamespace(allocator, root);
    }
}
