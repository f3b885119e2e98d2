package io.lancejdbc.exec.testing;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The {@code numbers} fixture: a simple, wide-ish table of configurable size for scans, filters, aggregates and
 * benchmarks. Row {@code r} (0-based) has {@code id = r}; every other value is a formula of {@code id}:
 *
 * <table>
 *   <caption>numbers columns</caption>
 *   <tr><th>column</th><th>type</th><th>NULL where</th><th>value</th></tr>
 *   <tr><td>id</td><td>int64 NOT NULL</td><td>never</td><td>id</td></tr>
 *   <tr><td>i32</td><td>int32</td><td>id % 10 == 3</td><td>(id * 7919) % 100003 - 50000</td></tr>
 *   <tr><td>f64</td><td>float64</td><td>id % 13 == 5</td><td>id * 0.25 - 1000 (exact in binary)</td></tr>
 *   <tr><td>category</td><td>utf8</td><td>id % 17 == 0</td><td>{@link #CATEGORIES}[id % 8]</td></tr>
 *   <tr><td>flag</td><td>bool</td><td>id % 11 == 4</td><td>id % 2 == 0</td></tr>
 *   <tr><td>d</td><td>date32</td><td>id % 19 == 7</td><td>2020-01-01 + (id % 1000) days</td></tr>
 *   <tr><td>ts</td><td>timestamp(us), no zone</td><td>id % 23 == 11</td>
 *       <td>2021-01-01T00:00 + id seconds + (id % 1000) microseconds</td></tr>
 *   <tr><td>amount</td><td>decimal128(12, 2)</td><td>id % 29 == 13</td>
 *       <td>((id * 101) % 1000000 - 500000) / 100</td></tr>
 * </table>
 *
 * <p>Layout: one lance-core write with {@code max_rows_per_file = ceil(rows / fragments)}, so the dataset has
 * exactly {@code fragments} fragments (the last one may be smaller) and version 1. Writing 4,000,000 rows in 16
 * fragments takes a few seconds (see the closing report of the fixtures work for the measured figure).
 */
public final class NumbersTable {
    /** Values of {@code category}, indexed by {@code id % 8}. */
    public static final List<String> CATEGORIES =
            List.of("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta");
    /** Column names in schema order. */
    public static final List<String> COLUMNS = List.of("id", "i32", "f64", "category", "flag", "d", "ts", "amount");

    private static final byte[][] CATEGORY_BYTES = CATEGORIES.stream()
            .map(s -> s.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
    private static final long TS_BASE_MICROS = 1_609_459_200_000_000L; // 2021-01-01T00:00:00
    private static final int DATE_BASE_DAYS = 18_262; // 2020-01-01
    private static final int BATCH_ROWS = 65_536;

    private NumbersTable() {
    }

    /** The Arrow schema. */
    public static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("i32", new ArrowType.Int(32, true)),
                Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("category", ArrowType.Utf8.INSTANCE),
                Field.nullable("flag", ArrowType.Bool.INSTANCE),
                Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
                Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
                Field.nullable("amount", new ArrowType.Decimal(12, 2, 128))));
    }

    /**
     * Writes {@code rows} rows in {@code fragments} fragments into {@code dir} (which must not hold a dataset).
     *
     * @return {@code dir}
     * @throws IllegalArgumentException unless {@code 1 <= fragments <= rows}
     */
    public static Path write(BufferAllocator allocator, Path dir, long rows, int fragments) {
        if (fragments < 1 || rows < fragments) {
            throw new IllegalArgumentException("need 1 <= fragments <= rows, got rows=" + rows + ", fragments="
                    + fragments);
        }
        long perFile = (rows + fragments - 1) / fragments;
        if (perFile > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("more than 2^31 rows per fragment: " + perFile);
        }
        GeneratedDatasetWriter.to(dir, schema()).rows(0, rows).batchSize(BATCH_ROWS).maxRowsPerFile((int) perFile)
                .write(allocator, NumbersTable::fill);
        return dir;
    }

    /** Rows per fragment of a table written with {@code rows} and {@code fragments} (the last may be smaller). */
    public static List<Long> fragmentRowCounts(long rows, int fragments) {
        long perFile = (rows + fragments - 1) / fragments;
        List<Long> out = new ArrayList<>();
        for (long left = rows; left > 0; left -= perFile) {
            out.add(Math.min(perFile, left));
        }
        return List.copyOf(out);
    }

    /** The logical value ({@link ArrowLogicalValues}) of {@code column} at {@code id}; {@code null} = NULL. */
    public static Object value(String column, long id) {
        return switch (column) {
            case "id" -> id;
            case "i32" -> i32IsNull(id) ? null : i32(id);
            case "f64" -> f64IsNull(id) ? null : f64(id);
            case "category" -> categoryIsNull(id) ? null : CATEGORIES.get((int) (id % 8));
            case "flag" -> flagIsNull(id) ? null : flag(id);
            case "d" -> dIsNull(id) ? null : LocalDate.ofEpochDay(dEpochDay(id));
            case "ts" -> tsIsNull(id) ? null : LocalDateTime.ofEpochSecond(Math.floorDiv(tsMicros(id), 1_000_000L),
                    (int) Math.floorMod(tsMicros(id), 1_000_000L) * 1_000, ZoneOffset.UTC);
            case "amount" -> amountIsNull(id) ? null : BigDecimal.valueOf(amountUnscaled(id), 2);
            default -> throw new IllegalArgumentException("numbers has no column " + column);
        };
    }

    public static boolean i32IsNull(long id) {
        return id % 10 == 3;
    }

    public static int i32(long id) {
        return (int) ((id * 7_919) % 100_003) - 50_000;
    }

    public static boolean f64IsNull(long id) {
        return id % 13 == 5;
    }

    public static double f64(long id) {
        return id * 0.25 - 1_000.0;
    }

    public static boolean categoryIsNull(long id) {
        return id % 17 == 0;
    }

    public static boolean flagIsNull(long id) {
        return id % 11 == 4;
    }

    public static boolean flag(long id) {
        return id % 2 == 0;
    }

    public static boolean dIsNull(long id) {
        return id % 19 == 7;
    }

    public static int dEpochDay(long id) {
        return DATE_BASE_DAYS + (int) (id % 1_000);
    }

    public static boolean tsIsNull(long id) {
        return id % 23 == 11;
    }

    /** Microseconds since the epoch of the naive timestamp (read as UTC wall clock). */
    public static long tsMicros(long id) {
        return TS_BASE_MICROS + id * 1_000_000L + id % 1_000;
    }

    public static boolean amountIsNull(long id) {
        return id % 29 == 13;
    }

    /** Unscaled value of {@code amount} (scale 2). */
    public static long amountUnscaled(long id) {
        return (id * 101) % 1_000_000 - 500_000;
    }

    /** Fills a batch of rows {@code firstRow..firstRow+rowCount-1} (a {@code GeneratedBatchReader.BatchFiller}). */
    // Writes primitives directly (no boxing): this filler also produces the 4M-row benchmark table.
    static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        IntVector i32 = (IntVector) root.getVector("i32");
        Float8Vector f64 = (Float8Vector) root.getVector("f64");
        VarCharVector category = (VarCharVector) root.getVector("category");
        BitVector flag = (BitVector) root.getVector("flag");
        DateDayVector d = (DateDayVector) root.getVector("d");
        TimeStampMicroVector ts = (TimeStampMicroVector) root.getVector("ts");
        DecimalVector amount = (DecimalVector) root.getVector("amount");
        for (int i = 0; i < rowCount; i++) {
            long r = firstRow + i;
            id.setSafe(i, r);
            if (i32IsNull(r)) {
                i32.setNull(i);
            } else {
                i32.setSafe(i, i32(r));
            }
            if (f64IsNull(r)) {
                f64.setNull(i);
            } else {
                f64.setSafe(i, f64(r));
            }
            if (categoryIsNull(r)) {
                category.setNull(i);
            } else {
                category.setSafe(i, CATEGORY_BYTES[(int) (r % 8)]);
            }
            if (flagIsNull(r)) {
                flag.setNull(i);
            } else {
                flag.setSafe(i, flag(r) ? 1 : 0);
            }
            if (dIsNull(r)) {
                d.setNull(i);
            } else {
                d.setSafe(i, dEpochDay(r));
            }
            if (tsIsNull(r)) {
                ts.setNull(i);
            } else {
                ts.setSafe(i, tsMicros(r));
            }
            if (amountIsNull(r)) {
                amount.setNull(i);
            } else {
                amount.setSafe(i, amountUnscaled(r));
            }
        }
    }
}
