package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import io.lancejdbc.sql.types.Types;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Edge cases of the planned parallel stages with exact hand-computed answers: BIGINT sums whose partial (per split)
 * or running (window frame, before the retract) totals leave BIGINT while the answer fits, LIMIT/OFFSET at the
 * extremes of BIGINT, and uncorrelated subqueries in HAVING, ORDER BY ... LIMIT and IN.
 *
 * <p>Table {@code w (id BIGINT NOT NULL, x BIGINT)}, 2 rows per fragment (4 fragments), in id order:
 * {@code x = MAX, MAX, -MAX, -MAX, MAX, -1, 10, MIN} where MAX = 2^63-1 and MIN = -2^63.
 */
class BreakerEdgeTest {
    static final long MAX = Long.MAX_VALUE;
    static final long[] X = {MAX, MAX, -MAX, -MAX, MAX, -1, 10, Long.MIN_VALUE};

    /** Table {@code u (id BIGINT NOT NULL, u UBIGINT)}: 0, 1, 2^63-1, 2^63, 2^63+1, 2^64-1, 2 rows per fragment. */
    static final BigInteger[] U = {BigInteger.ZERO, BigInteger.ONE, BigInteger.valueOf(MAX),
        BigInteger.ONE.shiftLeft(63), BigInteger.ONE.shiftLeft(63).add(BigInteger.ONE),
        BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)};

    static Path dir;
    static EmbeddedQueryEngine engine;
    static Map<Integer, EngineSession> sessions = new HashMap<>();

    @BeforeAll
    static void open(@org.junit.jupiter.api.io.TempDir Path tmp) {
        dir = tmp;
        Path root = dir.resolve("wh");
        try (BufferAllocator allocator = new RootAllocator()) {
            Schema schema = new Schema(List.of(Types.field("id", Types.INT64, false),
                    Types.field("x", Types.INT64, true)));
            GeneratedDatasetWriter.to(root.resolve("w.lance"), schema).rows(0, X.length).maxRowsPerFile(2)
                    .batchSize(2).write(allocator, (batch, first, count) -> {
                        ValueAccess.Setter id = ValueAccess.setter(batch.getVector(0));
                        ValueAccess.Setter x = ValueAccess.setter(batch.getVector(1));
                        for (int k = 0; k < count; k++) {
                            id.set(k, first + k);
                            x.set(k, X[(int) (first + k)]);
                        }
                    });
        }
        try (BufferAllocator allocator = new RootAllocator()) {
            Schema schema = new Schema(List.of(Types.field("id", Types.INT64, false),
                    Types.field("u", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, false), true)));
            GeneratedDatasetWriter.to(root.resolve("u.lance"), schema).rows(0, U.length).maxRowsPerFile(2)
                    .batchSize(2).write(allocator, (batch, first, count) -> {
                        ValueAccess.Setter id = ValueAccess.setter(batch.getVector(0));
                        ValueAccess.Setter u = ValueAccess.setter(batch.getVector(1));
                        for (int k = 0; k < count; k++) {
                            id.set(k, first + k);
                            u.set(k, new java.math.BigDecimal(U[(int) (first + k)]));
                        }
                    });
        }
        engine = new EmbeddedQueryEngine();
        for (int p : new int[] {1, 4}) {
            sessions.put(p, engine.openSession(EngineConfig.of(Map.of("warehouse", root.toString(),
                    "scan.parallelism", String.valueOf(p)))));
        }
    }

    @AfterAll
    static void close() {
        sessions.values().forEach(EngineSession::close);
        long leaked = engine.rootAllocator().getAllocatedMemory();
        engine.close();
        assertEquals(0, leaked, "Arrow memory leaked");
    }

    static List<List<Object>> rows(int p, String sql) {
        return SqlOpsWarehouse.rows(sessions.get(p), sql);
    }

    static List<Object> longs(List<List<Object>> rows, int col) {
        List<Object> out = new ArrayList<>();
        for (List<Object> r : rows) {
            Object v = r.get(col);
            out.add(v == null ? null : new BigInteger(v.toString()));
        }
        return out;
    }

    static List<Object> big(Long... v) {
        List<Object> out = new ArrayList<>();
        for (Long x : v) {
            out.add(x == null ? null : BigInteger.valueOf(x));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void bigintSumWhosePartialsOverflowButWhoseTotalFits(int p) {
        // Fragments {MAX, MAX} and {-MAX, -MAX} sum to 0: each partial leaves BIGINT, the total does not.
        assertEquals(big(0L), longs(rows(p, "SELECT SUM(x) FROM w WHERE id < 4"), 0));
        assertEquals(big(0L), longs(rows(p, "SELECT SUM(x) FROM w WHERE id < 4 GROUP BY id < 100"), 0));
        assertEquals(big(0L), longs(rows(p, "SELECT SUM(x), COUNT(*) FROM w WHERE id < 4"), 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void slidingBigintSumWhoseRunningTotalOverflowsBeforeTheRetract(int p) {
        // Frames of two rows over rows 4..7: {MAX}, {MAX, -1}, {-1, 10}, {10, MIN}: each fits in BIGINT.
        List<List<Object>> got = rows(p, "SELECT id, SUM(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"
                + " FROM w WHERE id >= 4 ORDER BY id");
        assertEquals(big(MAX, MAX - 1, 9L, Long.MIN_VALUE + 10), longs(got, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void limitAndOffsetAtTheExtremesOfBigint(int p) {
        assertEquals(big(5L, 6L, 7L), longs(rows(p, "SELECT id FROM w ORDER BY id LIMIT 9223372036854775807 OFFSET 5"),
                0));
        assertEquals(big(7L, 6L, 5L, 4L, 3L, 2L, 1L, 0L), longs(rows(p,
                "SELECT id FROM w ORDER BY id DESC LIMIT 2147483648 OFFSET 0"), 0));
        assertEquals(big(), longs(rows(p, "SELECT id FROM w ORDER BY id LIMIT 3 OFFSET 9223372036854775807"), 0));
        assertEquals(big(2L, 3L), longs(rows(p, "SELECT id FROM w ORDER BY id LIMIT 2 OFFSET 2"), 0));
        assertEquals(8, rows(p, "SELECT id FROM w LIMIT 9223372036854775807").size());
        // maxRows (Statement.setMaxRows) below the LIMIT
        try (QueryResult r = sessions.get(p).execute("SELECT id FROM w ORDER BY x, id LIMIT 6 OFFSET 1", List.of(),
                new QueryOptions(3, 0, 0, new Cancellation()))) {
            List<Long> ids = new ArrayList<>();
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                try (VectorSchemaRoot batch = b) {
                    ValueAccess.Getter g = ValueAccess.getter(batch.getVector(0));
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        ids.add(((Number) g.get(i)).longValue());
                    }
                }
            }
            // x order: MIN(7), -MAX(2), -MAX(3), -1(5), 10(6), MAX(0), MAX(1), MAX(4)
            assertEquals(List.of(2L, 3L, 5L), ids);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void uncorrelatedSubqueriesInHavingOrderByLimitAndIn(int p) {
        List<List<Object>> having = rows(p, "SELECT x > 0 AS pos, COUNT(*) FROM w GROUP BY x > 0 HAVING COUNT(*) >= "
                + "(SELECT COUNT(*) FROM w WHERE id < 4)");
        assertEquals(2, having.size(), having.toString());
        // |id - avg(id)| with avg = 3.5: ties 3 and 4, then 2 and 5.
        assertEquals(big(3L, 4L, 2L), longs(rows(p, "SELECT id FROM w ORDER BY abs(id - (SELECT AVG(id) FROM w)), id "
                + "LIMIT 3"), 0));
        assertEquals(big(0L, 1L, 4L), longs(rows(p, "SELECT id FROM w WHERE x IN (SELECT MAX(x) FROM w) ORDER BY id"),
                0));
        assertEquals(big(), longs(rows(p, "SELECT id FROM w WHERE x = (SELECT MAX(x) FROM w WHERE id < 0)"), 0));
        assertEquals(big(8L), longs(rows(p, "SELECT COUNT(*) FROM w WHERE (SELECT MAX(x) FROM w WHERE id < 0) IS NULL"),
                0));
        SqlError e = assertThrows(SqlError.class, () -> rows(p, "SELECT id FROM w WHERE x > (SELECT x FROM w)"));
        assertEquals("21000", e.sqlState(), e.getMessage());
    }

    static String state(int p, String sql) {
        SqlError e = assertThrows(SqlError.class, () -> rows(p, sql), sql);
        return e.sqlState() + " " + e.getMessage();
    }

    @ParameterizedTest
    @ValueSource(ints = {1})
    void integerFunctionsAtTheirExtremes(int p) {
        String one = " FROM w WHERE id = 7";
        // x = MIN at id 7
        org.junit.jupiter.api.Assertions.assertTrue(state(p, "SELECT x DIV -1" + one).startsWith("22003"));
        org.junit.jupiter.api.Assertions.assertTrue(state(p, "SELECT -x" + one).startsWith("22003"));
        org.junit.jupiter.api.Assertions.assertTrue(state(p, "SELECT abs(x)" + one).startsWith("22003"));
        org.junit.jupiter.api.Assertions.assertTrue(state(p, "SELECT x * -1" + one).startsWith("22003"));
        org.junit.jupiter.api.Assertions.assertTrue(state(p, "SELECT x - 1" + one).startsWith("22003"));
        assertEquals(big(0L), longs(rows(p, "SELECT x % -1" + one), 0));
        assertEquals(big(0L), longs(rows(p, "SELECT mod(x, -1)" + one), 0));
        assertEquals(big(Long.MIN_VALUE), longs(rows(p, "SELECT x DIV 1" + one), 0));
        assertEquals(big(-1L), longs(rows(p, "SELECT sign(x)" + one), 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {1})
    void stringFunctionsThatWouldBuildHugeValuesFailWithAnSqlError(int p) {
        for (String sql : new String[] {"SELECT repeat('abcdefgh', 1000000000 + id) FROM w WHERE id = 0",
            "SELECT lpad('a', 2000000000 + id, 'xy') FROM w WHERE id = 0",
            "SELECT rpad('a', 2147483647, 'xy') FROM w WHERE id = 0"}) {
            String st = state(p, sql);
            org.junit.jupiter.api.Assertions.assertTrue(st.matches("(22\\d{3}|54000|HY001) .*"), sql + ": " + st);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void slidingMinMaxOfTextAndCountRetract(int p) {
        // s = 'v' || x order by id; frames of 3 rows: MIN/MAX must forget the row that leaves the frame.
        List<List<Object>> got = rows(p, "SELECT id, MIN(CAST(x AS VARCHAR)) OVER (ORDER BY id ROWS BETWEEN 1 "
                + "PRECEDING AND 1 FOLLOWING), MAX(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), "
                + "MIN(x) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING) FROM w ORDER BY id");
        String[] txt = new String[X.length];
        for (int i = 0; i < X.length; i++) {
            txt[i] = Long.toString(X[i]);
        }
        for (int i = 0; i < X.length; i++) {
            String mn = null;
            Long mx = null;
            Long mn2 = null;
            for (int j = Math.max(0, i - 1); j <= Math.min(X.length - 1, i + 1); j++) {
                mn = mn == null || txt[j].compareTo(mn) < 0 ? txt[j] : mn;
                mx = mx == null || X[j] > mx ? X[j] : mx;
            }
            for (int j = i + 2; j <= Math.min(X.length - 1, i + 3); j++) {
                mn2 = mn2 == null || X[j] < mn2 ? X[j] : mn2;
            }
            assertEquals(mn, got.get(i).get(1), "row " + i);
            assertEquals(big(mx), longs(List.of(got.get(i)), 2).subList(0, 1), "row " + i);
            List<Object> m2 = new ArrayList<>();
            m2.add(mn2 == null ? null : BigInteger.valueOf(mn2));
            assertEquals(m2, longs(List.of(got.get(i)), 3), "row " + i);
        }
    }

    static double dbl(Object v) {
        return ((Number) v).doubleValue();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void avgOfBigintsNearMaxDoesNotWrap(int p) {
        double want = new java.math.BigDecimal(MAX).doubleValue();
        assertEquals(want, dbl(rows(p, "SELECT AVG(x) FROM w WHERE id < 2").get(0).get(0)));
        assertEquals(want, dbl(rows(p, "SELECT AVG(x) FROM w WHERE id IN (0, 1, 4)").get(0).get(0)));
        List<List<Object>> win = rows(p, "SELECT id, AVG(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT "
                + "ROW) FROM w WHERE id < 2 ORDER BY id");
        assertEquals(want, dbl(win.get(1).get(1)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void slidingVarianceForgetsALargeValueThatLeftTheFrame(int p) {
        List<List<Object>> got = rows(p, "SELECT id, VAR_POP(CASE WHEN id = 0 THEN 1e16 ELSE CAST(id AS DOUBLE) END) "
                + "OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW), STDDEV_POP(0.1 + id * 0) OVER (ORDER "
                + "BY id ROWS BETWEEN 3 PRECEDING AND CURRENT ROW), VAR_SAMP(CAST(id AS DOUBLE)) OVER (ORDER BY id "
                + "ROWS BETWEEN CURRENT ROW AND CURRENT ROW) FROM w ORDER BY id");
        for (int i = 3; i < X.length; i++) {
            double v = dbl(got.get(i).get(1));
            org.junit.jupiter.api.Assertions.assertTrue(Math.abs(v - 2.0 / 3) < 1e-9, "row " + i + ": var_pop of {"
                    + (i - 2) + ", " + (i - 1) + ", " + i + "} is 2/3, got " + v);
        }
        for (int i = 0; i < X.length; i++) {
            double sd = dbl(got.get(i).get(2));
            org.junit.jupiter.api.Assertions.assertTrue(sd >= 0 && sd < 1e-12, "row " + i + ": stddev of constants "
                    + sd);
            assertEquals(null, got.get(i).get(3), "var_samp of one row");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1})
    void rangeFrameOverADecimalKeyComparesExactly(int p) {
        // k = 10000000000000000.<id> as DECIMAL(38,1): distinct exactly, one value as DOUBLE (ulp 2 at 1e16).
        String k = "CAST(CONCAT('10000000000000000.', CAST(id AS VARCHAR)) AS DECIMAL(38,1))";
        List<List<Object>> got = rows(p, "SELECT id, COUNT(*) OVER (ORDER BY " + k + " RANGE BETWEEN 1 PRECEDING AND "
                + "CURRENT ROW), COUNT(*) OVER (ORDER BY " + k + " RANGE BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM w "
                + "ORDER BY id");
        for (int i = 0; i < X.length; i++) {
            assertEquals(big((long) i + 1, (long) X.length - i), longs(got, 1).subList(i, i + 1).isEmpty() ? big()
                    : List.of(longs(got, 1).get(i), longs(got, 2).get(i)), "row " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1})
    void rangeFrameOverADecimalKeyWithSubUlpStepsComparesExactly(int p) {
        // k = 10000000000000000 + 1.1 * id as DECIMAL: consecutive keys differ by 1.1 > 1, so a frame of
        // "1 PRECEDING AND 1 FOLLOWING" holds the row alone; as DOUBLEs (ulp 2) neighbours look within 1.
        String k = "(CAST(id AS DECIMAL(38,1)) * CAST('1.1' AS DECIMAL(38,1)) + CAST('10000000000000000' AS "
                + "DECIMAL(38,1)))";
        List<List<Object>> got = rows(p, "SELECT id, COUNT(*) OVER (ORDER BY " + k + " RANGE BETWEEN 1 PRECEDING AND "
                + "1 FOLLOWING), CAST(" + k + " AS VARCHAR) FROM w ORDER BY id");
        for (int i = 0; i < X.length; i++) {
            assertEquals(new java.math.BigDecimal("10000000000000000").add(new java.math.BigDecimal("1.1")
                    .multiply(java.math.BigDecimal.valueOf(i))).compareTo(new java.math.BigDecimal(
                    (String) got.get(i).get(2))), 0, "key of row " + i + ": " + got.get(i));
            assertEquals(big(1L), longs(got, 1).subList(i, i + 1), "row " + i + ": " + got.get(i));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void uint64AcrossTwoToTheSixtyThreeInRangeFramesMinMaxAndTopK(int p) {
        List<List<Object>> got = rows(p, "SELECT id, COUNT(*) OVER (ORDER BY u RANGE BETWEEN 1 PRECEDING AND 1 "
                + "FOLLOWING) FROM u ORDER BY id");
        assertEquals(big(2L, 2L, 2L, 3L, 2L, 1L), longs(got, 1), got.toString());
        assertEquals(List.of(U[5], U[0]), longs(rows(p, "SELECT MAX(u), MIN(u) FROM u"), 0).subList(0, 1).isEmpty()
                ? List.of() : List.of(longs(rows(p, "SELECT MAX(u) FROM u"), 0).get(0),
                        longs(rows(p, "SELECT MIN(u) FROM u"), 0).get(0)));
        assertEquals(List.of(U[5], U[4], U[3]), longs(rows(p, "SELECT u FROM u ORDER BY u DESC LIMIT 3"), 0));
        List<List<Object>> win = rows(p, "SELECT id, MAX(u) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT "
                + "ROW), MIN(u) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM u ORDER BY id");
        for (int i = 0; i < U.length; i++) {
            assertEquals(U[i], longs(win, 1).get(i), "max row " + i);
            assertEquals(U[i], longs(win, 2).get(i), "min row " + i);
        }
        BigInteger sum = BigInteger.ZERO;
        for (BigInteger x : U) {
            sum = sum.add(x);
        }
        assertEquals(List.of(sum), longs(rows(p, "SELECT SUM(u) FROM u"), 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void uint64ComparisonsAndDescendingRangeAcrossTwoToTheSixtyThree(int p) {
        String[][] counts = {{"u > 9223372036854775807", "3"}, {"u >= 9223372036854775808", "3"},
            {"u BETWEEN 1 AND 9223372036854775808", "3"}, {"u IN (18446744073709551615, 0)", "2"},
            {"u < 0", "0"}, {"u + 0 > 9223372036854775807", "3"}, {"u <> 9223372036854775808", "5"},
            {"u = 18446744073709551615", "1"}, {"u > id", "4"}};
        for (String[] c : counts) {
            assertEquals(List.of(new BigInteger(c[1])), longs(rows(p, "SELECT COUNT(*) FROM u WHERE " + c[0]), 0),
                    c[0]);
        }
        List<List<Object>> got = rows(p, "SELECT id, COUNT(*) OVER (ORDER BY u DESC RANGE BETWEEN 1 PRECEDING AND 1 "
                + "FOLLOWING), LAG(u) OVER (ORDER BY u) FROM u ORDER BY id");
        assertEquals(big(2L, 2L, 2L, 3L, 2L, 1L), longs(got, 1), got.toString());
        List<Object> lag = new ArrayList<>();
        lag.add(null);
        for (int i = 0; i + 1 < U.length; i++) {
            lag.add(U[i]);
        }
        assertEquals(lag, longs(got, 2));
    }
}
