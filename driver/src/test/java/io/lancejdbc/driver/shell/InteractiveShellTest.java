package io.lancejdbc.driver.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shell end to end: real sqlline and the SQL-argument mode, through DriverManager and the registered driver
 * with the embedded engine, on the real demo warehouse.
 */
class InteractiveShellTest {
    private static Path work;
    private static Path warehouse;

    /** The working directory that holds the shared demo warehouse, which the built-in source finds complete. */
    @BeforeAll
    static void useTheSharedDemo() throws IOException {
        work = SharedDemoWarehouse.path().getParent();
        warehouse = DemoWarehouseSource.BUILT_IN.createIfAbsent(work.resolve(DemoWarehouseSource.DIRECTORY));
    }

    @Test
    void builtInDemoSourceReturnsTheCompleteDemoWarehouse() {
        assertTrue(DemoWarehouse.isComplete(warehouse));
        assertEquals(SharedDemoWarehouse.path(), warehouse);
    }

    @Test
    void sqllineRunsQueriesAndMetadataCommands() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String input = "SELECT id, name FROM items WHERE id < 2 ORDER BY id;\n!tables\n!quit\n";
        int status = LanceShell.sqlline(List.of("-u", "jdbc:lance:" + warehouse, "-d",
                "io.lancejdbc.driver.jdbc.LanceDriver", "-n", "", "-p", "", "--connectInteractionMode=notAskCredentials"),
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, err, false);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed + err.toString(StandardCharsets.UTF_8));
        assertTrue(printed.contains("| 0  | item-0000 |"), printed);
        assertTrue(printed.contains("| 1  | item-0001 |"), printed);
        assertTrue(printed.contains("| lance     | analytics   | daily_sales | TABLE"), printed);
    }

    @Test
    void sqlArgumentsPrintTablesFromTheDemoWarehouse() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LanceShell shell = new LanceShell(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), InputStream.nullInputStream(), true, work,
                DemoWarehouseSource.BUILT_IN, DriverManager::getConnection, (arguments, input) -> 1);
        assertEquals(0, shell.run(new String[] {"SHOW TABLES", "SELECT count(*) AS n FROM numbers"}));
        String nl = System.lineSeparator();
        assertEquals("+-------------------+" + nl
                + "| Tables_in_default |" + nl
                + "+-------------------+" + nl
                + "| articles          |" + nl
                + "| events            |" + nl
                + "| items             |" + nl
                + "| numbers           |" + nl
                + "| people            |" + nl
                + "+-------------------+" + nl
                + "5 rows" + nl
                + "+-------+" + nl
                + "| n     |" + nl
                + "+-------+" + nl
                + "| 10000 |" + nl
                + "+-------+" + nl
                + "1 row" + nl, out.toString(StandardCharsets.UTF_8));
        assertEquals("Demo warehouse: " + warehouse + nl, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aScriptStopsAtItsFirstFailingStatementWithStatusOne(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        Path script = dir.resolve("report.sql");
        java.nio.file.Files.writeString(script, "SELECT count(*) AS n FROM items;\nSELECT * FROM nope;\n"
                + "SELECT 'after' AS never_printed;\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LanceShell shell = new LanceShell(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), InputStream.nullInputStream(), false, dir,
                root -> {
                    throw new AssertionError("a URL is given: no demo warehouse");
                }, DriverManager::getConnection,
                (arguments, input) -> LanceShell.sqlline(arguments, input, out, err, false));
        int status = shell.run(new String[] {"-u", "jdbc:lance:" + warehouse, "--run=" + script});
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, status, printed + err.toString(StandardCharsets.UTF_8));
        assertTrue(printed.contains("| 1200 |"), printed);
        assertTrue(!printed.contains("never_printed"), printed);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("42S02"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void withoutATerminalSqllineTablesAreNotCutToAWidth(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LanceShell shell = new LanceShell(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), InputStream.nullInputStream(), false, dir,
                root -> {
                    throw new AssertionError("a URL is given: no demo warehouse");
                }, DriverManager::getConnection,
                (arguments, input) -> LanceShell.sqlline(arguments, input, out, err, false));
        int status = shell.run(new String[] {"jdbc:lance:" + warehouse,
            "--outputformat=table", "SELECT id, name, category, price, embedding FROM items WHERE id = 0"});
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed + err.toString(StandardCharsets.UTF_8));
        String row = printed.lines().filter(l -> l.contains("item-0000")).findFirst().orElseThrow(
                () -> new AssertionError(printed));
        assertTrue(row.length() > 120, "the row is printed whole: " + row);
        assertTrue(row.strip().endsWith("] |"), row);
    }

    @Test
    void bangCommandArgumentsRunInSqllineOnTheGivenUrl(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        LanceShell shell = new LanceShell(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), InputStream.nullInputStream(), false, dir,
                root -> {
                    throw new AssertionError("a URL is given: no demo warehouse");
                }, DriverManager::getConnection,
                (arguments, input) -> LanceShell.sqlline(arguments, input, out, err, false));
        int status = shell.run(new String[] {"jdbc:lance:" + warehouse, "!tables", "SELECT count(*) AS n FROM people"});
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, printed + err.toString(StandardCharsets.UTF_8));
        assertTrue(printed.contains("| lance     | analytics   | daily_sales | TABLE"), printed);
        assertTrue(printed.lines().anyMatch(l -> l.matches("\\| *[0-9]+ *\\|")), printed);
    }
}
