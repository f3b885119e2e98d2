package io.lancejdbc.conformance.differential;

import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
 * The tables of the differential suite: seeded, generated rows written as Lance datasets with lance-core (storage
 * version 2.2, the first that stores a map column), several fragments each. DuckDB gets the same rows by reading
 * these datasets back through lance-core ({@link DuckDbLoader}), so both engines see exactly what Lance stores.
 *
 * <pre>
 * t_num   (240 rows, 3 fragments) id BIGINT NOT NULL, g INT (id % 5, NULL every 11th), g2 TEXT ('a'/'b'/'c', NULL every
 *         13th), i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT (within +-1e12), u8..u64 unsigned (uint64 up to
 *         2^64-1), f32 REAL (0.5 and 999.75 among them), f64 DOUBLE, fx DOUBLE with NaN, +inf, -inf, -0.0 and 0.0,
 *         d38 DECIMAL(38,6) up to 35 digits (sums stay within 38), d10 DECIMAL(10,2) (every sixth row one of five
 *         values), b BOOLEAN, sparse BIGINT (about 95% NULL), allnull INT (only NULL), f16 float16 (eighths, NaN,
 *         +-inf, -0.0), fx32 REAL (NaN, +-inf, -0.0, the smallest subnormal, the largest float), d76 decimal256(76,10)
 *         (up to 28 digits, so DuckDB holds it in DECIMAL(38,10)). Row 1 holds the minimum of i8, i16, i32 and 0 in
 *         the unsigned columns, row 2 their maxima. Every value column is NULL in about one row of eight.
 * t_empty (0 rows) the columns id, g, i32, f64, d38, s of t_num (s TEXT)
 * t_str   (120 rows, 2 fragments) id, s TEXT (ASCII words, Greek, Japanese, emoji, combining marks, '', spaces,
 *         '%' and '_'), s2 large_utf8 ('key-N' / 'Key_N' / 'KEY%N'), cat TEXT, n INT, bin binary, lbin large_binary
 *         (both from eleven values: empty, 0x00, 0x80, 0xFF, UTF-8 text ...), fsb fixed_size_binary(4)
 * t_time  (160 rows, 2 fragments) id, d DATE (1900..2100 and the epoch's neighbours; every fourth row repeats an
 *         earlier date), ts TIMESTAMP(6) naive (before 1970, at the New York DST changes: 2024-03-10 02:30 does not
 *         exist there, 2024-11-03 01:30 exists twice; every fifth row repeats an earlier one to the millisecond),
 *         ts_ms TIMESTAMP(3), ts_s TIMESTAMP(0), tsz TIMESTAMP(6) WITH TIME ZONE 'UTC' (instants around the same
 *         changes and before 1970), g INT, d64 date64, tm TIME(6), tm_ms TIME(3), tm_ns TIME(9) and ts_ns
 *         TIMESTAMP(9) (nanoseconds in odd rows; 1678 and later), tsz_ms TIMESTAMP(3) 'UTC', tsz_ny TIMESTAMP(6)
 *         'America/New_York' (the instants of tsz)
 * t_nest  (80 rows, 2 fragments) id, lst LIST&lt;INT&gt; (NULL, empty, NULL elements), tags LIST&lt;TEXT&gt;,
 *         st STRUCT&lt;a INT, b TEXT&gt;, mp MAP&lt;TEXT, INT&gt;, vec FIXED_SIZE_LIST&lt;REAL, 4&gt;,
 *         vec2 FIXED_SIZE_LIST&lt;REAL, 4&gt; (the query vectors of the distance checks), dvec LIST&lt;DOUBLE&gt;,
 *         g INT, llst LARGE_LIST&lt;BIGINT&gt;, lstst LIST&lt;STRUCT&lt;x INT, y TEXT&gt;&gt;,
 *         nst STRUCT&lt;tags LIST&lt;TEXT&gt;, point STRUCT&lt;x DOUBLE, y DOUBLE&gt;&gt;, ivec FIXED_SIZE_LIST&lt;INT, 2&gt;,
 *         pts LIST&lt;FIXED_SIZE_LIST&lt;REAL, 2&gt;&gt;, imp MAP&lt;INT, TEXT&gt;, lol LIST&lt;LIST&lt;INT&gt;&gt;
 * t_l     (40 rows) id, k INT (duplicates, NULLs), ks TEXT, v DOUBLE, kd DATE, kx DECIMAL(10,2) (join keys shared
 *         with t_r), tags LIST&lt;TEXT&gt;
 * t_r     (30 rows) id, k INT (duplicates, NULLs, keys t_l lacks), ks TEXT, w BIGINT, kd DATE, kx DECIMAL(10,2),
 *         st STRUCT&lt;a INT, b TEXT&gt;
 * t_gen   (2400 rows) the generated values of the documented rules ({@link RuleValues})
 * </pre>
 */
