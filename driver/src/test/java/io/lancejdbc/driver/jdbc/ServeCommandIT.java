package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code java -jar lance-jdbc-<v>.jar serve}: a server in its own JVM, without JVM flags, that prints one ready
 * line with its address, answers the thin client, and stops on SIGTERM.
 */
class ServeCommandIT {
    private static final Pattern READY = Pattern.compile(
            "lance-jdbc server listening on grpc\\+tcp://127\\.0\\.0\\.1:(\\d+) \\(jdbc:lance:flight://127\\.0\\.0\\.1:\\1\\)");

    @Test
    void servesTheWarehouseUntilSigterm() throws Exception {
        Path jar = Path.of("target", "lance-jdbc-" + DriverVersion.DRIVER + ".jar").toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-jar", jar.toString(), "serve", "--warehouse",
                SharedDemoWarehouse.path().toString(), "--port", "0");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String ready = out.readLine();
            Matcher m = READY.matcher(ready == null ? "" : ready);
            assertTrue(m.matches(), "ready line: " + ready);
            String url = "jdbc:lance:flight://127.0.0.1:" + m.group(1);
            try (Connection c = new LanceDriver().connect(url, new Properties());
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM numbers WHERE id < 7")) {
                assertTrue(rs.next());
                assertEquals(7, rs.getLong(1));
            }
            // A fresh JVM whose first connection is the thin client's, from the full jar: the Flight client's
            // allocator names its allocation manager (the full jar has no class-path default).
            ProcessBuilder client = new ProcessBuilder(java, "-jar", jar.toString(), url,
                    "SELECT count(*) AS n FROM numbers WHERE id < 7");
            client.environment().remove("JDK_JAVA_OPTIONS");
            client.environment().remove("JAVA_TOOL_OPTIONS");
            client.redirectErrorStream(true);
            Process c = client.start();
            String printed = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(c.waitFor(60, TimeUnit.SECONDS), "the shell returns");
            assertEquals(0, c.exitValue(), printed);
            assertTrue(printed.lines().anyMatch(l -> l.matches("[|\\s]*7[|\\s]*")), printed);
            p.toHandle().destroy(); // SIGTERM, leaving our end of its output open (Process.destroy closes it)
            String rest = out.lines().collect(Collectors.joining("\n")); // to the end of the output: the exit
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the server stops on SIGTERM");
            assertEquals(143, p.exitValue(), "128 + SIGTERM after the shutdown hook ran");
            assertEquals("", rest, "nothing printed after the ready line, no error on shutdown");
        } finally {
            p.destroyForcibly();
        }
    }
}
