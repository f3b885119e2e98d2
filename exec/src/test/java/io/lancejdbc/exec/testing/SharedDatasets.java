package io.lancejdbc.exec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Fixture datasets written once per test JVM into one temporary directory and shared by every test that asks for
 * them, because writing datasets costs seconds. Obtain the instance through {@link SharedDatasetsExtension}
 * (a test or lifecycle method parameter of this type).
 *
 * <p><b>Shared means read-only</b>: a test must not append to, delete from or index these datasets; a test that
 * changes a dataset writes its own copy with {@link TestDatasets} into a {@code @TempDir}.
 *
 * <p>Each fixture is built on first request (thread-safe: concurrent callers wait for the one writer); a failed
 * build is remembered and rethrown to later callers as {@link IllegalStateException}. {@link #close()} deletes the
 * directory.
 */
public final class SharedDatasets implements AutoCloseable {
    private final Path root;
    private final BufferAllocator allocator = new RootAllocator();
    private final ConcurrentMap<Object, FutureTask<Object>> built = new ConcurrentHashMap<>();
    private final AtomicInteger names = new AtomicInteger();

    private SharedDatasets(Path root) {
        this.root = root;
    }

    /** A new, empty cache in a fresh directory under {@code java.io.tmpdir}. */
    public static SharedDatasets create() {
        try {
            return new SharedDatasets(Files.createTempDirectory("lance-fixtures-"));
        } catch (IOException e) {
            throw new UncheckedIOException("creating the shared fixture directory", e);
        }
    }

    /** The directory holding every shared fixture. */
    public Path root() {
        return root;
    }

    /** {@link AllTypesTable} at storage version 2.2. */
    public Path allTypes() {
        return get("all_types", k -> AllTypesTable.write(allocator, root.resolve("all_types.lance")));
    }

    /** {@link UnsupportedTypesTable}. */
    public Path unsupportedTypes() {
        return get("unsupported_types",
                k -> UnsupportedTypesTable.write(allocator, root.resolve("unsupported_types.lance")));
    }

    /** {@link NumbersTable} with {@code rows} rows in {@code fragments} fragments. */
    public Path numbers(long rows, int fragments) {
        return get(java.util.List.of("numbers", rows, fragments), k -> NumbersTable.write(allocator,
                root.resolve("numbers_" + rows + "_" + fragments + ".lance"), rows, fragments));
    }

    /** {@link VersionedTable}. */
    public VersionedTable.VersionHistory versions() {
        return get("versions", k -> VersionedTable.write(allocator, root.resolve("versions.lance")));
    }

    /** {@link VectorTable} for {@code spec} (equal specs share one dataset). */
    public VectorTable vectors(VectorTableSpec spec) {
        return get(spec, k -> VectorTable.write(allocator, root.resolve("vectors_" + names.incrementAndGet()
                + ".lance"), spec));
    }

    /**
     * {@link ClusteredVectorTable} with an L2 vector index (equal parameters share one dataset); the large recall
     * fixtures take tens of seconds to write and index, so they are written once per JVM.
     */
    public ClusteredVectorTable clusteredVectors(int rows, int dimension, int clusters, int rowsPerFragment,
            ClusteredVectorTable.Index index, int partitions) {
        return get(java.util.List.of("clustered", rows, dimension, clusters, rowsPerFragment, index, partitions),
                k -> ClusteredVectorTable.write(allocator, root.resolve("clustered_" + names.incrementAndGet()
                        + ".lance"), rows, dimension, clusters, rowsPerFragment).withIndex(allocator, index,
                        partitions));
    }

    /** {@link Warehouses#plain}. */
    public WarehouseLayout plainWarehouse() {
        return get("plain_warehouse", k -> Warehouses.plain(allocator, root.resolve("plain_warehouse")));
    }

    /** {@link Warehouses#directoryNamespace}. */
    public WarehouseLayout namespaceWarehouse() {
        return get("namespace_warehouse",
                k -> Warehouses.directoryNamespace(allocator, root.resolve("namespace_warehouse")));
    }

    /** A copy of corpus dataset {@code relativePath} ({@link CorpusFixtures#copyDataset}). */
    public Path corpusDataset(String relativePath) {
        return get(java.util.List.of("corpus", relativePath),
                k -> CorpusFixtures.copyDataset(relativePath, root.resolve("corpus")));
    }

    @SuppressWarnings("unchecked")
    private <T> T get(Object key, Function<Object, T> build) {
        FutureTask<Object> task = new FutureTask<>(() -> build.apply(key));
        FutureTask<Object> existing = built.putIfAbsent(key, task);
        if (existing == null) {
            task.run();
            existing = task;
        }
        try {
            return (T) existing.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("building shared fixture " + key + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for shared fixture " + key, e);
        }
    }

    /** Closes the writer allocator and deletes the fixture directory. */
    @Override
    public void close() throws IOException {
        try {
            allocator.close();
        } finally {
            deleteRecursively(root);
        }
    }

    /** Deletes {@code dir} and everything below it (no-op when it does not exist). */
    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                if (exc != null) {
                    throw exc;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
