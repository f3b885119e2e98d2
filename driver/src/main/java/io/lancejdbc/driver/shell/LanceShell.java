package io.lancejdbc.driver.shell;

import io.lancejdbc.driver.jdbc.LanceDriver;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
import java.util.Properties;
import sqlline.SqlLine;

/**
 * {@code java -jar lance-jdbc.jar [options] [URL] [SQL or !command ...]}: the shaded jar's main class. It takes
 * sqlline's own options ({@link ShellArguments}: {@code -u URL -n user -p password -e command -f file --run=file
 * --name=value}).
 *
 * <ul>
 *   <li>With SQL arguments (or {@code -e}): runs them in order (an argument may hold several statements separated by
 *       {@code ;}), prints each result as a table followed by its row count, and stops at the first error
 *       (message and SQLState on stderr, exit status 1).
 *   <li>With a {@code !command} among them, a script ({@code -f}, {@code --run=}) or a sqlline {@code --option}: the
 *       commands run in sqlline, as a script that stops at the first failing statement (exit status 1).
 *   <li>Without commands: an interactive sqlline session on a terminal; when standard input or output is not a
 *       terminal, standard input is run as such a script.
 *   <li>Without a URL (neither {@code -u} nor a first argument starting with {@code jdbc:}): the demo warehouse
 *       {@code ./lance-demo-warehouse}, created on first use; never when a URL is given.
 * </ul>
 * When standard output is not a terminal, sqlline's tables are not cut to a terminal width. Exit status: 0 success,
 * 1 an SQL error, 2 bad arguments or no warehouse. Logging stays quiet ({@link ShellLogging}); the jar's manifest
 * opens {@code java.nio} for Arrow, so no JVM flag is needed.
 */
public final class LanceShell {
    /** sqlline's table width when output is not a terminal: wide enough never to cut a row. */
    static final int UNLIMITED_WIDTH = 1_000_000;
    /** JLine's switch to a dumb terminal (relocated with JLine in the driver jar, like this constant). */
    static final String DUMB_TERMINAL = "org.jline.terminal.dumb";
    private final PrintStream out;
    private final PrintStream err;
    private final InputStream in;
    private final boolean terminal;
    private final Path workingDirectory;
    private final DemoWarehouseSource demo;
    private final ConnectionOpener opener;
    private final Sqlline sqlline;

    /** Opens the connection SQL arguments run on. */
    @FunctionalInterface
    interface ConnectionOpener {
        Connection open(String url, Properties info) throws SQLException;
    }

    /** Runs sqlline with these arguments, reading commands from {@code in}; returns the exit status. */
    @FunctionalInterface
    interface Sqlline {
        int run(List<String> arguments, InputStream in) throws IOException;
    }

    /**
     * @param terminal whether standard input and output are a terminal ({@code System.console() != null})
     */
    LanceShell(PrintStream out, PrintStream err, InputStream in, boolean terminal, Path workingDirectory,
            DemoWarehouseSource demo, ConnectionOpener opener, Sqlline sqlline) {
        this.out = out;
        this.err = err;
        this.in = in;
        this.terminal = terminal;
        this.workingDirectory = workingDirectory;
        this.demo = demo;
        this.opener = opener;
        this.sqlline = sqlline;
    }

