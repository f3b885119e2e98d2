package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import org.junit.jupiter.api.Test;

/** Name resolution over a scope: which reading of a dotted name wins, ambiguity, and the unknown-column error. */
class ColumnResolverTest {
    private static final Scope T = Scope.of("t", List.of(Types.field("id", Types.INT64, false),
            Types.field("s", Types.UTF8, true)));
    private static final Scope U = Scope.of("u", List.of(Types.field("id", Types.INT64, false),
            Types.field("name", Types.UTF8, true)));

    private static ColumnRef resolve(Scope scope, String... parts) {
        return (ColumnRef) ColumnResolver.resolveOrNull(scope, List.of(parts));
    }

    @Test
    void qualifiedNameReadsThatTablesColumn() {
        ColumnRef r = resolve(Scope.concat(T, U), "u", "id");
        assertEquals(2, r.index());
        assertEquals("id", r.name());
    }

    @Test
    void schemaTableColumnSkipsTheSchemaPart() {
        assertEquals(1, resolve(T, "default", "t", "s").index());
    }

    @Test
    void unqualifiedNameMatchesCaseInsensitively() {
        assertEquals(1, resolve(T, "S").index());
    }

    @Test
    void exactCaseWinsOverACaseInsensitiveMatch() {
        Scope scope = Scope.of("t", List.of(Types.field("ID", Types.INT64, false), Types.field("id", Types.INT32,
                true)));
        assertEquals(1, resolve(scope, "id").index());
        assertEquals(0, resolve(scope, "ID").index());
    }

    @Test
    void twoCaseInsensitiveMatchesAreAmbiguous() {
        Scope scope = Scope.of("t", List.of(Types.field("ID", Types.INT64, false), Types.field("id", Types.INT32,
                true)));
        SqlError e = assertThrows(SqlError.class, () -> resolve(scope, "Id"));
        assertEquals("42702", e.sqlState());
    }

    @Test
    void aColumnOfTwoTablesIsAmbiguousWithoutQualifier() {
        SqlError e = assertThrows(SqlError.class, () -> resolve(Scope.concat(T, U), "id"));
        assertEquals("42702", e.sqlState());
        assertEquals("Column 'id' is ambiguous; qualify it with a table name or alias (t, u)", e.getMessage());
    }

    @Test
    void anUnknownQualifierResolvesToNothing() {
        assertNull(ColumnResolver.resolveOrNull(T, List.of("x", "id")));
    }

    @Test
    void anUnknownColumnIs42S22NamingTheVisibleColumns() throws Exception {
        ExpressionBinder binder = new ExpressionBinder(new BindContext(new TestCatalog(), List.of(),
                Clock.systemUTC(), CteScope.EMPTY), Scope.concat(T, U), null, null, null);
        SqlError e = assertThrows(SqlError.class, () -> binder.bind(CCJSqlParserUtil.parseExpression("t.nope")));
        assertEquals("42S22", e.sqlState());
        assertEquals("Column 't.nope' not found (available: t.id, t.s, u.id, u.name)", e.getMessage());
    }

    @Test
    void theExpressionBinderResolvesAQualifiedColumn() throws Exception {
        ExpressionBinder binder = new ExpressionBinder(new BindContext(new TestCatalog(), List.of(),
                Clock.systemUTC(), CteScope.EMPTY), Scope.concat(T, U), null, null, null);
        Expr e = binder.bind(CCJSqlParserUtil.parseExpression("u.name"));
        assertEquals(3, ((ColumnRef) e).index());
    }
}
