package io.lancejdbc.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.driver.jdbc.LanceDataSource;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real driver over a real engine that the test class owns, running where {@link EngineMode#current()} says
 * (in this JVM by default), so that the suite can see what the engine holds. Register it as a static field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final EngineUnderTest ENGINE = new EngineUnderTest();
 * }</pre>
 *
 * <p>After each test it checks that every connection it handed out ({@link #connect}) is closed and that the
 * engine holds no Arrow memory and no session allocator; after the class it shuts the driver and engine down
 * (closing the root allocator, which throws on a leak). Data sources ({@link #dataSource}) are not closed by the
 * test; their connections count like any other for the memory check.
 */
public final class EngineUnderTest implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {
    private EngineTarget target;
    private final List<Connection> handedOut = new ArrayList<>();

    @Override
    public void beforeAll(ExtensionContext context) {
        target = EngineMode.current().start();
    }

    /** The driver the connections come from (for {@code acceptsURL}, {@code getPropertyInfo}). */
    public Driver driver() {
        return target.driver();
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
        Connection c = target.connect(url, properties);
        if (c == null) {
            throw new IllegalArgumentException("not a jdbc:lance: URL: " + url);
        }
        handedOut.add(c);
        return c;
    }

    /**
     * A data source over this engine (for pools and frameworks). Its connections are not tracked one by one; the
     * memory check after the test still sees what they leave behind. Do not close it (closing a data source
     * stops its engine): the engine is shut down after the class.
     */
    public LanceDataSource dataSource(String url) {
        return target.dataSource(url);
    }

    /** Bytes of Arrow memory the engine holds right now (for checks inside a test, connections still open). */
    public long allocatedBytes() {
        return target.allocatedBytes();
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

    /** Fails when the engine holds Arrow memory or open session allocators. */
    public void assertNoArrowMemoryHeld(String after) {
        target.assertReleased(after);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        target.close();
    }
}
