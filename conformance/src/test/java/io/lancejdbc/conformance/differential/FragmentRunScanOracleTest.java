package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lance.Dataset;

/**
 * Splits that are runs of many small fragments, some with deleted rows and one deleted whole, read by one lance-core
 * scanner each, with small batches merged (SmallBatchCoalescer), against DuckDB loaded from the same (latest) version:
 * 40,000 rows written in 200-row fragments, then {@code id % 7 = 0}, fragment 50 and most of fragment 100 deleted.
 * Ties of ORDER BY keep input (id) order, so the row order is part of every ordered answer; the first version is read
 * by time travel and checked against the rows written.
 */
class FragmentRunScanOracleTest {
    private static final int ROWS = 40_000;
    private static final String DELETED = "id % 7 = 0 OR (id >= 10000 AND id < 10200) OR (id >= 20010 AND id < 20199)";

    @TempDir
    static Path dir;
    static Connection lance;
    static Connection duck;

    @BeforeAll
    static void open() throws Exception {
        DiffTables.Table table = table();
        duck = DriverManager.getConnection("jdbc:duckdb:");
        Path path = dir.resolve(table.name() + ".lance");
        try (BufferAllocator allocator = new RootAllocator()) {
            DiffTables.write(allocator, dir, table);
            try (Dataset ds = Dataset.open(path.toString(), allocator)) {
                ds.delete(DELETED);
            }
            DuckDbLoader.load(duck, allocator, path, table.name());
        }
        Properties p = new Properties();
        p.setProperty("scan.parallelism", "3");
        lance = DriverManager.getConnection("jdbc:lance:" + dir.toAbsolutePath(), p);
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

    /** id BIGINT (0..ROWS-1), k INT (0..9, NULL), s TEXT (rare values for selective filters), v DOUBLE. */
    static DiffTables.Table table() {
        List<Field> fields = List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("k", new ArrowType.Int(32, true)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                Field.nullable("v", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)));
        SplittableRandom r = new SplittableRandom(DiffTables.SEED + 4_242);
        List<List<Object>> rows = new ArrayList<>();
        for (long id = 0; id < ROWS; id++) {
            List<Object> row = new ArrayList<>();
            row.add(id);
            row.add(r.nextInt(30) == 0 ? null : r.nextInt(10));
            row.add(r.nextInt(500) == 0 ? "rare" : r.nextInt(20) == 0 ? null : "w" + r.nextInt(300));
            row.add(r.nextInt(25) == 0 ? null : r.nextInt(1000) / 8.0);
            rows.add(row);
        }
        return new DiffTables.Table("runs", new Schema(fields), rows, 200);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "SELECT id, k, s, v FROM runs ORDER BY k | SELECT id, k, s, v FROM runs ORDER BY k NULLS FIRST, id",
        "SELECT id, k FROM runs ORDER BY k DESC LIMIT 3000 | SELECT id, k FROM runs ORDER BY k DESC NULLS LAST, id LIMIT 3000",
        "SELECT id, s FROM runs WHERE s = 'rare' ORDER BY id | SELECT id, s FROM runs WHERE s = 'rare' ORDER BY id",
        "SELECT id, v FROM runs WHERE id % 997 = 5 ORDER BY v, id | SELECT id, v FROM runs WHERE id % 997 = 5 ORDER BY v NULLS FIRST, id",
        "SELECT COUNT(*), SUM(id), MIN(id), MAX(id), COUNT(k), SUM(v) FROM runs | SELECT COUNT(*), SUM(id), MIN(id), MAX(id), COUNT(k), SUM(v) FROM runs",
        "SELECT k, COUNT(*), COUNT(DISTINCT s), SUM(id) FROM runs GROUP BY k ORDER BY k | SELECT k, COUNT(*), COUNT(DISTINCT s), SUM(id) FROM runs GROUP BY k ORDER BY k NULLS FIRST",
        "SELECT COUNT(*) FROM (SELECT id FROM runs LIMIT 12345) t | SELECT COUNT(*) FROM (SELECT id FROM runs LIMIT 12345) t",
        "SELECT COUNT(*) FROM (SELECT id FROM runs WHERE s = 'rare' LIMIT 40) t | SELECT COUNT(*) FROM (SELECT id FROM runs WHERE s = 'rare' LIMIT 40) t",
        "SELECT id FROM runs WHERE id BETWEEN 9990 AND 10210 ORDER BY id | SELECT id FROM runs WHERE id BETWEEN 9990 AND 10210 ORDER BY id",
        "SELECT id, s FROM runs WHERE id >= 20000 AND id < 20400 ORDER BY s, id | SELECT id, s FROM runs WHERE id >= 20000 AND id < 20400 ORDER BY s NULLS FIRST, id",
    })
    void equalsDuckDb(String pair) {
        String[] q = pair.split(" \\| ");
        QueryOutcome ours = QueryOutcome.run(lance, q[0]);
        QueryOutcome theirs = QueryOutcome.runPrepared(duck, q[1]);
        assertFalse(ours.failed(), () -> q[0] + ": " + ours.error());
        assertFalse(theirs.failed(), () -> q[1] + ": " + theirs.error());
        Optional<String> difference = OutcomeComparison.compare(ours, theirs, true);
        assertTrue(difference.isEmpty(), () -> q[0] + "\n" + difference.orElse(""));
    }

    /** LIMIT without ORDER BY: any rows, but that many, each a live row, none twice. */
    @ParameterizedTest(name = "LIMIT {0}")
    @ValueSource(ints = {1, 199, 200, 1024, 5000, 33_000, 40_000})
    void limitWithoutOrderReturnsThatManyLiveRows(int limit) throws Exception {
        Set<Long> seen = new HashSet<>();
        try (Statement st = lance.createStatement();
                ResultSet rs = st.executeQuery("SELECT id FROM runs LIMIT " + limit)) {
            while (rs.next()) {
                long id = rs.getLong(1);
                assertTrue(seen.add(id), "row " + id + " twice");
                assertFalse(deleted(id), "deleted row " + id);
            }
        }
        long live = 0;
        for (long id = 0; id < ROWS; id++) {
            live += deleted(id) ? 0 : 1;
        }
        assertEquals(Math.min(limit, live), seen.size());
    }

    private static boolean deleted(long id) {
        return id % 7 == 0 || id >= 10000 && id < 10200 || id >= 20010 && id < 20199;
    }

    @Test
    void firstVersionStillHoldsEveryRow() throws Exception {
        try (Statement st = lance.createStatement();
                ResultSet rs = st.executeQuery("SELECT COUNT(*), SUM(id), MIN(id), MAX(id) FROM runs FOR VERSION AS OF 1")) {
            assertTrue(rs.next());
            assertEquals(ROWS, rs.getLong(1));
            assertEquals((long) ROWS * (ROWS - 1) / 2, rs.getLong(2));
            assertEquals(0, rs.getLong(3));
            assertEquals(ROWS - 1, rs.getLong(4));
        }
        try (Statement st = lance.createStatement();
                ResultSet rs = st.executeQuery("SELECT id FROM runs FOR VERSION AS OF 1 WHERE id % 7 = 0 ORDER BY id")) {
            long expected = 0;
            while (rs.next()) {
                assertEquals(expected, rs.getLong(1));
                expected += 7;
            }
            assertEquals(ROWS + 6 - (ROWS + 6) % 7, expected);
        }
    }
}
