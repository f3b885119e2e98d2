package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sort's and the Top-K's output gather (RowGatherer / FixedWidthGather) carrying every fixed-width type as a
 * non-key column: int8..int64 at their extremes, uint8..uint64 above 2^63, float16/32/64 with NaN, -0.0, subnormals
 * and infinities, date32/date64 before 1970, time32/time64 of every unit, timestamps s/ms/us/ns with and without a
 * zone, fixed_size_binary(4) and (8), a column NULL only in some fragments, one NULL everywhere, one never NULL,
 * plus the value-by-value types (decimal, boolean, text) beside them. The dataset has fragments of very different
 * sizes (1 row to 40,000 rows), appended one by one.
 *
 * <p>Two oracles: DuckDB over the same rows gives the order of the ids (every statement ends its keys with the unique
 * {@code id}) and the integer values; lance-jdbc's own scan of the same projection without ORDER BY (no sort, no
 * gather) gives each id's row, value for value as the same JDBC accessors render it. Every query must also leave
 * no Arrow memory behind.
 */
class SortGatherOracleTest {
    private static final int[] FRAGMENTS = {1, 5_000, 3, 40_000, 1, 700, 64, 65, 12_000, 2};
    /** Rows of the fragment (index 3, 40,000 rows) whose {@code fragnull} is NULL; elsewhere it never is. */
    private static final int NULL_FRAGMENT = 3;
    static final String COLS = "id, k, ks, i8, i16, i32, i64, u8, u16, u32, u64, f16, f32, f64, d32, d64, "
            + "t32s, t32ms, t64us, t64ns, ts_s, ts_ms, ts_us, ts_ns, tsz_us, tsz_ms_ny, fsb4, fsb8, fragnull, allnull, "
            + "nonull, nn, dec, b, s";
    private static final String INTS = "id, i8, i16, i32, i64, u8, u16, u32, u64, fragnull, allnull, nonull, nn";

    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static LanceDriver driver;
    static Connection lance;
    static Connection duck;
    static int rows;

    @BeforeAll
    static void open() throws Exception {
        duck = DriverManager.getConnection("jdbc:duckdb:");
        Path ds = dir.resolve("t_fw.lance");
        try (BufferAllocator allocator = new RootAllocator()) {
            write(allocator, ds);
            DuckDbLoader.load(duck, allocator, ds, "t_fw");
            // The same rows with deletions in every fragment and a run of 24,000 rows deleted from the big one.
            Path del = dir.resolve("t_del.lance");
            write(allocator, del);
            try (org.lance.Dataset d = org.lance.Dataset.open(del.toString(), allocator)) {
                d.delete("id % 7 = 3 OR (id >= 6000 AND id < 30000) OR id = 0");
            }
            DuckDbLoader.load(duck, allocator, del, "t_del");
        }
        engine = new EmbeddedQueryEngine();
        driver = EngineDrivers.over(engine);
        lance = driver.connect("jdbc:lance:" + dir.toAbsolutePath(), new Properties());
    }

    @AfterAll
    static void close() throws Exception {
        if (lance != null) {
            lance.close();
        }
        if (driver != null) {
            EngineDrivers.shutdown(driver);
        }
        duck.close();
    }

