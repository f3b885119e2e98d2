package io.lancejdbc.sql.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.bind.QueryBinder;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.SubqueryExpr;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.Filter;
import io.lancejdbc.sql.plan.Join;
import io.lancejdbc.sql.plan.JoinType;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.PlanExpressions;
import io.lancejdbc.sql.plan.Project;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How correlated subqueries bind (the correlation the binder records) and which joins the decorrelation rule makes
 * of them, over {@link TestCatalog}'s tables t (id, i32, ..., s, ...) and u (id, name).
 */
class SubqueryDecorrelationTest {
    private static LogicalPlan bind(String sql) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return QueryBinder.bind(q.select(), new TestCatalog(), List.of(), Clock.systemUTC());
    }

    private static LogicalPlan decorrelate(String sql) {
        return SubqueryDecorrelation.apply(bind(sql));
    }

    private static SqlError error(String sql) {
        return assertThrows(SqlError.class, () -> bind(sql));
    }

    private static List<Join> joins(LogicalPlan p) {
        List<Join> out = new ArrayList<>();
        if (p instanceof Join) {
            out.add((Join) p);
        }
        for (LogicalPlan in : p.inputs()) {
            out.addAll(joins(in));
        }
        return out;
    }

    private static SubqueryExpr subquery(LogicalPlan p) {
        List<SubqueryExpr> found = new ArrayList<>();
        PlanExpressions.forEach(p, e -> collect(e, found));
        return found.isEmpty() ? null : found.get(0);
    }

    private static void collect(Expr e, List<SubqueryExpr> out) {
        if (e instanceof SubqueryExpr) {
            out.add((SubqueryExpr) e);
        } else if (e instanceof io.lancejdbc.sql.expr.Call) {
            for (Expr a : ((io.lancejdbc.sql.expr.Call) e).args()) {
                collect(a, out);
            }
        }
    }

    @Test
    void uncorrelatedSubqueryHasNoCorrelation() {
        SubqueryExpr s = subquery(bind("SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id > 3)"));
        assertNotNull(s);
        assertNull(s.correlation());
    }

    @Test
    void outerReferenceInWhereBecomesTheCorrelationCondition() {
        SubqueryExpr s = subquery(bind("SELECT id FROM t WHERE EXISTS (SELECT name FROM u WHERE u.id = t.id"
                + " AND u.name <> 'x')"));
        SubqueryExpr.Correlation c = s.correlation();
        // The subquery returns name, then u.id for the condition; the outer t.id is argument 0, at column 2.
        assertEquals(List.of("name", "$corr2"), s.plan().output().stream().map(f -> f.getName()).toList());
        assertEquals(List.of(new ColumnRef(0, "id", c.outerArgs().get(0).type())), c.outerArgs());
        assertEquals("id = id", c.condition().sql());
        assertEquals(List.of(1, 2), columns(c.condition()));
        assertTrue(s.plan().inputs().get(0) instanceof Filter, "the local conjunct stays in the subquery");
    }

    private static List<Integer> columns(Expr e) {
        return io.lancejdbc.sql.expr.ExprVisitors.columns(e).stream().boxed().toList();
    }

    @Test
    void existsAndNotExistsBecomeSemiAndAntiJoins() {
        List<Join> semi = joins(decorrelate("SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id)"));
        assertEquals(1, semi.size());
        assertEquals(JoinType.SEMI, semi.get(0).type());
        List<Join> anti = joins(decorrelate("SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.id = t.id)"));
        assertEquals(JoinType.ANTI, anti.get(0).type());
        assertNull(subquery(decorrelate("SELECT id FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.id = t.id)")));
    }

    @Test
    void notInJoinsOnEqualityOrEitherSideNull() {
        Join j = joins(decorrelate("SELECT id FROM t WHERE s NOT IN (SELECT name FROM u WHERE u.id = t.id)")).get(0);
        assertEquals(JoinType.ANTI, j.type());
        assertEquals("s = name OR s IS NULL OR name IS NULL AND id = id", j.condition().sql()
                .replace("(", "").replace(")", ""));
    }

    @Test
    void scalarCountBecomesALeftJoinWithZeroForNoRows() {
        LogicalPlan p = decorrelate("SELECT id, (SELECT count(*) FROM u WHERE u.id = t.id) FROM t");
        Join j = joins(p).get(0);
        assertEquals(JoinType.LEFT, j.type());
        Project top = (Project) p;
        assertTrue(top.exprs().get(1).sql().startsWith("CASE WHEN "), top.exprs().get(1).sql());
        assertTrue(top.exprs().get(1).sql().contains(" IS NULL THEN 0 ELSE count(*) END"), top.exprs().get(1).sql());
    }

    @Test
    void scalarWithoutAggregateBecomesASingleJoin() {
        Join j = joins(decorrelate("SELECT id, (SELECT name FROM u WHERE u.id = t.id) FROM t")).get(0);
        assertEquals(JoinType.SINGLE, j.type());
    }

    @Test
    void existsOverAnAggregateWithoutGroupByIsTrue() {
        LogicalPlan p = bind("SELECT id FROM t WHERE EXISTS (SELECT max(id) FROM u WHERE u.id = t.id)");
        assertNull(subquery(p));
    }

    @Test
    void correlatedExistsUnderOrStaysForTheExecutorToReject() {
        LogicalPlan p = decorrelate("SELECT id FROM t WHERE id = 1 OR EXISTS (SELECT 1 FROM u WHERE u.id = t.id)");
        assertTrue(joins(p).isEmpty());
        assertTrue(subquery(p).correlated());
    }

    @Test
    void outerReferenceInTheSelectListIsNotSupported() {
        SqlError e = error("SELECT id FROM t WHERE EXISTS (SELECT t.s FROM u WHERE u.id = t.id)");
        assertEquals("42000", e.sqlState());
        assertEquals("A subquery may refer to the enclosing query only in the WHERE clause of a plain SELECT (it"
                + " refers to id, s); rewrite it as a JOIN", e.getMessage());
    }

    @Test
    void nonEqualityCorrelationWithAggregatesIsNotSupported() {
        assertEquals("42000", error("SELECT (SELECT max(id) FROM u WHERE u.id < t.id) FROM t").sqlState());
    }

    @Test
    void limitInACorrelatedInSubqueryIsNotSupported() {
        SqlError e = error("SELECT id FROM t WHERE s IN (SELECT name FROM u WHERE u.id = t.id LIMIT 1)");
        assertEquals("42000", e.sqlState());
    }

    @Test
    void referenceTwoLevelsOutIsNotSupported() {
        SqlError e = error("SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE EXISTS (SELECT 1 FROM u u2"
                + " WHERE u2.id = t.id))");
        assertEquals("42000", e.sqlState());
    }

    @Test
    void derivedTableCannotReferToTheQueryAroundIt() {
        SqlError e = error("SELECT id FROM t WHERE EXISTS (SELECT 1 FROM (SELECT * FROM u WHERE u.id = t.id) d)");
        assertEquals("42000", e.sqlState());
    }
}
