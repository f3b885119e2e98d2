package io.lancejdbc.conformance;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where the engine behind the {@link EngineContract} suite runs, chosen for the whole test JVM by the system
 * property {@value #PROPERTY} (default {@code embedded}); a Surefire execution sets it with
 * {@code <systemPropertyVariables>}, a developer with {@code -Dengine.mode=...}. Each mode makes the
 * {@link EngineTarget} that opens the suite's connections; a new mode (the child-process engine, the Flight SQL
 * server) is one more constant here with its target.
 */
public enum EngineMode {
    /** The engine in this JVM, the driver's default ({@code exec/} through the driver's engine injection). */
    EMBEDDED("embedded") {
        @Override
        EngineTarget start() {
            return new EmbeddedEngineTarget();
        }
    },
    /**
     * The engine behind a Flight SQL server in this JVM (server/ on a random loopback port), reached through
     * {@code jdbc:lance:flight://} and the thin client (flight-client/): every call crosses gRPC and Arrow IPC.
     */
    REMOTE("remote") {
        @Override
        EngineTarget start() {
            return new RemoteEngineTarget();
        }
    },
    /**
     * The engine in a child JVM the driver starts and stops ({@code engine=isolated}), reached through the thin
     * client over loopback; one child serves the whole suite.
     */
    ISOLATED("isolated") {
        @Override
        EngineTarget start() {
            return new IsolatedEngineTarget();
        }
    };

    /** The system property that selects the mode. */
    public static final String PROPERTY = "engine.mode";

    private final String key;

    EngineMode(String key) {
        this.key = key;
    }

    /** The value of {@value #PROPERTY} that selects this mode. */
    public String key() {
        return key;
    }

    /** Starts this mode's engine for one test class; the caller closes it. */
    abstract EngineTarget start();

    /**
     * The mode the system property {@value #PROPERTY} selects (see {@link #of}).
     *
     * @throws IllegalArgumentException naming the known modes when the property names none of them
     */
    public static EngineMode current() {
        return of(System.getProperty(PROPERTY));
    }

    /**
     * The mode {@code value} names (case-insensitive, blanks ignored); {@link #EMBEDDED} when it is null or blank.
     *
     * @throws IllegalArgumentException naming the known modes when {@code value} names none of them
     */
    public static EngineMode of(String value) {
        String key = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        if (key.isEmpty()) {
            return EMBEDDED;
        }
        for (EngineMode m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("Unknown " + PROPERTY + "=" + value + "; known modes: "
                + Arrays.stream(values()).map(EngineMode::key).collect(Collectors.joining(", ")));
    }
}
