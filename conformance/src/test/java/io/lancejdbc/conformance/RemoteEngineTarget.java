package io.lancejdbc.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDataSource;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.flight.client.FlightQueryEngine;
import io.lancejdbc.server.LanceFlightServer;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@link EngineMode#REMOTE}: one embedded engine behind in-process Flight SQL servers on random loopback ports (one
 * server per distinct catalog configuration the tests name, started on first use, since a server serves one
 * catalog), and the real driver connecting through {@code jdbc:lance:flight://127.0.0.1:port} with the thin
 * client's engine. The memory checks cover both sides: the server's engine and the client's Arrow allocator.
 *
 * <p>A server defaults {@code local()} to off; the suite's warehouses are temporary directories a test server may
 * read, so the target opens it ({@code lance.local.allowed_roots=/}) unless a test sets the property itself.
 */
final class RemoteEngineTarget implements EngineTarget {
    private final EmbeddedQueryEngine serverEngine = new EmbeddedQueryEngine();
    private final FlightQueryEngine clientEngine = new FlightQueryEngine();
    private final LanceDriver driver = EngineDrivers.over(clientEngine);
    private final Map<String, LanceFlightServer> servers = new LinkedHashMap<>();

    @Override
    public Driver driver() {
        return driver;
    }

    private synchronized String serverUrl(String url, Properties properties) throws SQLException {
        Map<String, String> config = new TreeMap<>(EngineDrivers.engineProperties(url, properties));
        config.putIfAbsent("lance.local.allowed_roots", "/");
        String key = config.toString();
        LanceFlightServer server = servers.get(key);
        if (server == null) {
            try {
                server = LanceFlightServer.builder().engine(serverEngine).properties(config).port(0).start();
            } catch (SqlError e) {
                throw EngineDrivers.sqlException(e);
            }
            servers.put(key, server);
        }
        return "jdbc:lance:flight://127.0.0.1:" + server.port();
    }

    @Override
    public Connection connect(String url, Properties properties) throws SQLException {
        if (!driver.acceptsURL(url)) {
            return null;
        }
        return driver.connect(serverUrl(url, properties), new Properties());
    }

    @Override
    public LanceDataSource dataSource(String url) {
        try {
            return EngineDrivers.dataSource(clientEngine, serverUrl(url, new Properties()));
        } catch (SQLException e) {
            throw new IllegalArgumentException("Cannot serve " + url + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long allocatedBytes() {
        return serverEngine.rootAllocator().getAllocatedMemory() + clientEngine.rootAllocator().getAllocatedMemory();
    }

    @Override
    public void assertReleased(String after) {
        // The server finishes a stream (and closes its result) just after the client has read the last batch.
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (true) {
            List<String> held = held();
            if (held.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                fail("Arrow memory held after " + after + ": " + held);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
        }
    }

    private List<String> held() {
        List<String> out = new ArrayList<>();
        for (BufferAllocator root : List.of(serverEngine.rootAllocator(), clientEngine.rootAllocator())) {
            boolean sessions = root.getChildAllocators().stream()
                    .anyMatch(a -> !a.getName().equals("flight-server"));
            if (root.getAllocatedMemory() != 0 || sessions) {
                out.add(root.getAllocatedMemory() + " bytes, allocators " + root.getChildAllocators().stream()
                        .map(a -> a.getName() + "=" + a.getAllocatedMemory()).toList());
            }
        }
        return out;
    }

    @Override
    public synchronized void close() {
        EngineDrivers.shutdown(driver);
        for (LanceFlightServer s : servers.values()) {
            s.close();
        }
        servers.clear();
        serverEngine.close();
    }
}
