package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import java.util.List;
import org.junit.jupiter.api.Test;

class NamespaceParentTest {

    @Test
    void emptyParentIsTheWarehouseRoot() {
        assertEquals(NamespacePath.ROOT, NamespaceParent.parse("", "$"));
        assertEquals(NamespacePath.ROOT, NamespaceParent.parse(null, "$"));
    }

    @Test
    void levelsAreSplitAtTheDelimiter() {
        assertEquals(new NamespacePath(List.of("production", "analytics")),
                NamespaceParent.parse("production$analytics", "$"));
        assertEquals(new NamespacePath(List.of("a", "b.c")), NamespaceParent.parse("a::b.c", "::"));
    }

    @Test
    void escapedDelimiterAndBackslashStayInsideALevel() {
        assertEquals(new NamespacePath(List.of("a$b", "c\\d")), NamespaceParent.parse("a\\$b$c\\\\d", "$"));
    }

    @Test
    void emptyLevelIsRejected() {
        SqlError e = assertThrows(SqlError.class, () -> NamespaceParent.parse("a$$b", "$"));

        assertEquals("22023", e.sqlState());
        assertEquals("Empty Lance namespace component in property 'lance.namespace.parent': 'a$$b'", e.getMessage());
    }

    @Test
    void danglingEscapeIsRejected() {
        SqlError e = assertThrows(SqlError.class, () -> NamespaceParent.parse("a\\x", "$"));

        assertEquals("Invalid escape in property 'lance.namespace.parent': 'a\\x'", e.getMessage());
    }

    @Test
    void delimiterMustBeNonEmptyAndFreeOfBackslashes() {
        for (String bad : new String[] {"", "\\", "a\\"}) {
            SqlError e = assertThrows(SqlError.class, () -> NamespaceParent.parse("x", bad));
            assertEquals("22023", e.sqlState());
            assertEquals("Property 'lance.namespace.delimiter' cannot be empty or contain the escape character '\\'",
                    e.getMessage());
        }
    }
}