    public static void main(String[] args) throws IOException {
        ShellLogging.quietUnlessConfigured();
        boolean terminal = System.console() != null;
        if (!terminal && System.getProperty(DUMB_TERMINAL) == null) {
            // Without a terminal JLine would try a system terminal and warn on stderr before using a dumb one.
            System.setProperty(DUMB_TERMINAL, "true");
        }
        LanceShell shell = new LanceShell(System.out, System.err, System.in, terminal, Path.of("").toAbsolutePath(),
                DemoWarehouseSource.BUILT_IN, DriverManager::getConnection,
                (arguments, input) -> sqlline(arguments, input, System.out, System.err, true));
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
        ShellArguments a;
        try {
            a = ShellArguments.parse(args);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage() + " (java -jar lance-jdbc.jar --help lists the options)");
            return 2;
        }
        if (a.help()) {
            out.print(usage());
            return 0;
        }
        if (a.driver() != null && !a.driver().equals(LanceDriver.class.getName())) {
            err.println("The shell runs only the lance-jdbc driver (" + LanceDriver.class.getName() + "), not "
                    + a.driver());
            return 2;
        }
        String url = a.url();
        if (url != null) {
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
        if (a.needsSqlline()) {
            if (a.script() != null && !Files.isReadable(Path.of(a.script()))) {
                err.println("Cannot read the script " + a.script());
                return 2;
            }
            if (a.script() != null && a.commands().isEmpty()) {
                return sqlline.run(sqllineArguments(a, url, a.script()), in);
            }
            if (a.script() != null || !a.commands().isEmpty()) {
                return runScript(a, url, commandsScript(a));
            }
            // Only sqlline options: an interactive session, or standard input as the script, as without options.
        } else if (!a.commands().isEmpty()) {
            List<String> statements = new ArrayList<>();
            for (String command : a.commands()) {
                statements.addAll(SqlScript.statements(command));
            }
            return runAll(url, credentials(a), statements);
        }
        if (terminal) {
            return sqlline.run(sqllineArguments(a, url, null), in);
        }
        return runScript(a, url, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }

    /** The commands as a sqlline script, one per line; a statement gets the {@code ;} sqlline needs to run it. */
    private static String commandsScript(ShellArguments a) throws IOException {
        StringBuilder script = new StringBuilder();
        if (a.script() != null) {
            script.append(Files.readString(Path.of(a.script()), StandardCharsets.UTF_8)).append('\n');
        }
        for (String command : a.commands()) {
            String c = command.strip();
            script.append(c);
            if (!c.startsWith("!") && !c.endsWith(";")) {
                script.append(';');
            }
            script.append('\n');
        }
        return script.toString();
    }

    /** Runs {@code script} in sqlline as a script file (sqlline stops it at the first failing statement). */
    private int runScript(ShellArguments a, String url, String script) throws IOException {
        Path file = Files.createTempFile("lance-jdbc-shell", ".sql");
        try {
            Files.writeString(file, script, StandardCharsets.UTF_8);
            return sqlline.run(sqllineArguments(a, url, file.toString()), InputStream.nullInputStream());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** sqlline's arguments: the connection, the shell's defaults, then the user's options (which win). */
    List<String> sqllineArguments(ShellArguments a, String url, String script) {
        List<String> args = new ArrayList<>(List.of("-u", url, "-d", LanceDriver.class.getName(),
                "-n", a.user() == null ? "" : a.user(), "-p", a.password() == null ? "" : a.password(),
                // --readOnly=true: sqlline otherwise calls setReadOnly(false) on connect, and the warning that the
                // connection stays read-only opened every session with a stack trace.
                "--connectInteractionMode=notAskCredentials", "--isolation=TRANSACTION_NONE", "--readOnly=true",
                "--showWarnings=true"));
        if (!terminal && a.option("maxWidth").isEmpty()) {
            args.add("--maxWidth=" + UNLIMITED_WIDTH);
        }
        args.addAll(a.options());
        if (script != null) {
            args.add("--run=" + script);
        }
        return args;
    }

    private static Properties credentials(ShellArguments a) {
        Properties info = new Properties();
        if (a.user() != null) {
            info.setProperty("user", a.user());
        }
        if (a.password() != null) {
            info.setProperty("password", a.password());
        }
        return info;
    }

    private int runAll(String url, Properties info, List<String> statements) {
        try (Connection connection = opener.open(url, info)) {
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

    /** Runs sqlline with {@code arguments} (see {@link #sqllineArguments}), reading commands from {@code in}. */
    static int sqlline(List<String> arguments, InputStream in, OutputStream out, OutputStream err,
            boolean saveHistory) throws IOException {
        SqlLine sqlline = new SqlLine();
        sqlline.setOutputStream(new PrintStream(out, true));
        sqlline.setErrorStream(new PrintStream(err, true));
        SqlLine.Status status = sqlline.begin(arguments.toArray(String[]::new), in, saveHistory);
        return status == SqlLine.Status.OK ? 0 : status == SqlLine.Status.ARGS ? 2 : 1;
    }

    static String usage() {
        return String.join(System.lineSeparator(),
                "Usage: java -jar lance-jdbc.jar [options] [URL] [SQL or !command ...]",
                "",
                "  URL   jdbc:lance:/abs/warehouse, jdbc:lance:file:///abs/warehouse, jdbc:lance:s3://bucket/prefix,",
                "        or jdbc:lance:rest:https://host[:port]; properties follow as ?key=value&key2=value2.",
                "        Without a URL the demo warehouse ./" + DemoWarehouseSource.DIRECTORY
                        + " is used (created on first use).",
                "  SQL   statements to run, each printed as a table; several may be separated by ';'.",
                "        A !command (e.g. '!tables') runs all arguments in sqlline. Without SQL an interactive",
                "        shell starts (sqlline; !help lists its commands, !quit leaves); when input or output is",
                "        not a terminal, standard input runs as a script.",
                "",
                "Options (sqlline's):",
                "  -u URL             the URL (instead of the first argument)",
                "  -n USER, -p PASS   user and password, passed to the driver",
                "  -e COMMAND         a command to run (repeatable, in order with the other commands)",
                "  -f FILE, --run=FILE  run a sqlline script file",
                "  --NAME=VALUE       a sqlline option, e.g. --outputformat=csv, --showHeader=false",
                "  -h, --help         this text",
                "",
                "A failing statement stops a script: exit status 1 (2 for bad arguments).",
                "",
                "Server: java -jar lance-jdbc.jar serve --warehouse URI --port N [--help for its options]",
                "        runs the engine as an Arrow Flight SQL server (docs/server.md; full jar only).",
                "",
                "Examples:",
                "  java -jar lance-jdbc.jar \"SHOW TABLES\"",
                "  java -jar lance-jdbc.jar jdbc:lance:/data/lake \"SELECT * FROM items LIMIT 5\"",
                "  java -jar lance-jdbc.jar -u jdbc:lance:/data/lake --run=report.sql",
                "  java -jar lance-jdbc.jar jdbc:lance:/data/lake '!tables'",
                "") + System.lineSeparator();
    }
}
