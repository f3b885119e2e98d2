package io.lancejdbc.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDataSource;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.flight.client.FlightQueryEngine;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@link EngineMode#ISOLATED}: the real driver with {@code engine=isolated} on every URL, so the engine runs in a
 * child JVM the driver starts from this JVM's class path (the test class path) and reaches through the thin client
 * over loopback. Every catalog the tests name opens its session in the same child, and one driver (so one child) is
 * shared by the whole suite, with a long linger, so the suite pays one child start-up; the child ends with this JVM
 * (its stdin pipe closes). The memory check covers the client side (the thin client's allocator in this JVM): the
 * child's allocator is in another process.
 */
final class IsolatedEngineTarget implements EngineTarget {
    /** The suite's shared client engine and driver (test fixture; the child lives as long as the test JVM). */
    private static final class Shared {
        static final FlightQueryEngine CLIENT = new FlightQueryEngine();
        static final LanceDriver DRIVER = EngineDrivers.isolatedOver(CLIENT, 10 * 60_000L);
    }

    @Override
    public Driver driver() {
        return Shared.DRIVER;
    }

    /** {@code url} with {@code engine=isolated} added to its query string. */
    static String isolatedUrl(String url) {
        return url + (url.contains("?") ? "&" : "?") + "engine=isolated";
    }

    @Override
    public Connection connect(String url, Properties properties) throws SQLException {
        if (!Shared.DRIVER.acceptsURL(url)) {
            return null;
        }
        return Shared.DRIVER.connect(isolatedUrl(url), properties);
    }

    @Override
    public LanceDataSource dataSource(String url) {
        return EngineDrivers.dataSource(Shared.DRIVER, isolatedUrl(url));
    }

    @Override
    public long allocatedBytes() {
        return Shared.CLIENT.rootAllocator().getAllocatedMemory();
    }

    @Override
    public void assertReleased(String after) {
        BufferAllocator root = Shared.CLIENT.rootAllocator();
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (root.getAllocatedMemory() != 0 || !root.getChildAllocators().isEmpty()) {
            if (System.nanoTime() > deadline) {
                fail("Arrow memory held after " + after + ": " + root.getAllocatedMemory() + " bytes\n"
                        + root.toVerboseString());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
        }
    }

    /** The shared driver and its child stay for the next test class. */
    @Override
    public void close() {
        assertReleased("the test class");
    }
}
