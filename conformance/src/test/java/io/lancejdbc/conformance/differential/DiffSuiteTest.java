package io.lancejdbc.conformance.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The differential suite (issue 3 §3, issue 15 §2): every hand-written query of {@link HandWrittenQueries}, every
 * query of {@link QueryGenerator} and every rule query of {@link RuleQueries} runs through the lance-jdbc JDBC driver
 * and through DuckDB's JDBC driver over the same rows ({@link DiffWarehouse}) and the outcomes must relate as the
 * query expects ({@link DiffJudge}): equal answers with rows in them (or an answer empty by design), equal failures
 * of the same SQLSTATE class, or lance-jdbc's answer equal to the documented rule applied to DuckDB's values. At the
 * end it prints a summary: queries run, agreements, failures of both, documented differences, empty answers.
 */
class DiffSuiteTest {
    /** At most this share of the queries may have an empty answer (each on purpose). */
    static final double MAX_EMPTY_SHARE = 0.05;

    @TempDir
    static Path dir;
    static DiffWarehouse warehouse;

    private static final Map<String, String> OUTCOMES = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> EMPTY = new ConcurrentHashMap<>();
    private static long startNanos;
    private static long startCpuSeconds;

    @BeforeAll
    static void open() throws Exception {
        startNanos = System.nanoTime();
        startCpuSeconds = processCpuSeconds();
        warehouse = DiffWarehouse.create(dir);
    }

    @AfterAll
    static void close() throws Exception {
        printSummary();
        warehouse.close();
    }

    private static final List<DiffQuery> GENERATED = QueryGenerator.queries(DiffTables.SEED,
            QueryGenerator.DEFAULT_COUNT);

    static List<DiffQuery> generated() {
        return GENERATED;
    }

    static List<DiffQuery> all() {
        List<DiffQuery> out = new ArrayList<>(HandWrittenQueries.all());
        out.addAll(RuleQueries.all());
        out.addAll(generated());
        return out;
    }

    @TestFactory
    Stream<DynamicTest> handWrittenQueriesAgree() {
        return HandWrittenQueries.all().stream().map(q -> DynamicTest.dynamicTest(q.name(), () -> run(q)));
    }

    @TestFactory
    Stream<DynamicTest> documentedRulesHold() {
        return RuleQueries.all().stream().map(q -> DynamicTest.dynamicTest(q.name(), () -> run(q)));
    }

    @TestFactory
    Stream<DynamicTest> generatedQueriesAgree() {
        return generated().stream().map(q -> DynamicTest.dynamicTest(q.name(), () -> run(q)));
    }

    @Test
    void queryNamesAreUnique() {
        Set<String> seen = new HashSet<>();
        for (DiffQuery q : all()) {
            assertTrue(seen.add(q.name()), "duplicate query name " + q.name());
        }
    }

    @Test
    void everyReferencedDifferenceIsDocumented() {
        Map<String, String> doc = DialectDifferencesDoc.entries();
        for (DiffQuery q : all()) {
            if (q.difference() != null) {
                assertTrue(doc.containsKey(q.difference()), q.name() + " refers to " + q.difference()
                        + ", which docs/dialect-differences.md does not list");
            }
        }
    }

    @Test
    void everyDocumentedDifferenceIsExercised() {
        Set<String> used = new HashSet<>();
        for (DiffQuery q : all()) {
            used.add(q.difference());
        }
        for (String id : DialectDifferencesDoc.entries().keySet()) {
            assertTrue(used.contains(id), id + " of docs/dialect-differences.md is exercised by no query");
        }
    }

    @Test
    void theRulesOfD6D7D10AndD12HaveTheSecondOracle() {
        Set<String> ruled = new TreeSet<>();
        for (DiffQuery q : RuleQueries.all()) {
            if (!q.rules().isEmpty()) {
                ruled.add(q.difference());
            }
        }
        assertEquals(Set.of("D6", "D7", "D10", "D12"), ruled);
    }

    @Test
    void theSuiteIsSeveralHundredQueries() {
        assertTrue(all().size() >= 750, "only " + all().size() + " queries");
        assertEquals(GENERATED, QueryGenerator.queries(DiffTables.SEED, QueryGenerator.DEFAULT_COUNT),
                "the generator is deterministic");
    }

    /** The judge fails each query with an empty answer that is not empty by design; here the budget of those. */
    @Test
    void atMostFivePercentOfTheAnswersAreEmptyByDesign() {
        List<DiffQuery> queries = all();
        long empty = queries.stream().filter(DiffQuery::intendedEmpty).count();
        assertTrue(empty <= MAX_EMPTY_SHARE * queries.size(), empty + " of " + queries.size()
                + " queries are empty by design, more than " + (int) (MAX_EMPTY_SHARE * 100) + "%");
    }

    @Test
    void everyColumnOfEveryTableIsInAGeneratedQuery() {
        assertEquals(Map.of(), QueryGenerator.unusedColumns(generated()));
    }

