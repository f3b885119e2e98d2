package io.lancejdbc.server;

import io.lancejdbc.engine.SqlError;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The child process of the isolated mode ({@code engine=isolated}): the embedded engine behind a Flight SQL server
 * on 127.0.0.1, a random port, for one client, the parent JVM that started it (the driver's
 * {@code io.lancejdbc.driver.isolated} package).
 *
 * <p>Hand-over, so that no secret is on the command line ({@code ps} shows it to every user): the parent writes a
 * one-time bearer token as the first line of the child's stdin; the server accepts only that token. Catalog
 * properties (credentials included) come per session over the authenticated loopback channel
 * ({@link io.lancejdbc.engine.remote.RemoteProtocol#OPEN_SESSION_ACTION}). When ready the child prints one line,
 * {@value #READY_PREFIX}{@code <port>}, on stdout. It exits when its stdin reaches end of file, which is when the
 * parent closes it or dies (kill -9 included: the kernel closes the pipe). Exit status 0 after a clean stop, 1
 * when the server cannot start, 2 when no token arrives.
 */
public final class IsolatedEngineCommand {
    /** The ready line's prefix; the port follows. */
    public static final String READY_PREFIX = "lance-jdbc isolated engine listening on 127.0.0.1:";
    /** How long a stop may take before the process halts anyway (queries in flight are cancelled first). */
    private static final long STOP_GRACE_MILLIS = 10_000;

    private IsolatedEngineCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(System.in, System.out, System.err));
    }

    static int run(InputStream stdin, PrintStream out, PrintStream err) {
        BufferedReader in = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        String token;
        try {
            token = in.readLine();
        } catch (IOException e) {
            err.println("lance-jdbc isolated engine: cannot read the token from stdin: " + e.getMessage());
            return 2;
        }
        if (token == null || token.isBlank()) {
            err.println("lance-jdbc isolated engine: no token on stdin (this process is started by the driver for"
                    + " engine=isolated, not by hand)");
            return 2;
        }
        LanceFlightServer server;
        try {
            server = LanceFlightServer.builder()
                    .bind("127.0.0.1")
                    .port(0)
                    .token(token.strip())
                    .property("lance.catalog.type", "none")
                    .clientSessions()
                    // The parent closes its sessions; an idle pooled connection must not lose its session.
                    .idleTimeout(Long.MAX_VALUE / 4)
                    .start();
        } catch (SqlError e) {
            err.println("lance-jdbc isolated engine: " + e.getMessage() + " (SQLState " + e.sqlState() + ")");
            return 1;
        }
        out.println(READY_PREFIX + server.port());
        out.flush();
        try {
            // Anything after the token is ignored; end of file means the parent is gone or done with us.
            while (in.read() >= 0) {
                continue;
            }
        } catch (IOException e) {
            err.println("lance-jdbc isolated engine: stdin failed (" + e.getMessage() + "); stopping");
        }
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(STOP_GRACE_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            Runtime.getRuntime().halt(0);
        }, "lance-jdbc-isolated-halt");
        halt.setDaemon(true);
        halt.start();
        server.close();
        return 0;
    }
}
