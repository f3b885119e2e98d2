package io.lancejdbc.conformance.differential;

import static io.lancejdbc.conformance.differential.DiffQuery.q;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * COUNT, SUM and AVG over DISTINCT values against DuckDB, per group and without GROUP BY, over the argument types
 * with a primitive DISTINCT set (int32, int64, uint64 above 2^63, float64 and float32 with NaN, -0.0 and 0.0,
 * strings with multi-byte UTF-8, binaries) and one without (DECIMAL), with NULLs, on an empty input and through
 * both the serial plan ({@code scan.parallelism = 1}) and the partial/final plan whose per-worker sets are merged
 * ({@code scan.parallelism = 4}, the table has 8 fragments). Enough distinct values per group that the sets
 * rehash many times.
 */
class DistinctAggregateOracleTest {
    private static final int ROWS = 16_000;

    @TempDir
    static Path dir;
    static Connection duck;
    static Connection serial;
    static Connection parallel;

    @BeforeAll
    static void open() throws SQLException {
        duck = DriverManager.getConnection("jdbc:duckdb:");
        DiffTables.Table t = table();
        DuckDbLoader.writeAndLoad(duck, dir, t);
        serial = connect(1);
        parallel = connect(4);
    }

    private static Connection connect(int parallelism) throws SQLException {
        Properties p = new Properties();
        p.setProperty("scan.parallelism", Integer.toString(parallelism));
        return DriverManager.getConnection("jdbc:lance:" + dir.toAbsolutePath(), p);
    }

    @AfterAll
    static void close() throws SQLException {
        for (Connection c : new Connection[] {serial, parallel, duck}) {
            if (c != null) {
                c.close();
            }
        }
    }

