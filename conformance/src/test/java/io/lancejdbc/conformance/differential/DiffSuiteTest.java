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
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The differential suite (issue 3 §3): every hand-written query of {@link HandWrittenQueries} and every query of
 * {@link QueryGenerator} runs through the lance-jdbc JDBC driver and through DuckDB's JDBC driver over the same rows
 * ({@link DiffWarehouse}) and the outcomes must relate as the query expects ({@link DiffJudge}). At the end it prints
 * a summary: queries run, agreements, expected failures, and the documented differences the queries exercised.
 */
class DiffSuiteTest {
    @TempDir
    static Path dir;
    static DiffWarehouse warehouse;

    private static final Map<String, String> OUTCOMES = new ConcurrentHashMap<>();

    @BeforeAll
    static void open() throws Exception {
        warehouse = DiffWarehouse.create(dir);
    }

    @AfterAll
    static void close() throws Exception {
        printSummary();
        warehouse.close();
    }

    @TestFactory
    Stream<DynamicTest> handWrittenQueriesAgree() {
        return HandWrittenQueries.all().stream().map(q -> DynamicTest.dynamicTest(q.name(), () -> run(q)));
    }

    @TestFactory
    Stream<DynamicTest> generatedQueriesAgree() {
        return QueryGenerator.queries(DiffTables.SEED, QueryGenerator.DEFAULT_COUNT).stream()
                .map(q -> DynamicTest.dynamicTest(q.name(), () -> run(q)));
    }

    @Test
    void queryNamesAreUnique() {
        Set<String> seen = new HashSet<>();
        for (DiffQuery q : HandWrittenQueries.all()) {
            assertTrue(seen.add(q.name()), "duplicate query name " + q.name());
        }
    }

    @Test
    void everyReferencedDifferenceIsDocumented() {
        Map<String, String> doc = DialectDifferencesDoc.entries();
        for (DiffQuery q : HandWrittenQueries.all()) {
            if (q.difference() != null) {
                assertTrue(doc.containsKey(q.difference()), q.name() + " refers to " + q.difference()
                        + ", which docs/dialect-differences.md does not list");
            }
        }
    }

    @Test
    void everyDocumentedDifferenceIsExercised() {
        Set<String> used = new HashSet<>();
        for (DiffQuery q : HandWrittenQueries.all()) {
            used.add(q.difference());
        }
        for (String id : DialectDifferencesDoc.entries().keySet()) {
            assertTrue(used.contains(id), id + " of docs/dialect-differences.md is exercised by no query");
        }
    }

    @Test
    void theSuiteIsSeveralHundredQueries() {
        int n = HandWrittenQueries.all().size() + QueryGenerator.queries(DiffTables.SEED,
                QueryGenerator.DEFAULT_COUNT).size();
        assertTrue(n >= 500, "only " + n + " queries");
        assertEquals(QueryGenerator.queries(DiffTables.SEED, 20), QueryGenerator.queries(DiffTables.SEED, 20),
                "the generator is deterministic");
    }

    private static void run(DiffQuery q) {
        QueryOutcome ours = QueryOutcome.run(warehouse.lance(), q.sql());
        QueryOutcome theirs = QueryOutcome.runPrepared(warehouse.duck(), q.duckSql()).withRules(q.rules());
        Optional<String> problem = DiffJudge.judge(q, ours, theirs);
        OUTCOMES.put(q.name(), problem.isPresent() ? "FAILED" : kind(q, ours));
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
        Map<String, String> doc = DialectDifferencesDoc.entries();
        List<String> lines = new ArrayList<>();
        lines.add("Differential suite (lance-jdbc vs DuckDB): " + OUTCOMES.size() + " queries run");
        byKind.forEach((k, n) -> lines.add(String.format("  %-24s %4d", k, n)));
        lines.add("  documented differences exercised: " + byDifference.size() + " of " + doc.size()
                + " (docs/dialect-differences.md)");
        byDifference.forEach((id, n) -> lines.add(String.format("    %-4s %3d queries  %s", id, n, doc.get(id))));
        String text = String.join(System.lineSeparator(), lines);
        System.out.println(text);
        System.err.println(text);
    }
}
