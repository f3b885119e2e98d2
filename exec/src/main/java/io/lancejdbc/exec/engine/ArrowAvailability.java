package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.stream.ArrowAllocators;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import org.apache.arrow.memory.BufferAllocator;

/** Creates Arrow allocators, turning Arrow's start-up failure on Java 17 without the module flag into one message. */
final class ArrowAvailability {
    static final String FLAG = "--add-opens=java.base/java.nio=ALL-UNNAMED";

    private ArrowAvailability() {
    }

    static BufferAllocator newRootAllocator() {
        try {
            return ArrowAllocators.newRoot(Long.MAX_VALUE);
        } catch (ExceptionInInitializerError | NoClassDefFoundError | UnsupportedOperationException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Apache Arrow cannot start in this JVM: add the JVM option "
                    + FLAG + " (java -jar lance-jdbc.jar adds it by itself; IDEs and applications must pass it)", e);
        }
    }
}
