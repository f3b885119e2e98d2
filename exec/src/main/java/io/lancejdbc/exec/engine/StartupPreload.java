package io.lancejdbc.exec.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lancejdbc.exec.lance.NativeLibraries;
import io.lancejdbc.sql.parse.SqlParser;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start-up work every first query of a JVM needs and no query's data: started in the background when the
 * embedded engine is created, so that it runs while the first connection opens instead of in its first statement
 * (issue 11, cold start; measured in docs/benchmarks.md "Cold start").
 *
 * <p>Two daemon threads of minimum priority, each doing one bounded thing once and ending:
 * <ul>
 * <li>{@code lance-jdbc-preload-native}: {@link NativeLibraries#load()}, lance-core's native library (extracting
 *     it from its jar is the largest single cost of a fresh JVM) and Arrow's C data library;</li>
 * <li>{@code lance-jdbc-preload-classes}: creates one Jackson {@code ObjectMapper} and drops it (every session's
 *     index-details parser makes one, about 0.5 s of CPU for the first in a JVM), then parses
 *     {@link #SAMPLE_STATEMENTS}, constant SQL text naming no table, which loads and initialises JSqlParser's
 *     parser and the syntax-tree classes of the common query shapes (about 0.35 s of CPU).</li>
 * </ul>
 * Nothing here reads a dataset, a catalog or a connection's settings, opens a file or socket of the user's, or
 * holds memory after it ends. A connection never waits for this work as such: the JVM makes a thread that needs a
 * class while this work initialises it wait for that initialisation, which it would otherwise have done itself.
 * A failure is logged with its cause (WARN) and not thrown: the first statement that needs the library meets the
 * same failure and reports it (on JDK 17 as {@code NoClassDefFoundError} naming the class; the logged cause says
 * why).
 */
final class StartupPreload {
    /** Parsed by {@code lance-jdbc-preload-classes}; no table, function or value of a user. */
    static final List<String> SAMPLE_STATEMENTS = List.of(
            "SELECT a, count(*) AS n, sum(b), avg(c) FROM t WHERE d < 10 AND e = 'x' AND f IN (1, 2) GROUP BY a"
                    + " ORDER BY n DESC, a LIMIT 100",
            "SELECT a, b FROM t WHERE a BETWEEN 1 AND 2 OR b IS NULL ORDER BY a");

    private static final Logger LOG = LoggerFactory.getLogger(StartupPreload.class);

    private StartupPreload() {
    }

    /** Starts both threads and returns them at once (started, daemon, each ending when its one job is done). */
    static List<Thread> start() {
        return List.of(daemon("lance-jdbc-preload-native", NativeLibraries::load, "lance-core's native library"),
                daemon("lance-jdbc-preload-classes", StartupPreload::loadClasses, "the JSON and SQL parsers"));
    }

    private static void loadClasses() {
        new ObjectMapper();
        for (String sql : SAMPLE_STATEMENTS) {
            SqlParser.parse(sql);
        }
    }

    private static Thread daemon(String name, Runnable work, String what) {
        Thread t = new Thread(() -> {
            try {
                work.run();
            } catch (RuntimeException | LinkageError e) {
                LOG.warn("Loading {} in the background at engine start failed; the first statement that needs it"
                        + " will fail the same way", what, e);
            }
        }, name);
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return t;
    }
}
