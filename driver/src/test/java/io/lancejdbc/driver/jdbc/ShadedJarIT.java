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
 * the driver, starts the shell with {@code java -jar} without JVM flags, relocates every library it bundles but Arrow
 * and Lance, and is the only jar in {@code target/}.
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

    /**
     * Where every class of the jar lives (issue 14 section 3): ours, Arrow's and Lance's under their own names (their
     * native code names them through JNI), everything else relocated under {@code io.lancejdbc.shaded}; multi-release
     * variants likewise.
     */
    @Test
    void everyClassLivesUnderAnAllowedPackage() throws IOException {
        List<String> allowed = List.of("io/lancejdbc/", "org/apache/arrow/", "org/lance/");
        try (JarFile j = new JarFile(jar.toFile())) {
            java.util.Map<String, Long> outside = j.stream().map(ZipEntry::getName)
                    .filter(n -> n.endsWith(".class"))
                    .map(n -> n.replaceFirst("^META-INF/versions/[0-9]+/", ""))
                    .filter(n -> allowed.stream().noneMatch(n::startsWith))
                    .collect(java.util.stream.Collectors.groupingBy(ShadedJarIT::topPackages,
                            java.util.TreeMap::new, java.util.stream.Collectors.counting()));
            assertEquals(java.util.Map.of(), outside, "classes outside the allowed packages, by package");
            assertNotNull(j.getEntry("io/lancejdbc/shaded/com/fasterxml/jackson/databind/ObjectMapper.class"));
            assertNotNull(j.getEntry("io/lancejdbc/shaded/io/netty/buffer/PooledByteBufAllocatorL.class"),
                    "Arrow's Netty patch is relocated with Netty");
        }
    }

    /** Resources outside a package directory: only these top-level entries (native libraries, metadata). */
    @Test
    void topLevelEntriesAreKnown() throws IOException {
        java.util.Set<String> known = java.util.Set.of("META-INF", "io", "org", "nativelib", "arrow_cdata_jni",
                "arrow_dataset_jni", "mozilla", "LICENSE", "THIRD-PARTY", "VersionInfo.java", "mime.types");
        try (JarFile j = new JarFile(jar.toFile())) {
            java.util.Set<String> top = j.stream().map(e -> e.getName().split("/", 2)[0])
                    .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
            top.removeAll(known);
            assertEquals(java.util.Set.of(), top);
            java.util.Set<String> orgChildren = j.stream().map(ZipEntry::getName)
                    .filter(n -> n.startsWith("org/") && n.length() > 4)
                    .map(n -> n.split("/")[1])
                    .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
            assertEquals(java.util.Set.of("apache", "lance"), orgChildren);
        }
    }

    private static String topPackages(String classFile) {
        String[] parts = classFile.split("/");
        return parts.length > 2 ? parts[0] + "/" + parts[1] + "/" : parts[0];
    }

    /**
     * SLF4J is relocated and bridged (docs/jdbc-driver.md): the relocated copy's only provider is the driver's
     * bridge, and nothing registers with, or stands in for, the application's SLF4J.
     */
    @Test
    void slf4jIsRelocatedWithTheBridgeAsItsOnlyProvider() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            assertNull(j.getEntry("org/slf4j/LoggerFactory.class"));
            assertNull(j.getEntry("META-INF/services/org.slf4j.spi.SLF4JServiceProvider"));
            assertNotNull(j.getEntry("io/lancejdbc/shaded/org/slf4j/LoggerFactory.class"));
            assertEquals(List.of("io.lancejdbc.driver.logging.ApplicationLoggingProvider"),
                    serviceLines(j, "META-INF/services/io.lancejdbc.shaded.org.slf4j.spi.SLF4JServiceProvider"));
        }
    }

    /** commons-logging is replaced by relocated jcl-over-slf4j: Spring finds only spring-jcl's. */
    @Test
    void commonsLoggingIsRelocatedOntoTheBridge() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            assertNull(j.getEntry("org/apache/commons/logging/LogFactory.class"));
            assertNotNull(j.getEntry("io/lancejdbc/shaded/org/apache/commons/logging/impl/SLF4JLogFactory.class"));
            assertNull(j.getEntry("io/lancejdbc/shaded/org/apache/commons/logging/impl/LogFactoryImpl.class"),
                    "jcl-over-slf4j, not commons-logging's discovery");
        }
    }

    /** One allocation manager (Netty), named by the driver's allocators; Arrow's class-path default is left out. */
    @Test
    void carriesOneAllocationManagerAndNoClassPathDefault() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            assertNotNull(j.getEntry("org/apache/arrow/memory/netty/NettyAllocationManager.class"));
            List<String> unsafe = j.stream().map(ZipEntry::getName)
                    .filter(n -> n.startsWith("org/apache/arrow/memory/unsafe/")).toList();
            assertEquals(List.of(), unsafe, "no arrow-memory-unsafe");
            List<String> defaults = j.stream().map(ZipEntry::getName)
                    .filter(n -> n.endsWith("DefaultAllocationManagerFactory.class")).toList();
            assertEquals(List.of(), defaults);
        }
    }

    /** Each service file names an interface the jar or the JDK has, and implementations the jar has. */
    @Test
    void serviceFilesNameBundledClasses() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            List<String> services = j.stream().map(ZipEntry::getName)
                    .filter(n -> n.startsWith("META-INF/services/") && !n.endsWith("/")).toList();
            assertTrue(services.contains("META-INF/services/java.sql.Driver"), services.toString());
            for (String service : services) {
                String type = service.substring("META-INF/services/".length());
                assertTrue(type.startsWith("java.") || j.getEntry(type.replace('.', '/') + ".class") != null,
                        service + " names a type the jar does not bundle");
                for (String impl : serviceLines(j, service)) {
                    assertNotNull(j.getEntry(impl.replace('.', '/') + ".class"), service + " names " + impl);
                }
            }
        }
    }

    private static List<String> serviceLines(JarFile j, String name) throws IOException {
        ZipEntry entry = j.getEntry(name);
        assertNotNull(entry, name);
        try (InputStream in = j.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(l -> l.replaceFirst("#.*", "").strip()).filter(l -> !l.isEmpty()).toList();
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
        assertTrue(((String) r.get(1)).startsWith("Usage: java -jar lance-jdbc.jar [options] [URL] [SQL or !command ...]"),
                (String) r.get(1));
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

    /** lance-core's KMeans warning and the "Help: ..." line its native logger may print after it. */
    private static boolean isLanceCoreWarning(String line) {
        return line.contains("WARN") && line.toLowerCase(java.util.Locale.ROOT).contains("kmeans")
                || line.strip().startsWith("Help:");
    }

    /**
     * The issue's command (section 4): sqlline's {@code -u URL --run=file.sql}. The URL is used (no demo warehouse
     * in the working directory), the script stops at its failing statement with a non-zero status, and with stdout
     * not a terminal sqlline's table rows are printed whole, without JLine's terminal warning.
     */
    @Test
    void javaJarRunsASqllineScriptOnTheGivenUrl(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("report.sql"), "SELECT id, name, category, price, embedding FROM items "
                + "WHERE id = 0;\nSELECT * FROM nope;\nSELECT 'after the error' AS never;\n");
        List<Object> r = run(dir, "-u", io.lancejdbc.exec.testing.SharedDemoWarehouse.url(), "--run=report.sql");
        String out = (String) r.get(1);
        String err = (String) r.get(2);
        assertEquals(1, r.get(0), out + err);
        assertFalse(Files.exists(dir.resolve("lance-demo-warehouse")), "a URL is given: no demo warehouse");
        String row = out.lines().filter(l -> l.contains("item-0000")).findFirst()
                .orElseThrow(() -> new AssertionError(out + err));
        assertTrue(row.length() > 120 && row.endsWith("] |"), "the row is printed whole: " + row);
        assertFalse(out.contains("after the error"), out);
        assertTrue(err.contains("Table 'default.nope' not found"), err);
        assertFalse(err.contains("Unable to create a system terminal"), err);
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
