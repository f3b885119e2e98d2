package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ORDER BY … LIMIT (the per-split partial Top-K, the final merge and the heap's threshold skipping) against DuckDB
 * over the same 140,000 rows in 14 fragments, at the keys' edge values: doubles with NaN (above every number),
 * {@code -0.0} and {@code 0.0} (equal), ±Infinity and NULLs; uint64 above 2^63; text sharing its first 8 bytes,
 * multi-byte UTF-8, empty strings; DECIMAL (no prefix code); long runs of ties. lance-jdbc keeps rows with equal keys
 * in input order (the dataset's {@code id} order), so each lance-jdbc statement is compared with the DuckDB one that
 * adds {@code id} as the last key and spells out lance-jdbc's default NULL placement (first in ascending order, last
 * in descending order, docs/sql-reference.md; DuckDB's default is last in both). Row order is part of every answer.
 */
class TopKOracleTest {
    private static final int ROWS = 140_000;
    private static final int ROWS_PER_FRAGMENT = 10_000;

    @TempDir
    static Path dir;
    static Connection lance;
    static Connection duck;

    @BeforeAll
    static void open() throws Exception {
        DiffTables.Table table = table();
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

    /**
     * id BIGINT (0..ROWS-1, the input order); f DOUBLE (scattered, ~1,000 distinct values, NaN, ±0.0, ±Infinity, NULL);
     * u UBIGINT (half above 2^63, NULL); s TEXT (shared 8-byte prefixes, multi-byte, empty, NULL); d DECIMAL(10,2)
     * (ties, NULL); r DOUBLE rising with id (every row better than the last under DESC: the heap replaces all the
     * time).
     */
    static DiffTables.Table table() {
        List<Field> fields = List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("u", new ArrowType.Int(64, false)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                Field.nullable("d", new ArrowType.Decimal(10, 2, 128)),
                Field.nullable("r", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        double[] specials = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        String[] words = {"", "a", "ab", "abcdefgh", "abcdefgh-1", "abcdefgh-2", "abcdefgi", "\u00e9t\u00e9",
            "\u00e9t\u00e9\u00e9t\u00e9x", "\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8", "\ud83d\ude00", "zz", "Z"};
        SplittableRandom random = new SplittableRandom(DiffTables.SEED + 1_001);
        List<List<Object>> rows = new ArrayList<>(ROWS);
        for (long id = 0; id < ROWS; id++) {
            int p = random.nextInt(1000);
            Double f = p < 40 ? null : p < 90 ? specials[p % specials.length] : (double) random.nextInt(1000) - 500;
            BigInteger u = p % 37 == 3 ? null : BigInteger.valueOf(random.nextLong() >>> 8)
                    .add(p % 2 == 0 ? BigInteger.ONE.shiftLeft(63) : BigInteger.ZERO);
            String s = p % 41 == 7 ? null : words[random.nextInt(words.length)] + (p % 3 == 0 ? "" : random.nextInt(50));
            BigDecimal d = p % 29 == 1 ? null : BigDecimal.valueOf(random.nextInt(2000) - 1000, 2);
            Double r = id % 97 == 13 ? null : id * 0.25 - 1000;
            List<Object> row = new ArrayList<>();
            row.add(id);
            row.add(f);
            row.add(u);
            row.add(s);
            row.add(d);
            row.add(r);
            rows.add(row);
        }
        return new DiffTables.Table("topk", new Schema(fields), rows, ROWS_PER_FRAGMENT);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "f DESC NULLS LAST, id LIMIT 100 | f DESC NULLS LAST, id LIMIT 100",
        "f DESC NULLS LAST LIMIT 100 | f DESC NULLS LAST, id LIMIT 100",
        "f LIMIT 100 | f NULLS FIRST, id LIMIT 100",
        "f NULLS FIRST LIMIT 100 | f NULLS FIRST, id LIMIT 100",
        "f DESC NULLS FIRST LIMIT 10 OFFSET 37 | f DESC NULLS FIRST, id LIMIT 10 OFFSET 37",
        "f LIMIT 300 OFFSET 5500 | f NULLS FIRST, id LIMIT 300 OFFSET 5500",
        "f DESC LIMIT 1 | f DESC, id LIMIT 1",
        "u DESC LIMIT 100 | u DESC, id LIMIT 100",
        "u NULLS FIRST LIMIT 120 | u NULLS FIRST, id LIMIT 120",
        "u LIMIT 30 OFFSET 5 | u NULLS FIRST, id LIMIT 30 OFFSET 5",
        "s LIMIT 100 | s NULLS FIRST, id LIMIT 100",
        "s DESC NULLS LAST, id LIMIT 77 | s DESC NULLS LAST, id LIMIT 77",
        "s NULLS FIRST LIMIT 9000 | s NULLS FIRST, id LIMIT 9000",
        "s DESC, f LIMIT 500 | s DESC NULLS LAST, f NULLS FIRST, id LIMIT 500",
        "d DESC, s LIMIT 250 | d DESC NULLS LAST, s NULLS FIRST, id LIMIT 250",
        "d NULLS FIRST LIMIT 40 | d NULLS FIRST, id LIMIT 40",
        "r DESC NULLS LAST LIMIT 100 | r DESC NULLS LAST, id LIMIT 100",
        "r DESC LIMIT 30000 | r DESC, id LIMIT 30000",
        "f DESC, r LIMIT 25000 OFFSET 100 | f DESC NULLS LAST, r NULLS FIRST, id LIMIT 25000 OFFSET 100",
        "f + 1 DESC NULLS LAST, id LIMIT 60 | f + 1 DESC NULLS LAST, id LIMIT 60",
        "f LIMIT 200000 | f NULLS FIRST, id LIMIT 200000",
    })
    void topKEqualsDuckDbWithIdAsTheLastKey(String ours, String theirs) {
        assertSameRows("SELECT id, f, u, s, d, r FROM topk ORDER BY " + ours,
                "SELECT id, f, u, s, d, r FROM topk ORDER BY " + theirs);
    }

    @Test
    void topKAfterAPushedFilterEqualsDuckDb() {
        assertSameRows("SELECT id, f, s FROM topk WHERE id % 7 = 3 AND f > -100 ORDER BY f DESC, s LIMIT 150",
                "SELECT id, f, s FROM topk WHERE id % 7 = 3 AND f > -100 ORDER BY f DESC NULLS LAST, s NULLS FIRST, id LIMIT 150");
    }

    /** -0.0 and 0.0 are equal keys: their rows interleave in input order. */
    @Test
    void signedZerosTieInInputOrder() {
        assertSameRows("SELECT id, f FROM topk WHERE f >= -1 AND f <= 1 ORDER BY f LIMIT 700",
                "SELECT id, f FROM topk WHERE f >= -1 AND f <= 1 ORDER BY f NULLS FIRST, id LIMIT 700");
    }

    @Test
    void limitZeroIsEmpty() throws Exception {
        QueryOutcome ours = QueryOutcome.run(lance, "SELECT id, f FROM topk ORDER BY f LIMIT 0");
        assertFalse(ours.failed(), ours.error());
        assertEquals(0, ours.rows().size());
        assertEquals(List.of("id", "f"), ours.columns());
    }

    @Test
    void offsetPastTheInputIsEmpty() throws Exception {
        QueryOutcome ours = QueryOutcome.run(lance, "SELECT id FROM topk ORDER BY s LIMIT 10 OFFSET " + ROWS);
        assertFalse(ours.failed(), ours.error());
        assertEquals(0, ours.rows().size());
    }

    /** The plan this test relies on: a partial Top-K per split below the final merge, as EXPLAIN shows it. */
    @Test
    void planHasPartialTopKPerSplit() throws Exception {
        StringBuilder plan = new StringBuilder();
        try (Statement st = lance.createStatement();
                ResultSet rs = st.executeQuery("EXPLAIN SELECT id FROM topk ORDER BY f DESC LIMIT 100")) {
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
        }
        assertTrue(plan.toString().contains("TOP_N (partial, per split)"), plan.toString());
        assertTrue(plan.toString().contains("TOP_N (final merge)"), plan.toString());
    }

    private static void assertSameRows(String oursSql, String duckSql) {
        QueryOutcome ours = QueryOutcome.run(lance, oursSql);
        QueryOutcome theirs = QueryOutcome.runPrepared(duck, duckSql);
        assertFalse(ours.failed(), () -> oursSql + ": " + ours.error());
        assertFalse(theirs.failed(), () -> duckSql + ": " + theirs.error());
        assertFalse(theirs.rows().isEmpty(), duckSql);
        Optional<String> difference = OutcomeComparison.compare(ours, theirs, true);
        assertTrue(difference.isEmpty(), () -> oursSql + "\n" + difference.orElse(""));
    }
}
