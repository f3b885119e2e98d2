package io.lancejdbc.driver.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlScriptTest {

    @Test
    void splitsAtSemicolonsOutsideQuotesAndComments() {
        assertEquals(List.of("SELECT 'a;b'", "SELECT `x;y` FROM t -- c;d\nWHERE a = \"e;f\"", "SELECT /* ; */ 1"),
                SqlScript.statements("SELECT 'a;b'; SELECT `x;y` FROM t -- c;d\nWHERE a = \"e;f\";\n SELECT /* ; */ 1;"));
    }

    @Test
    void dropsBlankStatements() {
        assertEquals(List.of("SHOW TABLES"), SqlScript.statements(" ;; SHOW TABLES ; "));
    }

    @Test
    void escapedQuotesStayInsideTheLiteral() {
        assertEquals(List.of("SELECT 'it''s;' , 'a\\';'", "SELECT 2"),
                SqlScript.statements("SELECT 'it''s;' , 'a\\';'; SELECT 2"));
    }
}
