package io.lancejdbc.exec.lance.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.WriteDatasetBuilder;
import org.lance.WriteParams;

/** Writes generated rows of one demo table with lance-core: create or append, one new dataset version per call. */
final class DemoTableWriter {
    private final BufferAllocator allocator;
    private final Path dir;
    private final Schema schema;
    private final String storageVersion;

    /**
     * @param storageVersion Lance data storage version, or {@code null} for lance-core's default (2.1)
     */
    DemoTableWriter(BufferAllocator allocator, Path dir, Schema schema, String storageVersion) {
        this.allocator = allocator;
        this.dir = dir;
        this.schema = schema;
        this.storageVersion = storageVersion;
    }

    /** Creates the dataset with rows {@code [first, first + count)}, {@code rowsPerFile} rows per fragment. */
    long create(long first, long count, int rowsPerFile, GeneratedBatchReader.BatchFiller filler) {
        return write(WriteParams.WriteMode.CREATE, first, count, rowsPerFile, filler);
    }

    /** Appends rows {@code [first, first + count)} as new fragments. */
    long append(long first, long count, int rowsPerFile, GeneratedBatchReader.BatchFiller filler) {
        return write(WriteParams.WriteMode.APPEND, first, count, rowsPerFile, filler);
    }

    /** Opens the latest version (the caller closes it). */
    Dataset open() {
        return Dataset.open().allocator(allocator).uri(dir.toString()).build();
    }

    private long write(WriteParams.WriteMode mode, long first, long count, int rowsPerFile,
            GeneratedBatchReader.BatchFiller filler) {
        try (GeneratedBatchReader reader = new GeneratedBatchReader(allocator, schema, first, count, 4096, filler)) {
            WriteDatasetBuilder builder = Dataset.write().allocator(allocator).reader(reader).uri(dir.toString())
                    .mode(mode).maxRowsPerFile(rowsPerFile);
            if (storageVersion != null) {
                builder.dataStorageVersion(storageVersion);
            }
            try (Dataset ds = builder.execute()) {
                return ds.version();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing demo table " + dir, e);
        }
    }
}
