package io.lancejdbc.driver.shell;

import static io.lancejdbc.driver.jdbc.ArrowColumns.batch;
import static io.lancejdbc.driver.jdbc.ArrowColumns.float64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.int64;
import static io.lancejdbc.driver.jdbc.ArrowColumns.schema;
import static io.lancejdbc.driver.jdbc.ArrowColumns.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.driver.jdbc.FixedBatchQueryEngine;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.driver.jdbc.TestDrivers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line shell with SQL arguments, over a real LanceDriver and the in-test fixed-batch engine. */
class LanceShellTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<String> interactiveUrls = new ArrayList<>();
    private final List<Path> demoRequests = new ArrayList<>();
    private final List<String> openedUrls = new ArrayList<>();
    private RootAllocator allocator;
    private FixedBatchQueryEngine engine;
    private LanceDriver driver;

    @BeforeEach
    void start() {
        allocator = new RootAllocator();
        engine = new FixedBatchQueryEngine(allocator);
        driver = TestDrivers.over(engine);
    }

    @AfterEach
    void stop() {
        TestDrivers.shutdown(driver);
        assertEquals(0, allocator.getAllocatedMemory());
        allocator.close();
    }

    private int run(String... args) throws IOException {
        LanceShell shell = new LanceShell(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Path.of("/home/analyst/project"),
                root -> {
                    demoRequests.add(root);
                    return root;
                },
                url -> {
                    openedUrls.add(url);
                    return driver.connect(url, new Properties());
                },
                url -> {
                    interactiveUrls.add(url);
                    return 0;
                });
        return shell.run(args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsEachResultAsATableWithItsRowCount() throws IOException {
        engine.rows("SELECT * FROM items", schema(int64("id"), utf8("name"), float64("price")),
                batch(int64("id", 1L, 10L), utf8("name", "apple", null), float64("price", 1.5, 20.25)));
        assertEquals(0, run("jdbc:lance:/w", "SELECT * FROM items"));
        String nl = System.lineSeparator();
        assertEquals("+----+-------+-------+" + nl
                + "| id | name  | price |" + nl
                + "+----+-------+-------+" + nl
                + "|  1 | apple |   1.5 |" + nl
                + "| 10 | NULL  | 20.25 |" + nl
                + "+----+-------+-------+" + nl
                + "2 rows" + nl, out());
        assertEquals("", err());
        assertEquals(List.of("jdbc:lance:/w"), openedUrls);
    }

    @Test
    void runsSeveralStatementsInOrder() throws IOException {
        engine.updateCount("USE shop", 0);
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        assertEquals(0, run("jdbc:lance:/w", "USE shop; SELECT 1"));
        assertTrue(out().startsWith("OK" + System.lineSeparator() + "+---+"), out());
        assertTrue(out().endsWith("1 row" + System.lineSeparator()), out());
    }

    @Test
    void stopsAtTheFirstErrorWithStatusOne() throws IOException {
        engine.error("SELECT * FROM nope", "42S02", "Table 'default.nope' not found (tables: items)");
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        assertEquals(1, run("jdbc:lance:/w", "SELECT * FROM nope", "SELECT 1"));
        assertEquals("ERROR 42S02: Table 'default.nope' not found (tables: items)" + System.lineSeparator(), err());
        assertEquals("", out());
    }

    @Test
    void withoutSqlStartsTheInteractiveShell() throws IOException {
        assertEquals(0, run("jdbc:lance:/w"));
        assertEquals(List.of("jdbc:lance:/w"), interactiveUrls);
    }

    @Test
    void withoutUrlUsesTheDemoWarehouseInTheWorkingDirectory() throws IOException {
        engine.rows("SHOW TABLES", schema(utf8("Tables_in_default")), batch(utf8("Tables_in_default", "items")));
        assertEquals(0, run("SHOW TABLES"));
        assertEquals(List.of(Path.of("/home/analyst/project/lance-demo-warehouse")), demoRequests);
        assertEquals(List.of("jdbc:lance:/home/analyst/project/lance-demo-warehouse"), openedUrls);
        assertEquals("Creating the demo warehouse (first use) ..." + System.lineSeparator()
                + "Demo warehouse: /home/analyst/project/lance-demo-warehouse" + System.lineSeparator(), err());
    }

    @Test
    void foreignUrlIsABadArgument() throws IOException {
        assertEquals(2, run("jdbc:postgresql://h/db?password=x", "SELECT 1"));
        assertEquals("Not a lance-jdbc URL: jdbc:postgresql://h/db (it must start with jdbc:lance:)"
                + System.lineSeparator(), err());
    }

    @Test
    void directoryThatIsNotADemoWarehouseIsReported(@TempDir Path work) throws IOException {
        Files.createDirectories(work.resolve("lance-demo-warehouse"));
        Files.writeString(work.resolve("lance-demo-warehouse/mine.txt"), "not a demo");
        LanceShell shell = new LanceShell(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), work, DemoWarehouseSource.BUILT_IN,
                url -> driver.connect(url, null), url -> 0);
        assertEquals(2, shell.run(new String[] {"SHOW TABLES"}));
        assertTrue(err().startsWith("Cannot open the demo warehouse: "), err());
        assertEquals("not a demo", Files.readString(work.resolve("lance-demo-warehouse/mine.txt")));
    }

    @Test
    void helpPrintsUsage() throws IOException {
        assertEquals(0, run("--help"));
        assertTrue(out().startsWith("Usage: java -jar lance-jdbc.jar [URL] [SQL...]"), out());
    }

    @Test
    void controlCharactersStayOnOneLine() throws IOException {
        engine.rows("q", schema(utf8("t")), batch(utf8("t", "a\nb\tc")));
        assertEquals(0, run("jdbc:lance:/w", "q"));
        assertTrue(out().contains("| a\\nb\\tc |"), out());
    }
}
