package io.lancejdbc.exec.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The type × operator matrix: every operator carries every type the scan produces. For each operator of
 * {@link #operators()} and each column of {@link MatrixTable} (every Arrow type of the Type Mapping, nested
 * combinations, NULLs at every level), the values the operator returns must equal the values a plain scan of the
 * same table reads ({@code SELECT id, c FROM m}), as logical Java values of the same Arrow type.
 *
 * <p>Each operator first runs once over all columns; the cells of an operator whose query fails run one column at
 * a time, so a failure names its cell.
 */
class TypeOperatorMatrixTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;
    static EngineSession onePhase;
    /** Scan values: column name → id → logical value. */
    static Map<String, Map<Long, Object>> scanned;
    static List<String> columns;
    /** Results of the all-column runs, by operator name. */
    static final Map<String, Result> ALL_COLUMN_RUNS = new HashMap<>();

    @BeforeAll
    static void write() {
        Path wh = dir.resolve("wh");
        try (BufferAllocator allocator = new RootAllocator()) {
            MatrixTable.write(allocator, wh.resolve("m.lance"));
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString())));
        onePhase = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString(),
                "topn_lazy_materialization_threshold", "-1")));
        columns = MatrixTable.columns().stream().map(MatrixTable.Column::name).filter(n -> !n.equals("id")).toList();
        scanned = new HashMap<>();
        List<List<Object>> rows = run(session, "SELECT * FROM m").rows;
        List<String> all = MatrixTable.columns().stream().map(MatrixTable.Column::name).toList();
        for (int c = 1; c < all.size(); c++) {
            Map<Long, Object> byId = new HashMap<>();
            for (List<Object> r : rows) {
                byId.put((Long) r.get(0), r.get(c));
            }
            scanned.put(all.get(c), byId);
        }
        // The scan itself is checked against the values written.
        for (MatrixTable.Column c : MatrixTable.columns()) {
            if (c.name().equals("id")) {
                continue;
            }
            for (long id = 0; id < MatrixTable.ROWS; id++) {
                assertEquals(ArrowLogicalValues.comparable(c.value().apply(id)),
                        ArrowLogicalValues.comparable(scanned.get(c.name()).get(id)), c.name() + " at " + id);
            }
        }
    }

    @AfterAll
    static void close() {
        session.close();
        onePhase.close();
        long leaked = engine.rootAllocator().getAllocatedMemory();
        engine.close();
        assertEquals(0, leaked, "Arrow memory leaked");
    }

    /**
     * One operator of the matrix.
     *
     * @param sql the statement for some columns; it returns {@code id} and then, per column, the values {@code
     *     slots} describes
     * @param ids the ids of the expected rows, with repetitions, in order when {@code ordered}
     * @param slots per column, the expected value of each returned slot as a function of (column, id)
     */
    record Operator(String name, Function<List<String>, String> sql, List<Long> ids, boolean ordered,
            List<Slot> slots, boolean onePhaseSession) {
    }

    /** The expected value of one output slot of a column for a row id ({@code null} = NULL). */
    interface Slot {
        Object expected(String column, long id);
    }

    static final Slot SAME = (c, id) -> scanned.get(c).get(id);

    private static List<Long> ids(java.util.function.LongPredicate keep) {
        List<Long> out = new ArrayList<>();
        for (long id = 0; id < MatrixTable.ROWS; id++) {
            if (keep.test(id)) {
                out.add(id);
            }
        }
        return out;
    }

    private static String each(List<String> cols, Function<String, String> item) {
        return String.join(", ", cols.stream().map(item).toList());
    }

    private static String q(String c) {
        return "`" + c + "`";
    }

    static List<Operator> operators() {
        List<Long> all = ids(id -> true);
        List<Long> descending = new ArrayList<>(all);
        descending.sort(Comparator.reverseOrder());
        List<Long> twice = new ArrayList<>(all);
        twice.addAll(ids(id -> id < 10));
        String vs = "vector_search(\"table\" = \"m\", \"column\" = \"vec\", \"query_vector\" = \"[50, 5]\","
                + " \"top_k\" = \"4\", \"use_index\" = \"false\")";
        return List.of(
                new Operator("residual filter", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m WHERE id % 3 = 1", ids(id -> id % 3 == 1), false, List.of(SAME), false),
                new Operator("sort", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m ORDER BY id DESC", descending, true, List.of(SAME), false),
                new Operator("top-k", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m ORDER BY id DESC LIMIT 7", descending.subList(0, 7), true, List.of(SAME), false),
                new Operator("top-k with offset", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m ORDER BY id LIMIT 5 OFFSET 40", all.subList(40, 45), true, List.of(SAME), false),
                new Operator("limit offset", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM (SELECT * FROM m ORDER BY id) x LIMIT 10 OFFSET 35", all.subList(35, 45), true,
                        List.of(SAME), false),
                new Operator("hash join build and probe", c -> "SELECT a.id, "
                        + each(c, x -> "a." + q(x) + ", b." + q(x)) + " FROM m a JOIN m b ON a.id = b.id", all, false,
                        List.of(SAME, SAME), false),
                new Operator("left join, NULL-extended", c -> "SELECT a.id, " + each(c, x -> "b." + q(x))
                        + " FROM m a LEFT JOIN (SELECT * FROM m WHERE id < 50) b ON a.id = b.id", all, false,
                        List.of((col, id) -> id < 50 ? scanned.get(col).get(id) : null), false),
                new Operator("nested loop join", c -> "SELECT a.id, " + each(c, x -> "b." + q(x))
                        + " FROM m a JOIN m b ON a.id <= b.id AND a.id >= b.id", all, false, List.of(SAME), false),
                new Operator("window row_number", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + ", row_number() OVER (ORDER BY id) AS rn FROM m", all, false, List.of(SAME), false),
                new Operator("window lag", c -> "SELECT id, " + each(c, x -> "lag(" + q(x) + ") OVER (ORDER BY id)")
                        + " FROM m", all, false, List.of((col, id) -> id == 0 ? null : scanned.get(col).get(id - 1)),
                        false),
                new Operator("window first_value", c -> "SELECT id, " + each(c, x -> "first_value(" + q(x)
                        + ") OVER (PARTITION BY id % 2 ORDER BY id)") + " FROM m", all, false,
                        List.of((col, id) -> scanned.get(col).get(id % 2)), false),
                new Operator("union all", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m UNION ALL SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m WHERE id < 10", twice, false, List.of(SAME), false),
                new Operator("union", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m UNION SELECT id, " + each(c, TypeOperatorMatrixTest::q) + " FROM m", all, false,
                        List.of(SAME), false),
                new Operator("intersect", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m INTERSECT SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m WHERE id % 2 = 0", ids(id -> id % 2 == 0), false, List.of(SAME), false),
                new Operator("except", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m EXCEPT SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m WHERE id % 2 = 0", ids(id -> id % 2 == 1), false, List.of(SAME), false),
                new Operator("distinct", c -> "SELECT DISTINCT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM m", all, false, List.of(SAME), false),
                new Operator("group by payload (any_value)", c -> "SELECT id, "
                        + each(c, x -> "any_value(" + q(x) + ")") + " FROM m GROUP BY id", all, false, List.of(SAME),
                        false),
                new Operator("case", c -> "SELECT id, " + each(c, x -> "CASE WHEN id % 2 = 0 THEN " + q(x) + " END")
                        + " FROM m", all, false, List.of((col, id) -> id % 2 == 0 ? scanned.get(col).get(id) : null),
                        false),
                new Operator("coalesce", c -> "SELECT id, " + each(c, x -> "coalesce(" + q(x) + ", " + q(x) + ")")
                        + " FROM m", all, false, List.of(SAME), false),
                new Operator("derived table", c -> "SELECT x.id, " + each(c, x -> "x." + q(x))
                        + " FROM (SELECT * FROM m WHERE id > 2) x WHERE x.id < 90", ids(id -> id > 2 && id < 90),
                        false, List.of(SAME), false),
                new Operator("vector_search two-phase read", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM " + vs, List.of(47L, 48L, 52L, 53L), false, List.of(SAME), false),
                new Operator("vector_search one-phase read", c -> "SELECT id, " + each(c, TypeOperatorMatrixTest::q)
                        + " FROM " + vs, List.of(47L, 48L, 52L, 53L), false, List.of(SAME), true));
    }

    @TestFactory
    Stream<DynamicContainer> everyOperatorCarriesEveryType() {
        return operators().stream().map(op -> DynamicContainer.dynamicContainer(op.name(), columns.stream()
                .map(c -> DynamicTest.dynamicTest(c, () -> checkCell(op, c)))));
    }

    private static void checkCell(Operator op, String column) {
        Result all = ALL_COLUMN_RUNS.computeIfAbsent(op.name(), k -> run(op.onePhaseSession() ? onePhase : session,
                op.sql().apply(columns)));
        List<List<Object>> got;
        if (all.error == null) {
            int width = op.slots().size();
            int first = 1 + columns.indexOf(column) * width;
            got = new ArrayList<>();
            for (List<Object> r : all.rows) {
                List<Object> row = new ArrayList<>();
                row.add(r.get(0));
                row.addAll(r.subList(first, first + width));
                got.add(row);
            }
        } else {
            Result one = run(op.onePhaseSession() ? onePhase : session, op.sql().apply(List.of(column)));
            if (one.error != null) {
                throw new AssertionError(op.name() + " over " + column + " failed: " + one.error);
            }
            got = new ArrayList<>();
            for (List<Object> r : one.rows) {
                got.add(r.subList(0, 1 + op.slots().size()));
            }
        }
        List<List<Object>> expected = new ArrayList<>();
        for (long id : op.ids()) {
            List<Object> row = new ArrayList<>();
            row.add(id);
            for (Slot s : op.slots()) {
                row.add(s.expected(column, id));
            }
            expected.add(row);
        }
        assertEquals(canonical(expected, op.ordered()), canonical(got, op.ordered()), op.name() + " over " + column);
    }

    /** The rows as comparable values (binary as hex), sorted by their text unless {@code ordered}. */
    private static List<Object> canonical(List<List<Object>> rows, boolean ordered) {
        List<Object> out = new ArrayList<>();
        for (List<Object> r : rows) {
            out.add(ArrowLogicalValues.comparable(r));
        }
        if (!ordered) {
            out.sort(Comparator.comparing(String::valueOf));
        }
        return out;
    }

    record Result(List<List<Object>> rows, String error) {
    }

    static Result run(EngineSession s, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        try (QueryResult r = s.execute(sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (FieldVector v : batch.getFieldVectors()) {
                            row.add(ArrowLogicalValues.read(v, i));
                        }
                        rows.add(row);
                    }
                }
            }
        } catch (SqlError e) {
            return new Result(List.of(), e.sqlState() + " " + e.getMessage());
        }
        return new Result(rows, null);
    }
}
