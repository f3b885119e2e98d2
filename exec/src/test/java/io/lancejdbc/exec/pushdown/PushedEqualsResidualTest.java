package io.lancejdbc.exec.pushdown;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.engine.SqlError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The property "pushed = residual": every predicate of {@link PushdownPredicates} gives the same rows when Lance
 * evaluates it (what lance-jdbc pushes of it) as when lance-jdbc evaluates all of it ({@code
 * scan.predicate_pushdown = false}), on the {@link PushdownTable} rows written by lance-core in storage formats
 * 2.0, 2.1 and 2.2. Every query also projects the struct column, so a struct that a filtered Lance scan reads
 * back wrongly is a difference too. A failure lists each differing predicate with the filter Lance received.
 */
class PushedEqualsResidualTest {
    /** Predicates per statement: each is one UNION ALL branch with its own scan. */
    private static final int BATCH = 100;
    /** Predicates evaluated per residual statement (select-list columns of one scan). */
    private static final int WIDE = 250;

    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession pushed;
    static EngineSession residual;
    static List<String> predicates;
    /**
     * The predicates of which Lance evaluates a part (from their EXPLAIN); the others are answered by the same
     * residual evaluation in both sessions, over the same plain scan.
     */
    static java.util.BitSet reachLance;

    @BeforeAll
    static void writeTables() {
        Path wh = dir.resolve("wh");
        try (BufferAllocator allocator = new RootAllocator()) {
            for (String format : List.of("2.0", "2.1", "2.2")) {
                PushdownTable.write(allocator, wh.resolve(table(format) + ".lance"), format);
            }
            for (String index : List.of("btree", "bitmap")) {
                Path t = PushdownTable.write(allocator, wh.resolve(table("2.1 " + index) + ".lance"), "2.1");
                PushdownTable.indexEveryColumn(allocator, t, index);
            }
        }
        engine = new EmbeddedQueryEngine();
        pushed = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString())));
        residual = engine.openSession(EngineConfig.of(Map.of("warehouse", wh.toString(),
                "scan.predicate_pushdown", "false")));
        predicates = PushdownPredicates.all();
        reachLance = new java.util.BitSet();
        for (int from = 0; from < predicates.size(); from += BATCH) {
            // The plan of a UNION ALL lists the branches' scans in branch order.
            int branch = from - 1;
            for (String line : explain(pushed, union("p21", predicates.subList(from,
                    Math.min(predicates.size(), from + BATCH)), from))) {
                if (line.contains("LANCE_SCAN")) {
                    branch++;
                } else if (line.contains("lancePushdownPredicate=")) {
                    reachLance.set(branch);
                }
            }
        }
    }

    /** One UNION ALL branch {@code SELECT q, id, st FROM table WHERE p} per predicate, numbered from {@code first}. */
    private static String union(String table, List<String> chunk, int first) {
        List<Integer> numbers = new ArrayList<>();
        for (int k = 0; k < chunk.size(); k++) {
            numbers.add(first + k);
        }
        return union(table, chunk, numbers);
    }

    private static String union(String table, List<String> chunk, List<Integer> numbers) {
        StringBuilder sql = new StringBuilder();
        for (int k = 0; k < chunk.size(); k++) {
            if (k > 0) {
                sql.append(" UNION ALL ");
            }
            sql.append("SELECT ").append(numbers.get(k)).append(" AS q, id, st FROM ").append(table)
                    .append(" WHERE ").append(chunk.get(k));
        }
        return sql.toString();
    }

    @AfterAll
    static void close() {
        pushed.close();
        residual.close();
        long leaked = engine.rootAllocator().getAllocatedMemory();
        engine.close();
        assertEquals(0, leaked, "Arrow memory leaked");
    }

    /** {@code p21} for storage format 2.1, {@code p21_btree} for 2.1 with a BTREE index on every column. */
    private static String table(String format) {
        return "p" + format.replace(".", "").replace(' ', '_');
    }

    @ParameterizedTest(name = "storage format {0}")
    @ValueSource(strings = {"2.0", "2.1", "2.2", "2.1 btree", "2.1 bitmap"})
    void everyPredicateGivesTheSameRowsPushedAndResidual(String format) {
        String table = table(format);
        Map<Integer, List<List<Object>>> reference = residualAnswers(table);
        List<String> differences = new ArrayList<>();
        List<Integer> numbers = reachLance.stream().boxed().toList();
        for (int from = 0; from < numbers.size(); from += BATCH) {
            List<Integer> qs = numbers.subList(from, Math.min(numbers.size(), from + BATCH));
            List<String> chunk = qs.stream().map(predicates::get).toList();
            Outcome p = run(pushed, table, chunk, qs);
            for (int k = 0; k < chunk.size(); k++) {
                int q = qs.get(k);
                Outcome pk = (p.error == null ? p : run(pushed, table, List.of(chunk.get(k)), List.of(q))).only(q);
                Outcome rk = new Outcome(Map.of(q, reference.get(q)), null);
                if (!pk.equals(rk)) {
                    differences.add(describe(table, chunk.get(k), pk, rk));
                }
            }
        }
        if (!differences.isEmpty()) {
            fail(differences.size() + " of " + predicates.size() + " predicates differ on " + table + ":\n"
                    + String.join("\n", differences.subList(0, Math.min(400, differences.size()))));
        }
    }

    /**
     * The residual answer of every predicate: the rows where lance-jdbc evaluates it to TRUE with nothing pushed.
     * The predicates are evaluated as select-list columns of one scan per {@value #WIDE} predicates (the same
     * expression kernels a residual FILTER runs); {@link #residualWhereAgreesWithTheSelectListEvaluation} checks
     * that the two forms agree.
     */
    private static Map<Integer, List<List<Object>>> residualAnswers(String table) {
        Map<Integer, List<List<Object>>> out = new TreeMap<>();
        for (int from = 0; from < predicates.size(); from += WIDE) {
            List<String> chunk = predicates.subList(from, Math.min(predicates.size(), from + WIDE));
            StringBuilder sql = new StringBuilder("SELECT id, st");
            for (String p : chunk) {
                sql.append(", (").append(p).append(")");
            }
            sql.append(" FROM ").append(table);
            for (int k = 0; k < chunk.size(); k++) {
                out.put(from + k, new ArrayList<>());
            }
            try (QueryResult r = residual.execute(sql.toString(), List.of(), QueryOptions.defaults())) {
                for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                    try (VectorSchemaRoot batch = b) {
                        for (int i = 0; i < batch.getRowCount(); i++) {
                            List<Object> row = List.of(ArrowLogicalValues.read(batch.getVector(0), i),
                                    String.valueOf(ArrowLogicalValues.read(batch.getVector(1), i)));
                            for (int k = 0; k < chunk.size(); k++) {
                                if (Boolean.TRUE.equals(ArrowLogicalValues.read(batch.getVector(2 + k), i))) {
                                    out.get(from + k).add(row);
                                }
                            }
                        }
                    }
                }
            }
        }
        for (List<List<Object>> v : out.values()) {
            v.sort((x, y) -> Long.compare((Long) x.get(0), (Long) y.get(0)));
        }
        return out;
    }

    /** A residual FILTER keeps exactly the rows where the select-list evaluation of its predicate is TRUE. */
    @Test
    void residualWhereAgreesWithTheSelectListEvaluation() {
        Map<Integer, List<List<Object>>> reference = residualAnswers("p21");
        List<String> sample = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (int q = 0; q < predicates.size(); q += 29) {
            sample.add(predicates.get(q));
            numbers.add(q);
        }
        for (int from = 0; from < sample.size(); from += BATCH) {
            int to = Math.min(sample.size(), from + BATCH);
            Outcome where = run(residual, "p21", sample.subList(from, to), numbers.subList(from, to));
            for (int k = from; k < to; k++) {
                int q = numbers.get(k);
                assertEquals(reference.get(q), where.only(q).rows.get(q), "WHERE " + sample.get(k));
            }
        }
    }

    /**
     * Guards against a vacuous property: most predicates must really reach Lance. Every predicate of the list is
     * planned with pushdown and classified by its EXPLAIN.
     */
    @Test
    void mostPredicatesArePushedIntoLance() {
        assertTrue(reachLance.cardinality() > predicates.size() * 3 / 5, "only " + reachLance.cardinality() + " of "
                + predicates.size() + " predicates reach Lance");
    }

    @Test
    void aLikePrefixOnABitmapIndexedColumnIsAnsweredWithoutTheIndex() {
        // lance-core 7.0.0 refuses "LIKE prefix queries ... for bitmap indexes"; the scan is retried without it.
        for (String sql : List.of("SELECT id, st FROM p21_bitmap WHERE s LIKE 'a%'",
                "SELECT count(*) FROM p21_bitmap WHERE starts_with(s, 'a')")) {
            Outcome p = run(pushed, sql);
            assertEquals(run(residual, sql), p, sql);
            assertTrue(p.error == null && !p.rows.get(0).isEmpty(), sql + ": " + p);
        }
    }

    /** Every row of {@code sql} (as one predicate group 0), sorted. */
    private static Outcome run(EngineSession session, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (int c = 0; c < batch.getFieldVectors().size(); c++) {
                            row.add(String.valueOf(ArrowLogicalValues.read(batch.getVector(c), i)));
                        }
                        rows.add(row);
                    }
                }
            }
        } catch (SqlError e) {
            return new Outcome(Map.of(), e.sqlState());
        }
        rows.sort(java.util.Comparator.comparing(String::valueOf));
        return new Outcome(Map.of(0, rows), null);
    }

    @Test
    void setPredicatePushdownSwitchesASessionAndRefusesOtherValues() {
        try (EngineSession s = engine.openSession(EngineConfig.of(Map.of("warehouse",
                dir.resolve("wh").toString())))) {
            s.execute("SET scan.predicate_pushdown = false", List.of(), QueryOptions.defaults()).close();
            String plan = String.join("\n", explain(s, "SELECT id FROM p21 WHERE i32 = 2"));
            assertTrue(!plan.contains("lancePushdownPredicate") && plan.contains("FILTER"), plan);
            s.execute("SET scan.predicate_pushdown = true", List.of(), QueryOptions.defaults()).close();
            assertTrue(String.join("\n", explain(s, "SELECT id FROM p21 WHERE i32 = 2"))
                    .contains("lancePushdownPredicate=(`i32` = 2)"));
            SqlError e = org.junit.jupiter.api.Assertions.assertThrows(SqlError.class,
                    () -> s.execute("SET scan.predicate_pushdown = sometimes", List.of(), QueryOptions.defaults()));
            assertEquals("22023", e.sqlState());
        }
    }

    @Test
    void predicatePushdownFalseKeepsEveryPredicateResidual() {
        String plan = String.join("\n", explain(residual, "SELECT id FROM p21 WHERE i32 = 2 AND s LIKE 'a%'"));
        assertTrue(!plan.contains("lancePushdownPredicate") && plan.contains("FILTER"), plan);
        String pushedPlan = String.join("\n", explain(pushed, "SELECT id FROM p21 WHERE i32 = 2 AND s LIKE 'a%'"));
        assertTrue(pushedPlan.contains("lancePushdownPredicate=((`i32` = 2)) AND ((`s` LIKE 'a%'))")
                || pushedPlan.contains("lancePushdownPredicate=(`i32` = 2) AND (`s` LIKE 'a%')"), pushedPlan);
    }

    private record Outcome(Map<Integer, List<List<Object>>> rows, String error) {
        /** The rows of predicate {@code q} alone. */
        Outcome only(int q) {
            return error != null ? this : new Outcome(Map.of(q, rows.getOrDefault(q, List.of())), null);
        }
    }

    /** Runs the predicates as one UNION ALL statement; rows by predicate number, each sorted by id. */
    private static Outcome run(EngineSession session, String table, List<String> chunk, List<Integer> numbers) {
        String sql = union(table, chunk, numbers);
        Map<Integer, List<List<Object>>> rows = new TreeMap<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        int q = ((Long) ArrowLogicalValues.read(batch.getVector(0), i)).intValue();
                        rows.computeIfAbsent(q, x -> new ArrayList<>()).add(List.of(
                                ArrowLogicalValues.read(batch.getVector(1), i),
                                String.valueOf(ArrowLogicalValues.read(batch.getVector(2), i))));
                    }
                }
            }
        } catch (SqlError e) {
            return new Outcome(Map.of(), e.sqlState());
        }
        for (List<List<Object>> v : rows.values()) {
            v.sort((x, y) -> Long.compare((Long) x.get(0), (Long) y.get(0)));
        }
        return new Outcome(rows, null);
    }

    private static String describe(String table, String predicate, Outcome p, Outcome r) {
        String lance = explain(pushed, "SELECT id, st FROM " + table + " WHERE " + predicate).stream()
                .filter(l -> l.contains("lancePushdownPredicate=")).map(String::strip).findFirst()
                .orElse("(nothing pushed)");
        return "  WHERE " + predicate + "\n    " + lance + "\n    pushed - residual: " + minus(p, r)
                + "\n    residual - pushed: " + minus(r, p);
    }

    /** The rows of {@code a} missing from {@code b}, or the error. */
    private static String minus(Outcome a, Outcome b) {
        if (a.error != null) {
            return "error " + a.error;
        }
        List<List<Object>> rows = new ArrayList<>();
        a.rows.values().forEach(rows::addAll);
        List<List<Object>> other = new ArrayList<>();
        b.rows.values().forEach(other::addAll);
        rows.removeAll(other);
        return rows.toString();
    }

    private static List<String> explain(EngineSession session, String sql) {
        List<String> lines = new ArrayList<>();
        try (QueryResult r = session.execute("EXPLAIN " + sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot b = r.nextBatch(); b != null; b = r.nextBatch()) {
                try (VectorSchemaRoot batch = b) {
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        lines.add(String.valueOf(ArrowLogicalValues.read(batch.getVector(0), i)));
                    }
                }
            }
        } catch (SqlError e) {
            lines.add("EXPLAIN failed: " + e.sqlState() + " " + e.getMessage());
        }
        return lines;
    }
}
