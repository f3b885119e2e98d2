package io.lancejdbc.driver.shell;

import io.lancejdbc.driver.jdbc.LanceDriver;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import sqlline.SqlLine;

/**
 * {@code java -jar lance-jdbc.jar [URL] [SQL...]}: the shaded jar's main class.
 *
 * <ul>
 *   <li>With SQL arguments: runs them in order (an argument may hold several statements separated by
 *       {@code ;}), prints each result as a table followed by its row count, and stops at the first error
 *       (message and SQLState on stderr, exit status 1).
 *   <li>Without SQL: an interactive sqlline session on the URL.
 *   <li>Without a URL (the first argument does not start with {@code jdbc:}): the demo warehouse
 *       {@code ./lance-demo-warehouse}, created on first use.
 * </ul>
 * Exit status: 0 success, 1 an SQL error, 2 bad arguments or no warehouse. Logging stays quiet
 * ({@link ShellLogging}); the jar's manifest opens {@code java.nio} for Arrow, so no JVM flag is needed.
 */
public final class LanceShell {
    private final PrintStream out;
    private final PrintStream err;
    private final Path workingDirectory;
    private final DemoWarehouseSource demo;
    private final ConnectionOpener opener;
    private final Interactive interactive;

    /** Opens the connection SQL arguments run on. */
    @FunctionalInterface
    interface ConnectionOpener {
        Connection open(String url) throws SQLException;
    }

    /** Runs an interactive session; returns the exit status. */
    @FunctionalInterface
    interface Interactive {
        int run(String url) throws IOException;
    }

    LanceShell(PrintStream out, PrintStream err, Path workingDirectory, DemoWarehouseSource demo,
            ConnectionOpener opener, Interactive interactive) {
        this.out = out;
        this.err = err;
        this.workingDirectory = workingDirectory;
        this.demo = demo;
        this.opener = opener;
        this.interactive = interactive;
    }

    public static void main(String[] args) throws IOException {
        ShellLogging.quietUnlessConfigured();
        LanceShell shell = new LanceShell(System.out, System.err, Path.of("").toAbsolutePath(),
                DemoWarehouseSource.BUILT_IN, DriverManager::getConnection,
                url -> sqlline(url, System.in, System.out, System.err, true));
        int status = shell.run(args);
        System.out.flush();
        // The exit status is the contract with scripts; sqlline's terminal threads must not keep the JVM alive.
        System.exit(status);
    }

    /**
     * {@code serve ...}: the Flight SQL server (server/, in the full jar only; looked up by name so that the thin
     * jar, which lacks it, still runs the shell).
     */
    private int serve(String[] args) {
        try {
            return (int) Class.forName("io.lancejdbc.server.ServeCommand")
                    .getMethod("run", String[].class, PrintStream.class, PrintStream.class)
                    .invoke(null, args, out, err);
        } catch (ClassNotFoundException e) {
            err.println("The serve command is in the full jar lance-jdbc-<version>.jar, not in the thin jar");
            return 2;
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            err.println("lance-jdbc serve failed: " + cause);
            return 1;
        }
    }

    /** @return the process exit status */
    int run(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("serve")) {
            return serve(java.util.Arrays.copyOfRange(args, 1, args.length));
        }
        if (args.length > 0 && (args[0].equals("-h") || args[0].equals("--help"))) {
            out.print(usage());
            return 0;
        }
        String url;
        int firstSql = 0;
        if (args.length > 0 && args[0].startsWith("jdbc:")) {
            url = args[0];
            firstSql = 1;
            if (!url.startsWith("jdbc:lance:")) {
                err.println("Not a lance-jdbc URL: " + url.split("\\?", 2)[0] + " (it must start with jdbc:lance:)");
                return 2;
            }
        } else {
            Path warehouse;
            try {
                Path dir = workingDirectory.resolve(DemoWarehouseSource.DIRECTORY);
                if (!Files.exists(dir)) {
                    err.println("Creating the demo warehouse (first use) ...");
                }
                warehouse = demo.createIfAbsent(dir);
            } catch (IOException e) {
                err.println("Cannot open the demo warehouse: " + e.getMessage());
                return 2;
            }
            url = "jdbc:lance:" + warehouse.toAbsolutePath();
            err.println("Demo warehouse: " + warehouse.toAbsolutePath());
        }
        List<String> statements = new ArrayList<>();
        for (int i = firstSql; i < args.length; i++) {
            statements.addAll(SqlScript.statements(args[i]));
        }
        if (statements.isEmpty()) {
            return interactive.run(url);
        }
        return runAll(url, statements);
    }

    private int runAll(String url, List<String> statements) {
        try (Connection connection = opener.open(url)) {
            printWarnings(connection.getWarnings());
            for (String sql : statements) {
                try (Statement statement = connection.createStatement()) {
                    if (statement.execute(sql)) {
                        try (ResultSet rs = statement.getResultSet()) {
                            long rows = ResultTable.print(rs, out);
                            out.println(rows == 1 ? "1 row" : rows + " rows");
                        }
                    } else {
                        out.println("OK");
                    }
                }
            }
            return 0;
        } catch (SQLException e) {
            err.println("ERROR " + e.getSQLState() + ": " + e.getMessage());
            return 1;
        }
    }

    private void printWarnings(SQLWarning warning) {
        for (SQLWarning w = warning; w != null; w = w.getNextWarning()) {
            err.println("WARNING: " + w.getMessage());
        }
    }

    /** An interactive sqlline session on {@code url} with the lance-jdbc driver. */
    static int sqlline(String url, InputStream in, OutputStream out, OutputStream err, boolean saveHistory)
            throws IOException {
        SqlLine sqlline = new SqlLine();
        sqlline.setOutputStream(new PrintStream(out, true));
        sqlline.setErrorStream(new PrintStream(err, true));
        SqlLine.Status status = sqlline.begin(new String[] {
            "-u", url, "-d", LanceDriver.class.getName(), "-n", "", "-p", "",
            "--connectInteractionMode=notAskCredentials", "--isolation=TRANSACTION_NONE", "--showWarnings=true"},
                in, saveHistory);
        return status == SqlLine.Status.OK ? 0 : 1;
    }

    static String usage() {
        return String.join(System.lineSeparator(),
                "Usage: java -jar lance-jdbc.jar [URL] [SQL...]",
                "",
                "  URL   jdbc:lance:/abs/warehouse, jdbc:lance:file:///abs/warehouse, jdbc:lance:s3://bucket/prefix,",
                "        or jdbc:lance:rest:https://host[:port]; properties follow as ?key=value&key2=value2.",
                "        Without a URL the demo warehouse ./" + DemoWarehouseSource.DIRECTORY
                        + " is used (created on first use).",
                "  SQL   statements to run, each printed as a table; several may be separated by ';'.",
                "        Without SQL an interactive shell starts (sqlline; !help lists its commands, !quit leaves).",
                "",
                "Examples:",
                "  java -jar lance-jdbc.jar \"SHOW TABLES\"",
                "  java -jar lance-jdbc.jar jdbc:lance:/data/lake \"SELECT * FROM items LIMIT 5\"",
                "") + System.lineSeparator();
    }
}
