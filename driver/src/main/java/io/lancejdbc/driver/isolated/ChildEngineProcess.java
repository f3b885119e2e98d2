package io.lancejdbc.driver.isolated;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running child engine JVM of the isolated mode: started with {@link #start}, it listens on 127.0.0.1 at
 * {@link #port()} and accepts only {@link #token()}, which went to it over its stdin (never the command line). Its
 * stdout and stderr are drained by daemon threads (at debug level to the logger
 * {@code io.lancejdbc.driver.isolated.child}); the last stderr lines are kept, redacted, for error messages.
 * Closing its stdin ({@link #stop}) makes it exit; so does this JVM's death, since the kernel closes the pipe.
 */
final class ChildEngineProcess {
    private static final Logger LOG = LoggerFactory.getLogger(ChildEngineProcess.class);
    private static final Logger CHILD_LOG = LoggerFactory.getLogger("io.lancejdbc.driver.isolated.child");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Process process;
    private final OutputStream stdin;
    private final String token;
    private final int port;
    private final ChildOutputTail stderr;

    private ChildEngineProcess(Process process, OutputStream stdin, String token, int port, ChildOutputTail stderr) {
        this.process = process;
        this.stdin = stdin;
        this.token = token;
        this.port = port;
        this.stderr = stderr;
    }

    /**
     * Starts a child and waits for its ready line.
     *
     * @param command from {@link ChildJvmCommand#build}
     * @param startTimeoutMillis how long the child may take to get ready
     * @throws SqlError 08001 with the child's exit code and the end of its stderr when it cannot start, exits
     *     before it is ready or is not ready in time
     */
    static ChildEngineProcess start(List<String> command, long startTimeoutMillis) {
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        ChildOutputTail tail = new ChildOutputTail();
        tail.secret(token);
        Process p;
        try {
            p = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "Cannot start the isolated engine process ("
                    + command.get(0) + "): " + e.getMessage(), e);
        }
        drain(p.getErrorStream(), "stderr", tail, p.pid());
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        Thread out = new Thread(() -> readStdout(p.getInputStream(), ready, tail, p.pid()),
                "lance-jdbc-isolated-stdout-" + p.pid());
        out.setDaemon(true);
        out.start();
        OutputStream stdin = p.getOutputStream();
        try {
            stdin.write((token + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            // The child exited at once (a bad JVM option): its exit code and stderr say why, below.
            LOG.debug("writing the token to the isolated engine process {} failed", p.pid(), e);
        }
        p.onExit().thenRun(() -> ready.complete(-1));
        int port;
        try {
            port = ready.get(startTimeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            p.destroyForcibly();
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The isolated engine process did not get ready within "
                    + startTimeoutMillis / 1000 + " s; its last output:\n" + tail.text());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new SqlError(SqlState.CONNECTION_FAILURE, "Interrupted while starting the isolated engine process",
                    e);
        } catch (ExecutionException e) {
            p.destroyForcibly();
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The isolated engine process failed to start: "
                    + e.getCause(), e.getCause());
        }
        if (port < 0) {
            int code = waitForExit(p, 2000);
            // stderr may still be draining: give the reader a moment so the message has the child's last words.
            sleep(200);
            throw new SqlError(SqlState.CONNECTION_FAILURE, "The isolated engine process failed to start ("
                    + ExitCodes.describe(code) + "); its last output:\n" + tail.text());
        }
        LOG.debug("isolated engine process {} listening on 127.0.0.1:{}", p.pid(), port);
        return new ChildEngineProcess(p, stdin, token, port, tail);
    }

    private static void readStdout(InputStream in, CompletableFuture<Integer> ready, ChildOutputTail tail,
            long pid) {
        String prefix = "lance-jdbc isolated engine listening on 127.0.0.1:";
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!ready.isDone() && line.startsWith(prefix)) {
                    try {
                        ready.complete(Integer.parseInt(line.substring(prefix.length()).strip()));
                    } catch (NumberFormatException e) {
                        ready.completeExceptionally(new IllegalStateException("malformed ready line: " + line));
                    }
                    continue;
                }
                tail.add(line);
                CHILD_LOG.debug("[pid {}] {}", pid, tail.redact(line));
            }
        } catch (IOException e) {
            LOG.debug("reading the stdout of isolated engine process {} ended", pid, e);
        }
    }

    private static void drain(InputStream in, String name, ChildOutputTail tail, long pid) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    tail.add(line);
                    CHILD_LOG.debug("[pid {}] {}", pid, tail.redact(line));
                }
            } catch (IOException e) {
                LOG.debug("reading the {} of isolated engine process {} ended", name, pid, e);
            }
        }, "lance-jdbc-isolated-" + name + "-" + pid);
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return port;
    }

    String token() {
        return token;
    }

    long pid() {
        return process.pid();
    }

    /** Remembers a credential sent to this child, so that its output never shows it. */
    void secret(String value) {
        stderr.secret(value);
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Completes when the process has exited. */
    CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    /**
     * Waits up to {@code millis} for the process to end (a broken call often arrives before the exit is seen).
     *
     * @return true when it has ended
     */
    boolean awaitExit(long millis) {
        try {
            return process.waitFor(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /** How the process ended, e.g. "exit code 134: SIGABRT, a native abort"; only after it has ended. */
    String exitDescription() {
        return ExitCodes.describe(process.isAlive() ? null : process.exitValue());
    }

    /** The end of its stderr, redacted. */
    String outputTail() {
        return stderr.text();
    }

    /**
     * Stops the child: closing its stdin asks it to stop (it cancels what runs and exits); after 10 s it is
     * terminated, after 5 more killed.
     */
    void stop() {
        try {
            stdin.close();
        } catch (IOException e) {
            LOG.debug("closing the stdin of isolated engine process {} failed", process.pid(), e);
        }
        if (waitForExit(process, 10_000) == null) {
            process.destroy();
            if (waitForExit(process, 5_000) == null) {
                process.destroyForcibly();
            }
        }
    }

    private static Integer waitForExit(Process p, long millis) {
        try {
            return p.waitFor(millis, TimeUnit.MILLISECONDS) ? p.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return p.isAlive() ? null : p.exitValue();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "isolated engine process " + process.pid() + " on 127.0.0.1:" + port;
    }
}
