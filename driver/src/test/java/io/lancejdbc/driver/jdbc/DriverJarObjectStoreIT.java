package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.stream.ArrowAllocators;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.testing.ObjectStoreWarehouses;
import io.lancejdbc.exec.testing.s3.S3TestServer;
import io.lancejdbc.exec.testing.s3.SharedS3Proxy;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.lance.namespace.RestAdapter;

/**
 * The driver jar's relocated libraries at work (issue 14 section 3): {@code java -jar} lists and reads an
 * {@code s3://} warehouse on S3Proxy (the relocated AWS SDK and Apache HTTP client list it, lance-core reads it), and
 * a Lance REST namespace served by lance-core's RestAdapter (the relocated OkHttp, Okio, Kotlin and Jackson).
 */
@ExtendWith(SharedS3Proxy.class)
class DriverJarObjectStoreIT {
    private static Path jar;
    private static S3TestServer s3;
    private static String bucket;
    private static RestAdapter rest;

    @BeforeAll
    static void warehouses(S3TestServer server) {
        jar = Path.of("target", "lance-jdbc-" + DriverVersion.DRIVER + ".jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), jar + " is missing; run mvn package first");
        s3 = server;
        bucket = server.createBucket("driver-jar");
        Map<String, String> lance = StorageOptions.fromProperties(server.connectionProperties()).lanceOptions();
        try (BufferAllocator a = ArrowAllocators.newRoot(Long.MAX_VALUE)) {
            ObjectStoreWarehouses.plain(a, "s3://" + bucket + "/plain", lance,
                    key -> server.putObject(bucket, "plain/" + key));
            ObjectStoreWarehouses.directoryNamespace(a, "s3://" + bucket + "/ns", lance);
        }
        Map<String, String> backend = new HashMap<>();
        backend.put("root", "s3://" + bucket + "/ns");
        lance.forEach((k, v) -> backend.put("storage." + k, v));
        rest = new RestAdapter("dir", backend, "127.0.0.1", 0);
        rest.start();
    }

    @AfterAll
    static void stop() {
        rest.close();
    }

    private static String query(Map<String, String> properties) {
        return properties.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&", "?", ""));
    }

    /** Exit status, stdout, stderr of {@code java -jar} in {@code dir}. */
    private static List<String> javaJar(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().put("LANCE_LOG", "error");
        pb.redirectError(dir.resolve("stderr.txt").toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "java -jar did not finish");
        return List.of(String.valueOf(p.exitValue()), out, Files.readString(dir.resolve("stderr.txt")));
    }

    /** True when a table row of the shell's output holds exactly these cells. */
    private static boolean hasRow(String out, String... cells) {
        return out.lines().filter(l -> l.startsWith("|"))
                .map(l -> java.util.Arrays.stream(l.substring(1, l.length() - 1).split("\\|")).map(String::strip)
                        .toList())
                .anyMatch(List.of(cells)::equals);
    }

    @Test
    void listsAndReadsAnS3Warehouse(@TempDir Path dir) throws Exception {
        List<String> r = javaJar(dir, "jdbc:lance:s3://" + bucket + "/plain" + query(s3.connectionProperties()),
                "SHOW TABLES; SHOW TABLES FROM analytics; SELECT count(*) AS n, sum(id) AS s FROM numbers");
        String out = r.get(1);
        assertEquals("0", r.get(0), out + r.get(2));
        assertTrue(hasRow(out, "my table") && hasRow(out, "numbers") && hasRow(out, "events"), out);
        assertTrue(hasRow(out, "100", "4950"), out);
        assertFalse(r.get(2).contains(s3.secretKey()), "no secret in messages: " + r.get(2));
    }

    @Test
    void readsARestNamespace(@TempDir Path dir) throws Exception {
        List<String> r = javaJar(dir, "jdbc:lance:rest:http://127.0.0.1:" + rest.getPort()
                + query(s3.connectionProperties()), "SHOW DATABASES; SELECT count(*) AS n FROM sales.orders");
        String out = r.get(1);
        assertEquals("0", r.get(0), out + r.get(2));
        assertTrue(hasRow(out, "sales"), out);
        assertTrue(hasRow(out, "200"), out);
    }
}