public final class DiffTables {
    /** The seed of every generated value: the tables are the same in every run. */
    public static final long SEED = 20_261_129L;
    /** Lance storage version of every table (2.2 is the first that stores a map column). */
    public static final String STORAGE_VERSION = "2.2";

    /** One table: its name, Arrow schema, rows (logical values, see {@link ArrowLogicalValues}) and file size. */
    public record Table(String name, Schema schema, List<List<Object>> rows, int maxRowsPerFile) {
    }

    private DiffTables() {
    }

    /** Every table of the suite, in a fixed order. */
    public static List<Table> all() {
        return List.of(num(), empty(), str(), time(), nest(), left(), right(), RuleValues.table());
    }

    /** Writes {@code table} as a Lance dataset {@code <warehouse>/<name>.lance}. */
    public static void write(BufferAllocator allocator, Path warehouse, Table table) {
        List<List<Object>> rows = table.rows();
        GeneratedDatasetWriter.to(warehouse.resolve(table.name() + ".lance"), table.schema())
                .rows(0, rows.size())
                .batchSize(64)
                .maxRowsPerFile(table.maxRowsPerFile())
                .storageVersion(STORAGE_VERSION)
                .write(allocator, (root, first, count) -> {
                    List<FieldVector> vectors = root.getFieldVectors();
                    for (int i = 0; i < count; i++) {
                        List<Object> row = rows.get((int) first + i);
                        for (int c = 0; c < vectors.size(); c++) {
                            ArrowLogicalValues.write(vectors.get(c), i, row.get(c));
                        }
                    }
                });
    }

    // ---------------------------------------------------------------------------------------------------------

