package io.lancejdbc.conformance.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SecretCanary;
import io.lancejdbc.exec.testing.TestDatasets;
import io.lancejdbc.exec.testing.WarehouseLayout;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lance.namespace.RestAdapter;

/**
 * A REST catalog browsed and queried through the JDBC driver ({@code jdbc:lance:rest:...}) with each authentication
 * type, against lance-core's RestAdapter (a real REST namespace server over a directory namespace). The bytes of each
 * authentication header are checked by the namespace-rest client tests against MockWebServer; the adapter does not
 * enforce authentication.
 */
@EngineContract
class RestCatalogJdbcTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    /** Credentials carrying the canary (SecretCanary): a leak anywhere in the run fails it. */
    private static final String BEARER = SecretCanary.credential("bearer");
    private static final String API_KEY = SecretCanary.credential("apikey");
    private static final String HEADER_VALUE = SecretCanary.credential("header");

    @TempDir
    static Path warehouse;
    static WarehouseLayout layout;
    static RestAdapter adapter;

    @BeforeAll
    static void start() {
        try (BufferAllocator a = new RootAllocator()) {
            layout = TestDatasets.namespaceWarehouse(a, warehouse);
        }
        adapter = new RestAdapter("dir", java.util.Map.of("root", warehouse.toString()), "127.0.0.1", 0);
        adapter.start();
    }

    @AfterAll
    static void stop() {
        adapter.close();
    }

    private static Properties auth(String type) {
        Properties p = new Properties();
        switch (type) {
            case "bearer":
                p.setProperty("lance.rest.security.type", "bearer");
                p.setProperty("lance.rest.bearer-token", BEARER);
                break;
            case "api_key":
                p.setProperty("lance.rest.security.type", "api_key");
                p.setProperty("lance.rest.api-key", API_KEY);
                break;
            case "header":
                p.setProperty("lance.rest.header.X-Tenant", HEADER_VALUE);
                break;
            default:
                break;
        }
        return p;
    }

    private static String url() {
        return "jdbc:lance:rest:http://127.0.0.1:" + adapter.getPort();
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "bearer", "api_key", "header"})
    void browseAndQueryWithEachAuthentication(String type) throws SQLException {
        try (Connection c = ENGINE.connect(url(), auth(type))) {
            DatabaseMetaData md = c.getMetaData();
            List<String> schemas = new ArrayList<>();
            try (ResultSet rs = md.getSchemas()) {
                while (rs.next()) {
                    schemas.add(rs.getString("TABLE_SCHEM"));
                }
            }
            assertEquals(List.of("default", "hr", "sales", "sales.eu"), schemas);
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = md.getTables(null, "sales%", "%", null)) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
                }
            }
            assertEquals(List.of("sales.orders", "sales.eu.orders_eu"), tables);
            long expected = layout.rowCounts().get(List.of("sales", "eu", "orders_eu"));
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM lance.`sales.eu`.orders_eu")) {
                assertTrue(rs.next());
                assertEquals(expected, rs.getLong(1));
            }
            assertFalse(c.getMetaData().getURL().contains(BEARER), "the URL must not show a token");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bearer", "api_key"})
    void missingCredentialIsAConnectError(String type) {
        Properties p = new Properties();
        p.setProperty("lance.rest.security.type", type);
        SQLException e = assertThrows(SQLException.class, () -> ENGINE.connect(url(), p));
        assertTrue(e.getSQLState().startsWith("08") || e.getSQLState().equals("22023"), e.getSQLState());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bearer"})
    void tokenNeverAppearsInErrors(String type) {
        Properties p = auth(type);
        SQLException e = assertThrows(SQLException.class, () -> {
            try (Connection c = ENGINE.connect(url(), p); Statement s = c.createStatement()) {
                s.executeQuery("SELECT * FROM nope.nothing");
            }
        });
        assertFalse(e.getMessage().contains(BEARER), e.getMessage());
    }
}
