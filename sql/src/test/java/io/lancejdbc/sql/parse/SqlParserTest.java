package io.lancejdbc.sql.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SqlParserTest {
    @Test
    void showTablesFromMultiLevelSchema() {
        ParsedStatement s = SqlParser.parse("SHOW TABLES FROM lance.`doris.analytics`");
        assertEquals(List.of("lance", "doris.analytics"), ((ParsedStatement.ShowTables) s).schemaParts());
    }

    @Test
    void showIndexFromThreePartName() {
        ParsedStatement s = SqlParser.parse("show index from lance.default.items;");
        assertEquals(List.of("lance", "default", "items"), ((ParsedStatement.ShowIndex) s).tableParts());
    }

    @Test
    void describeFunctionKeepsArguments() {
        ParsedStatement s = SqlParser.parse("DESC FUNCTION local(\"file_path\" = \"/d/t.lance\", \"FORMAT\" = 'lance')");
        ParsedStatement.DescribeFunction d = (ParsedStatement.DescribeFunction) s;
        assertEquals("local", d.function());
        assertEquals(Map.of("file_path", "/d/t.lance", "format", "lance"), d.arguments());
    }

    @Test
    void useAndSet() {
        assertEquals(List.of("a.b"), ((ParsedStatement.Use) SqlParser.parse("USE `a.b`")).schemaParts());
        ParsedStatement.SetVariable v = (ParsedStatement.SetVariable) SqlParser.parse(
                "SET topn_lazy_materialization_threshold = -1");
        assertEquals("topn_lazy_materialization_threshold", v.name());
        assertEquals("-1", v.value());
    }

    @Test
    void explainWrapsAQuery() {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse("EXPLAIN SELECT 1");
        assertTrue(q.explain());
    }

    @Test
    void substringOfAFunctionCallWithSeveralArgumentsParses() {
        // JSqlParser 5.3 rejects these in its complex mode only.
        assertInstanceOf(ParsedStatement.Query.class,
                SqlParser.parse("SELECT substring(concat('a', s), -2, 3), substr(CAST(n AS VARCHAR), 1, 2) FROM t"));
        assertInstanceOf(ParsedStatement.Query.class, SqlParser.parse("SELECT SUBSTRING(concat(a, b) FROM 2 FOR 1) FROM t"));
    }

    @Test
    void parametersAreCountedOutsideLiterals() {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse("SELECT '?' FROM t WHERE a = ? AND b = ?");
        assertEquals(2, q.parameterCount());
    }

    @Test
    void syntaxErrorCarriesPosition() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse("SELECT a FROM t WHERE"));
        assertEquals("42000", e.sqlState());
        assertTrue(e.position() > 0, "position " + e.position());
        assertTrue(e.getMessage().startsWith("Syntax error at position"), e.getMessage());
    }

    @Test
    void writesAreRejectedAsUnsupported() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse("INSERT INTO t VALUES (1)"));
        assertEquals("0A000", e.sqlState());
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
    }

    @Test
    void duplicateTableFunctionPropertyIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(
                "DESC FUNCTION s3(\"uri\" = \"s3://b/a\", \"URI\" = \"s3://b/c\", \"format\" = \"lance\")"));
        assertEquals("Duplicate s3() property 'uri'", e.getMessage());
    }

    @Test
    void emptyStatementIsAnError() {
        assertInstanceOf(SqlError.class, assertThrows(SqlError.class, () -> SqlParser.parse("  ; ")));
    }

    @Test
    void deeplyParenthesizedConditionParsesQuickly() {
        // JSqlParser's complex mode, tried first before, took over 5 s for ten levels and never finished fifteen.
        String sql = "SELECT * FROM t WHERE " + "(".repeat(40) + "a = 1" + ")".repeat(40);
        long start = System.nanoTime();
        assertInstanceOf(ParsedStatement.Query.class, SqlParser.parse(sql));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "took " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }

    @Test
    void parenthesesNestedBeyondTheLimitAreTooComplex() {
        String sql = "SELECT " + "(".repeat(5000) + "1" + ")".repeat(5000);
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(sql));
        assertEquals("54001", e.sqlState());
        assertTrue(e.getMessage().contains("nested 5000 deep (at most 128)"), e.getMessage());
    }

    @Test
    void parenthesesInsideLiteralsDoNotCountAsNesting() {
        String sql = "SELECT '" + "(".repeat(500) + "' AS s, `" + "(".repeat(200) + "` FROM t -- " + "(".repeat(300);
        assertInstanceOf(ParsedStatement.Query.class, SqlParser.parse(sql));
    }

    @Test
    void aStatementComplexModeCannotFinishFailsWithinItsBudget() {
        // Simple mode refuses twenty parentheses around a select item; complex mode would backtrack for hours.
        String sql = "SELECT " + "(".repeat(20) + "1" + ")".repeat(20);
        long start = System.nanoTime();
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(sql));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals("54001", e.sqlState());
        assertTrue(e.getMessage().contains("the parser gave up after 3 s"), e.getMessage());
        assertTrue(millis < 15_000, "took " + millis + " ms");
    }

    @Test
    void aSecondStatementAfterASemicolonIsAnErrorNotDropped() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse("SELECT 1; SELECT 2"));
        assertEquals("42000", e.sqlState());
        assertTrue(e.getMessage().contains("Only one statement can run per execute call"), e.getMessage());
        assertThrows(SqlError.class, () -> SqlParser.parse("SELECT * FROM t; DROP TABLE t"));
    }

    @Test
    void trailingSemicolonsAndCommentsAreAllowed() {
        assertInstanceOf(ParsedStatement.Query.class, SqlParser.parse("SELECT 1;;  "));
        assertInstanceOf(ParsedStatement.Query.class, SqlParser.parse("SELECT 1 -- done"));
    }

    @Test
    void aStatementOfOnlyCommentsSaysSo() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse("-- hi\n/* there */"));
        assertEquals("42000", e.sqlState());
        assertEquals("The SQL statement holds only comments; write a statement after them", e.getMessage());
    }

    @Test
    void anUnclosedBlockCommentIsASyntaxErrorAtItsStart() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse("SELECT 1 /* abc"));
        assertEquals("42000", e.sqlState());
        assertEquals(10, e.position());
        assertTrue(e.getMessage().contains("/* is not closed"), e.getMessage());
        assertInstanceOf(ParsedStatement.Query.class, SqlParser.parse("SELECT '/*' AS s /* closed */"));
    }

    @Test
    void statementsThatDoNotRunSayWhatRunsInstead() {
        SqlError write = assertThrows(SqlError.class, () -> SqlParser.parse("DROP TABLE t"));
        assertEquals("0A000", write.sqlState());
        assertTrue(write.getMessage().startsWith("lance-jdbc is read-only: DROP statements"), write.getMessage());
        SqlError explain = assertThrows(SqlError.class, () -> SqlParser.parse("EXPLAIN SHOW TABLES"));
        assertEquals("0A000", explain.sqlState());
        assertTrue(explain.getMessage().startsWith("EXPLAIN SHOW TABLES is not supported: EXPLAIN takes a SELECT"),
                explain.getMessage());
        SqlError show = assertThrows(SqlError.class, () -> SqlParser.parse("SHOW GARBAGE"));
        assertTrue(show.getMessage().contains("lance-jdbc runs SELECT, WITH, SHOW DATABASES"), show.getMessage());
        assertTrue(!show.getMessage().contains("read-only"), show.getMessage());
    }

    @Test
    void unquotedTableFunctionKeysGetAHint() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(
                "SELECT * FROM vector_search(table = \"items\", column = \"e\", query_vector = \"[1]\")"));
        assertEquals("42000", e.sqlState());
        assertTrue(e.getMessage().endsWith("are written \"key\" = \"value\", with the key in double quotes"),
                e.getMessage());
    }
}