    /**
     * The tables hold a column of every Arrow type of the type mapping of docs/sql-reference.md (types lance-jdbc
     * refuses, such as duration and dictionaries, aside).
     */
    @Test
    void theTablesHoldEveryTypeTheEngineReads() {
        Set<String> have = new TreeSet<>();
        for (DiffTables.Table t : DiffTables.all()) {
            for (Field f : t.schema().getFields()) {
                collectTypes(f, have);
            }
        }
        Set<String> want = new TreeSet<>(List.of("Bool", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16",
                "UInt32", "UInt64", "HALF", "SINGLE", "DOUBLE", "Decimal128", "Decimal256", "Utf8", "LargeUtf8",
                "Binary", "LargeBinary", "FixedSizeBinary", "DateDAY", "DateMILLISECOND", "Time32", "Time64",
                "TimestampSECOND", "TimestampMILLISECOND", "TimestampMICROSECOND", "TimestampNANOSECOND",
                "TimestampZoned", "List", "LargeList", "FixedSizeList", "Struct", "Map"));
        want.removeAll(have);
        assertEquals(Set.of(), want, "types no table holds");
    }

    private static void collectTypes(Field f, Set<String> out) {
        ArrowType t = f.getType();
        String name;
        if (t instanceof ArrowType.Int i) {
            name = (i.getIsSigned() ? "Int" : "UInt") + i.getBitWidth();
        } else if (t instanceof ArrowType.FloatingPoint fp) {
            name = fp.getPrecision().name();
        } else if (t instanceof ArrowType.Decimal d) {
            name = "Decimal" + d.getBitWidth();
        } else if (t instanceof ArrowType.Date d) {
            name = "Date" + d.getUnit();
        } else if (t instanceof ArrowType.Time tm) {
            name = "Time" + tm.getBitWidth();
        } else if (t instanceof ArrowType.Timestamp ts) {
            name = ts.getTimezone() == null ? "Timestamp" + ts.getUnit() : "TimestampZoned";
        } else {
            name = t.getTypeID().name();
        }
        out.add(name);
        for (Field c : f.getChildren()) {
            collectTypes(c, out);
        }
    }

    private static void run(DiffQuery q) {
        QueryOutcome ours = QueryOutcome.run(warehouse.lance(), q.sql());
        QueryOutcome theirs = QueryOutcome.runPrepared(warehouse.duck(), q.duckSql()).withRules(q.rules());
        Optional<String> problem = DiffJudge.judge(q, ours, theirs);
        OUTCOMES.put(q.name(), problem.isPresent() ? "FAILED" : kind(q, ours));
        EMPTY.put(q.name(), ours.empty() && theirs.empty());
        if (problem.isPresent()) {
            throw new AssertionFailedError(q.name() + ": " + problem.get() + "\n  lance-jdbc: " + q.sql()
                    + "\n  DuckDB:     " + q.duckSql() + "\n  lance-jdbc result: " + ours + "\n  DuckDB result:     "
                    + theirs);
        }
    }

    private static String kind(DiffQuery q, QueryOutcome ours) {
        if (q.difference() != null) {
            return "documented " + q.difference();
        }
        return ours.failed() ? "both failed" : "same rows";
    }

    /** CPU time of this JVM so far (a measure of the suite's cost that other load on the machine does not inflate). */
    private static long processCpuSeconds() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() / 1_000_000_000
                : -1;
    }

    private static void printSummary() {
        Map<String, Integer> byKind = new TreeMap<>();
        Map<String, Integer> byDifference = new TreeMap<>();
        for (String kind : OUTCOMES.values()) {
            String k = kind.startsWith("documented") ? "documented difference" : kind;
            byKind.merge(k, 1, Integer::sum);
            if (kind.startsWith("documented")) {
                byDifference.merge(kind.substring("documented ".length()), 1, Integer::sum);
            }
        }
        long empty = EMPTY.values().stream().filter(Boolean::booleanValue).count();
        Map<String, String> doc = DialectDifferencesDoc.entries();
        List<String> lines = new ArrayList<>();
        lines.add("Differential suite (lance-jdbc vs DuckDB): " + OUTCOMES.size() + " queries run in "
                + (System.nanoTime() - startNanos) / 1_000_000_000 + " s (" + (processCpuSeconds() - startCpuSeconds)
                + " s CPU)");
        byKind.forEach((k, n) -> lines.add(String.format("  %-24s %4d", k, n)));
        lines.add(String.format("  %-24s %4d (%.1f%%, each empty by design)", "empty answers", empty,
                100.0 * empty / Math.max(1, OUTCOMES.size())));
        lines.add("  documented differences exercised: " + byDifference.size() + " of " + doc.size()
                + " (docs/dialect-differences.md)");
        byDifference.forEach((id, n) -> lines.add(String.format("    %-4s %3d queries  %s", id, n, doc.get(id))));
        String text = String.join(System.lineSeparator(), lines);
        System.out.println(text);
        System.err.println(text);
    }
}
