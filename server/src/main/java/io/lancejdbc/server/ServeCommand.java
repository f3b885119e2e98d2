package io.lancejdbc.server;

import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar lance-jdbc-<v>.jar serve --warehouse <uri|path> --port N [options]}: runs a server until
 * SIGTERM (or Ctrl-C), then stops it cleanly (queries in flight cancelled, memory freed).
 *
 * <pre>
 *   --warehouse W              filesystem warehouse (path, file:// or s3://); or --property lance.catalog.type=rest ...
 *   --port N                   port (0: any free port)
 *   --bind ADDR                address to listen on (default 127.0.0.1)
 *   --token-file F             accepted bearer tokens, one per line (# starts a comment)
 *   --token-env VAR            an accepted bearer token from an environment variable
 *   --users-file F             user:password lines; clients exchange them for a bearer token
 *   --tls-cert F --tls-key F   serve TLS with this PEM certificate chain and key
 *   --tls-client-ca F          require client certificates signed by this PEM CA
 *   --insecure                 allow a non-loopback --bind without authentication and TLS
 *   --property k=v             a catalog property, as in a JDBC URL (repeatable)
 *   --idle-timeout S           close client sessions idle for S seconds (default 1800)
 *   --max-concurrent-queries N queries running at once (default 4 per processor)
 *   --max-query-memory SIZE    Arrow memory one query may hold, e.g. 2g (query.max_memory; clients cannot raise it)
 * </pre>
 * When ready it prints one line: {@code lance-jdbc server listening on grpc+tcp://127.0.0.1:N
 * (jdbc:lance:flight://127.0.0.1:N)}. Exit status: 0 after a clean stop, 1 when the server cannot start, 2 for bad
 * arguments. Nothing it prints contains a token or password.
 */
public final class ServeCommand {
    private ServeCommand() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs until the JVM is asked to stop; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        LanceFlightServer.Builder b = LanceFlightServer.builder();
        boolean portGiven = false;
        String cert = null;
        String key = null;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--warehouse":
                        b.property("warehouse", warehouse(value(args, ++i, a)));
                        break;
                    case "--port":
                        b.port(Integer.parseInt(value(args, ++i, a)));
                        portGiven = true;
                        break;
                    case "--bind":
                        b.bind(value(args, ++i, a));
                        break;
                    case "--token-file":
                        for (String line : lines(value(args, ++i, a))) {
                            b.token(line);
                        }
                        break;
                    case "--token-env": {
                        String name = value(args, ++i, a);
                        String token = System.getenv(name);
                        if (token == null || token.isBlank()) {
                            throw new IllegalArgumentException("Environment variable " + name + " is not set");
                        }
                        b.token(token.strip());
                        break;
                    }
                    case "--users-file":
                        for (String line : lines(value(args, ++i, a))) {
                            int colon = line.indexOf(':');
                            if (colon <= 0) {
                                throw new IllegalArgumentException("--users-file lines are user:password");
                            }
                            b.user(line.substring(0, colon), line.substring(colon + 1));
                        }
                        break;
                    case "--tls-cert":
                        cert = value(args, ++i, a);
                        break;
                    case "--tls-key":
                        key = value(args, ++i, a);
                        break;
                    case "--tls-client-ca":
                        b.clientCertificates(Path.of(value(args, ++i, a)).toFile());
                        break;
                    case "--insecure":
                        b.insecure();
                        break;
                    case "--property": {
                        String kv = value(args, ++i, a);
                        int eq = kv.indexOf('=');
                        if (eq <= 0) {
                            throw new IllegalArgumentException("--property takes key=value");
                        }
                        b.property(kv.substring(0, eq), kv.substring(eq + 1));
                        break;
                    }
                    case "--idle-timeout":
                        b.idleTimeout(Long.parseLong(value(args, ++i, a)) * 1000);
                        break;
                    case "--max-concurrent-queries":
                        b.maxConcurrentQueries(Integer.parseInt(value(args, ++i, a)));
                        break;
                    case "--max-query-memory":
                        b.property("query.max_memory", value(args, ++i, a));
                        break;
                    case "-h":
                    case "--help":
                        out.print(usage());
                        return 0;
                    default:
                        throw new IllegalArgumentException("Unknown option " + a);
                }
            }
            if (!portGiven) {
                throw new IllegalArgumentException("--port is required");
            }
            if ((cert == null) != (key == null)) {
                throw new IllegalArgumentException("Give both --tls-cert and --tls-key");
            }
            if (cert != null) {
                b.tls(Path.of(cert).toFile(), Path.of(key).toFile());
            }
        } catch (IllegalArgumentException | IOException e) {
            err.println("lance-jdbc serve: " + (e instanceof NumberFormatException ? "not a number: "
                    + e.getMessage() : e.getMessage()));
            err.print(usage());
            return 2;
        }
        LanceFlightServer server;
        try {
            server = b.start();
        } catch (SqlError e) {
            err.println("lance-jdbc serve: " + e.getMessage() + " (SQLState " + e.sqlState() + ")");
            return 1;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "lance-jdbc-server-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        String uri = server.uri();
        String jdbc = "jdbc:lance:" + (uri.startsWith("grpc+tls") ? "flight+tls" : "flight")
                + uri.substring(uri.indexOf("://"));
        out.println("lance-jdbc server listening on " + uri + " (" + jdbc + ")");
        out.flush();
        try {
            server.awaitTermination();
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static String warehouse(String w) {
        if (w.contains("://")) {
            return w;
        }
        return Path.of(w).toAbsolutePath().normalize().toString();
    }

    private static List<String> lines(String file) throws IOException {
        return Files.readAllLines(Path.of(file), StandardCharsets.UTF_8).stream().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    static String usage() {
        return "usage: java -jar lance-jdbc.jar serve --warehouse <uri|path> --port N [--bind ADDR] [--token-file F]"
                + " [--token-env VAR] [--users-file F] [--tls-cert F --tls-key F] [--tls-client-ca F] [--insecure]"
                + " [--property k=v ...] [--idle-timeout S] [--max-concurrent-queries N] [--max-query-memory SIZE]\n";
    }

}
