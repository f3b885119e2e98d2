package io.lancejdbc.conformance.bench;

import io.lancejdbc.exec.testing.NumbersTable;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;

/**
 * The benchmark's table: {@code <warehouse>/numbers.lance}, the {@link NumbersTable} fixture with 4,000,000 rows in
 * 16 fragments (int64 {@code id}, float64 {@code f64}, utf8 {@code category}, int32 {@code i32} are the columns
 * measured; the fixture's other columns are never read). Written once, reused by later runs.
 */
final class BenchmarkTable {
    static final String NAME = "numbers";
    static final long ROWS = 4_000_000L;
    static final int FRAGMENTS = 16;

    private BenchmarkTable() {
    }

    /**
     * Writes the table unless it is already there with the expected shape.
     *
     * @return the dataset directory
     * @throws IllegalStateException when {@code numbers.lance} exists with a different row or fragment count
     */
    static Path ensure(BufferAllocator allocator, Path warehouse) throws java.io.IOException {
        Path dir = warehouse.resolve(NAME + ".lance");
        if (Files.isDirectory(dir)) {
            try (Dataset ds = Dataset.open().allocator(allocator).uri(dir.toString()).build()) {
                long rows = ds.countRows();
                int fragments = ds.getFragments().size();
                if (rows != ROWS || fragments != FRAGMENTS) {
                    throw new IllegalStateException(dir + " holds " + rows + " rows in " + fragments
                            + " fragments, not " + ROWS + " in " + FRAGMENTS + "; delete it or pick another directory");
                }
            }
            System.out.println("reusing " + dir);
            return dir;
        }
        Files.createDirectories(warehouse);
        long t0 = System.nanoTime();
        NumbersTable.write(allocator, dir, ROWS, FRAGMENTS);
        System.out.printf("wrote %s (%,d rows, %d fragments) in %.1f s%n", dir, ROWS, FRAGMENTS,
                (System.nanoTime() - t0) / 1e9);
        return dir;
    }
}
