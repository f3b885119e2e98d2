package io.lancejdbc.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDataSource;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real driver over a real embedded engine that the test class owns, so that the suite can see the engine's
 * Arrow allocator. Register it as a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final EngineUnderTest ENGINE = new EngineUnderTest();
 * }</pre>
 *
 * <p>After each test it checks that every connection it handed out ({@link #connect}) is closed and that the
 * engine's root allocator holds no Arrow memory and no child allocator; after the class it shuts the driver and
 * engine down (closing the root allocator, which throws on a leak). Data sources ({@link #dataSource}) are closed
 * by the test that asked for one; their connections count like any other.
 */
public final class EngineUnderTest implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {
    private EmbeddedQueryEngine engine;
    private LanceDriver driver;
    private final List<Connection> handedOut = new ArrayList<>();

    @Override
    public void beforeAll(ExtensionContext context) {
        engine = new EmbeddedQueryEngine();
        driver = EngineDrivers.over(engine);
    }

    /**
     * Opens a connection to {@code url} ({@code jdbc:lance:...}); the test closes it.
     *
     * @throws SQLException what the driver throws
     */
    public synchronized Connection connect(String url) throws SQLException {
        return connect(url, new Properties());
    }

    /** Opens a connection with properties; the test closes it. */
    public synchronized Connection connect(String url, Properties properties) throws SQLException {
        Connection c = driver.connect(url, properties);
        if (c == null) {
            throw new IllegalArgumentException("not a jdbc:lance: URL: " + url);
        }
        handedOut.add(c);
        return c;
    }

    /**
     * A data source over this engine (for pools and frameworks). Its connections are not tracked one by one; the
     * allocator check after the test still sees what they leave behind. Do not close it (closing a data source
     * stops its engine): the engine is shut down after the class.
     */
    public LanceDataSource dataSource(String url) {
        return EngineDrivers.dataSource(engine, url);
    }

    /** The engine's root allocator (for checks inside a test). */
    public BufferAllocator rootAllocator() {
        return engine.rootAllocator();
    }

    @Override
    public void afterEach(ExtensionContext context) throws SQLException {
        List<Connection> open = new ArrayList<>();
        synchronized (this) {
            for (Connection c : handedOut) {
                if (!c.isClosed()) {
                    open.add(c);
                }
            }
            handedOut.clear();
        }
        for (Connection c : open) {
            c.close();
        }
        assertEquals(List.of(), open, "connections left open by " + context.getDisplayName());
        assertNoArrowMemoryHeld(context.getDisplayName());
    }

    /** Fails when the engine's allocator tree holds memory or open child allocators. */
    public void assertNoArrowMemoryHeld(String after) {
        BufferAllocator root = engine.rootAllocator();
        if (root.getAllocatedMemory() != 0 || !root.getChildAllocators().isEmpty()) {
            fail("Arrow memory held after " + after + ": " + root.getAllocatedMemory() + " bytes\n"
                    + root.toVerboseString());
        }
        assertTrue(root.getChildAllocators().isEmpty());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        EngineDrivers.shutdown(driver);
    }
}
