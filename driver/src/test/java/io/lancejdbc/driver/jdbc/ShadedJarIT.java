package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The single driver jar users take (runs after {@code package}: {@code mvn -pl driver -am verify}): it registers
 * the driver, starts the shell with {@code java -jar} without JVM flags, bundles no SLF4J binding, and is the only
 * jar in {@code target/}.
 */
class ShadedJarIT {
    private static Path jar;

    @BeforeAll
    static void findJar() {
        jar = Path.of("target", "lance-jdbc-" + DriverVersion.DRIVER + ".jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), jar + " is missing; run mvn package first");
    }

    @Test
    void registersTheDriverThroughServiceLoader() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            ZipEntry services = j.getEntry("META-INF/services/java.sql.Driver");
            assertNotNull(services);
            try (InputStream in = j.getInputStream(services)) {
                List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                        .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
                assertEquals(List.of(LanceDriver.class.getName()), lines);
            }
        }
    }

    @Test
    void manifestNamesTheShellAndOpensJavaNio() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            Attributes main = j.getManifest().getMainAttributes();
            assertEquals("io.lancejdbc.driver.shell.LanceShell", main.getValue(Attributes.Name.MAIN_CLASS));
            assertEquals("java.base/java.nio", main.getValue("Add-Opens"));
            assertEquals(DriverVersion.DRIVER, main.getValue(Attributes.Name.IMPLEMENTATION_VERSION));
        }
    }

    @Test
    void bundlesNoSlf4jBinding() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            assertNull(j.getEntry("META-INF/services/org.slf4j.spi.SLF4JServiceProvider"));
            assertNull(j.getEntry("org/slf4j/simple/SimpleLogger.class"));
            assertNotNull(j.getEntry("org/slf4j/LoggerFactory.class"), "slf4j-api itself is bundled, unrelocated");
        }
    }

    @Test
    void isTheOnlyJarInTargetBesidesTheThinJar() throws IOException {
        try (Stream<Path> files = Files.list(jar.getParent())) {
            List<String> jars = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jar")).sorted()
                    .toList();
            assertEquals(List.of(jar.getFileName().toString(), "lance-jdbc-thin-" + DriverVersion.DRIVER + ".jar"),
                    jars);
        }
        assertFalse(Files.exists(jar.resolveSibling("original-" + jar.getFileName())));
    }

    private static Process javaJar(Path workingDirectory, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-jar", jar.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDirectory.toFile());
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        return pb.start();
    }

    /** Runs {@code java -jar} to completion; returns exit status, stdout and stderr. */
    private static List<Object> run(Path workingDirectory, String... args) throws Exception {
        Process p = javaJar(workingDirectory, args);
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "java -jar did not finish");
        return List.of(p.exitValue(), out, err);
    }

    @Test
    void javaJarPrintsUsageWithoutNoise(@TempDir Path dir) throws Exception {
        List<Object> r = run(dir, "--help");
        assertEquals(0, r.get(0));
        assertTrue(((String) r.get(1)).startsWith("Usage: java -jar lance-jdbc.jar [URL] [SQL...]"), (String) r.get(1));
        assertEquals("", r.get(2));
    }

    @Test
    void javaJarRunsSqlWithoutJvmFlagsAndLogsNothing(@TempDir Path dir) throws Exception {
        List<Object> r = run(dir, "jdbc:lance:" + dir, "SHOW DATABASES");
        String nl = System.lineSeparator();
        assertEquals("", r.get(2), "no SLF4J or Arrow noise, no --add-opens complaint");
        assertEquals("+----------+" + nl + "| Database |" + nl + "+----------+" + nl + "| default  |" + nl
                + "+----------+" + nl + "1 row" + nl, r.get(1));
        assertEquals(0, r.get(0));
    }

    @Test
    void javaJarWithoutUrlCreatesAndQueriesTheDemoWarehouse(@TempDir Path dir) throws Exception {
        List<Object> r = run(dir, "SELECT count(*) AS n FROM items");
        assertEquals(0, r.get(0), (String) r.get(2));
        assertTrue(((String) r.get(1)).contains("| 1200 |"), (String) r.get(1));
        // Training the demo's IVF_PQ index may make lance-core's native logger print a KMeans warning ("clusters
        // are empty"); that logger is configured only by the LANCE_LOG environment variable, which a running JVM
        // cannot set, so such lines are allowed here and nothing else is.
        List<String> ours = ((String) r.get(2)).lines().filter(l -> !isLanceCoreWarning(l)).toList();
        assertEquals(List.of("Creating the demo warehouse (first use) ...", "Demo warehouse: "
                + dir.resolve("lance-demo-warehouse").toRealPath()), ours, (String) r.get(2));
    }

    private static boolean isLanceCoreWarning(String line) {
        return line.contains("WARN") && line.toLowerCase(java.util.Locale.ROOT).contains("kmeans");
    }

    @Test
    void javaJarReportsSqlErrorsOnOneLine(@TempDir Path dir) throws Exception {
        List<Object> r = run(dir, "jdbc:lance:" + dir, "SELECT * FROM nope");
        assertEquals(1, r.get(0));
        String err = (String) r.get(2);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("ERROR 42S02: Table 'default.nope' not found"), err);
    }
}
