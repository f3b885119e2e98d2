package io.lancejdbc.exec.testing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code all_types} fixture: one column for every Arrow type of the Type Mapping table of the Doris Lance
 * Catalog manual, 100 rows with ids {@code 0..99}, exact values given by {@link #value(String, long)}.
 *
 * <p>Layout: written with lance-core as create(ids 0..59, {@value #ROWS_PER_FILE} rows per file) + append(ids
 * 60..99), so the dataset has <b>3 fragments</b> (30, 30, 40 rows) and <b>2 versions</b>; storage version
 * {@value #DEFAULT_STORAGE_VERSION} by default, because lance-core 7.0.0 refuses {@code map} below 2.2
 * (2.1: {@code UnsupportedOperationException}; <b>2.0 aborts the JVM</b> with a Rust panic). With an older storage
 * version the {@code c_map} column is left out.
 *
 * <p>Columns (in order; {@code id int64 NOT NULL} first, every other column nullable):
 * <pre>
 *  c_bool bool            c_i8 .. c_i64 int8..int64     c_u8 .. c_u64 uint8..uint64
 *  c_f16 float16          c_f32 float32                 c_f64 float64
 *  c_dec decimal128(10,2) c_dec38 decimal128(38,6)      c_dec76 decimal256(76,10)
 *  c_utf8 utf8            c_large_utf8 large_utf8       c_binary binary   c_large_binary large_binary
 *  c_fsb fixed_size_binary(4)
 *  c_date32 date32        c_date64 date64               c_time32_s / c_time32_ms / c_time64_us / c_time64_ns
 *  c_ts_s / c_ts_ms / c_ts_us / c_ts_ns                 timestamp without zone
 *  c_ts_s_utc / c_ts_ms_utc / c_ts_us_utc / c_ts_ns_utc timestamp with zone "UTC"
 *  c_ts_ms_ny / c_ts_us_ny                              timestamp with zone "America/New_York" (cross DST changes)
 *  c_struct struct&lt;a: int32, b: utf8&gt;
 *  c_list list&lt;int32&gt;   c_large_list large_list&lt;int64&gt;   c_fsl fixed_size_list&lt;float32, 3&gt;
 *  c_list_struct list&lt;struct&lt;x: int32, y: utf8&gt;&gt;       c_map map&lt;utf8, int32&gt;
 *  c_nested struct&lt;tags: list&lt;utf8&gt;, point: struct&lt;x: float64, y: float64&gt;&gt;
 * </pre>
 *
 * <p>NULLs: the column at position {@code k} (1-based, {@code c_bool} = 1) is NULL where {@code id >=}
 * {@value #SPECIAL_ROWS} and {@code (id + k) % 7 == 0}; so every nullable column holds NULLs (12 to 13 of them,
 * see {@link #nullCount(String)}) and ids {@code 0..15} are never NULL. Ids {@code 1..7} hold edge values
 * (integer minimum and maximum, unsigned maximum, NaN, ±infinity, -0.0, the largest and smallest floats,
 * decimal extremes, empty strings and binaries, 0001-01-01 and 9999-12-31, midnight and the last time of day,
 * the epoch, one unit before the epoch); ids from 8 on follow simple formulas. Children of nested columns hold
 * NULLs too (patterns in the value functions). Values use the conventions of {@link ArrowLogicalValues}.
 */
public final class AllTypesTable {
    /** Number of rows (ids {@code 0..ROWS-1}). */
    public static final int ROWS = 100;
    /** Rows written by the first (create) write; the rest are appended. */
    public static final int FIRST_WRITE_ROWS = 60;
    /** Lance {@code max_rows_per_file} of the create write (two fragments of 30 rows). */
    public static final int ROWS_PER_FILE = 30;
    /** Ids below this are never NULL (they hold the edge values). */
    public static final int SPECIAL_ROWS = 16;
    /** The storage version {@link #write(BufferAllocator, Path)} uses: the first that can store {@code map}. */
    public static final String DEFAULT_STORAGE_VERSION = "2.2";
    /** Storage versions that cannot store a map column (lance-core 7.0.0). */
    private static final Set<String> NO_MAP_VERSIONS = Set.of("legacy", "0.1", "2.0", "2.1", "stable");

    /** Zone of the {@code c_ts_*_ny} columns. */
    public static final String NEW_YORK = "America/New_York";

    /**
     * One column of the fixture.
     *
     * @param name column name
     * @param position 1-based position among the nullable columns (drives the NULL pattern); 0 for {@code id}
     * @param field the Arrow field
     * @param nonNullValue the value of an id when the NULL rule does not apply
     */
    public record Column(String name, int position, Field field, LongFunction<Object> nonNullValue) {
        /** The value of this column for {@code id}, {@code null} for SQL NULL. */
        public Object value(long id) {
            if (position > 0 && id >= SPECIAL_ROWS && (id + position) % 7 == 0) {
                return null;
            }
            return nonNullValue.apply(id);
        }
    }

    private static final List<Column> COLUMNS = buildColumns();

    private AllTypesTable() {
    }

    /** All columns, {@code id} first, including {@code c_map}. */
    public static List<Column> columns() {
        return COLUMNS;
    }

    /** The columns a dataset written with {@code storageVersion} has ({@code c_map} only from 2.2 on). */
    public static List<Column> columns(String storageVersion) {
        if (storageVersion == null || NO_MAP_VERSIONS.contains(storageVersion)) {
            return COLUMNS.stream().filter(c -> !c.name().equals("c_map")).toList();
        }
        return COLUMNS;
    }

    /** Column names of a dataset written with {@code storageVersion}. */
    public static List<String> columnNames(String storageVersion) {
        return columns(storageVersion).stream().map(Column::name).toList();
    }

    /** The Arrow schema of a dataset written with {@code storageVersion}. */
    public static Schema schema(String storageVersion) {
        return new Schema(columns(storageVersion).stream().map(Column::field).toList());
    }

    /** The column named {@code name}. @throws IllegalArgumentException for an unknown name */
    public static Column column(String name) {
        for (Column c : COLUMNS) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("all_types has no column " + name);
    }

    /** The logical value of {@code column} at {@code id} ({@code null} = SQL NULL). */
    public static Object value(String column, long id) {
        return column(column).value(id);
    }

    /** How many rows of {@code column} are NULL. */
    public static long nullCount(String column) {
        Column c = column(column);
        long n = 0;
        for (long id = 0; id < ROWS; id++) {
            if (c.value(id) == null) {
                n++;
            }
        }
        return n;
    }

    /** Writes the fixture at storage version {@value #DEFAULT_STORAGE_VERSION} into {@code dir}; returns it. */
    public static Path write(BufferAllocator allocator, Path dir) {
        return write(allocator, dir, DEFAULT_STORAGE_VERSION);
    }

    /**
     * Writes the fixture into {@code dir} (which must not hold a dataset) with lance storage version
     * {@code storageVersion}. Below 2.2 the {@code c_map} column is omitted. Verified with {@code "2.1"} and
     * {@code "2.2"} only: older formats are untested here, and lance-core aborts the JVM on some inputs at 2.0, so
     * check a version in a separate JVM before using it.
     *
     * @return {@code dir}
     */
    public static Path write(BufferAllocator allocator, Path dir, String storageVersion) {
        List<Column> cols = columns(storageVersion);
        Schema schema = new Schema(cols.stream().map(Column::field).toList());
        GeneratedDatasetWriter writer = GeneratedDatasetWriter.to(dir, schema).storageVersion(storageVersion);
        writer.rows(0, FIRST_WRITE_ROWS).maxRowsPerFile(ROWS_PER_FILE).write(allocator, AllTypesTable::fill);
        writer.rows(FIRST_WRITE_ROWS, ROWS - FIRST_WRITE_ROWS).mode(GeneratedDatasetWriter.Mode.APPEND)
                .write(allocator, AllTypesTable::fill);
        return dir;
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        for (FieldVector vector : root.getFieldVectors()) {
            Column c = column(vector.getName());
            for (int i = 0; i < rowCount; i++) {
                ArrowLogicalValues.write(vector, i, c.value(firstRow + i));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Column definitions. Positions are 1-based in declaration order (c_bool = 1).

    private static List<Column> buildColumns() {
        List<Column> cols = new ArrayList<>();
        cols.add(new Column("id", 0, Field.notNullable("id", new ArrowType.Int(64, true)), id -> id));
        ColumnList c = new ColumnList(cols);
        c.add("c_bool", ArrowType.Bool.INSTANCE, id -> id % 3 == 0);
        c.add("c_i8", new ArrowType.Int(8, true),
                id -> special(id, Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) (id - 50)));
        c.add("c_i16", new ArrowType.Int(16, true),
                id -> special(id, Short.MIN_VALUE, Short.MAX_VALUE, (short) (id * 300 - 15_000)));
        c.add("c_i32", new ArrowType.Int(32, true),
                id -> special(id, Integer.MIN_VALUE, Integer.MAX_VALUE, (int) (id * 1_000 - 50_000)));
        c.add("c_i64", new ArrowType.Int(64, true),
                id -> special(id, Long.MIN_VALUE, Long.MAX_VALUE, id * 1_000_000_007L - 50_000_000_000L));
        c.add("c_u8", new ArrowType.Int(8, false), id -> special(id, 255, 0, (int) id * 2));
        c.add("c_u16", new ArrowType.Int(16, false), id -> special(id, 65_535, 0, (int) id * 600));
        c.add("c_u32", new ArrowType.Int(32, false), id -> special(id, 4_294_967_295L, 0L, id * 40_000_000L));
        c.add("c_u64", new ArrowType.Int(64, false), AllTypesTable::u64);
        c.add("c_f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF), AllTypesTable::f16);
        c.add("c_f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), AllTypesTable::f32);
        c.add("c_f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), AllTypesTable::f64);
        c.add("c_dec", new ArrowType.Decimal(10, 2, 128), AllTypesTable::dec10);
        c.add("c_dec38", new ArrowType.Decimal(38, 6, 128), AllTypesTable::dec38);
        c.add("c_dec76", new ArrowType.Decimal(76, 10, 256), AllTypesTable::dec76);
        c.add("c_utf8", ArrowType.Utf8.INSTANCE, AllTypesTable::utf8);
        c.add("c_large_utf8", ArrowType.LargeUtf8.INSTANCE,
                id -> id == 1 ? "" : id == 2 ? "\uD834\uDD1E music" : "größe-€-" + id);
        c.add("c_binary", ArrowType.Binary.INSTANCE, AllTypesTable::binary);
        c.add("c_large_binary", ArrowType.LargeBinary.INSTANCE, AllTypesTable::largeBinary);
        c.add("c_fsb", new ArrowType.FixedSizeBinary(4), AllTypesTable::fsb);
        c.add("c_date32", new ArrowType.Date(DateUnit.DAY), AllTypesTable::date);
        c.add("c_date64", new ArrowType.Date(DateUnit.MILLISECOND), AllTypesTable::date);
        c.add("c_time32_s", new ArrowType.Time(TimeUnit.SECOND, 32),
                id -> id == 1 ? LocalTime.MIDNIGHT : id == 2 ? LocalTime.of(23, 59, 59)
                        : LocalTime.ofSecondOfDay((id * 937) % 86_400));
        c.add("c_time32_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32),
                id -> id == 1 ? LocalTime.MIDNIGHT : id == 2 ? LocalTime.of(23, 59, 59, 999_000_000)
                        : LocalTime.ofNanoOfDay((id * 863_999L) % 86_400_000L * 1_000_000L));
        c.add("c_time64_us", new ArrowType.Time(TimeUnit.MICROSECOND, 64),
                id -> id == 1 ? LocalTime.MIDNIGHT : id == 2 ? LocalTime.of(23, 59, 59, 999_999_000)
                        : LocalTime.ofNanoOfDay((id * 863_999_999L + 1) * 1_000L));
        c.add("c_time64_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64),
                id -> id == 1 ? LocalTime.MIDNIGHT : id == 2 ? LocalTime.MAX
                        : LocalTime.ofNanoOfDay(id * 863_999_999_999L + 789));
        c.add("c_ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null), id -> naive(id, TimeUnit.SECOND));
        c.add("c_ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), id -> naive(id, TimeUnit.MILLISECOND));
        c.add("c_ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), id -> naive(id, TimeUnit.MICROSECOND));
        c.add("c_ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), id -> naive(id, TimeUnit.NANOSECOND));
        c.add("c_ts_s_utc", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC"), id -> utc(id, TimeUnit.SECOND));
        c.add("c_ts_ms_utc", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"),
                id -> utc(id, TimeUnit.MILLISECOND));
        c.add("c_ts_us_utc", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"),
                id -> utc(id, TimeUnit.MICROSECOND));
        c.add("c_ts_ns_utc", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC"), id -> utc(id, TimeUnit.NANOSECOND));
        // 2024-03-10T05:00Z + id * 30 min: crosses the US spring-forward change (2024-03-10T07:00Z).
        c.add("c_ts_ms_ny", new ArrowType.Timestamp(TimeUnit.MILLISECOND, NEW_YORK),
                id -> Instant.ofEpochSecond(1_710_046_800L + id * 1_800L).plusMillis(id));
        // 2024-11-03T04:00Z + id * 30 min: crosses the US fall-back change (2024-11-03T06:00Z).
        c.add("c_ts_us_ny", new ArrowType.Timestamp(TimeUnit.MICROSECOND, NEW_YORK),
                id -> Instant.ofEpochSecond(1_730_606_400L + id * 1_800L).plusNanos(id * 1_000L));
        c.add(new Field("c_struct", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        Field.nullable("a", new ArrowType.Int(32, true)),
                        Field.nullable("b", ArrowType.Utf8.INSTANCE))),
                id -> struct("a", id % 5 == 3 ? null : (int) id * 2, "b", id % 5 == 4 ? null : "s" + id));
        c.add(new Field("c_list", FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
                id -> list((int) (id % 4), j -> (id + j) % 6 == 5 ? null : (int) (id * 10 + j)));
        c.add(new Field("c_large_list", FieldType.nullable(ArrowType.LargeList.INSTANCE),
                        List.of(Field.nullable("item", new ArrowType.Int(64, true)))),
                id -> list((int) (id % 3), j -> j == 1 && id % 4 == 1 ? null : id * 1_000_000_000_000L + j));
        c.add(new Field("c_fsl", FieldType.nullable(new ArrowType.FixedSizeList(3)),
                        List.of(Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)))),
                id -> Arrays.asList((float) id, id % 11 == 5 ? null : id + 0.5f, (float) -id));
        c.add(new Field("c_list_struct", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                        new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.nullable("x", new ArrowType.Int(32, true)),
                                Field.nullable("y", ArrowType.Utf8.INSTANCE))))),
                id -> list((int) (id % 3), j -> struct("x", (int) (id * 100 + j),
                        "y", j == 0 && id % 5 == 2 ? null : "y" + id + "_" + j)));
        c.add(new Field("c_map", FieldType.nullable(new ArrowType.Map(false)), List.of(
                        new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                                Field.nullable("value", new ArrowType.Int(32, true)))))),
                AllTypesTable::map);
        c.add(new Field("c_nested", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
                                List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE))),
                        new Field("point", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                                Field.nullable("y", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))))),
                id -> struct("tags", list((int) (id % 3), j -> "t" + j),
                        "point", id % 9 == 4 ? null : struct("x", id * 0.5, "y", id * -0.25)));
        return Collections.unmodifiableList(cols);
    }

    /** Appends columns with consecutive positions. */
    private record ColumnList(List<Column> cols) {
        void add(String name, ArrowType type, LongFunction<Object> value) {
            add(Field.nullable(name, type), value);
        }

        void add(Field field, LongFunction<Object> value) {
            cols.add(new Column(field.getName(), cols.size(), field, value));
        }
    }

    private static Object special(long id, Object one, Object two, Object otherwise) {
        return id == 1 ? one : id == 2 ? two : otherwise;
    }

    private static BigInteger u64(long id) {
        if (id == 1) {
            return BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        } else if (id == 2) {
            return BigInteger.ZERO;
        } else if (id == 3) {
            return BigInteger.ONE.shiftLeft(63);
        }
        return BigInteger.valueOf(id).multiply(BigInteger.valueOf(180_000_000_000_000_000L));
    }

    private static Float f16(long id) {
        return switch ((int) id) {
            case 1 -> Float.NaN;
            case 2 -> Float.POSITIVE_INFINITY;
            case 3 -> Float.NEGATIVE_INFINITY;
            case 4 -> -0.0f;
            case 5 -> 65504.0f; // largest finite float16
            case 6 -> 6.1035156E-5f; // smallest normal float16, 2^-14
            case 7 -> 5.9604645E-8f; // smallest subnormal float16, 2^-24
            default -> id * 0.5f - 20f;
        };
    }

    private static Float f32(long id) {
        return switch ((int) id) {
            case 1 -> Float.NaN;
            case 2 -> Float.POSITIVE_INFINITY;
            case 3 -> Float.NEGATIVE_INFINITY;
            case 4 -> -0.0f;
            case 5 -> Float.MAX_VALUE;
            case 6 -> Float.MIN_NORMAL;
            case 7 -> Float.MIN_VALUE;
            default -> id * 1.25f - 10f;
        };
    }

    private static Double f64(long id) {
        return switch ((int) id) {
            case 1 -> Double.NaN;
            case 2 -> Double.POSITIVE_INFINITY;
            case 3 -> Double.NEGATIVE_INFINITY;
            case 4 -> -0.0;
            case 5 -> Double.MAX_VALUE;
            case 6 -> Double.MIN_NORMAL;
            case 7 -> Double.MIN_VALUE;
            default -> id / 8.0 - 3.0;
        };
    }

    private static BigDecimal dec10(long id) {
        return switch ((int) id) {
            case 1 -> new BigDecimal("99999999.99");
            case 2 -> new BigDecimal("-99999999.99");
            case 3 -> new BigDecimal("0.00");
            case 4 -> new BigDecimal("0.01");
            case 5 -> new BigDecimal("-0.01");
            default -> BigDecimal.valueOf(id * 12_345 - 600_000, 2);
        };
    }

    private static BigDecimal dec38(long id) {
        BigInteger max = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
        return switch ((int) id) {
            case 1 -> new BigDecimal(max, 6);
            case 2 -> new BigDecimal(max.negate(), 6);
            default -> new BigDecimal(BigInteger.TEN.pow(30).multiply(BigInteger.valueOf(id))
                    .add(BigInteger.valueOf(id)), 6);
        };
    }

    private static BigDecimal dec76(long id) {
        BigInteger max = BigInteger.TEN.pow(76).subtract(BigInteger.ONE);
        return switch ((int) id) {
            case 1 -> new BigDecimal(max, 10);
            case 2 -> new BigDecimal(max.negate(), 10);
            default -> new BigDecimal(BigInteger.TEN.pow(60).multiply(BigInteger.valueOf(id))
                    .subtract(BigInteger.valueOf(7)), 10);
        };
    }

    private static String utf8(long id) {
        return switch ((int) id) {
            case 1 -> "";
            case 2 -> "it's \"quoted\" \\ back";
            case 3 -> "héllo wörld";
            case 4 -> "\uD83E\uDD86 duck";
            case 5 -> "日本語テキスト";
            case 6 -> "tab\tnew\nline";
            default -> "str-" + id;
        };
    }

    private static byte[] binary(long id) {
        return switch ((int) id) {
            case 1 -> new byte[0];
            case 2 -> new byte[] {0};
            case 3 -> new byte[] {(byte) 0xFF, 0, 0x7F};
            default -> {
                byte[] b = new byte[(int) (id % 5) + 1];
                for (int j = 0; j < b.length; j++) {
                    b[j] = (byte) (id * 7 + j);
                }
                yield b;
            }
        };
    }

    private static byte[] largeBinary(long id) {
        if (id == 1) {
            return new byte[0];
        }
        byte[] b = new byte[(int) (id % 3) + 2];
        for (int j = 0; j < b.length; j++) {
            b[j] = (byte) (255 - id - j);
        }
        return b;
    }

    private static byte[] fsb(long id) {
        return switch ((int) id) {
            case 1 -> new byte[] {0, 0, 0, 0};
            case 2 -> new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
            default -> ByteBuffer.allocate(4).putInt((int) (id * 16_777_619L)).array();
        };
    }

    private static LocalDate date(long id) {
        return switch ((int) id) {
            case 1 -> LocalDate.EPOCH;
            case 2 -> LocalDate.of(1969, 12, 31);
            case 3 -> LocalDate.of(1, 1, 1);
            case 4 -> LocalDate.of(9999, 12, 31);
            case 5 -> LocalDate.of(2000, 2, 29);
            default -> LocalDate.ofEpochDay(19_000 + id * 3);
        };
    }

    /** Naive timestamps: 2023-11-14T22:13:20 + id * 3661 s plus a sub-second part at the column's precision. */
    private static LocalDateTime naive(long id, TimeUnit unit) {
        Instant instant;
        if (id == 1) {
            instant = Instant.EPOCH;
        } else if (id == 2) {
            instant = ArrowLogicalValues.fromUnits(-1, unit);
        } else if (id == 3) {
            instant = Instant.ofEpochSecond(-2_208_988_800L); // 1900-01-01T00:00
        } else if (id == 4) {
            instant = unit == TimeUnit.NANOSECOND
                    ? ArrowLogicalValues.fromUnits(Long.MAX_VALUE, unit) // 2262-04-11T23:47:16.854775807
                    : Instant.ofEpochSecond(253_402_300_799L); // 9999-12-31T23:59:59
        } else {
            instant = Instant.ofEpochSecond(1_700_000_000L + id * 3_661L).plusNanos(subSecondNanos(id, unit));
        }
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /** Zoned timestamps (UTC): 2020-09-13T12:26:40Z + id * 86399 s plus a sub-second part. */
    private static Instant utc(long id, TimeUnit unit) {
        return Instant.ofEpochSecond(1_600_000_000L + id * 86_399L).plusNanos(subSecondNanos(id, unit));
    }

    private static long subSecondNanos(long id, TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 0;
            case MILLISECOND -> (id * 7 % 1_000) * 1_000_000L;
            case MICROSECOND -> (id * 7_919 % 1_000_000) * 1_000L;
            case NANOSECOND -> id * 123_456_789L % 1_000_000_000L;
        };
    }

    private static Map<Object, Object> map(long id) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int j = 0; j < id % 4; j++) {
            m.put("k" + j, j == 2 ? null : (int) id * 10 + j);
        }
        return m;
    }

    static Map<String, Object> struct(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    static List<Object> list(int size, java.util.function.IntFunction<Object> element) {
        List<Object> out = new ArrayList<>(size);
        for (int j = 0; j < size; j++) {
            out.add(element.apply(j));
        }
        return out;
    }
}
