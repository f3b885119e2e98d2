package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Full ORDER BY (the radix-sorted first key), DISTINCT aggregates and grouped aggregates against DuckDB over 30,000
 * rows in 8 fragments whose columns are mostly the extremes of their types: every integer width's min/max, uint8 and
 * uint64 around 2^7, 2^63 and 2^64-1, float32/float64 NaN, -0.0/0.0, +-Infinity, subnormals and MAX, text sharing its
 * first 8 bytes with a multi-byte or 0x7F/0x80 byte after them, empty strings and NULL, booleans, dates and
 * timestamps before 1970, DECIMAL(20,4) at both ends. lance-jdbc keeps rows with equal keys in input order and places
 * NULL first in ascending and last in descending order (docs/sql-reference.md), so each statement is compared with the
 * DuckDB one that spells the placement out and adds {@code id} as the last key. SUM/AVG of DOUBLE are checked against
 * the exact sum of the JDK's BigDecimal, rounded once (the documented rule).
 */
class EdgeValueOracleTest {
    private static final int ROWS = 30_000;
    private static final int ROWS_PER_FRAGMENT = 4_000;
    private static final List<String> COLUMNS = List.of("i8", "i16", "i32", "i64", "u8", "u64", "f32", "f64", "s",
            "b", "d", "ts", "dec");

    @TempDir
    static Path dir;
    static Connection lance;
    static Connection duck;
    static DiffTables.Table table;

    @BeforeAll
    static void open() throws Exception {
        table = table();
        duck = DriverManager.getConnection("jdbc:duckdb:");
        DuckDbLoader.writeAndLoad(duck, dir, table);
        lance = DriverManager.getConnection("jdbc:lance:" + dir.toAbsolutePath());
    }

    @AfterAll
    static void close() throws Exception {
        if (lance != null) {
            lance.close();
        }
        if (duck != null) {
            duck.close();
        }
    }

