package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver compiles against engine-api/ alone and finds the embedded engine (exec/) through ServiceLoader. On a
 * class path without exec/ (the driver's own classes, engine-api, Arrow) it still registers, and connect() and the
 * shell's demo warehouse fail with a message naming the missing engine. Runs real child JVMs on this JVM's test
 * class path minus exec/.
 */
class MissingEngineTest {

    @Test
    void connectNamesTheMissingEngine(@TempDir Path dir) throws IOException, InterruptedException {
        List<String> lines = run(dir, ConnectWithoutEngine.class.getName(), dir.toString()).stdout.lines()
                .filter(l -> l.startsWith("exec=") || l.startsWith("sqlstate=") || l.startsWith("message=")
                        || l.equals("connected"))
                .toList();
        assertEquals(List.of("exec=absent", "sqlstate=08001", "message=The embedded lance-jdbc engine is not on the "
                + "class path: it is in the full driver jar lance-jdbc-" + DriverVersion.DRIVER + ".jar; with the "
                + "plain jar, add io.lancejdbc:lance-jdbc-exec and its dependencies (lance-core, Arrow)"), lines);
    }

    @Test
    void theShellWithoutAUrlSaysTheDemoWarehouseNeedsTheEngine(@TempDir Path dir)
            throws IOException, InterruptedException {
        Result r = run(dir, "io.lancejdbc.driver.shell.LanceShell", "SHOW TABLES");
        assertEquals(2, r.status, r.stderr);
        assertTrue(r.stderr.lines().anyMatch(l -> l.equals("Cannot open the demo warehouse: The demo warehouse is "
                + "written by the embedded lance-jdbc engine, which is not on the class path: give a jdbc:lance: URL, "
                + "or use the full driver jar")), r.stderr);
    }

    private record Result(int status, String stdout, String stderr) {
    }

    private static Result run(Path workingDirectory, String mainClass, String argument)
            throws IOException, InterruptedException {
        String testClassPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> entries = Arrays.asList(testClassPath.split(File.pathSeparator));
        String withoutExec = entries.stream().filter(e -> !isExec(e)).collect(Collectors.joining(File.pathSeparator));
        assertNotEquals(testClassPath, withoutExec, "exec/ should be on the test class path: " + testClassPath);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--add-opens=java.base/java.nio=ALL-UNNAMED", "-cp", withoutExec, mainClass, argument));
        Path out = Files.createTempFile(workingDirectory, "stdout", ".txt");
        Path err = Files.createTempFile(workingDirectory, "stderr", ".txt");
        Process p = new ProcessBuilder(command).directory(workingDirectory.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** exec/'s classes and test fixtures: its target/ folders in the reactor, its jars from a repository. */
    private static boolean isExec(String entry) {
        Path path = Path.of(entry);
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        Path parent = path.getParent();
        boolean inExecTarget = parent != null && parent.getFileName() != null
                && parent.getFileName().toString().equals("target") && parent.getParent() != null
                && parent.getParent().getFileName() != null
                && parent.getParent().getFileName().toString().equals("exec");
        return name.startsWith("lance-jdbc-exec") || inExecTarget;
    }
}
