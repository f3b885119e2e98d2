package io.lancejdbc.conformance.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What an IDE does when a tab is closed while its query runs: {@code Statement.close()} or
 * {@code Connection.close()} from another thread, at a random moment, while {@code executeQuery} is still planning
 * or producing its first batch, and while the rows are being iterated (parallel split readers still producing).
 * Every time the running call ends with SQLState 57014 (or, when the close came before the call started, with the
 * closed-object state), nothing else (no HY000 "Ref count" from a freed buffer), and the engine holds no Arrow
 * memory afterwards. Repeated with seeded random delays, so a failure names its iteration and delay.
 */
@EngineContract
class CloseFromAnotherThreadTest {
    private static final int ITERATIONS = 50;
    /** Runs until cancelled: 10^12 rows to count, so executeQuery itself is in flight when the close comes. */
    private static final String COUNTING = "SELECT count(*) FROM numbers a CROSS JOIN numbers b CROSS JOIN numbers c";
    /** Streams 10^8 rows from parallel scans of numbers, so next() is in flight when the close comes. */
    private static final String STREAMING = "SELECT a.id, a.x, b.label FROM numbers a CROSS JOIN numbers b";
    /** The states a call may end with: cancelled, or refused because the close came before it started. */
    private static final Set<String> CLOSE_STATES = Set.of("57014", "HY010", "08003");

    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @ParameterizedTest(name = "{0} closed while {1}")
    @CsvSource({
        "statement, executing", "statement, iterating",
        "connection, executing", "connection, iterating"})
    void aCloseFromAnotherThreadCancelsWaitsAndFreesEverything(String closed, String phase) throws Exception {
        Random random = new Random(14L * closed.hashCode() + phase.hashCode());
        Map<String, Integer> outcomes = new TreeMap<>();
        boolean iterating = phase.equals("iterating");
        for (int i = 0; i < ITERATIONS; i++) {
            int delayMillis = random.nextInt(40);
            Connection connection = ENGINE.connect(SharedDemoWarehouse.url());
            Statement statement = connection.createStatement();
            if (iterating) {
                statement.setFetchSize(256);
            }
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch reading = new CountDownLatch(1);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread query = new Thread(() -> {
                try {
                    started.countDown();
                    try (ResultSet rs = statement.executeQuery(iterating ? STREAMING : COUNTING)) {
                        while (rs.next()) {
                            rs.getLong(1);
                            rs.getString(3);
                            reading.countDown();
                        }
                    }
                    failure.set(new AssertionError("the query ran to its end"));
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "query-" + i);
            query.start();
            assertTrue(started.await(10, TimeUnit.SECONDS));
            if (iterating) {
                assertTrue(reading.await(30, TimeUnit.SECONDS), "iteration " + i + ": no row was read");
            }
            Thread.sleep(delayMillis);
            if (closed.equals("statement")) {
                statement.close();
            } else {
                connection.close();
            }
            query.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(query.isAlive(), "iteration " + i + ": the query thread still runs 30 s after the close");
            connection.close();
            Throwable t = failure.get();
            if (!(t instanceof SQLException) || !CLOSE_STATES.contains(((SQLException) t).getSQLState())) {
                fail("iteration " + i + " (close after " + delayMillis + " ms): the running call ended with " + t, t);
            }
            outcomes.merge(((SQLException) t).getSQLState(), 1, Integer::sum);
            ENGINE.assertNoArrowMemoryHeld("iteration " + i + " (close after " + delayMillis + " ms)");
        }
        assertTrue(outcomes.getOrDefault("57014", 0) >= ITERATIONS * 9 / 10,
                "most closes hit a running call and cancelled it: " + outcomes);
        if (iterating) {
            assertEquals(Map.of("57014", ITERATIONS), outcomes, "a call that was reading rows is always cancelled");
        }
    }
}
