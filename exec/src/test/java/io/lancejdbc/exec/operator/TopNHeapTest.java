package io.lancejdbc.exec.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.expr.ValueAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Top-N (ORDER BY … LIMIT) over 100,000 generated rows, enough for the heap to replace rows and compact its batches
 * (keys ascending with {@code n}, descending and scattered): the answer must equal the first rows of the full order,
 * computed here in Java from the same formulas (NULL placement as written, NaN above every number, ties broken by
 * {@code n}, and by input order where the statement leaves them).
 */
class TopNHeapTest {
    private static final int ROWS = 100_000;
    private static final String DIGITS = "(SELECT 0 AS x UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3"
            + " UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8"
            + " UNION ALL SELECT 9)";
    private static final String NUMBERS = "SELECT a.x + 10 * b.x + 100 * c.x + 1000 * d.x + 10000 * e.x AS n FROM "
            + DIGITS + " a CROSS JOIN " + DIGITS + " b CROSS JOIN " + DIGITS + " c CROSS JOIN " + DIGITS
            + " d CROSS JOIN " + DIGITS + " e";
    /** Many ties (1,009 distinct values), a NULL every 97th row. */
    private static final String INT_KEY = "CASE WHEN n % 97 = 0 THEN NULL ELSE (n * 7919) % 1009 END";
    /** Doubles with NaN every 101st row and a NULL every 89th. */
    private static final String DOUBLE_KEY = "CASE WHEN n % 89 = 0 THEN NULL WHEN n % 101 = 0 THEN CAST('nan' AS DOUBLE)"
            + " ELSE CAST((n * 104729) % 100003 AS DOUBLE) / 7.0 END";

    static Path warehouse;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() throws Exception {
        warehouse = Files.createTempDirectory("topn-warehouse");
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", warehouse.toString())));
    }

    @AfterAll
    static void close() throws Exception {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
        Files.deleteIfExists(warehouse);
    }

    @ParameterizedTest(name = "{0} {1} {2}, limit {3} offset {4}")
    @CsvSource({
        "int, DESC, NULLS LAST, 100, 0",
        "int, ASC, NULLS FIRST, 100, 0",
        "int, ASC, NULLS LAST, 1000, 50",
        "double, DESC, NULLS LAST, 100, 0",
        "double, DESC, NULLS FIRST, 100, 0",
        "double, ASC, NULLS LAST, 10, 3",
        "double, ASC, NULLS FIRST, 2000, 0",
        "n, DESC, NULLS LAST, 100, 0",
        "n, ASC, NULLS LAST, 100, 99900",
        "n, DESC, NULLS LAST, 0, 0",
    })
    void topNEqualsTheHeadOfTheFullOrder(String kind, String direction, String nulls, int limit, int offset) {
        boolean isInt = !kind.equals("double");
        String key = kind.equals("int") ? INT_KEY : kind.equals("n") ? "n" : DOUBLE_KEY;
        String sql = "SELECT n, " + key + " AS k FROM (" + NUMBERS + ") t ORDER BY k " + direction + " " + nulls
                + ", n LIMIT " + limit + " OFFSET " + offset;
        List<Long> actual = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot next = r.nextBatch(); next != null; next = r.nextBatch()) {
                try (VectorSchemaRoot batch = next) {
                    ValueAccess.Getter g = ValueAccess.getter(batch.getVector(0));
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        actual.add(((Number) g.get(i)).longValue());
                    }
                }
            }
        }
        boolean desc = direction.equals("DESC");
        boolean nullsFirst = nulls.equals("NULLS FIRST");
        Comparator<Integer> byKey = (x, y) -> {
            Double a = kind.equals("n") ? Double.valueOf(x) : isInt ? intKey(x) : doubleKey(x);
            Double b = kind.equals("n") ? Double.valueOf(y) : isInt ? intKey(y) : doubleKey(y);
            if (a == null || b == null) {
                if (a == null && b == null) {
                    return 0;
                }
                return (a == null) == nullsFirst ? -1 : 1;
            }
            int c = Double.compare(a, b); // NaN above every number, as the engine orders it
            return desc ? -c : c;
        };
        List<Long> expected = IntStream.range(0, ROWS).boxed()
                .sorted(byKey.thenComparing(Comparator.naturalOrder()))
                .skip(offset).limit(limit).map(Integer::longValue).toList();
        assertEquals(expected, actual, sql);
    }

    /** Ties left open by the statement keep input order (the order the cross join produces {@code n}). */
    @ParameterizedTest(name = "limit {0}")
    @CsvSource({"10", "1000", "70000"})
    void tiesKeepInputOrder(int limit) {
        String sql = "SELECT n FROM (" + NUMBERS + ") t ORDER BY n % 3 LIMIT " + limit;
        List<Long> all = new ArrayList<>();
        List<Long> actual = new ArrayList<>();
        try (QueryResult r = session.execute("SELECT n FROM (" + NUMBERS + ") t", List.of(), QueryOptions.defaults())) {
            collect(r, all);
        }
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            collect(r, actual);
        }
        List<Long> expected = all.stream().sorted(Comparator.comparingLong(n -> n % 3)).limit(limit).toList();
        assertEquals(expected, actual, sql);
    }

    private static void collect(QueryResult r, List<Long> out) {
        for (VectorSchemaRoot next = r.nextBatch(); next != null; next = r.nextBatch()) {
            try (VectorSchemaRoot batch = next) {
                ValueAccess.Getter g = ValueAccess.getter(batch.getVector(0));
                for (int i = 0; i < batch.getRowCount(); i++) {
                    out.add(((Number) g.get(i)).longValue());
                }
            }
        }
    }

    private static Double intKey(int n) {
        return n % 97 == 0 ? null : (double) ((n * 7919L) % 1009);
    }

    private static Double doubleKey(int n) {
        if (n % 89 == 0) {
            return null;
        }
        if (n % 101 == 0) {
            return Double.NaN;
        }
        return ((n * 104729L) % 100003) / 7.0;
    }
}
