package io.lancejdbc.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/** The java.sql.Driver contract: registration, URL acceptance, property listing, versions, connect. */
class LanceDriverTest {

    @Test
    void serviceFileRegistersTheDriver() {
        List<Class<?>> drivers = new ArrayList<>();
        for (Driver d : ServiceLoader.load(Driver.class)) {
            drivers.add(d.getClass());
        }
        assertTrue(drivers.contains(LanceDriver.class), drivers.toString());
    }

    @Test
    void driverManagerFindsTheDriverByUrl() throws SQLException {
        assertInstanceOf(LanceDriver.class, DriverManager.getDriver("jdbc:lance:/w"));
    }

    @Test
    void acceptsExactlyTheLancePrefix() throws SQLException {
        LanceDriver d = new LanceDriver();
        assertTrue(d.acceptsURL("jdbc:lance:/w"));
        assertTrue(d.acceptsURL("jdbc:lance:"));
        assertTrue(d.acceptsURL("jdbc:lance:rest:https://h"));
        assertFalse(d.acceptsURL("jdbc:lancedb:/w"));
        assertFalse(d.acceptsURL("JDBC:LANCE:/w"));
        assertFalse(d.acceptsURL("jdbc:postgresql://h/db"));
        assertThrows(SQLException.class, () -> d.acceptsURL(null));
    }

    @Test
    void connectReturnsNullForAnotherDriversUrl() throws SQLException {
        assertNull(new LanceDriver(() -> {
            throw new AssertionError("no engine for foreign URLs");
        }).connect("jdbc:h2:mem:x", new Properties()));
    }

    @Test
    void propertyInfoListsEveryEnginePropertyWithDescriptionAndChoices() {
        DriverPropertyInfo[] info = new LanceDriver().getPropertyInfo("jdbc:lance:/w?scan.parallelism=3", null);
        assertEquals(EngineProperty.values().length, info.length);
        for (int i = 0; i < info.length; i++) {
            EngineProperty p = EngineProperty.values()[i];
            assertEquals(p.key(), info[i].name);
            assertEquals(p.description(), info[i].description);
        }
        assertEquals("/w", byName(info, "warehouse").value);
        assertFalse(byName(info, "warehouse").required, "the URL gives the warehouse");
        assertEquals("3", byName(info, "scan.parallelism").value);
        assertEquals("lance", byName(info, "catalog").value);
        assertArrayEquals(new String[] {"filesystem", "rest", "none"}, byName(info, "lance.catalog.type").choices);
        assertArrayEquals(new String[] {"none", "bearer", "api_key"}, byName(info, "lance.rest.security.type").choices);
    }

    @Test
    void propertyInfoNeverShowsSecretValues() {
        Properties p = new Properties();
        p.setProperty("s3.secret_key", "topsecret");
        DriverPropertyInfo[] info = new LanceDriver().getPropertyInfo("jdbc:lance:/w?lance.rest.api-key=k2", p);
        for (DriverPropertyInfo i : info) {
            assertFalse("topsecret".equals(i.value) || "k2".equals(i.value), i.name);
        }
        assertNull(byName(info, "s3.secret_key").value);
    }

    @Test
    void propertyInfoToleratesAnUnfinishedUrl() {
        DriverPropertyInfo[] info = new LanceDriver().getPropertyInfo("jdbc:lance:/w?broken", null);
        assertEquals(EngineProperty.values().length, info.length);
        assertTrue(byName(info, "warehouse").required);
    }

    private static DriverPropertyInfo byName(DriverPropertyInfo[] info, String name) {
        for (DriverPropertyInfo i : info) {
            if (i.name.equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name);
    }

    @Test
    void versionsComeFromTheBuild() {
        LanceDriver d = new LanceDriver();
        assertEquals(0, d.getMajorVersion());
        assertEquals(1, d.getMinorVersion());
        assertFalse(d.jdbcCompliant());
        assertThrows(SQLFeatureNotSupportedException.class, d::getParentLogger);
    }

    @Test
    void connectOpensASessionWithTheMergedConfiguration() throws SQLException {
        try (RootAllocator allocator = new RootAllocator()) {
            FixedBatchQueryEngine engine = new FixedBatchQueryEngine(allocator);
            LanceDriver d = new LanceDriver(() -> engine);
            Properties p = new Properties();
            p.setProperty("catalog", "lake");
            p.setProperty("bogus", "1");
            try (Connection c = d.connect("jdbc:lance:/w?scan.parallelism=2", p)) {
                assertEquals("lake", c.getCatalog());
                assertEquals("/w", engine.openedWith.get(0).raw("warehouse"));
                assertEquals("2", engine.openedWith.get(0).raw("scan.parallelism"));
                SQLWarning w = c.getWarnings();
                assertNotNull(w);
                assertEquals("Unknown connection property 'bogus' was ignored; Driver.getPropertyInfo lists the known "
                        + "ones", w.getMessage());
            }
            d.shutdown();
        }
    }

    @Test
    void oneEngineServesAllConnectionsOfADriver() throws SQLException {
        try (RootAllocator allocator = new RootAllocator()) {
            int[] made = {0};
            LanceDriver d = new LanceDriver(() -> {
                made[0]++;
                return new FixedBatchQueryEngine(allocator);
            });
            d.connect("jdbc:lance:/a", null).close();
            d.connect("jdbc:lance:/b", null).close();
            assertEquals(1, made[0]);
            d.shutdown();
        }
    }

    @Test
    void engineThatFailsToStartIsAConnectionError() {
        LanceDriver d = new LanceDriver(() -> {
            throw new IllegalStateException("native library missing");
        });
        SQLException e = assertThrows(SQLException.class, () -> d.connect("jdbc:lance:/w", null));
        assertEquals("08001", e.getSQLState());
        assertEquals("The lance-jdbc engine failed to start: java.lang.IllegalStateException: native library missing",
                e.getMessage());
    }

    @Test
    void driverManagerConnectsWithTheRegisteredDriverAndTheEngineItFinds() throws SQLException {
        try (Connection c = DriverManager.getConnection(SharedDemoWarehouse.url())) {
            assertInstanceOf(LanceConnection.class, c);
            assertTrue(c.isValid(5));
        }
    }

    @Test
    void badUrlFailsBeforeTheEngineStarts() {
        LanceDriver d = new LanceDriver(() -> {
            throw new AssertionError("must not start");
        });
        assertEquals("08001", assertThrows(SQLException.class, () -> d.connect("jdbc:lance:rel/path", null))
                .getSQLState());
    }
}
