package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Without {@code --add-opens=java.base/java.nio=ALL-UNNAMED} (e.g. an IDE that does not pass it) the driver still
 * registers and accepts URLs, and connect() fails with one SQLException that names the flag. Runs a real child JVM
 * without the flag, since this JVM has it.
 */
class MissingArrowFlagTest {

    @Test
    void connectNamesTheMissingFlagAndRegistrationStillWorks() throws IOException, InterruptedException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", classpath, ConnectWithoutArrowFlag.class.getName());
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(l -> l.startsWith("registered=") || l.startsWith("accepts=") || l.startsWith("sqlstate=")
                        || l.startsWith("message=") || l.equals("connected"))
                .toList();
        assertEquals(List.of("registered=true", "accepts=true", "sqlstate=08001",
                "message=lance-jdbc needs the JVM option --add-opens=java.base/java.nio=ALL-UNNAMED (Apache Arrow "
                        + "reads result batches from off-heap memory). Add it to the java command line, to "
                        + "JDK_JAVA_OPTIONS, or to the IDE's VM options; java -jar lance-jdbc.jar sets it itself."),
                lines);
    }
}