    private static <T> T pick(SplittableRandom r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    static DiffTables.Table table() {
        List<Field> fields = List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("k", new ArrowType.Int(32, true)),
                Field.nullable("i8", new ArrowType.Int(8, true)),
                Field.nullable("i16", new ArrowType.Int(16, true)),
                Field.nullable("i32", new ArrowType.Int(32, true)),
                Field.nullable("i64", new ArrowType.Int(64, true)),
                Field.nullable("u8", new ArrowType.Int(8, false)),
                Field.nullable("u64", new ArrowType.Int(64, false)),
                Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                Field.nullable("b", ArrowType.Bool.INSTANCE),
                Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
                Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
                Field.nullable("dec", new ArrowType.Decimal(20, 4, 128)),
                Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        List<Byte> i8 = List.of(Byte.MIN_VALUE, (byte) -1, (byte) 0, (byte) 1, Byte.MAX_VALUE, (byte) -127);
        List<Short> i16 = List.of(Short.MIN_VALUE, (short) -1, (short) 0, (short) 1, Short.MAX_VALUE, (short) 255,
                (short) 256, (short) -256);
        List<Integer> i32 = List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, 65_536);
        List<Long> i64 = List.of(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE, Long.MIN_VALUE + 1, 1L << 32,
                -(1L << 32));
        List<Integer> u8 = List.of(0, 1, 127, 128, 254, 255);
        BigInteger two63 = BigInteger.ONE.shiftLeft(63);
        List<BigInteger> u64 = List.of(BigInteger.ZERO, BigInteger.ONE, two63.subtract(BigInteger.ONE), two63,
                two63.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(64).subtract(BigInteger.TWO), BigInteger.valueOf(255),
                BigInteger.valueOf(256));
        List<Float> f32 = List.of(Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL, Float.MAX_VALUE,
                -Float.MAX_VALUE, 1.0f, -1.0f, Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffc00000));
        List<Double> f64 = List.of(Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE,
                -Double.MAX_VALUE, 1.0, -1.0, Double.longBitsToDouble(0xfff8000000000000L),
                Double.longBitsToDouble(0x7ff0000000000001L), 0.1, -0.1);
        List<String> s = List.of("", "a", "A", "abcdefg", "abcdefgh", "abcdefgh\u0001", "abcdefgha", "abcdefghb",
                "abcdefg\u007f", "abcdefg\u0080", "abcdefg\u00e9", "abcdefgz", "abcdefg\uffff", "abcdefg\ud83d\ude00",
                "\u00e9t\u00e9", "\u00e9t\u00e9\u00e9t\u00e9x", "\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8",
                "\ud83d\ude00", "\uffff", "zzzzzzzzzzzzzzzz", "zzzzzzzzzzzzzzzy", " ", "abcdefghabcdefgh",
                "abcdefghabcdefgi");
        List<LocalDate> d = List.of(LocalDate.of(1969, 12, 31), LocalDate.of(1970, 1, 1), LocalDate.of(1900, 1, 1),
                LocalDate.of(1583, 1, 1), LocalDate.of(2100, 12, 31), LocalDate.of(1, 1, 1),
                LocalDate.of(9999, 12, 31), LocalDate.of(1969, 1, 1));
        List<LocalDateTime> ts = List.of(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
                LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_000),
                LocalDateTime.of(1899, 12, 31, 12, 34, 56, 789_000_000), LocalDateTime.of(1583, 1, 1, 0, 0),
                LocalDateTime.of(2262, 4, 11, 23, 47, 16), LocalDateTime.of(1969, 12, 31, 23, 59, 59));
        List<BigDecimal> dec = List.of(new BigDecimal("-9999999999999999.9999"), new BigDecimal("-0.0001"),
                new BigDecimal("0.0000"), new BigDecimal("0.0001"), new BigDecimal("9999999999999999.9999"),
                new BigDecimal("12345.6789"), new BigDecimal("-12345.6789"), new BigDecimal("922337203685477.5807"),
                new BigDecimal("922337203685477.5808"));
        SplittableRandom r = new SplittableRandom(DiffTables.SEED + 7_777);
        List<List<Object>> rows = new ArrayList<>(ROWS);
        for (long id = 0; id < ROWS; id++) {
            boolean edge = r.nextInt(10) < 7;
            List<Object> row = new ArrayList<>();
            row.add(id);
            row.add(r.nextInt(40) == 0 ? null : r.nextInt(50));
            row.add(nul(r, edge ? pick(r, i8) : (Object) (byte) r.nextInt()));
            row.add(nul(r, edge ? pick(r, i16) : (Object) (short) r.nextInt()));
            row.add(nul(r, edge ? pick(r, i32) : (Object) r.nextInt()));
            row.add(nul(r, edge ? pick(r, i64) : (Object) r.nextLong()));
            row.add(nul(r, edge ? pick(r, u8) : (Object) r.nextInt(256)));
            row.add(nul(r, edge ? pick(r, u64) : new BigInteger(Long.toUnsignedString(r.nextLong()))));
            row.add(nul(r, edge ? pick(r, f32) : (Object) (float) (r.nextGaussian() * 1e3)));
            row.add(nul(r, edge ? pick(r, f64) : (Object) (r.nextGaussian() * Math.pow(10, r.nextInt(-300, 300)))));
            row.add(nul(r, edge ? pick(r, s) : pick(r, s) + r.nextInt(100)));
            row.add(nul(r, r.nextBoolean()));
            row.add(nul(r, edge ? pick(r, d) : LocalDate.ofEpochDay(r.nextLong(-200_000, 200_000))));
            row.add(nul(r, edge ? pick(r, ts)
                    : LocalDateTime.of(1900, 1, 1, 0, 0).plusSeconds(r.nextLong(0, 200L * 365 * 86_400))
                            .plusNanos(r.nextLong(0, 1_000_000) * 1_000)));
            row.add(nul(r, edge ? pick(r, dec) : BigDecimal.valueOf(r.nextLong(-1_000_000_000L, 1_000_000_000L), 4)));
            row.add(nul(r, sumValue(r, (Integer) row.get(1))));
            rows.add(row);
        }
        return new DiffTables.Table("edge", new Schema(fields), rows, ROWS_PER_FRAGMENT);
    }

    /** Values whose exact sum differs from a running double sum: huge cancelling, tiny, subnormal, mixed signs. */
    private static Double sumValue(SplittableRandom r, Integer k) {
        int group = k == null ? 0 : k % 5;
        switch (group) {
            case 0:
                return (r.nextBoolean() ? 1 : -1) * Double.MIN_VALUE * r.nextInt(1, 1000);
            case 1:
                return pick(r, List.of(1e308, -1e308, Double.MAX_VALUE, 1.0, -1e16, 1e16, 3.0));
            case 2:
                return (r.nextBoolean() ? 1 : -1) * Math.scalb(1.0 + r.nextDouble(), r.nextInt(-1074, 1023));
            case 3:
                return pick(r, List.of(1e16, 1.0, -1e16, 0.1, -0.3, 0.2, Math.ulp(1.0), -0.0));
            default:
                return r.nextGaussian() * Math.pow(10, r.nextInt(-20, 20));
        }
    }

    private static Object nul(SplittableRandom r, Object value) {
        return r.nextInt(20) == 0 ? null : value;
    }

    static List<String> fullSorts() {
        List<String> sorts = new ArrayList<>();
        for (String c : COLUMNS) {
            sorts.add(c);
            sorts.add(c + " DESC");
            sorts.add(c + " NULLS LAST");
            sorts.add(c + " DESC NULLS FIRST");
        }
        sorts.addAll(List.of("b, s DESC", "s, f64", "i8 DESC, u64", "d, ts DESC NULLS FIRST", "dec DESC, f32",
                "b DESC, i8, s", "CAST(i32 AS BIGINT) * -1", "-f64", "f32 + 0", "length(s) DESC, s", "CASE WHEN b THEN f64 END",
                "u8, i16 DESC", "k, x DESC", "lower(s)", "s DESC, id DESC", "x"));
        return sorts;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fullSorts")
    void fullSortEqualsDuckDbWithIdAsTheLastKey(String keys) {
        assertSameRows("SELECT * FROM edge ORDER BY " + keys,
                "SELECT * FROM edge ORDER BY " + spelled(keys) + ", id", true);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"f64 LIMIT 29990", "f64 DESC LIMIT 5 OFFSET 29990", "s LIMIT 100000", "u64 DESC LIMIT 0",
        "u64 LIMIT 3", "s DESC LIMIT 17 OFFSET 100", "f32 LIMIT 1000 OFFSET 29000", "dec, s LIMIT 12000",
        "ts DESC NULLS FIRST LIMIT 100", "d LIMIT 50", "i8, i16 LIMIT 40", "b LIMIT 20"})
    void limitedSortEqualsDuckDb(String keysAndLimit) {
        int at = keysAndLimit.indexOf(" LIMIT ");
        String keys = keysAndLimit.substring(0, at);
        assertSameRows("SELECT * FROM edge ORDER BY " + keysAndLimit,
                "SELECT * FROM edge ORDER BY " + spelled(keys) + ", id" + keysAndLimit.substring(at), true);
    }

    /** lance-jdbc's default NULL placement written out for DuckDB (whose default is NULLS LAST both ways). */
    static String spelled(String keys) {
        List<String> out = new ArrayList<>();
        for (String key : keys.split(",")) {
            String k = key.trim();
            if (!k.contains("NULLS")) {
                k += k.endsWith(" DESC") ? " NULLS LAST" : " NULLS FIRST";
            }
            out.add(k);
        }
        return String.join(", ", out);
    }

    static List<String> distinctAggregates() {
        List<String> q = new ArrayList<>();
        for (String c : COLUMNS) {
            q.add("COUNT(DISTINCT " + c + ")");
        }
        q.addAll(List.of("SUM(DISTINCT i8)", "SUM(DISTINCT i16)", "SUM(DISTINCT i32)", "SUM(DISTINCT u8)",
                "SUM(DISTINCT dec)", "AVG(DISTINCT i16)", "AVG(DISTINCT i32)", "AVG(DISTINCT u8)",
                "SUM(DISTINCT u64)", "AVG(DISTINCT dec)", "MIN(DISTINCT f64)",
                "MAX(DISTINCT s)", "COUNT(DISTINCT x)"));
        return q;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distinctAggregates")
    void distinctAggregatePerGroupEqualsDuckDb(String aggregate) {
        assertSameRows("SELECT k, " + aggregate + ", COUNT(*) FROM edge GROUP BY k ORDER BY k",
                "SELECT k, " + aggregate + ", COUNT(*) FROM edge GROUP BY k ORDER BY k NULLS FIRST", true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distinctAggregates")
    void distinctAggregateOverAllRowsEqualsDuckDb(String aggregate) {
        assertSameRows("SELECT " + aggregate + " FROM edge", "SELECT " + aggregate + " FROM edge", false);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"i8, s", "u64, f64", "b, d", "dec, ts", "f32, i16"})
    void countDistinctOfTwoColumnsEqualsDuckDb(String pair) {
        String[] ab = pair.split(", ");
        assertSameRows("SELECT k, COUNT(DISTINCT " + pair + ") FROM edge GROUP BY k ORDER BY k",
                "SELECT k, COUNT(DISTINCT (" + pair + ")) FILTER (WHERE " + ab[0] + " IS NOT NULL AND " + ab[1]
                        + " IS NOT NULL) FROM edge GROUP BY k ORDER BY k NULLS FIRST", true);
    }

    static List<String> groupKeys() {
        List<String> keys = new ArrayList<>(COLUMNS);
        keys.add("id % 7919");
        keys.add("u64, b");
        keys.add("s, i8");
        return keys;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groupKeys")
    void groupByEqualsDuckDb(String key) {
        assertSameRows("SELECT " + key + ", COUNT(*), SUM(i32), MIN(s), MAX(dec), SUM(i16), COUNT(f64) FROM edge GROUP BY "
                        + key,
                "SELECT " + key + ", COUNT(*), SUM(i32), MIN(s), MAX(dec), SUM(i16), COUNT(f64) FROM edge GROUP BY "
                        + key, false);
    }

    /** SUM and AVG of DOUBLE per group: the exact sum of the group's non-NULL values rounded once (sql-reference). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"x", "f64", "f32"})
    void doubleSumsAreExactPerGroup(String column) throws Exception {
        int c = table.schema().getFields().indexOf(table.schema().findField(column));
        TreeMap<Integer, List<Double>> groups = new TreeMap<>();
        List<Double> nullGroup = new ArrayList<>();
        for (List<Object> row : table.rows()) {
            Object v = row.get(c);
            Integer k = (Integer) row.get(1);
            List<Double> g = k == null ? nullGroup : groups.computeIfAbsent(k, key -> new ArrayList<>());
            if (v != null) {
                g.add(((Number) v).doubleValue());
            }
        }
        try (Statement st = lance.createStatement();
                ResultSet rs = st.executeQuery("SELECT k, SUM(" + column + "), AVG(" + column + ") FROM edge GROUP BY k"
                        + " ORDER BY k")) {
            int seen = 0;
            while (rs.next()) {
                int k = rs.getInt(1);
                List<Double> g = rs.wasNull() ? nullGroup : groups.get(k);
                String where = column + " group " + (rs.wasNull() ? "NULL" : k);
                assertEquals(exactSum(g, false), rs.getObject(2), where + " SUM");
                assertEquals(exactSum(g, true), rs.getObject(3), where + " AVG");
                seen++;
            }
            assertEquals(groups.size() + 1, seen);
        }
    }

    private static Double exactSum(List<Double> values, boolean mean) {
        if (values.isEmpty()) {
            return null;
        }
        boolean nan = false;
        boolean pos = false;
        boolean neg = false;
        BigDecimal sum = BigDecimal.ZERO;
        for (double v : values) {
            if (Double.isNaN(v)) {
                nan = true;
            } else if (v == Double.POSITIVE_INFINITY) {
                pos = true;
            } else if (v == Double.NEGATIVE_INFINITY) {
                neg = true;
            } else {
                sum = sum.add(new BigDecimal(v));
            }
        }
        if (nan || pos && neg) {
            return Double.NaN;
        }
        if (pos || neg) {
            return pos ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        if (mean) {
            sum = sum.divide(BigDecimal.valueOf(values.size()), new MathContext(2_000));
        }
        double d = Double.parseDouble(sum.toString());
        return d == 0 ? 0.0 : d;
    }

    /** A memory limit the statement's state exceeds fails it with an error naming the limit (HY001). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SELECT id, COUNT(DISTINCT s) FROM edge GROUP BY id",
        "SELECT COUNT(DISTINCT CAST(id AS VARCHAR) || s) FROM edge", "SELECT k, COUNT(DISTINCT i64) FROM edge GROUP BY k",
        "SELECT id % 20000, SUM(f64), AVG(x) FROM edge GROUP BY id % 20000", "SELECT * FROM edge ORDER BY s",
        "SELECT COUNT(DISTINCT id, s) FROM edge"})
    void memoryLimitIsNamedInTheError(String sql) throws Exception {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("query.max_memory", "200k");
        try (Connection small = DriverManager.getConnection("jdbc:lance:" + dir.toAbsolutePath(), p);
                Statement st = small.createStatement()) {
            java.sql.SQLException e = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class, () -> {
                try (ResultSet rs = st.executeQuery(sql)) {
                    while (rs.next()) {
                        rs.getObject(1);
                    }
                }
            });
            assertTrue(e.getMessage().contains("query.max_memory"), e.getMessage());
            assertEquals("HY001", e.getSQLState(), e.getMessage());
        }
    }

    /**
     * Sorts over inputs that are not plain scans: batches cut by LIMIT/OFFSET (sliced vectors), a UNION ALL and a
     * join; ties in input order, which is the id order of each input here.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "(SELECT * FROM edge LIMIT 20000 OFFSET 4099) t ORDER BY s",
        "(SELECT * FROM edge LIMIT 20000 OFFSET 4099) t ORDER BY s DESC LIMIT 75",
        "(SELECT * FROM edge LIMIT 9000 OFFSET 8191) t ORDER BY f64 LIMIT 9 OFFSET 4",
        "(SELECT * FROM edge LIMIT 9000 OFFSET 8191) t ORDER BY u64 DESC",
        "(SELECT * FROM edge WHERE id < 5000 UNION ALL SELECT * FROM edge WHERE id >= 25000) t ORDER BY f64",
        "(SELECT * FROM edge WHERE id < 5000 UNION ALL SELECT * FROM edge WHERE id >= 25000) t ORDER BY s LIMIT 300",
    })
    void sortOverDerivedInputEqualsDuckDb(String fromAndOrder) {
        int at = fromAndOrder.lastIndexOf(" ORDER BY ");
        String rest = fromAndOrder.substring(at + " ORDER BY ".length());
        int lim = rest.indexOf(" LIMIT ");
        String keys = lim < 0 ? rest : rest.substring(0, lim);
        String tail = lim < 0 ? "" : rest.substring(lim);
        assertSameRows("SELECT * FROM " + fromAndOrder,
                "SELECT * FROM " + fromAndOrder.substring(0, at) + " ORDER BY " + spelled(keys) + ", id" + tail, true);
    }

    private static void assertSameRows(String oursSql, String duckSql, boolean ordered) {
        QueryOutcome ours = QueryOutcome.run(lance, oursSql);
        QueryOutcome theirs = QueryOutcome.runPrepared(duck, duckSql);
        assertFalse(ours.failed(), () -> oursSql + ": " + ours.error());
        assertFalse(theirs.failed(), () -> duckSql + ": " + theirs.error());
        Optional<String> difference = OutcomeComparison.compare(ours, theirs, ordered);
        assertTrue(difference.isEmpty(), () -> oursSql + "\n" + difference.orElse(""));
    }
}
