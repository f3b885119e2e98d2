package io.lancejdbc.sql.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import org.junit.jupiter.api.Test;

class TimeTravelRewriterTest {

    @Test
    void aVersionNumberBecomesTheTimeTravelCall() {
        assertEquals("SELECT * FROM __lance_time_travel(\"table\" = 't', \"version\" = 3) AS a",
                TimeTravelRewriter.rewrite("SELECT * FROM t FOR VERSION AS OF 3 AS a"));
    }

    @Test
    void aStringIsATagAndKeepsItsQuoting() {
        assertEquals("SELECT 1 FROM __lance_time_travel(\"table\" = 's.t', \"tag\" = 'it''s')",
                TimeTravelRewriter.rewrite("SELECT 1 FROM s.t for version as of 'it''s'"));
    }

    @Test
    void backtickedMultiPartNamesAreKeptWhole() {
        assertEquals("SELECT 1 FROM __lance_time_travel(\"table\" = 'lance.`a.b`.`t x`', \"version\" = 2)",
                TimeTravelRewriter.rewrite("SELECT 1 FROM lance . `a.b`.`t x` FOR VERSION AS OF 2"));
    }

    @Test
    void timestampsWithAndWithoutTheTypeKeyword() {
        assertEquals("SELECT 1 FROM __lance_time_travel(\"table\" = 't', \"timestamp\" = '2024-05-01 10:00:00')",
                TimeTravelRewriter.rewrite("SELECT 1 FROM t FOR TIMESTAMP AS OF TIMESTAMP '2024-05-01 10:00:00'"));
        assertEquals("SELECT 1 FROM __lance_time_travel(\"table\" = 't', \"timestamp\" = '2024-05-01')",
                TimeTravelRewriter.rewrite("SELECT 1 FROM t FOR SYSTEM_TIME AS OF '2024-05-01'"));
    }

    @Test
    void parametersStayInPlace() {
        assertEquals("SELECT ? FROM __lance_time_travel(\"table\" = 'a', \"version\" = ?) JOIN"
                + " __lance_time_travel(\"table\" = 'a', \"timestamp\" = ?) ON 1 = ?",
                TimeTravelRewriter.rewrite("SELECT ? FROM a FOR VERSION AS OF ? JOIN a FOR TIMESTAMP AS OF ? ON 1 = ?"));
    }

    @Test
    void quotesAndCommentsAreNotRewritten() {
        String sql = "SELECT 'FROM t FOR VERSION AS OF 1', `x FOR VERSION AS OF 2` FROM u -- t FOR VERSION AS OF 3\n"
                + "/* t FOR VERSION AS OF 4 */";
        assertSame(sql, TimeTravelRewriter.rewrite(sql));
    }

    @Test
    void aClauseAfterSomethingOtherThanANameIsAnError() {
        SqlError e = assertThrows(SqlError.class,
                () -> TimeTravelRewriter.rewrite("SELECT * FROM (SELECT 1) FOR VERSION AS OF 1"));
        assertEquals("42000", e.sqlState());
        assertTrue(e.getMessage().startsWith("FOR VERSION AS OF must follow a table name"), e.getMessage());
    }

    @Test
    void theClauseAfterAnAliasIsAnError() {
        for (String sql : new String[] {"SELECT * FROM t a FOR VERSION AS OF 1", "SELECT * FROM t AS a FOR VERSION AS OF 1",
            "SELECT * FROM s.t x JOIN u y FOR SYSTEM_TIME AS OF '2024-01-01' ON x.id = y.id"}) {
            SqlError e = assertThrows(SqlError.class, () -> TimeTravelRewriter.rewrite(sql), sql);
            assertEquals("42000", e.sqlState());
            assertTrue(e.getMessage().contains("goes right after the table name, before its alias"), e.getMessage());
        }
        assertTrue(TimeTravelRewriter.rewrite("SELECT * FROM a JOIN b FOR VERSION AS OF 2 ON a.x = b.x")
                .contains("JOIN __lance_time_travel(\"table\" = 'b', \"version\" = 2) ON"));
        assertTrue(TimeTravelRewriter.rewrite("SELECT * FROM a, b FOR VERSION AS OF 2")
                .contains(", __lance_time_travel(\"table\" = 'b'"));
    }

    @Test
    void aMissingValueIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> TimeTravelRewriter.rewrite("SELECT * FROM t FOR VERSION AS OF"
                + " now()"));
        assertEquals("42000", e.sqlState());
        assertEquals("FOR VERSION AS OF at position 17 takes a version number, a tag name in single quotes or ?, got"
                + " 'now'", e.getMessage());
    }

    @Test
    void theRewrittenStatementParses() {
        ParsedStatement st = SqlParser.parse("SELECT a.id FROM t FOR VERSION AS OF 1 a JOIN t FOR VERSION AS OF 'x' b"
                + " ON a.id = b.id WHERE a.id > ?");
        assertEquals(1, st.parameterCount());
        assertTrue(st instanceof ParsedStatement.Query);
    }

    @Test
    void showVersionsAndShowTagsAreQueries() {
        ParsedStatement v = SqlParser.parse("SHOW VERSIONS FROM `a.b`.t");
        assertTrue(((ParsedStatement.Query) v).select().toString().contains("versions(\"table\" = '`a.b`.t')"),
                v.toString());
        ParsedStatement t = SqlParser.parse("show tags in t");
        assertTrue(((ParsedStatement.Query) t).select().toString().contains("tags(\"table\" = 't')"), t.toString());
    }
}
