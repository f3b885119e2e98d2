package io.lancejdbc.driver.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.lance.demo.DemoWarehouse;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.DriverManager;
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
        int status = LanceShell.sqlline("jdbc:lance:" + warehouse,
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
                new PrintStream(err, true, StandardCharsets.UTF_8), work, DemoWarehouseSource.BUILT_IN,
                DriverManager::getConnection, url -> 1);
        assertEquals(0, shell.run(new String[] {"SHOW TABLES", "SELECT count(*) AS n FROM numbers"}));
        String nl = System.lineSeparator();
        assertEquals("+-------------------+" + nl
                + "| Tables_in_default |" + nl
                + "+-------------------+" + nl
                + "| events            |" + nl
                + "| items             |" + nl
                + "| numbers           |" + nl
                + "| people            |" + nl
                + "+-------------------+" + nl
                + "4 rows" + nl
                + "+-------+" + nl
                + "| n     |" + nl
                + "+-------+" + nl
                + "| 10000 |" + nl
                + "+-------+" + nl
                + "1 row" + nl, out.toString(StandardCharsets.UTF_8));
        assertEquals("Demo warehouse: " + warehouse + nl, err.toString(StandardCharsets.UTF_8));
    }
}
