package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.Limit;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;

/** {@code LIMIT ?} and {@code OFFSET ?} (what query builders such as jOOQ send) prepare and bind per execution. */
class LimitParametersTest {
    private static LogicalPlan bind(String sql, List<Literal> parameters) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return QueryBinder.bind(q.select(), new TestCatalog(), parameters, Clock.systemUTC());
    }

    @Test
    void preparingLimitAndOffsetParametersPlansTheResultShape() {
        LogicalPlan prepared = bind("SELECT id, name FROM u ORDER BY id LIMIT ? OFFSET ?", null);
        assertEquals(List.of("id", "name"), prepared.output().stream().map(Field::getName).toList());
    }

    @Test
    void executingBindsTheParameterValuesAsRowCounts() {
        LogicalPlan plan = bind("SELECT id FROM u ORDER BY id LIMIT ? OFFSET ?",
                List.of(Literal.ofLong(3), Literal.ofLong(2)));
        Limit limit = assertInstanceOf(Limit.class, plan);
        assertEquals(3, limit.limit());
        assertEquals(2, limit.offset());
    }

    @Test
    void fetchFirstParameterIsARowCountToo() {
        Limit limit = assertInstanceOf(Limit.class, bind("SELECT id FROM u OFFSET ? ROWS FETCH FIRST ? ROWS ONLY",
                List.of(Literal.ofLong(1), Literal.ofLong(4))));
        assertEquals(4, limit.limit());
        assertEquals(1, limit.offset());
    }

    @Test
    void aNullLimitParameterIsASyntaxError() {
        SqlError e = assertThrows(SqlError.class, () -> bind("SELECT id FROM u LIMIT ?",
                List.of(Literal.nullOf(Types.INT64))));
        assertEquals("42000", e.sqlState());
        assertEquals("LIMIT needs a non-negative integer constant, got NULL", e.getMessage());
    }

    @Test
    void aNegativeOffsetParameterIsAnInvalidValue() {
        SqlError e = assertThrows(SqlError.class, () -> bind("SELECT id FROM u LIMIT ? OFFSET ?",
                List.of(Literal.ofLong(1), Literal.ofLong(-5))));
        assertEquals("22023", e.sqlState());
    }
}
