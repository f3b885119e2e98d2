package io.lancejdbc.sql.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SqlParserTest {
    /** The parsed query printed back (JSqlParser's deparser), as the user's identifiers read. */
    private static String parsedText(String sql) {
        return QualifiedNames.sourceText(((ParsedStatement.Query) SqlParser.parse(sql)).select());
    }

    @Test
    void doubledBackticksQuoteABacktickInEveryIdentifierPosition() {
        String sql = "SELECT `we``ird` AS `x``y`, t.`a``b` FROM `t``u` t WHERE `we``ird` = 2 GROUP BY `we``ird`"
                + " ORDER BY `we``ird`";
        assertEquals(sql, parsedText(sql));
        net.sf.jsqlparser.statement.select.PlainSelect p = (net.sf.jsqlparser.statement.select.PlainSelect)
                ((ParsedStatement.Query) SqlParser.parse(sql)).select();
        net.sf.jsqlparser.schema.Column c = (net.sf.jsqlparser.schema.Column)
                ((net.sf.jsqlparser.statement.select.SelectItem<?>) p.getSelectItems().get(0)).getExpression();
        assertEquals("we`ird", QualifiedNames.unquote(c.getColumnName()));
        assertEquals("x`y", QualifiedNames.unquote(p.getSelectItems().get(0).getAlias().getName()));
        assertEquals(List.of("t`u"), QualifiedNames.split(((net.sf.jsqlparser.schema.Table) p.getFromItem())
                .getFullyQualifiedName()));
        assertEquals(List.of("a`b.c", "d"), QualifiedNames.split("`a``b.c`.d"));
    }

    @Test
    void doubledBackticksInStatementsOutsideSelect() {
        assertEquals(List.of("we`ird"), ((ParsedStatement.Describe) SqlParser.parse("DESC `we``ird`")).tableParts());
        assertEquals(List.of("a`b"), ((ParsedStatement.Use) SqlParser.parse("USE `a``b`")).schemaParts());
        assertEquals(List.of("lance", "s`1"),
                ((ParsedStatement.ShowTables) SqlParser.parse("SHOW TABLES FROM lance.`s``1`")).schemaParts());
    }

    @Test
    void protectingBackticksKeepsTheLengthAndLeavesLiteralsAlone() {
        String sql = "SELECT 'a``b', \"c``d\", `e``f.g` FROM t";
        String protectedText = SqlLexer.protectDotsInBacktickIdentifiers(sql);
        assertEquals(sql.length(), protectedText.length());
        assertEquals("SELECT 'a``b', \"c``d\", `e\uE001\uE001f\uE000g` FROM t", protectedText);
        assertEquals(sql, SqlLexer.restoreDots(protectedText));
    }
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
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse("EXPLAIN SELECT a FROM t");
        assertTrue(q.explain());
        assertEquals("SELECT a FROM t", q.select().toString());
        assertEquals(false, ((ParsedStatement.Query) SqlParser.parse("SELECT a FROM t")).explain());
        assertEquals(false, q.analyze());
    }

    @Test
    void explainAnalyzeWrapsAQueryToRun() {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse("explain  analyze\n SELECT a FROM t WHERE a = ?");
        assertTrue(q.explain());
        assertTrue(q.analyze());
        assertEquals("SELECT a FROM t WHERE a = ?", q.select().toString());
        assertEquals(1, q.parameterCount());
    }

    @Test
    void substringOfAFunctionCallWithSeveralArgumentsParses() {
        // JSqlParser 5.3 rejects these in its complex mode only.
        assertEquals("SELECT substring(concat('a', s), -2, 3), substr(CAST(n AS VARCHAR), 1, 2) FROM t",
                parsedText("SELECT substring(concat('a', s), -2, 3), substr(CAST(n AS VARCHAR), 1, 2) FROM t"));
        assertEquals("SELECT SUBSTRING(concat(a, b) FROM 2 FOR 1) FROM t",
                parsedText("SELECT SUBSTRING(concat(a, b) FROM 2 FOR 1) FROM t"));
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
    void writesAreRejectedAsReadOnlyWith25006() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse("INSERT INTO t VALUES (1)"));
        assertEquals("25006", e.sqlState());
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
    }

    @Test
    void writesJsqlParserCannotParseAreRefusedAsWritesToo() {
        for (String sql : new String[] {"(DROP TABLE t)", "REVOKE SELECT ON t FROM u", "VACUUM t",
            "GRANT SELECT ON t TO u", "# c\nINSERT INTO t VALUES (1)", "INSERT INTO t VALUES (", "  update t set",
            "CALL p()", "COPY t FROM 'x'"}) {
            SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(sql), sql);
            assertEquals("25006", e.sqlState(), sql);
            assertTrue(e.getMessage().startsWith("lance-jdbc is read-only: "), e.getMessage());
        }
        assertEquals("lance-jdbc is read-only: DROP statements are not supported (only SELECT, WITH, SHOW, DESC, "
                + "EXPLAIN, USE and SET run)", assertThrows(SqlError.class,
                        () -> SqlParser.parse("/* c */ ((drop TABLE t))")).getMessage());
    }

    @Test
    void duplicateTableFunctionPropertyIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(
                "DESC FUNCTION s3(\"uri\" = \"s3://b/a\", \"URI\" = \"s3://b/c\", \"format\" = \"lance\")"));
        assertEquals("Duplicate s3() property 'uri'", e.getMessage());
    }

    @Test
    void emptyStatementIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse("  ; "));
        assertEquals("42000", e.sqlState());
        assertEquals("Empty SQL statement", e.getMessage());
    }

    @Test
    void deeplyParenthesizedConditionParsesQuickly() {
        // JSqlParser's complex mode, tried first before, took over 5 s for ten levels and never finished fifteen.
        String sql = "SELECT * FROM t WHERE " + "(".repeat(40) + "a = 1" + ")".repeat(40);
        long start = System.nanoTime();
        assertEquals(sql, parsedText(sql));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "took " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }

    @Test
    void unbalancedParenthesesAreASyntaxErrorAtOnce() {
        // Found by SecretsCanaryTest (issue 16): complex mode spent its 3 s budget on "WHERE ((", then said 54001.
        parsedText("SELECT a FROM t WHERE (b = 1)");
        for (String sql : List.of("SELECT id FROM t WHERE ((", "SELECT count(* FROM t", "SELECT (1))",
                "SELECT * FROM s3(\"uri\" = \"x\" WHERE (a = 1")) {
            long start = System.nanoTime();
            SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(sql));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals("42000", e.sqlState(), sql + ": " + e.getMessage());
            assertTrue(millis < 2_000, sql + " took " + millis + " ms (the complex-mode budget is 3 s)");
        }
        assertEquals("SELECT ')(' FROM t", parsedText("SELECT ')(' FROM t"));
    }

    @Test
    void aSyntaxErrorDeepInsideParenthesesFailsWithinTheSimpleBudget() {
        // Found by SqlFuzzTest (issue 16): simple mode took 12 s to refuse this at 40 levels and minutes at 127.
        parsedText("SELECT a FROM t WHERE (b = 1)");
        for (int depth : new int[] {10, 40, 127}) {
            String sql = "SELECT id FROM numbers WHERE " + "(".repeat(depth) + "id < < 100" + ")".repeat(depth);
            long start = System.nanoTime();
            SqlError e = assertThrows(SqlError.class, () -> SqlParser.parse(sql));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(e.sqlState().equals("42000") || e.sqlState().equals("54001"), e.sqlState());
            assertTrue(e.getMessage().contains("Syntax error at position "), e.getMessage());
            assertTrue(millis < SqlParser.SIMPLE_PARSE_BUDGET_MILLIS + SqlParser.COMPLEX_PARSE_BUDGET_MILLIS + 2_000,
                    depth + " levels took " + millis + " ms");
        }
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
        assertEquals("SELECT '" + "(".repeat(500) + "' AS s, `" + "(".repeat(200) + "` FROM t", parsedText(sql));
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
        assertEquals("SELECT 1", parsedText("SELECT 1;;  "));
        assertEquals("SELECT 1", parsedText("SELECT 1 -- done"));
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
        assertEquals("SELECT '/*' AS s", parsedText("SELECT '/*' AS s /* closed */"));
    }

    @Test
    void statementsThatDoNotRunSayWhatRunsInstead() {
        SqlError write = assertThrows(SqlError.class, () -> SqlParser.parse("DROP TABLE t"));
        assertEquals("25006", write.sqlState());
        assertTrue(write.getMessage().startsWith("lance-jdbc is read-only: DROP statements"), write.getMessage());
        SqlError explain = assertThrows(SqlError.class, () -> SqlParser.parse("EXPLAIN SHOW TABLES"));
        assertEquals("42000", explain.sqlState());
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

    @Test
    void binaryOperatorsAreCountedOutsideLiteralsAndSignsAreNot() {
        assertEquals(5, SqlLexer.binaryOperatorCount(
                "SELECT a + b FROM t WHERE x = -1 AND y IN (-1, +2) OR s = 'a+b' -- c - d"));
        assertEquals(0, SqlLexer.binaryOperatorCount("SELECT `a-b`, \"or\" FROM orders ORDER BY android"));
        assertEquals(3, SqlLexer.binaryOperatorCount("SELECT 1 - -1 FROM t WHERE a>=2"), "'>=' counts per character");
    }

    @Test
    void aChainLongerThanTheOperatorLimitIsTooComplexBeforeParsing() {
        SqlError e = assertThrows(SqlError.class,
                () -> SqlParser.parse("SELECT 1" + " + 1".repeat(SqlParser.MAX_BINARY_OPERATORS + 1)));
        assertEquals("54001", e.sqlState());
        assertTrue(e.getMessage().contains("10001 operators (at most 10000)"), e.getMessage());
    }

    @Test
    void aLongInListOfNegativeNumbersIsNoOperatorChain() {
        StringBuilder in = new StringBuilder("(-0");
        for (int i = 1; i < 12_000; i++) {
            in.append(", -").append(i);
        }
        assertEquals(0, SqlLexer.binaryOperatorCount(in.append(")").toString()));
        assertEquals(1, SqlLexer.binaryOperatorCount("SELECT id FROM t WHERE id - 1 IN " + in),
                "the 12,000 signs of the list do not count, the one '-' before IN does");
    }
}
