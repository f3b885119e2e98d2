package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sqlline.SqlLine;

/**
 * The stock sqlline 1.12 (not the driver's shell) driven by a script against the demo warehouse, as a user runs
 * {@code sqlline -u jdbc:lance:... --run=file.sql}: queries print their rows, a refused write prints its SQLState
 * 25006 (not 0A000), and with {@code --force} the session goes on to the next statement on the same connection
 * (the USE state kept).
 */
class SqllineScriptTest {
    @TempDir
    Path work;

    @Test
    void aScriptRunsThroughSqlline() throws Exception {
        Path script = work.resolve("demo.sql");
        Files.writeString(script, String.join("\n",
                "!set outputformat csv",
                "!set showWarnings false",
                "USE analytics;",
                "SELECT count(*) AS n FROM daily_sales;",
                "DELETE FROM daily_sales;",
                "SELECT count(*) AS before_three FROM `default`.events WHERE ts < TIMESTAMP '2024-06-01 03:00:00';",
                "SELECT id, name FROM `default`.items ORDER BY id LIMIT 2;",
                ""));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        SqlLine sqlline = new SqlLine();
        sqlline.setOutputStream(new PrintStream(out, true, StandardCharsets.UTF_8));
        sqlline.setErrorStream(new PrintStream(err, true, StandardCharsets.UTF_8));
        sqlline.begin(new String[] {"-u", SharedDemoWarehouse.url(), "-n", "", "-p", "",
            "--force=true", "--run=" + script}, null, false);
        String printed = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("'N'\n'120'") || printed.contains("'n'\n'120'"), printed);
        assertTrue(printed.contains("(state=25006,"), "the refused write shows its SQLState: " + printed);
        assertTrue(printed.contains("'9'"), "the statements after the failure ran: " + printed);
        assertTrue(printed.contains("'0','item-0000'") && printed.contains("'1','item-0001'"), printed);
    }
}