    /**
     * t_dist: id; g INT (id % 37, NULL every 29th row); i32 (-400..400); i64 (multiples of 10^9 up to 10^12);
     * u64 (2^64 - 1 - k or k, k below 300); f64 and f32 (eighths, NaN, -0.0, 0.0); s TEXT (concatenated pieces of
     * ASCII, accents, CJK, emoji, a combining mark); b binary; d DECIMAL(12,3). Every value column NULL in one row
     * of nine.
     */
    static DiffTables.Table table() {
        SplittableRandom r = new SplittableRandom(DiffTables.SEED);
        List<Field> f = new ArrayList<>();
        f.add(Field.notNullable("id", new ArrowType.Int(64, true)));
        f.add(Field.nullable("g", new ArrowType.Int(32, true)));
        f.add(Field.nullable("i32", new ArrowType.Int(32, true)));
        f.add(Field.nullable("i64", new ArrowType.Int(64, true)));
        f.add(Field.nullable("u64", new ArrowType.Int(64, false)));
        f.add(Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        f.add(Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
        f.add(Field.nullable("s", ArrowType.Utf8.INSTANCE));
        f.add(Field.nullable("b", ArrowType.Binary.INSTANCE));
        f.add(Field.nullable("d", new ArrowType.Decimal(12, 3, 128)));
        String[] pieces = {"a", "Z", "é", "日本", "🙂", "e\u0301", "key-", "0123456789", "Ω", " "};
        double[] specials = {Double.NaN, -0.0, 0.0};
        BigInteger top = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        List<List<Object>> rows = new ArrayList<>();
        for (int id = 0; id < ROWS; id++) {
            StringBuilder s = new StringBuilder();
            for (int k = r.nextInt(4); k > 0; k--) {
                s.append(pieces[r.nextInt(pieces.length)]);
            }
            double x = r.nextInt(6) == 0 ? specials[r.nextInt(specials.length)] : r.nextInt(2000) / 8.0 - 100;
            int k = r.nextInt(300);
            Object[] values = {
                r.nextInt(801) - 400,
                (long) (r.nextInt(2001) - 1000) * 1_000_000_000L,
                r.nextBoolean() ? top.subtract(BigInteger.valueOf(k)) : BigInteger.valueOf(k),
                x,
                (float) x,
                s.toString(),
                s.toString().getBytes(StandardCharsets.UTF_8),
                BigDecimal.valueOf(r.nextInt(4000) - 2000, 3),
            };
            List<Object> row = new ArrayList<>();
            row.add((long) id);
            row.add(id % 29 == 0 ? null : id % 37);
            for (Object v : values) {
                row.add(r.nextInt(9) == 0 ? null : v);
            }
            rows.add(row);
        }
        return new DiffTables.Table("t_dist", new Schema(f), rows, ROWS / 8);
    }

    static List<DiffQuery> queries() {
        String counts = "count(DISTINCT i32), count(DISTINCT i64), count(DISTINCT u64), count(DISTINCT f64),"
                + " count(DISTINCT f32), count(DISTINCT s), count(DISTINCT b), count(DISTINCT d)";
        String sums = "sum(DISTINCT i32), avg(DISTINCT i32), sum(DISTINCT i64), avg(DISTINCT i64), sum(DISTINCT u64),"
                + " sum(DISTINCT d), avg(DISTINCT d)";
        // AVG of a DECIMAL is a DECIMAL of scale 6 here, a DOUBLE in DuckDB.
        String duckSums = sums.replace("avg(DISTINCT d)", "CAST(avg(DISTINCT d) AS DECIMAL(18, 6))");
        // Without NaN the float sums are numbers (eighths: exact in any order).
        String floats = "sum(DISTINCT f64), avg(DISTINCT f64), sum(DISTINCT f32), count(DISTINCT f64)";
        return List.of(
                q("count distinct of every type", "SELECT " + counts + " FROM t_dist"),
                q("count distinct of every type per group", "SELECT g, " + counts + " FROM t_dist GROUP BY g"),
                q("sum and avg distinct", "SELECT " + sums + " FROM t_dist")
                        .duck("SELECT " + duckSums + " FROM t_dist"),
                q("sum and avg distinct per group", "SELECT g, " + sums + " FROM t_dist GROUP BY g")
                        .duck("SELECT g, " + duckSums + " FROM t_dist GROUP BY g"),
                q("float distinct sums with nan", "SELECT sum(DISTINCT f64), sum(DISTINCT f32) FROM t_dist"),
                q("float distinct sums without nan", "SELECT " + floats + " FROM t_dist WHERE f64 BETWEEN -1000 AND 1000"),
                q("float distinct sums without nan per group",
                        "SELECT g, " + floats + " FROM t_dist WHERE f64 BETWEEN -1000 AND 1000 GROUP BY g"),
                q("distinct of signed zeros", "SELECT count(DISTINCT f64), count(DISTINCT f32), sum(DISTINCT f64)"
                        + " FROM t_dist WHERE f64 = 0"),
                q("count distinct of uint64 above 2^63 per group",
                        "SELECT g, count(DISTINCT u64) FROM t_dist WHERE u64 > 9223372036854775807 GROUP BY g"),
                q("distinct over an empty input", "SELECT " + counts + ", " + sums + " FROM t_dist WHERE id < 0")
                        .duck("SELECT " + counts + ", " + duckSums + " FROM t_dist WHERE id < 0"),
                q("distinct per group over an empty input",
                        "SELECT g, " + counts + " FROM t_dist WHERE id < 0 GROUP BY g").emptyByDesign(),
                q("count distinct of two columns", "SELECT count(DISTINCT g, i32), count(DISTINCT s, i32) FROM t_dist")
                        .duck("SELECT count(DISTINCT CASE WHEN g IS NOT NULL AND i32 IS NOT NULL THEN (g, i32) END),"
                                + " count(DISTINCT CASE WHEN s IS NOT NULL AND i32 IS NOT NULL THEN (s, i32) END)"
                                + " FROM t_dist"),
                q("count distinct of two columns per group",
                        "SELECT g % 4, count(DISTINCT i32 % 50, s) FROM t_dist GROUP BY g % 4")
                        .duck("SELECT g % 4, count(DISTINCT CASE WHEN i32 % 50 IS NOT NULL AND s IS NOT NULL"
                                + " THEN (i32 % 50, s) END) FROM t_dist GROUP BY g % 4"),
                q("distinct next to plain aggregates", "SELECT g % 3, count(*), count(DISTINCT s), sum(i32),"
                        + " sum(DISTINCT i32) FROM t_dist GROUP BY g % 3"));
    }

    @TestFactory
    Stream<DynamicTest> distinctAggregatesAgreeWithDuckDb() {
        return queries().stream().flatMap(q -> Stream.of(
                DynamicTest.dynamicTest(q.name() + " (serial)", () -> run(serial, q)),
                DynamicTest.dynamicTest(q.name() + " (partial/final)", () -> run(parallel, q))));
    }

    /**
     * GROUP_CONCAT(DISTINCT s) lists each group's distinct strings in the order the scan first meets them: with one
     * worker, the order of the rows ({@code id}). Expected from the table's rows.
     */
    @Test
    void groupConcatOfDistinctValuesKeepsTheirFirstSeenOrder() throws SQLException {
        Map<Integer, Set<String>> firstSeen = new TreeMap<>();
        for (List<Object> row : table().rows()) {
            if (row.get(1) != null && row.get(7) != null) {
                firstSeen.computeIfAbsent((Integer) row.get(1), k -> new LinkedHashSet<>()).add((String) row.get(7));
            }
        }
        Map<Integer, String> expected = new TreeMap<>();
        firstSeen.forEach((g, values) -> expected.put(g, String.join("|", values)));
        Map<Integer, String> actual = new TreeMap<>();
        try (Statement st = serial.createStatement();
                ResultSet rs = st.executeQuery("SELECT g, group_concat(DISTINCT s SEPARATOR '|') FROM t_dist"
                        + " WHERE g IS NOT NULL GROUP BY g")) {
            while (rs.next()) {
                actual.put(rs.getInt(1), rs.getString(2));
            }
        }
        assertEquals(expected, actual);
    }

    private static void run(Connection lance, DiffQuery q) {
        QueryOutcome ours = QueryOutcome.run(lance, q.sql());
        QueryOutcome theirs = QueryOutcome.runPrepared(duck, q.duckSql());
        Optional<String> problem = DiffJudge.judge(q, ours, theirs);
        if (problem.isPresent()) {
            throw new AssertionFailedError(q.name() + ": " + problem.get() + "\n  SQL: " + q.sql()
                    + "\n  lance-jdbc: " + ours + "\n  DuckDB:     " + theirs);
        }
    }
}
