package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.SqlState;
import java.sql.SQLException;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Makes sure Arrow can reach off-heap memory before a connection is opened. On Java 17+ Arrow needs
 * {@code --add-opens=java.base/java.nio=ALL-UNNAMED}; without it the first buffer operation fails deep inside the
 * engine with an {@code ExceptionInInitializerError} (later: "Could not initialize class MemoryUtil"). Here that
 * becomes one {@link SQLException} that names the flag. The driver class itself never touches Arrow, so
 * registration and {@code acceptsURL} work without the flag.
 */
final class ArrowRuntimeCheck {
    static final String FLAG = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    private ArrowRuntimeCheck() {
    }

    /** @throws SQLException 08001 naming the JVM flag when Arrow's memory access cannot initialise */
    static void verify() throws SQLException {
        // Check the module opening first: Arrow prints a stack trace of its own when its initialisation fails.
        if (!java.nio.ByteBuffer.class.getModule().isOpen("java.nio", MemoryUtil.class.getModule())) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, message(), null);
        }
        try {
            // Initialising MemoryUtil runs exactly the reflective setup that fails without the flag.
            Class.forName(MemoryUtil.class.getName(), true, MemoryUtil.class.getClassLoader());
        } catch (ExceptionInInitializerError | NoClassDefFoundError | ClassNotFoundException e) {
            throw SqlExceptions.of(SqlState.CONNECTION_FAILURE, message(), e);
        }
    }

    private static String message() {
        return "lance-jdbc needs the JVM option " + FLAG + " (Apache Arrow reads result batches from off-heap memory)."
                + " Add it to the java command line, to JDK_JAVA_OPTIONS, or to the IDE's VM options; java -jar"
                + " lance-jdbc.jar sets it itself.";
    }
}
