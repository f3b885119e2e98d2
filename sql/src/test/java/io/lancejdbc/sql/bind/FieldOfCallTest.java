package io.lancejdbc.sql.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import io.lancejdbc.sql.parse.ParsedStatement;
import io.lancejdbc.sql.parse.SqlParser;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.types.Types;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/** {@code f(...).field} reads a field of a struct-valued call (found by a new user: it used to be dropped). */
class FieldOfCallTest {
    private static final Field PHONE = new Field("item", FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(Types.field("kind", Types.UTF8, true), Types.field("number", Types.UTF8, true)));
    private static final Schema PEOPLE = new Schema(List.of(Types.field("name", Types.UTF8, true),
            new Field("phones", FieldType.nullable(ArrowType.List.INSTANCE), List.of(PHONE))));

    private static final CatalogView CATALOG = new CatalogView() {
        @Override
        public String catalogName() {
            return "lance";
        }

        @Override
        public String currentSchema() {
            return "default";
        }

        @Override
        public BoundTable resolveTable(List<String> parts) {
            return new BoundTable("lance", "default", "people", PEOPLE, null);
        }

        @Override
        public BoundTable resolveFileTvf(String function, Map<String, String> arguments) {
            throw new UnsupportedOperationException(function);
        }
    };

    private static LogicalPlan bind(String sql) {
        ParsedStatement.Query q = (ParsedStatement.Query) SqlParser.parse(sql);
        return QueryBinder.bind(q.select(), CATALOG, List.of(), Clock.systemUTC());
    }

    @Test
    void fieldOfAnArrayElementIsTheField() {
        LogicalPlan p = bind("SELECT element_at(phones, 1).number FROM people");
        assertEquals(Types.UTF8, p.output().get(0).getType());
    }

    @Test
    void fieldOfANonStructIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> bind("SELECT upper(name).foo FROM people"));
        assertEquals("42804", e.sqlState());
    }

    @Test
    void unknownFieldIsAnError() {
        SqlError e = assertThrows(SqlError.class, () -> bind("SELECT element_at(phones, 1).nosuch FROM people"));
        assertEquals("42S22", e.sqlState());
    }

    @Test
    void subscriptingAStructSuggestsTheDot() {
        SqlError e = assertThrows(SqlError.class, () -> bind("SELECT element_at(phones, 1)['kind'] FROM people"));
        assertEquals("42804", e.sqlState());
        assertTrue(e.getMessage().contains("; read a struct field with a dot, e.g. "), e.getMessage());
        assertTrue(e.getMessage().endsWith(".kind (only arrays and maps take [ ])"), e.getMessage());
    }

    @Test
    void aFieldOfAParenthesizedExpressionIsTheField() {
        LogicalPlan p = bind("SELECT (phones[1]).number, (element_at(phones, 2)).kind FROM people");
        assertEquals(Types.UTF8, p.output().get(0).getType());
        assertEquals(Types.UTF8, p.output().get(1).getType());
        assertEquals("42S22", assertThrows(SqlError.class, () -> bind("SELECT (phones[1]).nosuch FROM people"))
                .sqlState());
    }

    @Test
    void aFieldOrSubscriptOfAParenthesizedExpressionWorksAfterAComma() {
        // JSqlParser reads (x).f first in an argument list but refused it after a comma (found by the differential
        // suite: concat('a', (lstst[1]).y)).
        LogicalPlan p = bind("SELECT concat('a', (phones[1]).number, 'b'), coalesce(name, (phones[-1]).kind),"
                + " coalesce(name, (phones[1]).`number`) FROM people");
        assertEquals(Types.UTF8, p.output().get(0).getType());
        assertEquals(Types.UTF8, p.output().get(1).getType());
        assertEquals(Types.UTF8, p.output().get(2).getType());
    }
}
