package io.lancejdbc.driver.isolated;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TimeZone;

/**
 * The command line of a child engine JVM: the running JVM's own {@code java} binary, the JVM flags Arrow and
 * lance-core need, the class path the driver was loaded from, and the child's main class. It carries no secret: the
 * token and the catalog properties travel over stdin and the authenticated loopback channel.
 *
 * <p>Class path: the driver's jar when that jar holds the engine (the full jar {@code lance-jdbc-<v>.jar}); else
 * the URLs of the driver's class loader (a tool that loads the driver with its own loader) followed by this JVM's
 * {@code java.class.path} (an application or test class path, where the driver and the engine are separate jars or
 * directories).
 */
final class ChildJvmCommand {
    /** The child's main class (server/, in the full jar). */
    static final String MAIN_CLASS = "io.lancejdbc.server.IsolatedEngineCommand";

    private ChildJvmCommand() {
    }

    /**
     * @param extraOptions the connection's {@code isolated.jvm_options}, split at spaces
     * @throws SqlError 08001 when the driver's class loader cannot see the engine (the thin jar)
     */
    static List<String> build(List<String> extraOptions) {
        ClassLoader loader = ChildJvmCommand.class.getClassLoader();
        try {
            Class.forName(MAIN_CLASS, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "engine=isolated runs the engine from the driver's own"
                    + " jar, but this driver has no engine (the thin jar lance-jdbc-thin only reaches servers): use"
                    + " the full jar lance-jdbc-<version>.jar, or connect to a server with jdbc:lance:flight://");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(javaBinary());
        cmd.addAll(inheritedOptions());
        cmd.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
        // The same default zone as the application, so that zone-dependent engine behaviour matches embedded mode.
        cmd.add("-Duser.timezone=" + TimeZone.getDefault().getID());
        // A native abort writes its crash report to the temporary directory, not the application's working directory,
        // and no core file (the child's heap can be large).
        cmd.add("-XX:ErrorFile=" + Path.of(System.getProperty("java.io.tmpdir"), "lance-jdbc-isolated-hs_err_pid%p.log"));
        cmd.add("-XX:-CreateCoredumpOnCrash");
        cmd.addAll(extraOptions);
        cmd.add("-cp");
        cmd.add(classPath(loader));
        cmd.add(MAIN_CLASS);
        return cmd;
    }

    private static String javaBinary() {
        String exe = System.getProperty("os.name", "").startsWith("Windows") ? "java.exe" : "java";
        Path java = Path.of(System.getProperty("java.home"), "bin", exe);
        if (Files.isExecutable(java)) {
            return java.toString();
        }
        return ProcessHandle.current().info().command().orElse(exe);
    }

    /**
     * The flags of this JVM the engine depends on: opened and exported modules (Arrow), the thread stack size (deep
     * statements recurse in the planner) and the temporary directory (where lance-core unpacks its native library).
     */
    private static List<String> inheritedOptions() {
        List<String> out = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-opens") || a.startsWith("--add-exports") || a.startsWith("-Xss")
                    || a.startsWith("-Djava.io.tmpdir=")) {
                out.add(a);
            }
        }
        return out;
    }

    private static String classPath(ClassLoader loader) {
        Path own = codeSource();
        if (own != null && Files.isRegularFile(own) && holdsEngine(own)) {
            return own.toString();
        }
        Set<String> entries = new LinkedHashSet<>();
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            if (l instanceof URLClassLoader) {
                for (URL u : ((URLClassLoader) l).getURLs()) {
                    if (u.getProtocol().equals("file")) {
                        try {
                            entries.add(Path.of(u.toURI()).toString());
                        } catch (URISyntaxException | IllegalArgumentException e) {
                            entries.add(u.getPath());
                        }
                    }
                }
            }
        }
        if (own != null) {
            entries.add(own.toString());
        }
        for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static Path codeSource() {
        CodeSource cs = ChildJvmCommand.class.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(cs.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean holdsEngine(Path jar) {
        try (java.util.jar.JarFile f = new java.util.jar.JarFile(jar.toFile())) {
            return f.getEntry(MAIN_CLASS.replace('.', '/') + ".class") != null;
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
