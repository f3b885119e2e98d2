package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.TestCatalog;
import io.lancejdbc.sql.bind.OrderLimitBinder.OrderItem;
import io.lancejdbc.sql.expr.ColumnRef;
import io.lancejdbc.sql.expr.Expr;
import io.lancejdbc.sql.expr.Functions;
import io.lancejdbc.sql.expr.Literal;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.List;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.api.Test;

/** ORDER BY items against a select list: ordinals, names and aliases, expressions, and NULL placement. */
class OrderLimitBinderTest {
    private static final Scope T = Scope.of("t", List.of(Types.field("id", Types.INT64, false),
            Types.field("s", Types.UTF8, true)));
    private static final ExpressionBinder BINDER = new ExpressionBinder(new BindContext(new TestCatalog(), List.of(),
            Clock.systemUTC(), CteScope.EMPTY), T, null, null, null);
    private static final Expr ID = Scope.ref(T.columns().get(0));
    private static final Expr S = Scope.ref(T.columns().get(1));

    private static OrderByElement orderBy(String item) throws Exception {
        PlainSelect ps = (PlainSelect) CCJSqlParserUtil.parse("SELECT id FROM t ORDER BY " + item);
        return ps.getOrderByElements().get(0);
    }

    private static OrderItem item(String orderBy, List<Expr> items, List<String> names) throws Exception {
        return OrderLimitBinder.orderItem(orderBy(orderBy), BINDER, items, names);
    }

    @Test
    void anOrdinalNamesTheSelectListPosition() throws Exception {
        OrderItem o = item("2 DESC", List.of(ID, S), List.of("id", "s"));
        assertEquals(1, o.selectIndex);
        assertNull(o.expr);
        assertFalse(o.ascending);
    }

    @Test
    void anOrdinalOutsideTheSelectListIs42000() {
        SqlError e = assertThrows(SqlError.class, () -> item("3", List.of(ID, S), List.of("id", "s")));
        assertEquals("42000", e.sqlState());
        assertEquals("ORDER BY position 3 is not in the select list (1..2)", e.getMessage());
    }

    @Test
    void anAliasNamesItsSelectListItem() throws Exception {
        assertEquals(1, item("label", List.of(ID, S), List.of("id", "label")).selectIndex);
    }

    @Test
    void anAliasMatchesCaseInsensitively() throws Exception {
        assertEquals(1, item("LABEL", List.of(ID, S), List.of("id", "label")).selectIndex);
    }

    @Test
    void aNameOfTwoDifferentSelectItemsIs42702() {
        SqlError e = assertThrows(SqlError.class, () -> item("x", List.of(ID, S), List.of("X", "x")));
        assertEquals("42702", e.sqlState());
        assertEquals("ORDER BY x matches several select-list columns", e.getMessage());
    }

    @Test
    void aNameOfTheSameExpressionTwiceIsNotAmbiguous() throws Exception {
        assertEquals(0, item("id", List.of(ID, ID), List.of("id", "ID")).selectIndex);
    }

    @Test
    void anExactNameFirstHidesALaterCaseInsensitiveOne() throws Exception {
        assertEquals(0, item("x", List.of(ID, S), List.of("x", "X")).selectIndex);
    }

    @Test
    void aNameOutsideTheSelectListBindsOverTheInput() throws Exception {
        OrderItem o = item("s", List.of(ID), List.of("id"));
        assertEquals(-1, o.selectIndex);
        assertEquals(1, ((ColumnRef) o.expr).index());
    }

    @Test
    void anExpressionOverAnOrdinalColumnIsNotAnOrdinal() throws Exception {
        OrderItem o = item("id + 1", List.of(ID), List.of("id"));
        assertEquals(-1, o.selectIndex);
        assertEquals(Operators.arithmetic(Functions.ADD, ID, Literal.ofLong(1)), o.expr);
    }

    @Test
    void nullsSortFirstAscendingAndLastDescendingUnlessSaid() throws Exception {
        assertTrue(OrderLimitBinder.nullsFirst(orderBy("id")));
        assertFalse(OrderLimitBinder.nullsFirst(orderBy("id DESC")));
        assertTrue(OrderLimitBinder.nullsFirst(orderBy("id DESC NULLS FIRST")));
        assertFalse(OrderLimitBinder.nullsFirst(orderBy("id NULLS LAST")));
    }
}
