package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.exec.testing.GeneratedDatasetWriter;
import io.lancejdbc.sql.types.Types;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An aggregate over a whole-partition window frame equals the same aggregate under GROUP BY, bit for bit, on
 * adversarial doubles: each aggregate has one definition. Table {@code adv (id, g, x, s, b)}: per group {@code g}
 * cancellation ({@code 1e16, 1, -1e16}), a running total beyond Double.MAX_VALUE, subnormals, -0.0, NaN, both
 * infinities, only NULLs, and 3,000 random doubles of every magnitude; written as one fragment ({@code adv}) and as
 * seven ({@code adv7}, aggregated in parallel).
 */
class WindowAggregateMatchesGroupByTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;
    static final List<List<Object>> ROWS = new ArrayList<>();

    private static void group(String g, Double... xs) {
        for (Double x : xs) {
            long id = ROWS.size();
            ROWS.add(java.util.Arrays.asList(id, g, x, x == null ? null : "v" + id % 7, x == null ? null : id % 3 != 0));
        }
    }

    @BeforeAll
    static void open() {
        group("cancel", 1e16, 1.0, -1e16, 3.0, null, -3.0, 1e-16);
        group("overflow", 1e308, 1e308, -1e308);
        group("subnormal", Double.MIN_VALUE, Double.MIN_VALUE, -2 * Double.MIN_VALUE, Double.MIN_NORMAL,
                Double.MIN_VALUE);
        group("negzero", -0.0, -0.0);
        group("zeros", -0.0, 0.0, -0.0);
        group("nan", 1.0, Double.NaN, 2.0);
        group("posinf", 1.0, Double.POSITIVE_INFINITY, -1e308);
        group("bothinf", Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);
        group("nulls", null, null);
        group(null, 5.0, null, -5.0e-300);
        Random random = new Random(42);
        for (int i = 0; i < 3000; i++) {
            group("r" + i % 5, Math.scalb(random.nextDouble() - 0.5, random.nextInt(2000) - 1000));
        }
        Schema schema = new Schema(List.of(Types.field("id", Types.INT64, false), Types.field("g", Types.UTF8, true),
                Types.field("x", Types.FLOAT64, true), Types.field("s", Types.UTF8, true),
                Types.field("b", Types.BOOL, true)));
        try (BufferAllocator allocator = new RootAllocator()) {
            write(allocator, dir.resolve("wh/adv.lance"), schema, 0);
            write(allocator, dir.resolve("wh/adv7.lance"), schema, ROWS.size() / 7 + 1);
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.resolve("wh").toString())));
    }

    private static void write(BufferAllocator allocator, Path path, Schema schema, int rowsPerFile) {
        GeneratedDatasetWriter w = GeneratedDatasetWriter.to(path, schema).rows(0, ROWS.size());
        if (rowsPerFile > 0) {
            w = w.maxRowsPerFile(rowsPerFile);
        }
        w.write(allocator, (root, first, count) -> {
            for (int c = 0; c < schema.getFields().size(); c++) {
                ValueAccess.Setter s = ValueAccess.setter(root.getVector(c));
                for (int i = 0; i < count; i++) {
                    s.set(i, ROWS.get((int) first + i).get(c));
                }
            }
        });
    }

    @AfterAll
    static void close() {
        session.close();
        long leaked = engine.rootAllocator().getAllocatedMemory();
        engine.close();
        assertEquals(0, leaked, "Arrow bytes still allocated");
    }

    /** Per group: the aggregate's value under GROUP BY and over the whole-partition window, as comparable keys. */
    private static void assertSame(String table, String aggregate) {
        Map<Object, Object> grouped = new HashMap<>();
        for (List<Object> r : SqlOpsWarehouse.rows(session, "SELECT g, " + aggregate + " FROM " + table
                + " GROUP BY g")) {
            grouped.put(r.get(0), bits(r.get(1)));
        }
        Map<Object, Object> windowed = new HashMap<>();
        int rows = 0;
        for (List<Object> r : SqlOpsWarehouse.rows(session, "SELECT g, " + aggregate + " OVER (PARTITION BY g) FROM "
                + table)) {
            Object previous = windowed.put(r.get(0), bits(r.get(1)));
            assertEquals(previous == null ? bits(r.get(1)) : previous, bits(r.get(1)), "one value per partition");
            rows++;
        }
        assertEquals(ROWS.size(), rows);
        assertEquals(grouped, windowed, aggregate + " over " + table);
    }

    /** Doubles by their bits (NaN, -0.0 and every last bit count), others as they are. */
    private static Object bits(Object v) {
        return v instanceof Double ? "double:" + Long.toHexString(Double.doubleToRawLongBits((Double) v)) : v;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sum(x)", "avg(x)", "min(x)", "max(x)", "count(x)", "count(*)", "var_samp(x)",
            "var_pop(x)", "stddev_samp(x)", "stddev_pop(x)", "string_agg(s, ',')", "string_agg(s, '|')", "min(s)",
            "max(s)", "bool_and(b)", "bool_or(b)", "sum(id)", "avg(id)"})
    void wholePartitionFrameEqualsGroupBy(String aggregate) {
        assertSame("adv", aggregate);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sum(x)", "avg(x)", "min(x)", "max(x)", "count(x)", "bool_and(b)", "sum(id)"})
    void orderIndependentAggregatesAgreeWithParallelGroupBy(String aggregate) {
        assertSame("adv7", aggregate);
    }

    @Test
    void doubleSumIsTheExactSumRoundedOnce() {
        Map<Object, Object> sums = new HashMap<>();
        for (List<Object> r : SqlOpsWarehouse.rows(session, "SELECT g, sum(x) FROM adv GROUP BY g")) {
            sums.put(r.get(0), r.get(1));
        }
        assertEquals(1.0 + 1e-16, (Double) sums.get("cancel"), 0.0);
        assertEquals(1e308, (Double) sums.get("overflow"), 0.0);
        assertEquals(Double.MIN_NORMAL + Double.MIN_VALUE, (Double) sums.get("subnormal"), 0.0);
        assertEquals(bits(0.0), bits(sums.get("negzero")));
        assertEquals(bits(Double.NaN), bits(sums.get("nan")));
        assertEquals(Double.POSITIVE_INFINITY, (Double) sums.get("posinf"), 0.0);
        assertEquals(bits(Double.NaN), bits(sums.get("bothinf")));
        assertEquals(null, sums.get("nulls"));
        BigDecimal r0 = BigDecimal.ZERO;
        for (List<Object> row : ROWS) {
            if ("r0".equals(row.get(1))) {
                r0 = r0.add(new BigDecimal((Double) row.get(2)));
            }
        }
        assertEquals(bits(r0.doubleValue()), bits(sums.get("r0")));
    }

    @Test
    void slidingFrameSumRemovesRowsExactly() {
        List<Object> sums = new ArrayList<>();
        for (List<Object> r : SqlOpsWarehouse.rows(session, "SELECT id, sum(x) OVER (ORDER BY id ROWS BETWEEN 1"
                + " PRECEDING AND CURRENT ROW) FROM adv WHERE g = 'cancel' ORDER BY id")) {
            sums.add(r.get(1));
        }
        // x: 1e16, 1, -1e16, 3, NULL, -3, 1e-16
        assertEquals(java.util.Arrays.asList(1e16, 1e16, 1 - 1e16, 3 - 1e16, 3.0, -3.0, -3.0 + 1e-16), sums);
    }

    @Test
    void slidingFrameMinMaxAndVarianceMatchTheirGroupValues() {
        // Frames of the 3 rows id-1..id+1 in 'overflow' (1e308, 1e308, -1e308): the middle row's frame is the group.
        String w = " OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)";
        List<List<Object>> rows = SqlOpsWarehouse.rows(session, "SELECT id, min(x)" + w + ", max(x)" + w
                + ", var_pop(x)" + w + ", string_agg(s, ',')" + w + " FROM adv WHERE g = 'overflow' ORDER BY id");
        List<Object> group = SqlOpsWarehouse.rows(session, "SELECT min(x), max(x), var_pop(x), string_agg(s, ',')"
                + " FROM adv WHERE g = 'overflow'").get(0);
        List<Object> middle = rows.get(1);
        assertEquals(group, middle.subList(1, 5));
        // The last frame (rows 2, 3: 1e308, -1e308) after the first row left it.
        assertEquals(-1e308, (Double) rows.get(2).get(1), 0.0);
        assertEquals(1e308, (Double) rows.get(2).get(2), 0.0);
    }
}
