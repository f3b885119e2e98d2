package io.lancejdbc.exec.pushdown;

import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code pushdown} fixture: one column of every type a WHERE predicate can be pushed into Lance for (and a few
 * that stay residual), each holding its type's edge values and NULL, plus a struct column that every query of
 * {@link PushedEqualsResidualTest} projects.
 *
 * <p>{@value #ROWS} rows with {@code id = 0..ROWS-1}. Column {@code c} with value list {@code V} (NULL included)
 * holds {@code V[(id * step + offset) % |V|]} at row {@code id}, with a step coprime to {@code |V|}, so every value
 * occurs and the columns' NULLs fall on different rows. Floats hold NaN of both signs (a NaN with its sign bit
 * set, {@code 0xfff8000000000000}), ±infinity, −0.0 and 0.0, subnormals and the largest finite values; integers
 * their minimum and maximum (unsigned: 0 and 2^w − 1); strings the empty string, quotes, LIKE wildcards,
 * accented and CJK text, a supplementary character and characters around the surrogate range; dates and
 * timestamps 0001-01-01, values before 1970 with fractions, and 9999-12-31.
 *
 * <p>{@code st struct<a: int32, b: utf8>} is NULL where {@code id % 4 == 3}, a struct of NULLs where
 * {@code id % 8 == 1}, and {@code {a: id, b: "b<id>"}} otherwise; storage format 2.0 does not keep struct
 * validity (Lance file format versioning), so there a NULL struct is stored as a struct of NULLs.
 */
public final class PushdownTable {
    /** Number of rows. */
    public static final int ROWS = 48;
    /** Name of the struct column projected by every query. */
    public static final String STRUCT = "st";

    /** NaN with the sign bit set. */
    public static final double NEGATIVE_NAN = Double.longBitsToDouble(0xfff8000000000000L);
    /** float32 NaN with the sign bit set. */
    public static final float NEGATIVE_NAN_F = Float.intBitsToFloat(0xffc00000);

    /**
     * One column: its field, the values it cycles through and the SQL literals predicates compare it with.
     *
     * @param literals SQL literals of the column's domain (some equal to stored values, some between them, some
     *     of a wider type that do not fit the column exactly)
     */
    public record Column(Field field, List<Object> values, int step, List<String> literals) {
        public String name() {
            return field.getName();
        }

        /** The value at row {@code id} ({@code null} = SQL NULL). */
        public Object value(long id) {
            return values.get((int) ((id * step + name().length()) % values.size()));
        }

        /** True for a column of a string type (LIKE, starts_with and ends_with apply). */
        public boolean isString() {
            return field.getType() instanceof ArrowType.Utf8 || field.getType() instanceof ArrowType.LargeUtf8;
        }

        /** True for a bool column (it is a predicate on its own). */
        public boolean isBool() {
            return field.getType() instanceof ArrowType.Bool;
        }
    }

    private static final List<Column> COLUMNS = columns();

    private PushdownTable() {
    }

    /** Every column, {@code id} first, {@link #STRUCT} last. */
    public static List<Column> all() {
        return COLUMNS;
    }

    /** The columns predicates are generated for (all but {@link #STRUCT}). */
    public static List<Column> predicateColumns() {
        return COLUMNS.stream().filter(c -> !c.name().equals(STRUCT)).toList();
    }

    public static Schema schema() {
        return new Schema(COLUMNS.stream().map(Column::field).toList());
    }

    /**
     * Writes the fixture into {@code dir} with lance storage version {@code storageVersion}, in one fragment.
     *
     * @return {@code dir}
     */
    public static Path write(BufferAllocator allocator, Path dir, String storageVersion) {
        GeneratedDatasetWriter.to(dir, schema()).storageVersion(storageVersion).rows(0, ROWS).write(allocator, (root, first, count) -> {
                    for (FieldVector v : root.getFieldVectors()) {
                        Column c = column(v.getName());
                        for (int i = 0; i < count; i++) {
                            ArrowLogicalValues.write(v, i, c.value(first + i));
                        }
                    }
                });
        return dir;
    }