    @AfterEach
    void noArrowMemoryLeft() {
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), engine.rootAllocator().toVerboseString());
    }

    @ParameterizedTest(name = "ORDER BY {0}")
    @ValueSource(strings = {
        "k ASC NULLS FIRST, id",
        "k DESC NULLS LAST, id DESC",
        "u64 DESC NULLS FIRST, id",
        "f64 ASC NULLS LAST, id",
        "f32 DESC NULLS FIRST, id",
        "ts_ns ASC NULLS FIRST, id",
        "d32 DESC NULLS LAST, id",
        "ks ASC NULLS FIRST, i8 DESC NULLS LAST, id",
        "fragnull ASC NULLS FIRST, id",
        "allnull ASC NULLS FIRST, id DESC",
        "dec DESC NULLS FIRST, id",
        "id DESC",
    })
    void fullSortCarriesEveryColumn(String keys) throws SQLException {
        check("SELECT " + COLS + " FROM t_fw", keys, "", 0, rows);
    }

    @ParameterizedTest(name = "ORDER BY {0}")
    @ValueSource(strings = {
        "k ASC NULLS FIRST, id LIMIT 100",
        "k DESC NULLS LAST, id LIMIT 1",
        "u64 DESC NULLS FIRST, id LIMIT 5000",
        "f64 ASC NULLS LAST, id LIMIT 777 OFFSET 321",
        "ts_us DESC NULLS LAST, id LIMIT 100 OFFSET 57800",
        "fragnull DESC NULLS LAST, id LIMIT 3000",
        "fragnull ASC NULLS FIRST, id LIMIT 40001",
        "k ASC NULLS FIRST, id LIMIT 10 OFFSET 1000000",
        "k ASC NULLS FIRST, id LIMIT 2000000",
        "ks DESC NULLS FIRST, id LIMIT 1500000 OFFSET 10",
        "id LIMIT 70000",
    })
    void topKCarriesEveryColumn(String keysAndLimit) throws SQLException {
        int at = keysAndLimit.indexOf(" LIMIT ");
        String keys = keysAndLimit.substring(0, at);
        String[] lo = keysAndLimit.substring(at + 7).split(" OFFSET ");
        long limit = Long.parseLong(lo[0]);
        long offset = lo.length > 1 ? Long.parseLong(lo[1]) : 0;
        check("SELECT " + COLS + " FROM t_fw", keys, keysAndLimit.substring(at), offset, limit);
    }

    @ParameterizedTest(name = "ORDER BY {0}")
    @ValueSource(strings = {
        "k ASC NULLS FIRST, id|",
        "u64 DESC NULLS LAST, id|",
        "fragnull ASC NULLS FIRST, id| LIMIT 9000",
        "ts_ns DESC NULLS FIRST, id| LIMIT 50 OFFSET 29000",
        "i8 ASC NULLS LAST, id| LIMIT 1100000",
    })
    void sortOverFragmentsWithDeletedRows(String keysAndTail) throws SQLException {
        String[] kt = keysAndTail.split("\\|", -1);
        check("SELECT " + COLS + " FROM t_del", kt[0], kt[1], 0, Long.MAX_VALUE);
    }

    @ParameterizedTest(name = "fetchSize {0}")
    @ValueSource(ints = {1024, 1027, 4_099, 65_536})
    void outputBatchesOfOddSizes(int fetchSize) throws SQLException {
        String sql = "SELECT " + COLS + " FROM t_fw ORDER BY k DESC NULLS FIRST, id";
        List<String> ours = new ArrayList<>();
        try (Statement st = lance.createStatement()) {
            st.setFetchSize(fetchSize);
            try (ResultSet rs = st.executeQuery(sql)) {
                while (rs.next()) {
                    ours.add(render(rs));
                }
            }
        }
        assertEquals(expected("SELECT " + COLS + " FROM t_fw", "k DESC NULLS FIRST, id", "", 0, rows), ours);
    }

    @Test
    void maxRowsCutsTheSortedRows() throws SQLException {
        List<String> ours = new ArrayList<>();
        try (Statement st = lance.createStatement()) {
            st.setMaxRows(1_234);
            try (ResultSet rs = st.executeQuery("SELECT " + COLS + " FROM t_fw ORDER BY u64 ASC NULLS LAST, id")) {
                while (rs.next()) {
                    ours.add(render(rs));
                }
            }
        }
        assertEquals(expected("SELECT " + COLS + " FROM t_fw", "u64 ASC NULLS LAST, id", "", 0, 1_234), ours);
    }

    /** The integer columns against DuckDB's own values (not lance-jdbc's scan), sorted and Top-K. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "ORDER BY u64 DESC NULLS LAST, id",
        "ORDER BY i8 ASC NULLS FIRST, i64 DESC NULLS LAST, id",
        "ORDER BY fragnull DESC NULLS FIRST, id LIMIT 4321",
        "ORDER BY u32 DESC NULLS FIRST, id LIMIT 10 OFFSET 57000",
    })
    void integersEqualDuckDb(String tail) throws SQLException {
        String sql = "SELECT " + INTS + " FROM t_fw " + tail;
        assertEquals(plain(duck, sql), plain(lance, sql));
    }

    /** Sorted rows of operators' own vectors: casts, CASE, arithmetic, a UNION ALL, a join and a GROUP BY. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "SELECT id, CAST(i32 AS BIGINT) AS c1, CAST(i8 AS INT) AS c2, CAST(f32 AS DOUBLE) AS c3, "
                + "CASE WHEN k > 20 THEN u64 ELSE NULL END AS c4, CAST(i16 AS INT) + 1 AS c5, i64 / 7 AS c6, "
                + "CAST(ts_us AS DATE) AS c7, CASE WHEN k IS NULL THEN ts_ns END AS c8, f64 * 2 AS c9 FROM t_fw",
        "SELECT id, fragnull, i8, u64, ts_ns, d32 FROM t_fw WHERE id % 3 = 0 "
                + "UNION ALL SELECT id + 1000000, fragnull, i8, u64, ts_ns, d32 FROM t_fw WHERE k > 40",
        "SELECT a.id, a.i64, b.u16, b.tsz_us, a.f32, b.fragnull FROM t_fw a JOIN t_fw b ON a.id = b.id + 1 "
                + "WHERE a.k < 10",
        "SELECT a.id, a.u64, b.i32 FROM t_fw a LEFT JOIN t_fw b ON a.id = b.id + 3 AND b.k > 25",
        "SELECT id, i8, u64, ts_ns, fragnull FROM t_fw WHERE k < 20 "
                + "INTERSECT SELECT id, i8, u64, ts_ns, fragnull FROM t_fw WHERE k > 10",
        "SELECT id, i16, u32, d64, f32 FROM t_fw EXCEPT SELECT id, i16, u32, d64, f32 FROM t_fw WHERE k < 45",
        "SELECT DISTINCT id, nn, t64ns, tsz_ms_ny FROM t_fw",
    })
    void sortedOperatorOutput(String source) throws SQLException {
        check(source, "id DESC", "", 0, Long.MAX_VALUE);
        check(source, "id", " LIMIT 3001 OFFSET 2", 2, 3001);
    }

    /**
     * A Top-K over more rows than it may hold (65,536) while rows keep entering: the heap's rows are copied into one
     * batch (a gather of their own) and the output gathers from that copy and the batches held after it.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "id DESC LIMIT 20000",
        "k ASC NULLS FIRST, id LIMIT 25000 OFFSET 5000",
        "fragnull DESC NULLS FIRST, id DESC LIMIT 30000 OFFSET 1",
    })
    void topKThatCompactsItsHeldRows(String keysAndLimit) throws SQLException {
        String source = "SELECT " + COLS + " FROM t_fw UNION ALL SELECT " + COLS.replaceFirst("id", "id + 100000 AS id")
                + " FROM t_fw";
        int at = keysAndLimit.indexOf(" LIMIT ");
        check(source, keysAndLimit.substring(0, at), keysAndLimit.substring(at), 0, 0);
    }

    /**
     * Under a query memory limit the sort either answers exactly or fails with HY001, wherever the limit strikes
     * (buffering the input, the sort's index, an output batch of the gather), and leaves no Arrow memory behind.
     */
    @Test
    void memoryLimitFailsCleanlyOrAnswersExactly() throws SQLException {
        String source = "SELECT " + COLS + " FROM t_fw";
        List<String> full = expected(source, "u64 DESC NULLS LAST, id", "", 0, rows);
        List<String> topK = expected(source, "i64 ASC NULLS FIRST, id", " LIMIT 30000", 0, 0);
        int failures = 0;
        int answers = 0;
        for (String limit : new String[] {"1m", "3m", "6m", "9m", "14m", "20m", "32m", "64m", "512m"}) {
            Properties p = new Properties();
            p.setProperty("query.max_memory", limit);
            try (Connection c = driver.connect("jdbc:lance:" + dir.toAbsolutePath(), p)) {
                for (String[] q : new String[][] {{"u64 DESC NULLS LAST, id", ""},
                        {"i64 ASC NULLS FIRST, id", " LIMIT 30000"}}) {
                    try {
                        List<String> ours = rendered(c, source + " ORDER BY " + q[0] + q[1]);
                        assertEquals(q[1].isEmpty() ? full : topK, ours, "query.max_memory=" + limit);
                        answers++;
                    } catch (SQLException e) {
                        assertEquals("HY001", e.getSQLState(), "query.max_memory=" + limit + ": " + e);
                        failures++;
                    }
                    assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "after query.max_memory=" + limit);
                }
            }
        }
        assertTrue(failures > 0 && answers > 0, failures + " failures, " + answers + " answers");
    }

    @Test
    void sortedConstantRows() throws SQLException {
        String sql = "SELECT 3 AS a, CAST(NULL AS BIGINT) AS b, CAST(1.5 AS REAL) AS c "
                + "UNION ALL SELECT 1, 9223372036854775807, CAST(NULL AS REAL) "
                + "UNION ALL SELECT 2, -9223372036854775808, CAST(-0.25 AS REAL) "
                + "UNION ALL SELECT 4, 7, CAST(2 AS REAL) ORDER BY a DESC";
        assertEquals(List.of("4|7|2.0", "3|∅|1.5", "2|-9223372036854775808|-0.25", "1|9223372036854775807|∅"),
                rendered(lance, sql));
        assertEquals(plain(duck, sql), rendered(lance, sql));
    }

    /**
     * {@code Statement.close()}, {@code Connection.close()} or {@code Statement.cancel()} from another thread while
     * the sorted rows are read (the output gather running batch by batch): the rows read are the exact prefix of the
     * answer, the read ends cancelled or closed (or at the end, when the close came last), and no Arrow memory is
     * left.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"statement", "connection", "cancel"})
    void closeFromAnotherThreadWhileReadingSortedRows(String how) throws Exception {
        String source = "SELECT " + COLS + " FROM t_fw";
        List<String> answer = expected(source, "ts_ns DESC NULLS LAST, id", "", 0, rows);
        java.util.Random random = new java.util.Random(how.hashCode());
        for (int i = 0; i < 12; i++) {
            Connection c = driver.connect("jdbc:lance:" + dir.toAbsolutePath(), new Properties());
            Statement st = c.createStatement();
            st.setFetchSize(1024);
            int closeAt = random.nextInt(rows);
            java.util.concurrent.CountDownLatch reached = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.atomic.AtomicReference<Throwable> ended = new java.util.concurrent.atomic.AtomicReference<>();
            List<String> read = java.util.Collections.synchronizedList(new ArrayList<>());
            Thread reader = new Thread(() -> {
                try (ResultSet rs = st.executeQuery(source + " ORDER BY ts_ns DESC NULLS LAST, id")) {
                    while (rs.next()) {
                        read.add(render(rs));
                        if (read.size() == closeAt + 1) {
                            reached.countDown();
                        }
                    }
                } catch (Throwable t) {
                    ended.set(t);
                } finally {
                    reached.countDown();
                }
            }, "sorted-reader-" + i);
            reader.start();
            reached.await();
            switch (how) {
                case "statement" -> st.close();
                case "connection" -> c.close();
                default -> st.cancel();
            }
            reader.join();
            c.close();
            Throwable t = ended.get();
            if (t != null) {
                assertTrue(t instanceof SQLException && java.util.Set.of("57014", "HY010", "08003")
                        .contains(((SQLException) t).getSQLState()), "iteration " + i + ": " + t);
            } else {
                assertEquals(answer.size(), read.size(), "iteration " + i + " ended without an error");
            }
            assertEquals(answer.subList(0, read.size()), read, "iteration " + i);
            assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "iteration " + i);
        }
    }

    /**
     * A Top-K above the heap's 2^20 rows buffers its input and, past twice the rows it keeps, cuts the buffer back to
     * them in one gathered batch; the output then gathers from that batch and the ones buffered after it. 2,313,440
     * rows (a cross join) keep 1,048,580, so the cut happens once; the integer columns are compared with DuckDB's.
     */
    @Test
    void bufferedTopKThatCutsItsBuffer() throws SQLException {
        String sql = "SELECT a.id * 100 + b.id AS rid, a.i8, a.u64, a.fragnull, b.nonull, a.nn FROM t_fw a "
                + "CROSS JOIN (SELECT id, nonull FROM t_fw WHERE id < 40) b "
                + "ORDER BY a.k ASC NULLS FIRST, rid DESC LIMIT 1048577 OFFSET 3";
        List<String> theirs = plain(duck, sql);
        assertEquals(1_048_577, theirs.size());
        assertEquals(theirs, plain(lance, sql));
    }

    @Test
    void sortedGroupBy() throws SQLException {
        String source = "SELECT k AS id, min(i8) AS a, max(u64) AS b, count(*) AS c, min(ts_ns) AS d, max(d32) AS e, "
                + "min(fragnull) AS f, max(allnull) AS g, sum(i16) AS h FROM t_fw GROUP BY k";
        // k is NULL for one group: the oracle keys rows by their rendered id, so NULL is a key too.
        check(source, "id DESC NULLS LAST", "", 0, Long.MAX_VALUE);
        String sql = "SELECT k, min(i8), max(u64), count(*), min(fragnull), max(allnull), sum(i16) FROM t_fw "
                + "GROUP BY k ORDER BY k NULLS FIRST";
        assertEquals(plain(duck, sql), plain(lance, sql));
    }

    @Test
    void sortInsideASubquery() throws SQLException {
        String inner = "SELECT " + COLS + " FROM t_fw ORDER BY f64 DESC NULLS LAST, id LIMIT 500";
        String outer = "SELECT * FROM (" + inner + ") s ORDER BY u64 ASC NULLS FIRST, id";
        List<String> theirIds = firstColumn(duck,
                "SELECT id FROM (SELECT id, u64 FROM t_fw ORDER BY f64 DESC NULLS LAST, id LIMIT 500) s "
                        + "ORDER BY u64 ASC NULLS FIRST, id");
        Map<String, String> byId = byId("SELECT " + COLS + " FROM t_fw");
        List<String> expected = new ArrayList<>();
        for (String id : theirIds) {
            expected.add(byId.get(id));
        }
        assertEquals(expected, rendered(lance, outer));
    }

    @Test
    void windowOverSortedRows() throws SQLException {
        String sql = "SELECT id, i64, u8, row_number() OVER (ORDER BY k NULLS FIRST, id) AS rn, "
                + "lag(i32) OVER (ORDER BY id) AS prev FROM t_fw ORDER BY rn DESC";
        assertEquals(plain(duck, sql), plain(lance, sql));
    }

    // ---------------------------------------------------------------------------------------------------------

    /**
     * Runs {@code source ORDER BY keys tail} on lance-jdbc and checks it against DuckDB's order of the ids and
     * lance-jdbc's unsorted rows of {@code source}.
     */
    private static void check(String source, String keys, String tail, long offset, long limit) throws SQLException {
        List<String> ours = rendered(lance, source + " ORDER BY " + keys + tail);
        assertEquals(expected(source, keys, tail, offset, limit), ours);
    }

    private static List<String> expected(String source, String keys, String tail, long offset, long limit)
            throws SQLException {
        return expected(lance, duck, source, keys, tail, offset, limit);
    }

    /**
     * The rows of {@code source ORDER BY keys tail}: the ids in DuckDB's order ({@code duck}), each id's row as
     * {@code lance} answers {@code source} unsorted; {@code offset} and {@code limit} cut them when {@code tail} is
     * empty.
     */
    static List<String> expected(Connection lance, Connection duck, String source, String keys, String tail,
            long offset, long limit) throws SQLException {
        List<String> ids = firstColumn(duck, source + " ORDER BY " + keys + tail);
        if (tail.isEmpty() && limit < Long.MAX_VALUE) {
            ids = ids.subList((int) offset, (int) Math.min(ids.size(), offset + limit));
        }
        Map<String, String> byId = byId(lance, source);
        List<String> out = new ArrayList<>();
        for (String id : ids) {
            String row = byId.get(id);
            assertTrue(row != null, "id " + id + " not in the unsorted rows");
            out.add(row);
        }
        return out;
    }

    private static Map<String, String> byId(String source) throws SQLException {
        return byId(lance, source);
    }

    private static Map<String, String> byId(Connection lance, String source) throws SQLException {
        Map<String, String> out = new HashMap<>();
        try (Statement st = lance.createStatement(); ResultSet rs = st.executeQuery(source)) {
            while (rs.next()) {
                String row = render(rs);
                String prior = out.put(rs.getString(1), row);
                assertTrue(prior == null || prior.equals(row), "two rows with id " + rs.getString(1));
            }
        }
        return out;
    }

    static List<String> rendered(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(render(rs));
            }
        }
        return out;
    }

    private static List<String> firstColumn(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** Rows as text, column by column: {@code getString}, NULL as {@code ∅}. */
    private static List<String> plain(Connection c, String sql) throws SQLException {
        return rendered(c, sql);
    }

    static String render(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            String v = rs.getString(i);
            sb.append(i > 1 ? "|" : "").append(rs.wasNull() ? "∅" : v);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------------------------------------------------

    private static Schema schema() {
        List<Field> f = new ArrayList<>();
        f.add(Field.notNullable("id", new ArrowType.Int(64, true)));
        f.add(nullable("k", new ArrowType.Int(32, true)));
        f.add(nullable("ks", ArrowType.Utf8.INSTANCE));
        f.add(nullable("i8", new ArrowType.Int(8, true)));
        f.add(nullable("i16", new ArrowType.Int(16, true)));
        f.add(nullable("i32", new ArrowType.Int(32, true)));
        f.add(nullable("i64", new ArrowType.Int(64, true)));
        f.add(nullable("u8", new ArrowType.Int(8, false)));
        f.add(nullable("u16", new ArrowType.Int(16, false)));
        f.add(nullable("u32", new ArrowType.Int(32, false)));
        f.add(nullable("u64", new ArrowType.Int(64, false)));
        f.add(nullable("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)));
        f.add(nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
        f.add(nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        f.add(nullable("d32", new ArrowType.Date(DateUnit.DAY)));
        f.add(nullable("d64", new ArrowType.Date(DateUnit.MILLISECOND)));
        f.add(nullable("t32s", new ArrowType.Time(TimeUnit.SECOND, 32)));
        f.add(nullable("t32ms", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));
        f.add(nullable("t64us", new ArrowType.Time(TimeUnit.MICROSECOND, 64)));
        f.add(nullable("t64ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)));
        f.add(nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)));
        f.add(nullable("ts_ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)));
        f.add(nullable("ts_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)));
        f.add(nullable("ts_ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)));
        f.add(nullable("tsz_us", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
        f.add(nullable("tsz_ms_ny", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "America/New_York")));
        f.add(nullable("fsb4", new ArrowType.FixedSizeBinary(4)));
        f.add(nullable("fsb8", new ArrowType.FixedSizeBinary(8)));
        f.add(nullable("fragnull", new ArrowType.Int(32, true)));
        f.add(nullable("allnull", new ArrowType.Int(64, true)));
        f.add(nullable("nonull", new ArrowType.Int(16, true)));
        f.add(Field.notNullable("nn", new ArrowType.Int(64, false)));
        f.add(nullable("dec", new ArrowType.Decimal(18, 3, 128)));
        f.add(nullable("b", ArrowType.Bool.INSTANCE));
        f.add(nullable("s", ArrowType.Utf8.INSTANCE));
        return new Schema(f);
    }

    private static final String[] WORDS = {"", "a", "ab", "abcdefgh", "abcdefghi", "größe", "日本語", "😀", "Z"};
    private static final double[] DOUBLES = {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    private static final float[] FLOATS = {Float.NaN, -0.0f, 0.0f, Float.MIN_VALUE, -Float.MIN_VALUE,
        Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
    private static final float[] HALVES = {Float.NaN, -0.0f, 0.0f, 65504f, -65504f, 5.9604645e-8f,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.5f, -2.25f};

    private static List<Object> row(SplittableRandom r, long id, int fragment) {
        List<Object> row = new ArrayList<>();
        row.add(id);
        row.add(maybeNull(r, r.nextInt(0, 50)));
        row.add(maybeNull(r, WORDS[r.nextInt(WORDS.length)]));
        row.add(maybeNull(r, r.nextInt(8) == 0 ? (r.nextBoolean() ? Byte.MIN_VALUE : Byte.MAX_VALUE)
                : (byte) r.nextInt(-128, 128)));
        row.add(maybeNull(r, r.nextInt(8) == 0 ? (r.nextBoolean() ? Short.MIN_VALUE : Short.MAX_VALUE)
                : (short) r.nextInt(-32768, 32768)));
        row.add(maybeNull(r, r.nextInt(8) == 0 ? (r.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE)
                : r.nextInt()));
        row.add(maybeNull(r, r.nextInt(8) == 0 ? (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) : r.nextLong()));
        row.add(maybeNull(r, r.nextInt(8) == 0 ? 255 : r.nextInt(0, 256)));
        row.add(maybeNull(r, r.nextInt(8) == 0 ? 65_535 : r.nextInt(0, 65_536)));
        row.add(maybeNull(r, r.nextInt(8) == 0 ? 4_294_967_295L : r.nextLong(0, 4_294_967_296L)));
        row.add(maybeNull(r, r.nextInt(4) == 0 ? BigInteger.ONE.shiftLeft(64).subtract(BigInteger.valueOf(r.nextInt(1, 3)))
                : new BigInteger(64, new java.util.Random(r.nextLong()))));
        row.add(maybeNull(r, r.nextInt(3) == 0 ? HALVES[r.nextInt(HALVES.length)] : r.nextInt(-800, 800) / 8f));
        row.add(maybeNull(r, r.nextInt(3) == 0 ? FLOATS[r.nextInt(FLOATS.length)] : r.nextInt(-4000, 4000) / 16f));
        row.add(maybeNull(r, r.nextInt(3) == 0 ? DOUBLES[r.nextInt(DOUBLES.length)] : r.nextInt(-4000, 4000) / 16.0));
        LocalDate date = LocalDate.ofEpochDay(r.nextLong(LocalDate.of(1700, 1, 1).toEpochDay(),
                LocalDate.of(2200, 1, 1).toEpochDay()));
        row.add(maybeNull(r, date));
        row.add(maybeNull(r, date.minusDays(r.nextInt(0, 40_000))));
        LocalTime time = LocalTime.ofNanoOfDay(r.nextLong(0, 86_400_000_000_000L));
        row.add(maybeNull(r, time.withNano(0)));
        row.add(maybeNull(r, time.withNano(time.getNano() / 1_000_000 * 1_000_000)));
        row.add(maybeNull(r, time.withNano(time.getNano() / 1_000 * 1_000)));
        row.add(maybeNull(r, time));
        LocalDateTime ts = LocalDateTime.of(1680, 1, 1, 0, 0).plusSeconds(r.nextLong(0, 580L * 365 * 86_400))
                .plusNanos(r.nextLong(0, 1_000_000_000));
        row.add(maybeNull(r, ts.withNano(0)));
        row.add(maybeNull(r, ts.withNano(ts.getNano() / 1_000_000 * 1_000_000)));
        row.add(maybeNull(r, ts.withNano(ts.getNano() / 1_000 * 1_000)));
        row.add(maybeNull(r, ts));
        Instant instant = ts.withNano(ts.getNano() / 1_000 * 1_000).toInstant(java.time.ZoneOffset.UTC);
        row.add(maybeNull(r, instant));
        row.add(maybeNull(r, Instant.ofEpochMilli(instant.toEpochMilli())));
        byte[] b4 = new byte[4];
        byte[] b8 = new byte[8];
        for (int i = 0; i < 8; i++) {
            b8[i] = (byte) r.nextInt(256);
            if (i < 4) {
                b4[i] = (byte) r.nextInt(256);
            }
        }
        row.add(maybeNull(r, b4));
        row.add(maybeNull(r, b8));
        row.add(fragment == NULL_FRAGMENT || fragment == 0 ? null : (Object) r.nextInt(-1000, 1000));
        row.add(null);
        row.add((short) r.nextInt(-32768, 32768));
        row.add(BigInteger.ONE.shiftLeft(63).add(BigInteger.valueOf(id)));
        row.add(maybeNull(r, BigDecimal.valueOf(r.nextLong(-999_999_999_999_999L, 999_999_999_999_999L), 3)));
        row.add(maybeNull(r, r.nextBoolean()));
        row.add(maybeNull(r, WORDS[r.nextInt(WORDS.length)] + id % 7));
        return row;
    }

    /** Writes the table {@code t_fw} at {@code ds}, fragment by fragment; sets {@link #rows}. */
    static void write(BufferAllocator allocator, Path ds) {
        Schema schema = schema();
        SplittableRandom r = new SplittableRandom(DiffTables.SEED + 77);
        long first = 0;
        for (int fragment = 0; fragment < FRAGMENTS.length; fragment++) {
            List<List<Object>> chunk = new ArrayList<>();
            for (int i = 0; i < FRAGMENTS[fragment]; i++) {
                chunk.add(row(r, first + i, fragment));
            }
            long base = first;
            GeneratedDatasetWriter.to(ds, schema)
                    .rows(base, chunk.size())
                    .batchSize(fragment % 2 == 0 ? 64 : 1000)
                    .storageVersion(DiffTables.STORAGE_VERSION)
                    .mode(fragment == 0 ? GeneratedDatasetWriter.Mode.CREATE : GeneratedDatasetWriter.Mode.APPEND)
                    .write(allocator, (root, at, count) -> {
                        List<FieldVector> vectors = root.getFieldVectors();
                        for (int i = 0; i < count; i++) {
                            List<Object> values = chunk.get((int) (at - base) + i);
                            for (int c = 0; c < vectors.size(); c++) {
                                ArrowLogicalValues.write(vectors.get(c), i, values.get(c));
                            }
                        }
                    });
            first += FRAGMENTS[fragment];
        }
        rows = (int) first;
    }

    private static Field nullable(String name, ArrowType type) {
        return new Field(name, FieldType.nullable(type), null);
    }

    private static Object maybeNull(SplittableRandom r, Object value) {
        return r.nextInt(9) == 0 ? null : value;
    }
}
