package io.lancejdbc.conformance.bench;

import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;

/**
 * The table of {@link BigResultBenchmark}: {@code <warehouse>/big<rows>.lance}, {@code rows} rows in fragments of
 * 1,000,000 rows (a quarter of the rows for tables under 4M rows, so a small one has 4 fragments too). Row
 * {@code r} has
 * <ul>
 *   <li>{@code id = r} (int64, not null),
 *   <li>{@code x = (r mod 1,000,003) * 0.25}, NULL where {@code r % 17 == 3} (float64; every value a multiple of
 *       0.25 far below 2^50, so sums are exact in any order),
 *   <li>{@code s = 'v' || (r mod 100,000)} (utf8, not null, ASCII, 2 to 6 characters).
 * </ul>
 * Written once per size, reused by later runs (its row count is checked).
 */
final class BigResultTable {
    static final List<String> COLUMNS = List.of("id", "x", "s");
    private static final int MAX_ROWS_PER_FRAGMENT = 1_000_000;

    private BigResultTable() {
    }

    static String name(long rows) {
        return "big" + rows;
    }

    static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.notNullable("s", ArrowType.Utf8.INSTANCE)));
    }

    static boolean xIsNull(long r) {
        return r % 17 == 3;
    }

    static double x(long r) {
        return (r % 1_000_003) * 0.25;
    }

    static String s(long r) {
        return "v" + r % 100_000;
    }

    /**
     * The checksum a full read of the first {@code rows} rows must give, computed from the row formulas (the
     * oracle both sides are compared with).
     */
    static ResultChecksum expected(long rows) {
        ResultChecksum sum = new ResultChecksum();
        for (long r = 0; r < rows; r++) {
            sum.rows++;
            sum.idSum += r;
            if (xIsNull(r)) {
                sum.nulls++;
            } else {
                sum.xSum += x(r);
            }
            sum.textChars += s(r).length();
        }
        return sum;
    }

    /**
     * Writes the table unless it is there.
     *
     * @return the dataset directory
     * @throws IllegalStateException when the directory holds another row count
     */
    static Path ensure(BufferAllocator allocator, Path warehouse, long rows) throws IOException {
        Path dir = warehouse.resolve(name(rows) + ".lance");
        if (Files.isDirectory(dir)) {
            try (Dataset ds = Dataset.open().allocator(allocator).uri(dir.toString()).build()) {
                if (ds.countRows() != rows) {
                    throw new IllegalStateException(dir + " holds " + ds.countRows() + " rows, not " + rows);
                }
            }
            return dir;
        }
        Files.createDirectories(warehouse);
        long t0 = System.nanoTime();
        int rowsPerFragment = (int) Math.min(MAX_ROWS_PER_FRAGMENT, (rows + 3) / 4);
        GeneratedDatasetWriter.to(dir, schema()).rows(0, rows).batchSize(65_536).maxRowsPerFile(rowsPerFragment)
                .write(allocator, BigResultTable::fill);
        System.out.printf("wrote %s (%,d rows) in %.1f s%n", dir, rows, (System.nanoTime() - t0) / 1e9);
        return dir;
    }

    private static void fill(VectorSchemaRoot root, long first, int count) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        Float8Vector x = (Float8Vector) root.getVector("x");
        VarCharVector s = (VarCharVector) root.getVector("s");
        for (int i = 0; i < count; i++) {
            long r = first + i;
            id.setSafe(i, r);
            if (xIsNull(r)) {
                x.setNull(i);
            } else {
                x.setSafe(i, x(r));
            }
            s.setSafe(i, s(r).getBytes(StandardCharsets.UTF_8));
        }
    }
}