    static Table num() {
        SplittableRandom r = new SplittableRandom(SEED);
        List<Field> f = new ArrayList<>();
        f.add(Field.notNullable("id", new ArrowType.Int(64, true)));
        f.add(nullable("g", new ArrowType.Int(32, true)));
        f.add(nullable("g2", ArrowType.Utf8.INSTANCE));
        f.add(nullable("i8", new ArrowType.Int(8, true)));
        f.add(nullable("i16", new ArrowType.Int(16, true)));
        f.add(nullable("i32", new ArrowType.Int(32, true)));
        f.add(nullable("i64", new ArrowType.Int(64, true)));
        f.add(nullable("u8", new ArrowType.Int(8, false)));
        f.add(nullable("u16", new ArrowType.Int(16, false)));
        f.add(nullable("u32", new ArrowType.Int(32, false)));
        f.add(nullable("u64", new ArrowType.Int(64, false)));
        f.add(nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
        f.add(nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        f.add(nullable("fx", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        f.add(nullable("d38", new ArrowType.Decimal(38, 6, 128)));
        f.add(nullable("d10", new ArrowType.Decimal(10, 2, 128)));
        f.add(nullable("b", ArrowType.Bool.INSTANCE));
        f.add(nullable("sparse", new ArrowType.Int(64, true)));
        f.add(nullable("allnull", new ArrowType.Int(32, true)));
        f.add(nullable("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
        f.add(nullable("fx32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
        f.add(nullable("d76", new ArrowType.Decimal(76, 10, 256)));
        // The columns added after the first version draw from their own generator, so the earlier columns keep
        // the values the hand-written queries were written against.
        SplittableRandom e = new SplittableRandom(SEED + 10);
        float[] specials32 = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f,
            Float.MIN_VALUE, Float.MAX_VALUE, -Float.MIN_NORMAL};
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0};
        List<List<Object>> rows = new ArrayList<>();
        for (long id = 0; id < 240; id++) {
            List<Object> row = new ArrayList<>();
            row.add(id);
            row.add(id % 11 == 0 ? null : (int) (id % 5));
            row.add(id % 13 == 0 ? null : String.valueOf((char) ('a' + id % 3)));
            row.add(maybeNull(r, (byte) r.nextInt(-100, 101)));
            row.add(maybeNull(r, (short) r.nextInt(-30_000, 30_001)));
            row.add(maybeNull(r, r.nextInt(-1_000_000, 1_000_001)));
            row.add(maybeNull(r, r.nextLong(-1_000_000_000_000L, 1_000_000_000_001L)));
            row.add(maybeNull(r, r.nextInt(0, 256)));
            row.add(maybeNull(r, r.nextInt(0, 65_536)));
            row.add(maybeNull(r, r.nextLong(0, 4_294_967_296L)));
            // The largest uint64 values appear, so sums leave the int64 range.
            row.add(maybeNull(r, id % 40 == 7 ? BigInteger.ONE.shiftLeft(64).subtract(BigInteger.valueOf(id))
                    : BigInteger.valueOf(r.nextLong(0, Long.MAX_VALUE)).shiftRight(r.nextInt(0, 40))));
            row.add(maybeNull(r, (float) Math.round(r.nextDouble(-1000, 1000) * 100) / 100f));
            row.add(maybeNull(r, Math.round(r.nextDouble(-1e6, 1e6) * 1000) / 1000.0));
            row.add(id % 9 == 0 ? (Object) specials[(int) (id / 9 % specials.length)]
                    : maybeNull(r, Math.round(r.nextDouble(-100, 100) * 10) / 10.0));
            row.add(maybeNull(r, new BigDecimal(new BigInteger(r.nextInt(20, 117), new java.util.Random(r.nextLong())), 6)
                    .multiply(BigDecimal.valueOf(r.nextBoolean() ? 1 : -1))));
            row.add(maybeNull(r, BigDecimal.valueOf(r.nextLong(-99_999_999L, 100_000_000L), 2)));
            row.add(maybeNull(r, r.nextInt(3) == 0));
            row.add(r.nextInt(20) == 0 ? (Object) r.nextLong(-50, 50) : null);
            row.add(null);
            row.add(id % 10 == 0 ? (Object) (float) specials[(int) (id / 10 % specials.length)]
                    : maybeNull(e, e.nextInt(-800, 801) / 8f));
            row.add(id % 9 == 4 ? (Object) specials32[(int) (id / 9 % specials32.length)]
                    : maybeNull(e, Math.round(e.nextDouble(-100, 100) * 10) / 10f));
            row.add(maybeNull(e, new BigDecimal(BigInteger.valueOf(e.nextLong(0, Long.MAX_VALUE))
                    .multiply(BigInteger.valueOf(e.nextLong(1, 100_000_000_000L))), 10)
                    .multiply(BigDecimal.valueOf(e.nextBoolean() ? 1 : -1))));
            rows.add(row);
        }
        // Each width at its extremes (row 1 the minimum, row 2 the maximum); BIGINT stays within +-1e12, so that
        // the generated arithmetic compares values instead of overflowing on both engines (the overflow queries
        // spell out their own extremes).
        set(rows, 1, 3, Byte.MIN_VALUE, Short.MIN_VALUE, Integer.MIN_VALUE, null, 0, 0, 0L, BigInteger.ZERO);
        set(rows, 2, 3, Byte.MAX_VALUE, Short.MAX_VALUE, Integer.MAX_VALUE, null, 255, 65_535, 4_294_967_295L,
                BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));
        // REAL values a decimal constant can name exactly.
        rows.get(3).set(11, 0.5f);
        rows.get(4).set(11, 999.75f);
        // Repeated decimals (every sixth row takes one of five values), so that an equality join on d10 has matches.
        for (int id = 0; id < rows.size(); id += 6) {
            rows.get(id).set(15, BigDecimal.valueOf(12_345L * (id / 6 % 5 + 1) - 30_000, 2));
        }
        return new Table("t_num", new Schema(f), rows, 100);
    }

    static Table empty() {
        Schema s = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                nullable("g", new ArrowType.Int(32, true)),
                nullable("i32", new ArrowType.Int(32, true)),
                nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                nullable("d38", new ArrowType.Decimal(38, 6, 128)),
                nullable("s", ArrowType.Utf8.INSTANCE)));
        return new Table("t_empty", s, List.of(), 0);
    }

    static final List<String> WORDS = List.of("apple", "Banana", "cherry", "date", "Elder berry", "fig", "grape",
            "größe", "Straße", "ΕΛΛΗΝΙΚΆ", "ελληνικά", "日本語テキスト", "😀 smile", "e\u0301cole", "école", "",
            "  padded  ", "50% off", "under_score", "a\\b", "it's", "x", "ÄÖÜ äöü", "İstanbul", "ǅungla");

    static Table str() {
        SplittableRandom r = new SplittableRandom(SEED + 1);
        Schema s = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                nullable("s", ArrowType.Utf8.INSTANCE),
                nullable("s2", ArrowType.LargeUtf8.INSTANCE),
                nullable("cat", ArrowType.Utf8.INSTANCE),
                nullable("n", new ArrowType.Int(32, true)),
                nullable("bin", ArrowType.Binary.INSTANCE),
                nullable("lbin", ArrowType.LargeBinary.INSTANCE),
                nullable("fsb", new ArrowType.FixedSizeBinary(4))));
        SplittableRandom e = new SplittableRandom(SEED + 11);
        List<byte[]> blobs = List.of(new byte[0], new byte[] {0}, new byte[] {0, 0}, new byte[] {1, 2, 3},
                new byte[] {(byte) 0x7F}, new byte[] {(byte) 0x80}, new byte[] {(byte) 0xFF, 0},
                new byte[] {(byte) 0xFF}, "key".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                "größe".getBytes(java.nio.charset.StandardCharsets.UTF_8), new byte[] {1, 2});
        List<List<Object>> table = new ArrayList<>();
        String[] forms = {"key-%d", "Key_%d", "KEY%%%d", "k%d-suffix"};
        for (long id = 0; id < 120; id++) {
            String word = id < WORDS.size() ? WORDS.get((int) id) : WORDS.get(r.nextInt(WORDS.size()))
                    + (r.nextBoolean() ? "" : " " + r.nextInt(100));
            List<Object> row = new ArrayList<>(Arrays.asList(id,
                    id % 10 == 9 ? null : word,
                    id % 7 == 3 ? null : String.format(forms[(int) (id % forms.length)], id % 17),
                    id % 8 == 5 ? null : List.of("red", "green", "blue", "Red").get(r.nextInt(4)),
                    maybeNull(r, r.nextInt(-5, 30))));
            row.add(maybeNull(e, blobs.get(e.nextInt(blobs.size())).clone()));
            row.add(maybeNull(e, blobs.get(e.nextInt(blobs.size())).clone()));
            row.add(maybeNull(e, new byte[] {(byte) e.nextInt(3), (byte) (e.nextInt(2) * 0xFF), 0,
                (byte) e.nextInt(256)}));
            table.add(row);
        }
        return new Table("t_str", s, table, 70);
    }

    /** The zone of the {@code tsz_ny} column. */
    static final String NEW_YORK = "America/New_York";

    /** The naive wall-clock values around the America/New_York DST changes of 2024 and before 1970. */
    static final List<LocalDateTime> TIMESTAMP_EDGES = List.of(
            LocalDateTime.of(2024, 3, 10, 1, 59, 59, 999_999_000), LocalDateTime.of(2024, 3, 10, 2, 0),
            LocalDateTime.of(2024, 3, 10, 2, 30), LocalDateTime.of(2024, 3, 10, 3, 0),
            LocalDateTime.of(2024, 11, 3, 0, 59, 59), LocalDateTime.of(2024, 11, 3, 1, 0),
            LocalDateTime.of(2024, 11, 3, 1, 30, 0, 500_000_000), LocalDateTime.of(2024, 11, 3, 2, 0),
            LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), LocalDateTime.of(1970, 1, 1, 0, 0),
            LocalDateTime.of(1900, 1, 1, 0, 0), LocalDateTime.of(1899, 12, 31, 12, 34, 56, 789_000_000),
            LocalDateTime.of(1960, 2, 29, 6, 0), LocalDateTime.of(2000, 2, 29, 23, 59, 59),
            LocalDateTime.of(2038, 1, 19, 3, 14, 8), LocalDateTime.of(1582, 10, 15, 0, 0));

