package io.lancejdbc.exec.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaNameCodecTest {
    private final SchemaNameCodec codec = new SchemaNameCodec("default");

    private static NamespacePath ns(String... levels) {
        return new NamespacePath(List.of(levels));
    }

    private void assertMapsBothWays(NamespacePath path, String schema) {
        assertEquals(schema, codec.encode(path));
        assertEquals(path, codec.decode(schema));
    }

    @Test
    void rootNamespaceIsTheRootDatabase() {
        assertMapsBothWays(NamespacePath.ROOT, "default");
    }

    @Test
    void levelsAreJoinedWithDots() {
        assertMapsBothWays(ns("doris"), "doris");
        assertMapsBothWays(ns("doris", "analytics"), "doris.analytics");
    }

    @Test
    void dotInsideALevelIsEscaped() {
        assertMapsBothWays(ns("company.analytics", "raw"), "company\\.analytics.raw");
    }

    @Test
    void backslashInsideALevelIsDoubled() {
        assertMapsBothWays(ns("a\\b"), "a\\\\b");
        assertMapsBothWays(ns("\\lead"), "\\\\lead");
    }

    @Test
    void oneLevelNamespaceNamedLikeTheRootDatabaseGetsALeadingBackslash() {
        assertMapsBothWays(ns("default"), "\\default");
        assertMapsBothWays(ns("default", "x"), "default.x");
        assertMapsBothWays(ns("x", "default"), "x.default");
    }

    @Test
    void configuredRootDatabaseNameIsHonoured() {
        SchemaNameCodec main = new SchemaNameCodec("main");

        assertEquals("main", main.encode(NamespacePath.ROOT));
        assertEquals("default", main.encode(ns("default")));
        assertEquals("\\main", main.encode(ns("main")));
        assertEquals(ns("main"), main.decode("\\main"));
        assertEquals(NamespacePath.ROOT, main.decode("main"));
    }

    @Test
    void invalidEscapesAreRejected() {
        for (String bad : List.of("a\\x", "a\\", "\\other", "\\default.x")) {
            SqlError e = assertThrows(SqlError.class, () -> codec.decode(bad), bad);
            assertEquals("3F000", e.sqlState());
            assertEquals("Invalid escape in Lance namespace '" + bad + "'", e.getMessage());
        }
    }

    @Test
    void emptyComponentsAreRejected() {
        for (String bad : List.of("a..b", ".a", "a.", "")) {
            SqlError e = assertThrows(SqlError.class, () -> codec.decode(bad), bad);
            assertEquals("3F000", e.sqlState());
            assertEquals("Empty Lance namespace component in '" + bad + "'", e.getMessage());
        }
    }

    @Test
    void blankRootDatabaseIsAnInvalidProperty() {
        SqlError e = assertThrows(SqlError.class, () -> new SchemaNameCodec(" "));

        assertEquals("22023", e.sqlState());
        assertEquals("Property 'lance.namespace.root_database' must be non-empty", e.getMessage());
    }
}
