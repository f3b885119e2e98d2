package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import io.lancejdbc.server.LanceFlightServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thin jar {@code target/lance-jdbc-thin-<v>.jar} (issue 10 section 3): what it holds and leaves out, its
 * size, and a query from a separate JVM that has only this jar on its class path, against a real server.
 */
class ThinJarIT {
    private static Path jar;
    private static List<String> entries;

    @BeforeAll
    static void open() throws IOException {
        jar = Path.of("target", "lance-jdbc-thin-" + DriverVersion.DRIVER + ".jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), jar + " is missing; run mvn package first");
        try (JarFile j = new JarFile(jar.toFile())) {
            entries = Collections.list(j.entries()).stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void isAtMostThirtyMegabytes() throws IOException {
        long size = Files.size(jar);
        System.out.println("thin jar: " + size + " bytes");
        assertTrue(size <= 30L * 1024 * 1024, "thin jar is " + size + " bytes");
    }

    @Test
    void holdsNoEngineNoLanceCoreAndNoNativeLibrary() {
        List<String> forbidden = new ArrayList<>();
        for (String e : entries) {
            if (e.startsWith("org/lance/") || e.startsWith("io/lancejdbc/exec/") || e.startsWith("io/lancejdbc/server/")
                    || e.startsWith("io/lancejdbc/sql/") || e.startsWith("io/lancejdbc/namespace/")
                    || e.endsWith(".so") || e.endsWith(".dylib") || e.endsWith(".dll") || e.endsWith(".jnilib")
                    || e.startsWith("META-INF/native/")) {
                forbidden.add(e);
            }
        }
        assertEquals(List.of(), forbidden);
    }

    @Test
    void relocatesEveryBundledLibraryButArrow() {
        // SLF4J and JLine too: an application with its own SLF4J 1.7 lost its logging to a bundled SLF4J 2.
        List<String> allowed = List.of("io/lancejdbc/", "org/apache/arrow/");
        TreeSet<String> others = new TreeSet<>();
        for (String e : entries) {
            if (e.endsWith(".class") && !e.startsWith("META-INF/") && allowed.stream().noneMatch(e::startsWith)) {
                others.add(e.substring(0, Math.max(0, e.lastIndexOf('/'))));
            }
        }
        assertEquals(new TreeSet<>(), others, "unrelocated packages");
        assertTrue(entries.contains("org/apache/arrow/flight/sql/FlightSqlClient.class"), "Arrow is not relocated");
        assertTrue(entries.contains("org/apache/arrow/vector/VectorSchemaRoot.class"));
        assertTrue(entries.contains("io/lancejdbc/shaded/io/netty/buffer/ByteBuf.class"));
        assertTrue(entries.contains("io/lancejdbc/shaded/io/grpc/ManagedChannel.class"));
        assertTrue(entries.contains("io/lancejdbc/shaded/com/google/protobuf/Any.class"));
        assertTrue(entries.contains("io/lancejdbc/shaded/com/google/common/collect/ImmutableList.class"));
        assertTrue(entries.contains("io/lancejdbc/shaded/com/fasterxml/jackson/databind/ObjectMapper.class"));
        assertTrue(entries.contains("io/lancejdbc/shaded/org/slf4j/Logger.class"));
        assertTrue(entries.contains("io/lancejdbc/shaded/org/jline/terminal/Terminal.class"));
        assertTrue(entries.contains("META-INF/services/io.lancejdbc.shaded.org.slf4j.spi.SLF4JServiceProvider"),
                "the relocated SLF4J forwards to the application's");
    }

    @Test
    void registersOnlyTheRemoteEngine() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            ZipEntry services = j.getEntry("META-INF/services/io.lancejdbc.engine.QueryEngineProvider");
            assertNotNull(services);
            try (InputStream in = j.getInputStream(services)) {
                assertEquals(List.of("io.lancejdbc.flight.client.FlightQueryEngineProvider"),
                        new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList());
            }
        }
    }

    @Test
    void queriesAServerFromASeparateJvmWithOnlyTheThinJar(@TempDir Path dir) throws Exception {
        try (LanceFlightServer server = LanceFlightServer.builder()
                .property("warehouse", SharedDemoWarehouse.path().toString()).token("thin-jar-token").port(0).start()) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(java, "-jar", jar.toString(),
                    "jdbc:lance:flight://127.0.0.1:" + server.port() + "?token=thin-jar-token",
                    "SELECT count(*) AS n FROM numbers WHERE id < 10").directory(dir.toFile());
            pb.environment().remove("JDK_JAVA_OPTIONS");
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), err);
            String nl = System.lineSeparator();
            assertEquals("+----+" + nl + "| n  |" + nl + "+----+" + nl + "| 10 |" + nl + "+----+" + nl + "1 row" + nl,
                    out, err);
            assertTrue(!err.contains("thin-jar-token"), "the token never appears in output: " + err);
        }
    }
}
