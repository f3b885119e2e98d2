package io.lancejdbc.exec.testing;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code int_extremes} fixture: one column per Arrow integer width, holding the values where integer arithmetic
 * goes wrong (zero, ±1, small odd values, each width's minimum and maximum and their neighbours, and for uint64 the
 * values around 2^63 and 2^64 − 1), so that property tests can run every operator over every pair of them.
 *
 * <p>Columns: {@code id int64 NOT NULL}, then {@code i8 i16 i32 i64} (signed) and {@code u8 u16 u32 u64} (unsigned),
 * all nullable. Row {@code id} (0-based) holds {@code values(width).get(id % size)} in each column, for
 * {@code id < }{@link #VALUE_ROWS}; the last row ({@code id = VALUE_ROWS}) is NULL in every integer column. Since
 * {@link #VALUE_ROWS} is the size of the longest value list, every value of every width appears in at least one
 * row. One fragment, storage version 2.1 (the default).
 *
 * <p>The {@code int_pairs} companion ({@link #writePairs}) holds the cross product of those rows, so that binary
 * operators run over every pair of values with a plain scan: column {@code k int64 NOT NULL} = {@code i * 100 + j}
 * for rows {@code i, j} of {@code int_extremes}, then {@code a_<width>} = row {@code i}'s value and
 * {@code b_<width>} = row {@code j}'s value for each integer column.
 */
public final class IntegerExtremesTable {
    /** The integer columns in schema order. */
    public static final List<String> COLUMNS = List.of("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64");

    private static final BigInteger TWO = BigInteger.TWO;

    /** Rows that hold values (ids {@code 0 .. VALUE_ROWS - 1}); one more row of NULLs follows. */
    public static final int VALUE_ROWS = COLUMNS.stream().mapToInt(c -> values(c).size()).max().orElseThrow();

    private IntegerExtremesTable() {
    }

    /** Whether the column is of an unsigned type. */
    public static boolean unsigned(String column) {
        return column.startsWith("u");
    }

    /** The bit width of the column's type. */
    public static int bits(String column) {
        return Integer.parseInt(column.substring(1));
    }

    /** The smallest value of the column's type. */
    public static BigInteger min(String column) {
        return unsigned(column) ? BigInteger.ZERO : TWO.pow(bits(column) - 1).negate();
    }

    /** The largest value of the column's type. */
    public static BigInteger max(String column) {
        return unsigned(column) ? TWO.pow(bits(column)).subtract(BigInteger.ONE)
                : TWO.pow(bits(column) - 1).subtract(BigInteger.ONE);
    }

    /** The distinct values the column holds, ascending. */
    public static List<BigInteger> values(String column) {
        BigInteger min = min(column);
        BigInteger max = max(column);
        TreeSet<BigInteger> v = new TreeSet<>();
        for (long small : new long[] {0, 1, -1, 2, -2, 7, -7}) {
            v.add(BigInteger.valueOf(small));
        }
        v.add(min);
        v.add(min.add(BigInteger.ONE));
        v.add(max);
        v.add(max.subtract(BigInteger.ONE));
        if (column.equals("u64")) {
            BigInteger p63 = TWO.pow(63);
            v.add(p63.subtract(BigInteger.ONE));
            v.add(p63);
            v.add(p63.add(BigInteger.ONE));
        }
        v.removeIf(x -> x.compareTo(min) < 0 || x.compareTo(max) > 0);
        return List.copyOf(v);
    }

    /** The value of {@code column} in row {@code id}; {@code null} for the NULL row. */
    public static BigInteger value(String column, long id) {
        if (id >= VALUE_ROWS) {
            return null;
        }
        List<BigInteger> v = values(column);
        return v.get((int) (id % v.size()));
    }

    /** Number of rows, the NULL row included. */
    public static int rows() {
        return VALUE_ROWS + 1;
    }

    /** The Arrow schema. */
    public static Schema schema() {
        List<Field> fields = new ArrayList<>();
        fields.add(Field.notNullable("id", new ArrowType.Int(64, true)));
        for (String c : COLUMNS) {
            fields.add(Field.nullable(c, new ArrowType.Int(bits(c), !unsigned(c))));
        }
        return new Schema(fields);
    }

    /** Writes the fixture into {@code dir} (which must not hold a dataset); returns {@code dir}. */
    public static Path write(BufferAllocator allocator, Path dir) {
        GeneratedDatasetWriter.to(dir, schema()).rows(0, rows()).write(allocator, IntegerExtremesTable::fill);
        return dir;
    }

    /** The key of the {@code int_pairs} row combining rows {@code i} and {@code j}. */
    public static long pairKey(long i, long j) {
        return i * 100 + j;
    }

    /** The Arrow schema of {@code int_pairs}. */
    public static Schema pairSchema() {
        List<Field> fields = new ArrayList<>();
        fields.add(Field.notNullable("k", new ArrowType.Int(64, true)));
        for (String side : List.of("a_", "b_")) {
            for (String c : COLUMNS) {
                fields.add(Field.nullable(side + c, new ArrowType.Int(bits(c), !unsigned(c))));
            }
        }
        return new Schema(fields);
    }

    /** Writes the {@code int_pairs} companion into {@code dir} (which must not hold a dataset); returns {@code dir}. */
    public static Path writePairs(BufferAllocator allocator, Path dir) {
        GeneratedDatasetWriter.to(dir, pairSchema()).rows(0, (long) rows() * rows())
                .write(allocator, IntegerExtremesTable::fillPairs);
        return dir;
    }

    private static void fillPairs(VectorSchemaRoot root, long firstRow, int rowCount) {
        for (FieldVector vector : root.getFieldVectors()) {
            String name = vector.getName();
            for (int r = 0; r < rowCount; r++) {
                long i = (firstRow + r) / rows();
                long j = (firstRow + r) % rows();
                Object v = name.equals("k") ? (Object) pairKey(i, j)
                        : logical(name.substring(2), value(name.substring(2), name.startsWith("a_") ? i : j));
                ArrowLogicalValues.write(vector, r, v);
            }
        }
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        for (FieldVector vector : root.getFieldVectors()) {
            String name = vector.getName();
            for (int i = 0; i < rowCount; i++) {
                long id = firstRow + i;
                ArrowLogicalValues.write(vector, i, name.equals("id") ? (Object) id : logical(name, value(name, id)));
            }
        }
    }

    /** The value in the Java type {@link ArrowLogicalValues} uses for the column's vector. */
    private static Object logical(String column, BigInteger v) {
        if (v == null) {
            return null;
        }
        switch (column) {
            case "i8":
                return v.byteValueExact();
            case "i16":
                return v.shortValueExact();
            case "i32":
            case "u8":
            case "u16":
                return v.intValueExact();
            case "i64":
            case "u32":
                return v.longValueExact();
            default:
                return v;
        }
    }
}
