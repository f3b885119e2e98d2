package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver jar on an application's class path, each in its own JVM as the application would run (issue 14 section
 * 3): the application keeps its own SLF4J (1.7 or 2) and binding, Spring sees one commons-logging, arrow-jdbc sees
 * one Arrow allocation manager, the driver's own logs reach the application's binding, and a query works. The
 * applications are single-file sources in {@code src/test/resources/applications}, run by the source launcher; their
 * libraries are copied to {@code target/applications/<name>} by the dependency plugin (pom.xml).
 */
class ApplicationClassPathIT {
    private static Path jar;
    private static Path sources;

    @BeforeAll
    static void findJar() {
        jar = Path.of("target", "lance-jdbc-" + DriverVersion.DRIVER + ".jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), jar + " is missing; run mvn package first");
        sources = Path.of("target", "test-classes", "applications").toAbsolutePath();
    }

    private static List<Path> libraries(String application) throws IOException {
        try (Stream<Path> jars = Files.list(Path.of("target", "applications", application).toAbsolutePath())) {
            return jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
    }

    /** Exit status, stdout, stderr of {@code java -cp classPath Source.java url} run in {@code dir}. */
    private static List<String> run(Path dir, List<Path> classPath, String source, String... jvmOptions)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens=java.base/java.nio=ALL-UNNAMED"));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", classPath.stream().map(Path::toString).collect(Collectors.joining(
                File.pathSeparator)), sources.resolve(source).toString(), SharedDemoWarehouse.url()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.redirectError(dir.resolve("stderr.txt").toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the application did not finish");
        String err = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
        return List.of(String.valueOf(p.exitValue()), out, err);
    }

    private static List<Path> concat(List<Path> first, List<Path> second) {
        List<Path> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static void assertNoLine(String text, String fragment) {
        List<String> hits = text.lines().filter(l -> l.contains(fragment)).toList();
        assertEquals(List.of(), hits, "no line may contain \"" + fragment + "\":\n" + text);
    }

    @Test
    void slf4j17ApplicationWithTheDriverJarFirstKeepsItsLogging(@TempDir Path dir) throws Exception {
        // The failing order: the driver jar first. Its SLF4J 2 API, unrelocated, took the application's
        // place and ignored the 1.7 binding ("No SLF4J providers were found"), and all logging was lost.
        List<String> r = run(dir, concat(List.of(jar), libraries("slf4j-1.7")), "Slf4j17Application.java",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug");
        String err = r.get(2);
        assertEquals("0", r.get(0), r.get(1) + err);
        assertEquals("items=1200", r.get(1).strip());
        assertTrue(err.contains("INFO application - application log line before the driver"), err);
        assertTrue(err.contains("INFO application - application log line after the driver"), err);
        assertTrue(err.lines().anyMatch(l -> l.contains("DEBUG org.apache.arrow.")),
                "the driver's libraries log through the application's binding:\n" + err);
        // SLF4J 1.7 reports a second API or binding ("SLF4J: Class path contains multiple SLF4J bindings").
        assertNoLine(err, "SLF4J:");
        assertNoLine(err, "SLF4J(");
    }

    @Test
    void arrowJdbcApplicationSeesOneAllocationManagerAndOneSlf4j(@TempDir Path dir) throws Exception {
        // The application's own libraries first, then the driver jar; -Dslf4j.provider names the application's
        // binding, which the driver's relocated SLF4J must not try to load.
        List<String> r = run(dir, concat(libraries("slf4j-2-arrow-jdbc"), List.of(jar)), "ArrowJdbcApplication.java",
                "-Dslf4j.provider=org.slf4j.simple.SimpleServiceProvider");
        String err = r.get(2);
        assertEquals("0", r.get(0), r.get(1) + err);
        assertEquals("arrow rows=3", r.get(1).strip());
        assertTrue(err.contains("INFO application - application log line after the driver"), err);
        assertNoLine(err, "More than one DefaultAllocationManager");
        // The application's SLF4J reports the provider it was told to load, once; the driver's copy says nothing.
        assertEquals(List.of("SLF4J(I): Attempting to load provider \"org.slf4j.simple.SimpleServiceProvider\" "
                + "specified via \"slf4j.provider\" system property"),
                err.lines().filter(l -> l.contains("SLF4J")).toList(), err);
    }

    @Test
    void springApplicationWithTheDriverJarFirstSeesOneCommonsLogging(@TempDir Path dir) throws Exception {
        // The driver jar first: its unrelocated commons-logging 1.2 took spring-jcl's place, and Spring warned
        // "Standard Commons Logging discovery in action with spring-jcl".
        List<String> r = run(dir, concat(List.of(jar), libraries("spring-jdbc-6.2")), "SpringJdbcApplication.java");
        String all = r.get(1) + r.get(2);
        assertEquals("0", r.get(0), all);
        String expected = "spring count=" + expectedItemsAbovePrice10();
        assertTrue(r.get(1).lines().anyMatch(expected::equals), all);
        // Logback's default configuration prints DEBUG to stdout: Spring's own log, the application's, the driver's.
        assertTrue(all.contains("Executing prepared SQL query"), all);
        assertTrue(all.contains("INFO application -- application log line after the driver"), all);
        assertTrue(all.lines().anyMatch(l -> l.contains("DEBUG org.apache.arrow.")), all);
        assertNoLine(all, "Commons Logging");
        assertNoLine(all, "SLF4J(");
    }

    private static long expectedItemsAbovePrice10() throws Exception {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(SharedDemoWarehouse.url());
                java.sql.Statement s = c.createStatement();
                java.sql.ResultSet rs = s.executeQuery("SELECT count(*) FROM items WHERE price > 10.0")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
