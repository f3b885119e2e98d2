package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every user mistake in a query is an SqlError with a 42xxx/22xxx state naming the expression. */
class BinderErrorsTest {
    private static SqlError error(String sql) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return assertThrows(SqlError.class, () -> QueryBinder.bind(q.select(), new TestCatalog(), List.of(),
                Clock.systemUTC()));
    }

    @Test
    void unknownColumnListsTheAvailableOnes() {
        SqlError e = error("SELECT nope FROM u");
        assertEquals("42S22", e.sqlState());
        assertEquals("Column 'nope' not found (available: u.id, u.name)", e.getMessage());
    }

    @Test
    void unknownTableIs42S02() {
        assertEquals("42S02", error("SELECT * FROM missing").sqlState());
    }

    @Test
    void ambiguousColumnIs42702() {
        SqlError e = error("SELECT id FROM t JOIN u ON t.id = u.id");
        assertEquals("42702", e.sqlState());
        assertEquals("Column 'id' is ambiguous; qualify it with a table name or alias (t, u)", e.getMessage());
    }

    @Test
    void nonGroupedColumnIs42803() {
        SqlError e = error("SELECT s, count(*) FROM t GROUP BY i32");
        assertEquals("42803", e.sqlState());
        assertEquals("Column 's' must appear in GROUP BY or be used in an aggregate function", e.getMessage());
    }

    @Test
    void aggregateInWhereIs42803() {
        assertEquals("42803", error("SELECT id FROM t WHERE count(*) > 1").sqlState());
    }

    @Test
    void comparingTextWithBinaryIs42804() {
        assertEquals("42804", error("SELECT id FROM t WHERE s = bin").sqlState());
    }

    @Test
    void arithmeticOnTextIs42804() {
        SqlError e = error("SELECT s + 1 FROM t");
        assertEquals("42804", e.sqlState());
    }

    @Test
    void unknownFunctionIs42883() {
        assertEquals("42883", error("SELECT frobnicate(id) FROM t").sqlState());
    }

    @Test
    void theInternalPartOfWeekIsNoExtractPart() {
        SqlError e = error("SELECT EXTRACT(week_sunday FROM d) FROM t");
        assertEquals("42000", e.sqlState());
        assertEquals("Unknown date part week_sunday", e.getMessage());
    }

    @Test
    void badCastConstantIs22018() {
        SqlError e = error("SELECT CAST('abc' AS INT)");
        assertEquals("22018", e.sqlState());
        assertEquals("Cannot convert 'abc' to int", e.getMessage());
    }

    @Test
    void badDateConstantIs22007() {
        assertEquals("22007", error("SELECT id FROM t WHERE d = DATE '2024-13-45'").sqlState());
    }

    @Test
    void projectingAnUnsupportedColumnNamesIt() {
        SqlError e = error("SELECT dur FROM t");
        assertEquals("42000", e.sqlState());
        assertEquals("Column 'dur' has a type lance-jdbc cannot read (UNSUPPORTED_TYPE in DESC); leave it out, e.g."
                + " SELECT * EXCEPT (dur) ...", e.getMessage());
    }

    @Test
    void selectStarWithUnsupportedColumnNamesIt() {
        assertEquals("42000", error("SELECT * FROM t").sqlState());
    }

    @Test
    void exceptDropsUnsupportedColumn() {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse("SELECT * EXCEPT (dur, vec) FROM t");
        assertEquals(15, QueryBinder.bind(q.select(), new TestCatalog(), List.of(), Clock.systemUTC()).output().size());
    }

    @Test
    void exceptWithUnknownColumnIs42S22() {
        assertEquals("42S22", error("SELECT * EXCEPT (nope) FROM u").sqlState());
    }

    @Test
    void negativeLimitIsRejected() {
        assertEquals("LIMIT must not be negative, got -1", error("SELECT id FROM u LIMIT -1").getMessage());
    }

    @Test
    void orderByPositionOutOfRange() {
        SqlError e = error("SELECT id FROM u ORDER BY 3");
        assertEquals("ORDER BY position 3 is not in the select list (1..1)", e.getMessage());
    }
}