    static Table time() {
        SplittableRandom r = new SplittableRandom(SEED + 2);
        Schema s = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                nullable("d", new ArrowType.Date(DateUnit.DAY)),
                nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
                nullable("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
                nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
                nullable("tsz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
                nullable("g", new ArrowType.Int(32, true)),
                nullable("d64", new ArrowType.Date(DateUnit.MILLISECOND)),
                nullable("tm", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
                nullable("tm_ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
                nullable("tm_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
                nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                nullable("tsz_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
                nullable("tsz_ny", new ArrowType.Timestamp(TimeUnit.MICROSECOND, NEW_YORK))));
        SplittableRandom e = new SplittableRandom(SEED + 12);
        List<LocalTime> times = List.of(LocalTime.MIDNIGHT, LocalTime.of(23, 59, 59, 999_999_000), LocalTime.NOON,
                LocalTime.of(2, 30), LocalTime.of(1, 59, 59, 500_000_000), LocalTime.of(0, 0, 0, 1_000));
        List<LocalDate> rawDates = new ArrayList<>();
        List<LocalDateTime> rawTimestamps = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        LocalDate[] dateEdges = {LocalDate.of(1970, 1, 1), LocalDate.of(1969, 12, 31), LocalDate.of(1900, 1, 1),
            LocalDate.of(2000, 2, 29), LocalDate.of(2100, 12, 31), LocalDate.of(1583, 1, 1),
            LocalDate.of(2024, 3, 10), LocalDate.of(2024, 11, 3), LocalDate.of(2023, 12, 31),
            LocalDate.of(2024, 1, 1)};
        for (long id = 0; id < 160; id++) {
            LocalDate d = id < dateEdges.length ? dateEdges[(int) id]
                    : LocalDate.ofEpochDay(r.nextLong(LocalDate.of(1900, 1, 1).toEpochDay(),
                            LocalDate.of(2100, 1, 1).toEpochDay()));
            LocalDateTime ts = id < TIMESTAMP_EDGES.size() ? TIMESTAMP_EDGES.get((int) id)
                    : LocalDateTime.of(1950, 1, 1, 0, 0).plusSeconds(r.nextLong(0, 100L * 365 * 86_400))
                            .plusNanos(r.nextLong(0, 1_000_000) * 1_000);
            rawDates.add(d);
            rawTimestamps.add(ts);
            // Repeated values, so that equality joins and GROUP BY on dates and timestamps meet equal keys: every
            // fourth row takes the date of row id / 4, every fifth row the timestamp of row id / 5 to the millisecond
            // (which equals that row's ts_ms).
            if (id >= 16 && id % 4 == 0) {
                d = rawDates.get((int) id / 4);
            }
            if (id >= 16 && id % 5 == 0) {
                LocalDateTime t = rawTimestamps.get((int) id / 5);
                ts = t.withNano(t.getNano() / 1_000_000 * 1_000_000);
            }
            LocalDateTime tsMs = ts.withNano(ts.getNano() / 1_000_000 * 1_000_000);
            LocalDateTime tsS = ts.withNano(0);
            // The same wall-clock readings taken as New York local time, stored as instants (UTC).
            Instant tsz = ts.atZone(java.time.ZoneId.of("America/New_York")).toInstant();
            LocalTime tm = id % 3 == 0 ? times.get((int) (id / 3 % times.size()))
                    : LocalTime.ofNanoOfDay(e.nextLong(0, 86_400_000_000L) * 1_000);
            List<Object> row = new ArrayList<>(Arrays.asList(id,
                    id % 12 == 11 ? null : d,
                    id % 10 == 7 ? null : ts,
                    id % 9 == 4 ? null : tsMs,
                    id % 8 == 6 ? null : tsS,
                    id % 11 == 10 ? null : tsz,
                    id % 6 == 5 ? null : (int) (id % 4)));
            row.add(id % 13 == 12 ? null : d);
            row.add(maybeNull(e, tm));
            row.add(maybeNull(e, tm.withNano(tm.getNano() / 1_000_000 * 1_000_000)));
            row.add(maybeNull(e, tm.plusNanos(id % 2 == 0 ? 0 : e.nextInt(1, 1000))));
            // Nanosecond timestamps reach from 1677 to 2262 only.
            LocalDateTime tsNs = ts.getYear() < 1678 ? ts.withYear(1678) : ts;
            row.add(maybeNull(e, tsNs.plusNanos(id % 2 == 0 ? 0 : e.nextInt(1, 1000))));
            row.add(maybeNull(e, Instant.ofEpochMilli(tsz.toEpochMilli())));
            row.add(maybeNull(e, tsz));
            rows.add(row);
        }
        return new Table("t_time", s, rows, 90);
    }

    static Table nest() {
        SplittableRandom r = new SplittableRandom(SEED + 3);
        Field vec = new Field("vec", FieldType.nullable(new ArrowType.FixedSizeList(4)),
                List.of(Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))));
        Field vec2 = new Field("vec2", FieldType.nullable(new ArrowType.FixedSizeList(4)),
                List.of(Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))));
        Schema s = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                new Field("lst", FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
                new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE))),
                new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        Field.nullable("a", new ArrowType.Int(32, true)),
                        Field.nullable("b", ArrowType.Utf8.INSTANCE))),
                new Field("mp", FieldType.nullable(new ArrowType.Map(false)), List.of(
                        new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                                Field.nullable("value", new ArrowType.Int(32, true)))))),
                vec, vec2,
                new Field("dvec", FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))),
                nullable("g", new ArrowType.Int(32, true)),
                new Field("llst", FieldType.nullable(ArrowType.LargeList.INSTANCE),
                        List.of(Field.nullable("item", new ArrowType.Int(64, true)))),
                new Field("lstst", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                        new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.nullable("x", new ArrowType.Int(32, true)),
                                Field.nullable("y", ArrowType.Utf8.INSTANCE))))),
                new Field("nst", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
                                List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE))),
                        new Field("point", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                                Field.nullable("y", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))))),
                new Field("ivec", FieldType.nullable(new ArrowType.FixedSizeList(2)),
                        List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
                new Field("pts", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                        new Field("item", FieldType.nullable(new ArrowType.FixedSizeList(2)), List.of(
                                Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)))))),
                new Field("imp", FieldType.nullable(new ArrowType.Map(false)), List.of(
                        new Field("entries", FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                                Field.notNullable("key", new ArrowType.Int(32, true)),
                                Field.nullable("value", ArrowType.Utf8.INSTANCE))))),
                new Field("lol", FieldType.nullable(ArrowType.List.INSTANCE), List.of(
                        new Field("item", FieldType.nullable(ArrowType.List.INSTANCE),
                                List.of(Field.nullable("item", new ArrowType.Int(32, true))))))));
        SplittableRandom e = new SplittableRandom(SEED + 13);
        List<List<Object>> rows = new ArrayList<>();
        for (long id = 0; id < 80; id++) {
            List<Object> lst = null;
            if (id % 9 != 8) {
                int n = (int) (id % 5);
                lst = new ArrayList<>();
                for (int j = 0; j < n; j++) {
                    lst.add(r.nextInt(10) == 0 ? null : r.nextInt(-20, 21));
                }
            }
            List<Object> tags = id % 7 == 6 ? null : new ArrayList<>(List.of("t" + id % 3, "u" + id % 4)
                    .subList(0, (int) (id % 3 == 0 ? 1 : 2)));
            Map<String, Object> st = null;
            if (id % 10 != 9) {
                st = new LinkedHashMap<>();
                st.put("a", id % 6 == 2 ? null : (int) (id * 3 - 50));
                st.put("b", id % 5 == 1 ? null : "b" + id % 4);
            }
            Map<Object, Object> mp = null;
            if (id % 8 != 7) {
                mp = new LinkedHashMap<>();
                mp.put("x", (int) id);
                if (id % 2 == 0) {
                    mp.put("y", id % 4 == 0 ? null : (int) (id * 2));
                }
                if (id % 3 == 0) {
                    mp.put("zeta", -(int) id);
                }
            }
            List<Object> v = id % 13 == 12 ? null : floats(r, 4);
            List<Object> v2 = floats(r, 4);
            List<Object> dv = id % 11 == 10 ? null : doubles(r, 3);
            List<Object> row = new ArrayList<>(Arrays.asList(id, lst, tags, st, mp, v, v2, dv, (int) (id % 3)));
            row.add(id % 7 == 5 ? null : longs(e, (int) (id % 4), id % 5 == 0));
            row.add(id % 9 == 7 ? null : points(e, (int) (id % 3)));
            row.add(id % 11 == 3 ? null : nested(e, id));
            row.add(id % 6 == 1 ? null : Arrays.asList(id % 5 == 0 ? null : (int) (id % 4), (int) (id % 3 - 1)));
            row.add(id % 8 == 2 ? null : pairs(e, (int) (id % 4)));
            Map<Object, Object> imp = null;
            if (id % 7 != 4) {
                imp = new LinkedHashMap<>();
                imp.put((int) (id % 3), id % 5 == 0 ? null : "v" + id % 4);
                if (id % 2 == 1) {
                    imp.put(10, "ten");
                }
            }
            row.add(imp);
            List<Object> lol = null;
            if (id % 10 != 6) {
                lol = new ArrayList<>();
                for (int j = 0; j < id % 3; j++) {
                    lol.add(id % 7 == j ? null : Arrays.asList((int) (id % 4), j == 1 ? null : (int) (id % 5 - j)));
                }
            }
            row.add(lol);
            rows.add(row);
        }
        return new Table("t_nest", s, rows, 50);
    }

    /** The date keys of t_l and t_r (they share five of seven). */
    static final List<LocalDate> JOIN_DATES = List.of(LocalDate.of(1969, 12, 31), LocalDate.of(1970, 1, 1),
            LocalDate.of(1900, 3, 1), LocalDate.of(2000, 2, 29), LocalDate.of(2024, 3, 10), LocalDate.of(2024, 11, 3),
            LocalDate.of(1583, 1, 1));
    /** The decimal keys of t_l and t_r (they share three of seven). */
    static final List<BigDecimal> JOIN_DECIMALS = List.of(new BigDecimal("-0.01"), new BigDecimal("0.00"),
            new BigDecimal("12.50"), new BigDecimal("-99999999.99"), new BigDecimal("99999999.99"),
            new BigDecimal("3.14"), new BigDecimal("100.00"));

    static Table left() {
        SplittableRandom r = new SplittableRandom(SEED + 4);
        Schema s = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                nullable("k", new ArrowType.Int(32, true)),
                nullable("ks", ArrowType.Utf8.INSTANCE),
                nullable("v", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                nullable("kd", new ArrowType.Date(DateUnit.DAY)),
                nullable("kx", new ArrowType.Decimal(10, 2, 128)),
                new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(Field.nullable("item", ArrowType.Utf8.INSTANCE)))));
        List<List<Object>> rows = new ArrayList<>();
        for (long id = 0; id < 40; id++) {
            Integer k = id % 9 == 4 ? null : (int) (id % 12);
            rows.add(Arrays.asList(id, k, k == null ? null : "k" + k % 7,
                    maybeNull(r, Math.round(r.nextDouble(0, 100) * 4) / 4.0),
                    id % 10 == 3 ? null : JOIN_DATES.get((int) (id % 7)),
                    id % 8 == 1 ? null : JOIN_DECIMALS.get((int) (id % 6)),
                    id % 6 == 4 ? null : List.of("t" + id % 3, "l" + id)));
        }
        return new Table("t_l", s, rows, 25);
    }

    static Table right() {
        SplittableRandom r = new SplittableRandom(SEED + 5);
        Schema s = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                nullable("k", new ArrowType.Int(32, true)),
                nullable("ks", ArrowType.Utf8.INSTANCE),
                nullable("w", new ArrowType.Int(64, true)),
                nullable("kd", new ArrowType.Date(DateUnit.DAY)),
                nullable("kx", new ArrowType.Decimal(10, 2, 128)),
                new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                        Field.nullable("a", new ArrowType.Int(32, true)),
                        Field.nullable("b", ArrowType.Utf8.INSTANCE)))));
        List<List<Object>> rows = new ArrayList<>();
        for (long id = 0; id < 30; id++) {
            Integer k = id % 8 == 3 ? null : (int) (id % 10 + 5);
            Map<String, Object> st = null;
            if (id % 7 != 2) {
                st = new LinkedHashMap<>();
                st.put("a", id % 4 == 1 ? null : (int) id);
                st.put("b", "r" + id % 3);
            }
            rows.add(Arrays.asList(100 + id, k, k == null ? null : "k" + k % 6,
                    maybeNull(r, r.nextLong(-1000, 1000)),
                    id % 9 == 5 ? null : JOIN_DATES.get((int) (id % 5 + 2)),
                    id % 7 == 6 ? null : JOIN_DECIMALS.get((int) (id % 4 + 3)),
                    st));
        }
        return new Table("t_r", s, rows, 0);
    }

    // ---------------------------------------------------------------------------------------------------------

    private static Field nullable(String name, ArrowType type) {
        return Field.nullable(name, type);
    }

    /** {@code value}, or NULL in about one call of eight. */
    private static Object maybeNull(SplittableRandom r, Object value) {
        return r.nextInt(8) == 0 ? null : value;
    }

    private static List<Object> longs(SplittableRandom r, int n, boolean withNull) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(withNull && i == 1 ? null : r.nextLong(-3_000_000_000L, 3_000_000_000L));
        }
        return out;
    }

    private static List<Object> points(SplittableRandom r, int n) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (r.nextInt(6) == 0) {
                out.add(null);
                continue;
            }
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("x", r.nextInt(8) == 0 ? null : r.nextInt(-5, 6));
            p.put("y", r.nextInt(8) == 0 ? null : "y" + r.nextInt(3));
            out.add(p);
        }
        return out;
    }

    private static Map<String, Object> nested(SplittableRandom r, long id) {
        Map<String, Object> point = null;
        if (id % 5 != 2) {
            point = new LinkedHashMap<>();
            point.put("x", id % 4 == 1 ? null : Math.round(r.nextDouble(-50, 50) * 4) / 4.0);
            point.put("y", (double) (id % 7) - 3);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("tags", id % 6 == 3 ? null : List.of("n" + id % 3));
        out.put("point", point);
        return out;
    }

    private static List<Object> pairs(SplittableRandom r, int n) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(r.nextInt(7) == 0 ? null : floats(r, 2));
        }
        return out;
    }

    /** Sets row {@code row}'s columns from {@code first} on to {@code values} (a null value keeps the column). */
    private static void set(List<List<Object>> rows, int row, int first, Object... values) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                rows.get(row).set(first + i, values[i]);
            }
        }
    }

    private static List<Object> floats(SplittableRandom r, int n) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add((float) (Math.round(r.nextDouble(-4, 4) * 8) / 8.0));
        }
        return out;
    }

    private static List<Object> doubles(SplittableRandom r, int n) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(r.nextInt(12) == 0 ? null : BigDecimal.valueOf(r.nextDouble(-10, 10))
                    .setScale(3, RoundingMode.HALF_UP).doubleValue());
        }
        return out;
    }
}
