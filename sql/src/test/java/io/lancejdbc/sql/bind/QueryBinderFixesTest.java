package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;

/** Binding behaviours found by the differential suite against DuckDB. */
class QueryBinderFixesTest {
    private static LogicalPlan bind(String sql) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return QueryBinder.bind(q.select(), new TestCatalog(), List.of(), Clock.systemUTC());
    }

    @Test
    void cteIsVisibleInsideAnInSubquery() {
        LogicalPlan p = bind("WITH big AS (SELECT id FROM t WHERE i32 > 0) SELECT count(*) FROM t"
                + " WHERE id IN (SELECT id FROM big)");
        assertEquals(1, p.output().size());
    }

    @Test
    void cteIsVisibleInsideScalarAndExistsSubqueries() {
        LogicalPlan p = bind("WITH m AS (SELECT max(i32) AS x FROM t) SELECT (SELECT x FROM m),"
                + " EXISTS (SELECT 1 FROM m) FROM t");
        assertEquals(2, p.output().size());
    }

    @Test
    void untypedNullInTheSelectListIsAnIntegerNull() {
        List<Field> out = bind("SELECT NULL, NULL AS n, id FROM t LIMIT 3").output();
        assertEquals(Types.INT32, out.get(0).getType());
        assertEquals("n", out.get(1).getName());
        assertEquals(Types.INT32, out.get(1).getType());
    }

    @Test
    void untypedNullInsideAUnionTakesTheOtherSidesType() {
        assertEquals(Types.UTF8, bind("SELECT NULL UNION ALL SELECT s FROM t").output().get(0).getType());
    }

    @Test
    void stdIsThePopulationStandardDeviation() {
        String plan = bind("SELECT std(i32), stddev(i32) FROM t").toString();
        assertEquals(true, plan.contains("stddev_pop") && plan.contains("stddev_samp"), plan);
    }

    @Test
    void bindingDoesNotChangeTheParsedTreeOfAnInListFollowedByAnd() {
        // JSqlParser 5.3 parses "id IN (1, 2) AND i32 > 0" as IN(id, AND((1, 2), i32 > 0)); the binder reads it as
        // (id IN (1, 2)) AND i32 > 0 without rewriting the tree, so a second bind (prepared statement, parse cache)
        // sees the same tree and gives the same plan.
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(
                "SELECT id FROM t WHERE id IN (1, 2) AND i32 > 0");
        String tree = q.select().toString();
        String first = QueryBinder.bind(q.select(), new TestCatalog(), List.of(), Clock.systemUTC()).toString();
        assertEquals(tree, q.select().toString());
        String second = QueryBinder.bind(q.select(), new TestCatalog(), List.of(), Clock.systemUTC()).toString();
        assertEquals(first, second);
    }

    @Test
    void hexLiteralBeforeAComparisonOperatorBinds() {
        // JSqlParser hands over "X'0100005F' " with the blank before "<=".
        List<Field> out = bind("SELECT X'0100005F' <= X'02', X'' < X'00' FROM t").output();
        assertEquals(Types.BOOL, out.get(0).getType());
        assertEquals(Types.BOOL, out.get(1).getType());
    }
}
