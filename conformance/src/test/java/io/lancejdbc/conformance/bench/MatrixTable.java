package io.lancejdbc.conformance.bench;

import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;

/**
 * The table of the benchmark matrix ({@link MatrixBenchmark}): {@code <warehouse>/m<rows>.lance}, {@code rows} rows
 * in 16 fragments. Row {@code r} has
 * <ul>
 *   <li>{@code id = r} (int64, sorted: a range on it skips whole fragments),
 *   <li>{@code u = (r * 2654435761) mod rows} (int64, a permutation of {@code 0..rows-1} scattered over every
 *       fragment: {@code u < rows * p} keeps exactly the fraction {@code p} and prunes nothing),
 *   <li>{@code x = (r * 7919) mod 100003} (int32, unsorted, independent of {@code u}),
 *   <li>{@code g5 = u % 5}, {@code g1k = u % 1000}, {@code g1m = u % 1000000} (int32 group keys),
 *   <li>{@code s5 = 'cat-' || g5}, {@code s1k = 'key-' || lpad(g1k, 4, '0')}, {@code s1m = 'k' || lpad(g1m, 7, '0')}
 *       (utf8 group keys and equality targets),
 *   <li>{@code f64 = u * 0.5}, NULL where {@code r % 13 == 5} (float64, unsorted, exact sums).
 * </ul>
 * Written once per size, reused by later runs.
 */
final class MatrixTable {
    static final int FRAGMENTS = 16;
    static final List<String> COLUMNS = List.of("id", "u", "x", "g5", "g1k", "g1m", "s5", "s1k", "s1m", "f64");
    private static final long MULTIPLIER = 2_654_435_761L;

    private MatrixTable() {
    }

    static String name(long rows) {
        return "m" + rows;
    }

    static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.notNullable("u", new ArrowType.Int(64, true)),
                Field.notNullable("x", new ArrowType.Int(32, true)),
                Field.notNullable("g5", new ArrowType.Int(32, true)),
                Field.notNullable("g1k", new ArrowType.Int(32, true)),
                Field.notNullable("g1m", new ArrowType.Int(32, true)),
                Field.notNullable("s5", ArrowType.Utf8.INSTANCE),
                Field.notNullable("s1k", ArrowType.Utf8.INSTANCE),
                Field.notNullable("s1m", ArrowType.Utf8.INSTANCE),
                Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    }

    /** {@code u} of row {@code r}: a permutation of {@code 0..rows-1} (no overflow below 2^31 rows). */
    static long u(long r, long rows) {
        return r * MULTIPLIER % rows;
    }

    /**
     * Writes the table unless it is there.
     *
     * @return the dataset directory
     * @throws IllegalArgumentException for a row count outside 1..2^31
     */
    static Path ensure(BufferAllocator allocator, Path warehouse, long rows) throws java.io.IOException {
        if (rows < 1 || rows >= Integer.MAX_VALUE || rows % MULTIPLIER == 0) {
            throw new IllegalArgumentException("rows must be in 1..2^31 (the multiplier is prime): " + rows);
        }
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
        GeneratedDatasetWriter.to(dir, schema()).rows(0, rows).batchSize(65_536)
                .maxRowsPerFile((int) ((rows + FRAGMENTS - 1) / FRAGMENTS))
                .write(allocator, (root, first, count) -> fill(root, first, count, rows));
        System.out.printf("wrote %s (%,d rows, %d fragments) in %.1f s%n", dir, rows, FRAGMENTS,
                (System.nanoTime() - t0) / 1e9);
        return dir;
    }

    private static void fill(VectorSchemaRoot root, long first, int count, long rows) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        BigIntVector u = (BigIntVector) root.getVector("u");
        IntVector x = (IntVector) root.getVector("x");
        IntVector g5 = (IntVector) root.getVector("g5");
        IntVector g1k = (IntVector) root.getVector("g1k");
        IntVector g1m = (IntVector) root.getVector("g1m");
        VarCharVector s5 = (VarCharVector) root.getVector("s5");
        VarCharVector s1k = (VarCharVector) root.getVector("s1k");
        VarCharVector s1m = (VarCharVector) root.getVector("s1m");
        Float8Vector f64 = (Float8Vector) root.getVector("f64");
        for (int i = 0; i < count; i++) {
            long r = first + i;
            long uv = u(r, rows);
            id.setSafe(i, r);
            u.setSafe(i, uv);
            x.setSafe(i, (int) ((r * 7919) % 100_003));
            g5.setSafe(i, (int) (uv % 5));
            g1k.setSafe(i, (int) (uv % 1000));
            g1m.setSafe(i, (int) (uv % 1_000_000));
            s5.setSafe(i, ("cat-" + uv % 5).getBytes(StandardCharsets.UTF_8));
            s1k.setSafe(i, String.format("key-%04d", uv % 1000).getBytes(StandardCharsets.UTF_8));
            s1m.setSafe(i, String.format("k%07d", uv % 1_000_000).getBytes(StandardCharsets.UTF_8));
            if (r % 13 == 5) {
                f64.setNull(i);
            } else {
                f64.setSafe(i, uv * 0.5);
            }
        }
    }
}
