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
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
    private final List<List<String>> sqllineRuns = new ArrayList<>();
    private final List<String> sqllineScripts = new ArrayList<>();
    private boolean terminal = true;
    private int sqllineStatus;
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
        return run(new ByteArrayInputStream(new byte[0]), args);
    }

    private int run(InputStream in, String... args) throws IOException {
        LanceShell shell = new LanceShell(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), in, terminal, Path.of("/home/analyst/project"),
                root -> {
                    demoRequests.add(root);
                    return root;
                },
                (url, info) -> {
                    openedUrls.add(url);
                    return driver.connect(url, info);
                },
                (arguments, input) -> {
                    sqllineRuns.add(arguments);
                    // The shell deletes its temporary script when sqlline returns: read it now.
                    arguments.stream().filter(x -> x.startsWith("--run=") && x.contains("lance-jdbc-shell")).findFirst().ifPresent(x -> {
                        try {
                            sqllineScripts.add(Files.readString(Path.of(x.substring("--run=".length()))));
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
                    return sqllineStatus;
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
        assertEquals(List.of(List.of("-u", "jdbc:lance:/w", "-d", LanceDriver.class.getName(), "-n", "", "-p", "",
                "--connectInteractionMode=notAskCredentials", "--isolation=TRANSACTION_NONE", "--readOnly=true",
                "--showWarnings=true")),
                sqllineRuns);
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
                new PrintStream(err, true, StandardCharsets.UTF_8), InputStream.nullInputStream(), true, work,
                DemoWarehouseSource.BUILT_IN, driver::connect, (arguments, input) -> 0);
        assertEquals(2, shell.run(new String[] {"SHOW TABLES"}));
        assertTrue(err().startsWith("Cannot open the demo warehouse: "), err());
        assertEquals("not a demo", Files.readString(work.resolve("lance-demo-warehouse/mine.txt")));
    }

    @Test
    void helpPrintsUsage() throws IOException {
        assertEquals(0, run("--help"));
        assertTrue(out().startsWith("Usage: java -jar lance-jdbc.jar [options] [URL] [SQL or !command ...]"), out());
    }

    @Test
    void controlCharactersStayOnOneLine() throws IOException {
        engine.rows("q", schema(utf8("t")), batch(utf8("t", "a\nb\tc")));
        assertEquals(0, run("jdbc:lance:/w", "q"));
        assertTrue(out().contains("| a\\nb\\tc |"), out());
    }

    // Issue 14 section 4: sqlline's own options, no demo warehouse when a URL is given, !commands, exit status, width.

    @Test
    void dashUGivesTheUrlAndSqlArgumentsRunOnIt() throws IOException {
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        assertEquals(0, run("-u", "jdbc:lance:/w", "SELECT 1"));
        assertEquals(List.of(), demoRequests, "a URL given with -u never creates the demo warehouse");
        assertEquals(List.of("jdbc:lance:/w"), openedUrls);
        assertEquals("", err());
    }

    @Test
    void dashERunsACommand() throws IOException {
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        assertEquals(0, run("-u", "jdbc:lance:/w", "-e", "SELECT 1"));
        assertTrue(out().endsWith("1 row" + System.lineSeparator()), out());
    }

    @Test
    void aMissingScriptIsABadArgument() throws IOException {
        assertEquals(2, run("-u", "jdbc:lance:/w", "--run=/nonexistent/report.sql", "!tables"));
        assertEquals("Cannot read the script /nonexistent/report.sql" + System.lineSeparator(), err());
        assertEquals(List.of(), sqllineRuns);
    }

    @Test
    void runOptionHandsTheScriptToSqllineWithoutTheDemoWarehouse(@TempDir Path work) throws IOException {
        Path script = Files.writeString(work.resolve("report.sql"), "SELECT 1;\n");
        assertEquals(0, run("-u", "jdbc:lance:/w", "--run=" + script));
        assertEquals(List.of(), demoRequests);
        assertEquals(List.of(List.of("-u", "jdbc:lance:/w", "-d", LanceDriver.class.getName(), "-n", "", "-p", "",
                "--connectInteractionMode=notAskCredentials", "--isolation=TRANSACTION_NONE", "--readOnly=true",
                "--showWarnings=true",
                "--run=" + script)), sqllineRuns);
    }

    @Test
    void dashFIsTheSameScriptOption(@TempDir Path work) throws IOException {
        Path script = Files.writeString(work.resolve("report.sql"), "SELECT 1;\n");
        assertEquals(0, run("jdbc:lance:/w", "-f", script.toString()));
        assertEquals("--run=" + script, sqllineRuns.get(0).get(sqllineRuns.get(0).size() - 1));
    }

    @Test
    void aFailingScriptExitsWithStatusOne(@TempDir Path work) throws IOException {
        Path script = Files.writeString(work.resolve("report.sql"), "SELECT * FROM nope;\n");
        sqllineStatus = 1;
        assertEquals(1, run("-u", "jdbc:lance:/w", "--run=" + script));
    }

    @Test
    void userAndPasswordReachTheDriverAndSqlline() throws IOException {
        engine.rows("SELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        assertEquals(0, run("-u", "jdbc:lance:/w", "-n", "analyst", "-p", "s3cret", "SELECT 1"));
        assertEquals(0, run("-u", "jdbc:lance:/w", "-n", "analyst", "-p", "s3cret", "!tables"));
        List<String> args = sqllineRuns.get(0);
        assertEquals(List.of("-n", "analyst", "-p", "s3cret"), args.subList(4, 8));
        assertTrue(!err().contains("s3cret") && !out().contains("s3cret"));
    }

    @Test
    void bangCommandsRunInSqllineInArgumentOrder() throws IOException {
        assertEquals(0, run("jdbc:lance:/w", "!tables", "SELECT 1", "!columns items"));
        assertEquals(List.of(), demoRequests);
        assertEquals(1, sqllineRuns.size());
        assertEquals(List.of("!tables\nSELECT 1;\n!columns items\n"), sqllineScripts);
        assertTrue(sqllineRuns.get(0).get(sqllineRuns.get(0).size() - 1).startsWith("--run="), sqllineRuns.toString());
    }

    @Test
    void sqllineOptionsAreHandedToSqlline() throws IOException {
        assertEquals(0, run("jdbc:lance:/w", "--outputformat=csv", "SELECT 1"));
        assertTrue(sqllineRuns.get(0).contains("--outputformat=csv"), sqllineRuns.toString());
        assertEquals(List.of("SELECT 1;\n"), sqllineScripts);
    }

    @Test
    void sqlStartingWithACommentIsNotAnOption() throws IOException {
        engine.rows("-- count\nSELECT 1", schema(int64("x")), batch(int64("x", 1L)));
        assertEquals(0, run("jdbc:lance:/w", "-- count\nSELECT 1"));
        assertEquals(List.of(), sqllineRuns);
    }

    @Test
    void withoutATerminalOutputIsNotCutAndStandardInputRunsAsAScript() throws IOException {
        terminal = false;
        assertEquals(0, run(new ByteArrayInputStream("SELECT 1;\n!tables\n".getBytes(StandardCharsets.UTF_8)),
                "jdbc:lance:/w"));
        List<String> args = sqllineRuns.get(0);
        assertTrue(args.contains("--maxWidth=" + LanceShell.UNLIMITED_WIDTH), args.toString());
        assertEquals(List.of("SELECT 1;\n!tables\n"), sqllineScripts);
    }

    @Test
    void withOnlyASqllineOptionStandardInputStillRunsAsAScript() throws IOException {
        terminal = false;
        assertEquals(0, run(new ByteArrayInputStream("SELECT 1;\n".getBytes(StandardCharsets.UTF_8)),
                "jdbc:lance:/w", "--maxWidth=200"));
        assertEquals(List.of("SELECT 1;\n"), sqllineScripts, "the piped statements were run, not dropped");
        assertTrue(sqllineRuns.get(0).contains("--maxWidth=200"), sqllineRuns.toString());
    }

    @Test
    void anExplicitMaxWidthWins() throws IOException {
        terminal = false;
        assertEquals(0, run("jdbc:lance:/w", "--maxWidth=60", "!tables"));
        List<String> args = sqllineRuns.get(0);
        assertTrue(args.contains("--maxWidth=60") && args.stream().noneMatch(a -> a.equals(
                "--maxWidth=" + LanceShell.UNLIMITED_WIDTH)), args.toString());
    }

    @Test
    void aForeignDriverClassIsABadArgument() throws IOException {
        assertEquals(2, run("-u", "jdbc:lance:/w", "-d", "org.postgresql.Driver", "SELECT 1"));
        assertTrue(err().startsWith("The shell runs only the lance-jdbc driver"), err());
    }

    @Test
    void anOptionWithoutItsValueIsABadArgument() throws IOException {
        assertEquals(2, run("SELECT 1", "-u"));
        assertEquals(List.of(), demoRequests);
        assertTrue(err().startsWith("Option -u needs a value"), err());
    }

    @Test
    void twoUrlsAreABadArgument() throws IOException {
        assertEquals(2, run("jdbc:lance:/a", "-u", "jdbc:lance:/b"));
        assertTrue(err().startsWith("Two URLs given"), err());
    }
}
