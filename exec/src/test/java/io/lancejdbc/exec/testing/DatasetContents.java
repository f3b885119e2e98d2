package io.lancejdbc.exec.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.ReadOptions;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;

/**
 * The full contents of one Lance dataset version, read with a plain lance-core scan and converted to logical
 * values ({@link ArrowLogicalValues}). For checking what a fixture wrote, not for large datasets.
 *
 * @param schema the dataset schema of the version read ({@code Dataset.getSchema()}: all columns, also those not
 *     requested)
 * @param scanSchema the schema of the scanned batches (can differ from {@code schema}: lance-core returns its
 *     {@code lance.json} large_binary columns as {@code arrow.json} utf8 in scans); {@code null} when the scan
 *     returned no batch
 * @param version the dataset version read
 * @param rows one map per row, column name to logical value, in scan order
 */
public record DatasetContents(Schema schema, Schema scanSchema, long version, List<Map<String, Object>> rows) {

    public DatasetContents {
        rows = rows.stream().map(r -> Collections.unmodifiableMap(new LinkedHashMap<>(r))).toList();
    }

    /**
     * Reads {@code columns} (all when {@code null}) of dataset {@code dir} at {@code version} (latest when
     * {@code null}).
     *
     * @throws IllegalArgumentException from lance-core for a missing dataset, version or column
     */
    @SuppressWarnings("try") // LanceScanner.close() declares Exception (javac warns about InterruptedException)
    public static DatasetContents read(BufferAllocator allocator, Path dir, Long version, List<String> columns) {
        ReadOptions.Builder options = new ReadOptions.Builder();
        if (version != null) {
            options.setVersion(version);
        }
        try (BufferAllocator child = allocator.newChildAllocator("read " + dir.getFileName(), 0, Long.MAX_VALUE);
                Dataset ds = Dataset.open().allocator(child).uri(dir.toString()).readOptions(options.build())
                        .build()) {
            ScanOptions.Builder scan = new ScanOptions.Builder().batchSize(1024);
            if (columns != null) {
                scan.columns(columns);
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            Schema scanSchema = null;
            try (LanceScanner scanner = ds.newScan(scan.build()); ArrowReader reader = scanner.scanBatches()) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    scanSchema = root.getSchema();
                    for (int i = 0; i < root.getRowCount(); i++) {
                        Map<String, Object> row = new LinkedHashMap<>();
                        for (FieldVector v : root.getFieldVectors()) {
                            row.put(v.getName(), ArrowLogicalValues.read(v, i));
                        }
                        rows.add(row);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("scanning " + dir, e);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                // LanceScanner.close() declares Exception.
                throw new IllegalStateException("closing the scanner of " + dir, e);
            }
            return new DatasetContents(ds.getSchema(), scanSchema, ds.version(), rows);
        }
    }

    /** The latest version, all columns. */
    public static DatasetContents read(BufferAllocator allocator, Path dir) {
        return read(allocator, dir, null, null);
    }

    /** The rows sorted by the {@code long} column {@code idColumn}. */
    public List<Map<String, Object>> rowsSortedBy(String idColumn) {
        List<Map<String, Object>> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingLong(r -> ((Number) r.get(idColumn)).longValue()));
        return sorted;
    }

    /** The values of the {@code long} column {@code idColumn}, sorted ascending. */
    public List<Long> sortedIds(String idColumn) {
        return rows.stream().map(r -> ((Number) r.get(idColumn)).longValue()).sorted().toList();
    }
}
