package io.lancejdbc.exec.testing;

import io.lancejdbc.exec.lance.demo.GeneratedBatchReader;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.WriteDatasetBuilder;
import org.lance.WriteParams;

/**
 * Writes generated rows into a Lance dataset with lance-core (one {@code Dataset.write()} call = one new dataset
 * version with at least one new fragment). Immutable builder; each {@code with*} returns a copy.
 *
 * <pre>{@code
 * long version = GeneratedDatasetWriter.to(dir, schema)
 *     .rows(0, 60).maxRowsPerFile(30)
 *     .write(allocator, (root, first, n) -> ...);
 * }</pre>
 *
 * @param dir dataset directory (created by Lance on {@link Mode#CREATE})
 * @param schema schema of the written batches
 * @param firstRow absolute index of the first generated row (passed to the filler)
 * @param rowCount rows to write
 * @param batchSize rows per Arrow batch handed to Lance
 * @param maxRowsPerFile rows per fragment (Lance's {@code max_rows_per_file}); {@code 0} = Lance default
 * @param storageVersion Lance data storage version ({@code "2.1"}, {@code "2.2"}, ...); {@code null} = default (2.1)
 * @param mode create, append or overwrite
 */
public record GeneratedDatasetWriter(Path dir, Schema schema, long firstRow, long rowCount, int batchSize,
        int maxRowsPerFile, String storageVersion, Mode mode) {

    /** How the write relates to an existing dataset at {@code dir}. */
    public enum Mode {
        /** The dataset must not exist yet. */
        CREATE,
        /** Adds fragments to the latest version. */
        APPEND,
        /** Replaces all fragments (keeps history). */
        OVERWRITE
    }

    public GeneratedDatasetWriter {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(mode, "mode");
    }

    /** A writer that creates {@code dir} with no rows yet configured, batches of 8192 rows and default files. */
    public static GeneratedDatasetWriter to(Path dir, Schema schema) {
        return new GeneratedDatasetWriter(dir, schema, 0, 0, 8192, 0, null, Mode.CREATE);
    }

    /** Rows {@code [firstRow, firstRow + rowCount)}. */
    public GeneratedDatasetWriter rows(long first, long count) {
        return new GeneratedDatasetWriter(dir, schema, first, count, batchSize, maxRowsPerFile, storageVersion, mode);
    }

    public GeneratedDatasetWriter batchSize(int rows) {
        return new GeneratedDatasetWriter(dir, schema, firstRow, rowCount, rows, maxRowsPerFile, storageVersion, mode);
    }

    public GeneratedDatasetWriter maxRowsPerFile(int rows) {
        return new GeneratedDatasetWriter(dir, schema, firstRow, rowCount, batchSize, rows, storageVersion, mode);
    }

    public GeneratedDatasetWriter storageVersion(String version) {
        return new GeneratedDatasetWriter(dir, schema, firstRow, rowCount, batchSize, maxRowsPerFile, version, mode);
    }

    public GeneratedDatasetWriter mode(Mode newMode) {
        return new GeneratedDatasetWriter(dir, schema, firstRow, rowCount, batchSize, maxRowsPerFile, storageVersion,
                newMode);
    }

    /**
     * Generates the rows with {@code filler} and commits them.
     *
     * @return the dataset version the write committed
     * @throws IllegalArgumentException from lance-core for a refused schema or a bad target
     * @throws RuntimeException from lance-core for IO failures
     */
    public long write(BufferAllocator allocator, GeneratedBatchReader.BatchFiller filler) {
        try (BufferAllocator child = allocator.newChildAllocator("write " + dir.getFileName(), 0, Long.MAX_VALUE);
                GeneratedBatchReader reader = new GeneratedBatchReader(child, schema, firstRow, rowCount, batchSize,
                        filler)) {
            WriteDatasetBuilder builder = Dataset.write()
                    .allocator(child)
                    .reader(reader)
                    .uri(dir.toString())
                    .mode(switch (mode) {
                        case CREATE -> WriteParams.WriteMode.CREATE;
                        case APPEND -> WriteParams.WriteMode.APPEND;
                        case OVERWRITE -> WriteParams.WriteMode.OVERWRITE;
                    });
            if (maxRowsPerFile > 0) {
                builder.maxRowsPerFile(maxRowsPerFile);
            }
            if (storageVersion != null) {
                builder.dataStorageVersion(storageVersion);
            }
            try (Dataset ds = builder.execute()) {
                return ds.version();
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("closing the batch reader for " + dir, e);
        }
    }
}
