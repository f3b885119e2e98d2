package io.lancejdbc.sql.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.bind.QueryBinder;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.TableScan;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ON conjuncts over one side of a join reach that side's scan when the join type allows it. */
class JoinConditionPushdownTest {
    private static LogicalPlan plan(String sql) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return PredicatePushdown.apply(QueryBinder.bind(q.select(), new TestCatalog(), List.of(), Clock.systemUTC()));
    }

    private static Join join(LogicalPlan p) {
        LogicalPlan cur = p;
        while (!(cur instanceof Join)) {
            cur = cur.inputs().get(0);
        }
        return (Join) cur;
    }

    private static String pushed(LogicalPlan side) {
        LogicalPlan cur = side;
        while (!(cur instanceof TableScan)) {
            cur = cur.inputs().get(0);
        }
        return ((TableScan) cur).lanceFilter();
    }

    @Test
    void innerJoinPushesBothSides() {
        Join j = join(plan("SELECT t.id FROM t JOIN u ON t.id = u.id AND t.i32 > 1 AND u.name = 'x'"));
        assertEquals("(`i32` > 1)", pushed(j.left()));
        assertEquals("(`name` = 'x')", pushed(j.right()));
        assertEquals("id = id", j.condition().sql());
    }

    @Test
    void leftJoinPushesOnlyTheRightSide() {
        Join j = join(plan("SELECT t.id FROM t LEFT JOIN u ON t.id = u.id AND t.i32 > 1 AND u.name = 'x'"));
        assertNull(pushed(j.left()));
        assertEquals("(`name` = 'x')", pushed(j.right()));
        assertEquals("(id = id) AND (i32 > 1)", j.condition().sql());
    }

    @Test
    void rightJoinPushesOnlyTheLeftSide() {
        Join j = join(plan("SELECT t.id FROM t RIGHT JOIN u ON t.id = u.id AND t.i32 > 1 AND u.name = 'x'"));
        assertEquals("(`i32` > 1)", pushed(j.left()));
        assertNull(pushed(j.right()));
    }

    @Test
    void fullJoinKeepsEveryConjunct() {
        Join j = join(plan("SELECT t.id FROM t FULL JOIN u ON t.id = u.id AND t.i32 > 1 AND u.name = 'x'"));
        assertNull(pushed(j.left()));
        assertNull(pushed(j.right()));
    }
}
