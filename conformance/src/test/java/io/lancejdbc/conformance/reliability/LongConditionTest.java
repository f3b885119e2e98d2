package io.lancejdbc.conformance.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Long and deep conditions never reach lance-core in a form it cannot evaluate: lance-core 7.0.0 walks a filter
 * recursively on a native stack, and a flat chain of about 1,500 ORs killed the JVM (SIGSEGV, found by a breaking
 * test). A WHERE chain is pushed as a balanced tree, a deeper predicate stays residual, and a table function's
 * {@code "filter"} text that is too long, or is not one condition, is refused. Oracles: the same rows selected by a
 * range ({@code numbers.id} is 0..9999, each once).
 */
@EngineContract
class LongConditionTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private static String explain(Statement s, String sql) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                out.append(rs.getString(1)).append('\n');
            }
        }
        return out.toString();
    }

    private static String chain(int terms, String op, java.util.function.IntFunction<String> term) {
        return IntStream.range(0, terms).mapToObj(term).collect(Collectors.joining(op));
    }

    @Test
    void thousandsOfOrsArePushedAndAnswerExactly() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url()); Statement s = c.createStatement()) {
            for (int terms : new int[] {1_500, 5_000}) {
                String sql = "SELECT count(*) FROM numbers WHERE " + chain(terms, " OR ", i -> "id = " + i * 2);
                assertEquals(count(s, "SELECT count(*) FROM numbers WHERE id < " + terms * 2 + " AND id % 2 = 0"),
                        count(s, sql), terms + " ORs");
                String plan = explain(s, sql);
                assertTrue(plan.contains("lancePushdownPredicate=((("), "pushed as a balanced tree: " + plan
                        .substring(0, Math.min(plan.length(), 2_000)));
            }
        }
    }

    @Test
    void thousandsOfAndsAnswerExactly() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url()); Statement s = c.createStatement()) {
            String sql = "SELECT count(*) FROM numbers WHERE " + chain(2_000, " AND ", i -> "id <> " + (i * 3 + 1));
            // 2,000 excluded values 1, 4, 7, ... 5998: every id < 6000 with id % 3 = 1 is out.
            assertEquals(10_000 - 2_000, count(s, sql));
        }
    }

    /**
     * Nests lance-core 7.0.0 misreads when pushed (a breaking test, 3 Dec 2026): 23 NOTs failed with "Invalid
     * function 'not'", 40 never finished, an AND/OR alternation 64 deep hit its parser's recursion limit (42000).
     */
    @Test
    void aPredicateDeeperThanLanceCanTakeStaysResidualAndAnswers() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url()); Statement s = c.createStatement()) {
            for (int nots : new int[] {24, 40, 100}) {
                String deep = "id < 10";
                for (int i = 0; i < nots; i++) {
                    deep = "NOT (" + deep + ")";
                }
                String sql = "SELECT count(*) FROM numbers WHERE " + deep;
                assertEquals(10, count(s, sql), nots + " NOTs, an even number");
                assertFalse(explain(s, sql).contains("lancePushdownPredicate"), nots + " levels are not pushed");
            }
            String alternating = "id < 10";
            for (int i = 0; i < 64; i++) {
                alternating = i % 2 == 0 ? "(id >= 0 AND " + alternating + ")" : "(id = " + (20_000 + i) + " OR "
                        + alternating + ")";
            }
            assertEquals(10, count(s, "SELECT count(*) FROM numbers WHERE " + alternating), "64 alternating levels");
        }
    }

    /** Filter texts that got past the first version of the check and killed the JVM (a breaking test). */
    @Test
    void aVectorSearchFilterCannotHideItsLengthOrItsEnd() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url()); Statement s = c.createStatement()) {
            String[][] cases = {
                {chain(320, " OR ", i -> "id IS NULL") + " OR id < 3", "54001"},
                {"name = '\\' OR " + chain(520, " OR ", i -> "id = " + i), "54001"},
                {"name = '\\' OR id < 5) OR (1 = 1", "42000"},
                {"name = 'it''s' OR id < 5) OR (1 = 1", "42000"}};
            for (String[] filterAndState : cases) {
                SQLException e = assertThrows(SQLException.class, () -> count(s, "SELECT count(*) FROM vector_search("
                        + "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\","
                        + " \"top_k\" = \"2000\", \"filter\" = \"" + filterAndState[0] + "\")"), filterAndState[0]);
                assertEquals(filterAndState[1], e.getSQLState(), e.getMessage());
            }
            // A backslash is an ordinary character in a Lance string: '\' is a complete string.
            assertEquals(5, count(s, "SELECT count(*) FROM vector_search(\"table\" = \"items\", \"column\" ="
                    + " \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\", \"top_k\" = \"2000\","
                    + " \"filter\" = \"name = '\\' OR id < 5\")"));
        }
    }

    @Test
    void aVectorSearchFilterThatIsTooLongIsRefused() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url()); Statement s = c.createStatement()) {
            String tooLong = chain(2_000, " OR ", i -> "id = " + i);
            SQLException e = assertThrows(SQLException.class, () -> count(s, "SELECT count(*) FROM vector_search("
                    + "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\","
                    + " \"top_k\" = \"5\", \"filter\" = \"" + tooLong + "\")"));
            assertEquals("54001", e.getSQLState(), e.getMessage());
            assertTrue(e.getMessage().contains("IN (v1, v2, ...)"), e.getMessage());
        }
    }

    /** lance-core's own refusals of a prefilter get the SQLState of their cause, not HY000. */
    @Test
    void lanceRefusalsOfAFilterHaveTheirSqlStates() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url()); Statement s = c.createStatement()) {
            String[][] cases = {{"_distance < 1", "42S22"}, {"nosuch < 1", "42S22"}, {"1", "42804"},
                {"id / 0 > 1", "22012"}};
            for (String[] filterAndState : cases) {
                SQLException e = assertThrows(SQLException.class, () -> count(s, "SELECT count(*) FROM vector_search("
                        + "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\","
                        + " \"top_k\" = \"5\", \"filter\" = \"" + filterAndState[0] + "\")"), filterAndState[0]);
                assertEquals(filterAndState[1], e.getSQLState(), filterAndState[0] + ": " + e.getMessage());
            }
        }
    }

    @Test
    void aVectorSearchFilterThatIsNotOneConditionIsRefused() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url()); Statement s = c.createStatement()) {
            for (String filter : new String[] {"id < 5) OR (1 = 1", "id = 1; id = 2", "(id = 1"}) {
                SQLException e = assertThrows(SQLException.class, () -> count(s, "SELECT count(*) FROM vector_search("
                        + "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\","
                        + " \"top_k\" = \"5\", \"filter\" = \"" + filter + "\")"), filter);
                assertEquals("42000", e.getSQLState(), filter + ": " + e.getMessage());
                assertTrue(e.getMessage().contains("'filter' is not one condition"), e.getMessage());
            }
            // A semicolon or parenthesis inside a string literal is part of the condition.
            assertEquals(0, count(s, "SELECT count(*) FROM vector_search(\"table\" = \"items\", \"column\" ="
                    + " \"embedding\", \"query_vector\" = \"[1,0,0,0,0,0,0,0]\", \"top_k\" = \"5\","
                    + " \"filter\" = \"name = 'a;b)'\")"));
        }
    }
}