    /**
     * Builds a scalar index of {@code kind} ({@code btree} or {@code bitmap}) on every predicate column of the
     * dataset at {@code dir}, so that Lance answers pushed predicates from the index where it can.
     */
    public static void indexEveryColumn(BufferAllocator allocator, Path dir, String kind) {
        org.lance.index.IndexType type = kind.equals("btree") ? org.lance.index.IndexType.BTREE
                : org.lance.index.IndexType.BITMAP;
        for (Column c : predicateColumns()) {
            try (org.lance.Dataset ds = org.lance.Dataset.open().uri(dir.toString()).allocator(allocator).build()) {
                ds.createIndex(org.lance.index.IndexOptions.builder(List.of(c.name()), type,
                                org.lance.index.IndexParams.builder().setScalarIndexParams(
                                        org.lance.index.scalar.ScalarIndexParams.create(kind)).build())
                        .withIndexName(c.name() + "_" + kind).build());
            }
        }
    }

    /** The column named {@code name}. */
    public static Column column(String name) {
        return COLUMNS.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no column " + name));
    }

    private static List<Column> columns() {
        List<Column> out = new ArrayList<>();
        List<Object> ids = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            ids.add(i);
        }
        out.add(new Column(Field.notNullable("id", new ArrowType.Int(64, true)), ids, 1,
                List.of("0", "3", "47", "-1")));
        out.add(col("i8", new ArrowType.Int(8, true), 5, List.of("-128", "-1", "0", "127", "1000"),
                (byte) -128, (byte) -1, (byte) 0, (byte) 1, (byte) 127, null));
        out.add(col("i16", new ArrowType.Int(16, true), 7, List.of("-32768", "0", "32767", "-40000"),
                (short) -32768, (short) 0, (short) 5, (short) 32767, null));
        out.add(col("i32", new ArrowType.Int(32, true), 5, List.of("-2147483648", "2", "2147483647", "3000000000"),
                Integer.MIN_VALUE, -7, 0, 2, Integer.MAX_VALUE, null));
        out.add(col("i64", new ArrowType.Int(64, true), 5,
                List.of("-9223372036854775808", "0", "9223372036854775807", "42"),
                Long.MIN_VALUE, -1L, 0L, 42L, Long.MAX_VALUE, null));
        out.add(col("u8", new ArrowType.Int(8, false), 5, List.of("0", "128", "255", "-1", "256"),
                0, 1, 128, 254, 255, null));
        out.add(col("u16", new ArrowType.Int(16, false), 7, List.of("0", "65535", "40000"),
                0, 40_000, 65_535, null));
        out.add(col("u32", new ArrowType.Int(32, false), 3, List.of("0", "2147483648", "4294967295"),
                0L, 1L, 2_147_483_648L, 4_294_967_295L, null));
        out.add(col("u64", new ArrowType.Int(64, false), 5,
                List.of("0", "9223372036854775807", "9223372036854775808", "18446744073709551615"),
                BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(Long.MAX_VALUE),
                BigInteger.ONE.shiftLeft(63), BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE), null));
        out.add(col("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), 5,
                List.of("-0.0", "0.0", "1.0", "2.5", "-1.5", "0.1", "3.4028234663852886E38", "1.401298464324817E-45"),
                Float.NEGATIVE_INFINITY, -Float.MAX_VALUE, -1.5f, -0.0f, 0.0f, Float.MIN_VALUE, 1.0f, 2.5f,
                Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NaN, NEGATIVE_NAN_F, null));
        out.add(col("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), 7,
                List.of("-0.0", "0.0", "1.0", "2.5", "-1.5", "1e300", "4.9E-324", "-1e300"),
                Double.NEGATIVE_INFINITY, -1e300, -1.5, -0.0, 0.0, Double.MIN_VALUE, 1.0, 2.5, 1e300,
                Double.POSITIVE_INFINITY, Double.NaN, NEGATIVE_NAN, null));
        out.add(col("dec", new ArrowType.Decimal(10, 2, 128), 5,
                List.of("-99999999.99", "0.00", "1.5", "99999999.99", "0.005"),
                new BigDecimal("-99999999.99"), new BigDecimal("-1.50"), new BigDecimal("0.00"),
                new BigDecimal("0.01"), new BigDecimal("1.50"), new BigDecimal("99999999.99"), null));
        BigDecimal max38 = new BigDecimal(BigInteger.TEN.pow(38).subtract(BigInteger.ONE), 6);
        out.add(col("dec38", new ArrowType.Decimal(38, 6, 128), 3,
                List.of("0", max38.toPlainString(), "-1.000001"),
                max38.negate(), new BigDecimal("-1.000001"), new BigDecimal("0.000000"), max38, null));
        out.add(col("s", ArrowType.Utf8.INSTANCE, 7,
                List.of("''", "'a'", "'A'", "'it''s'", "'é'", "'日本'", "'\uD83E\uDD86'", "'\uFFFD'", "'zz'"),
                "", "a", "A", "ab", "a%b", "a_b", "it's", "é", "ÿ", "日本", "\uD83E\uDD86", "\uFFFD", "\uE000",
                "tab\tnew\nline", null));
        out.add(col("ls", ArrowType.LargeUtf8.INSTANCE, 5, List.of("''", "'x'", "'größe'"),
                "", "x", "X", "größe", "\uD83E\uDD86", null));
        out.add(col("b", ArrowType.Bool.INSTANCE, 5, List.of("TRUE", "FALSE"), true, false, null));
        out.add(col("d", new ArrowType.Date(DateUnit.DAY), 7,
                List.of("DATE '0001-01-01'", "DATE '1969-12-31'", "DATE '1970-01-01'", "DATE '2000-02-29'",
                        "DATE '9999-12-31'"),
                LocalDate.of(1, 1, 1), LocalDate.of(1969, 12, 31), LocalDate.EPOCH, LocalDate.of(2000, 2, 29),
                LocalDate.of(9999, 12, 31), null));
        out.add(col("d64", new ArrowType.Date(DateUnit.MILLISECOND), 5, List.of("DATE '1969-12-31'"),
                LocalDate.of(1969, 12, 31), LocalDate.EPOCH, null));
        out.add(col("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), 5,
                List.of("TIMESTAMP '1900-01-01 00:00:00'", "TIMESTAMP '1969-12-31 23:59:59.999999'",
                        "TIMESTAMP '1970-01-01 00:00:00'", "TIMESTAMP '2024-03-10 02:30:00.000001'",
                        "TIMESTAMP '1969-12-31 23:59:59.9999995'"),
                LocalDateTime.of(1900, 1, 1, 0, 0), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
                LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(2024, 3, 10, 2, 30, 0, 1_000),
                LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000), null));
        out.add(col("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), 5,
                List.of("TIMESTAMP '1969-12-31 23:59:59.999'", "TIMESTAMP '1969-12-31 23:59:59.9995'"),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000), LocalDateTime.of(1970, 1, 1, 0, 0),
                LocalDateTime.of(2024, 11, 3, 1, 30), null));
        out.add(col("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null), 5,
                List.of("TIMESTAMP '1969-12-31 23:59:59'", "TIMESTAMP '1969-12-31 23:59:59.5'"),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59), LocalDateTime.of(2001, 9, 9, 1, 46, 40), null));
        out.add(col("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), 5,
                List.of("TIMESTAMP '1970-01-01 00:00:00'"),
                LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999), LocalDateTime.of(1970, 1, 1, 0, 0), null));
        out.add(col("tsz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"), 5,
                List.of("TIMESTAMP '1969-12-31 23:59:59.999999'", "TIMESTAMP '2024-03-10 07:00:00'"),
                Instant.parse("1969-12-31T23:59:59.999999Z"), Instant.parse("2024-03-10T07:00:00Z"),
                Instant.parse("2024-03-10T06:59:59Z"), null));
        out.add(new Column(new Field(STRUCT, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                Field.nullable("a", new ArrowType.Int(32, true)), Field.nullable("b", ArrowType.Utf8.INSTANCE))),
                structValues(), 1, List.of()));
        return Collections.unmodifiableList(out);
    }

    private static List<Object> structValues() {
        List<Object> out = new ArrayList<>();
        for (int id = 0; id < ROWS; id++) {
            if (id % 4 == 3) {
                out.add(null);
            } else {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("a", id % 8 == 1 ? null : id);
                m.put("b", id % 8 == 1 ? null : "b" + id);
                out.add(m);
            }
        }
        // value(id) adds the name's length to the index: rotate so that row id holds entry id.
        List<Object> rotated = new ArrayList<>(out.size());
        for (int i = 0; i < ROWS; i++) {
            rotated.add(out.get(Math.floorMod(i - STRUCT.length(), ROWS)));
        }
        return rotated;
    }

    private static Column col(String name, ArrowType type, int step, List<String> literals, Object... values) {
        List<Object> vs = Arrays.asList(values);
        if (gcd(step, vs.size()) != 1) {
            throw new IllegalArgumentException(name + ": step " + step + " is not coprime with " + vs.size());
        }
        return new Column(Field.nullable(name, type), vs, step, literals);
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
