package io.lancejdbc.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.remote.RemoteProtocol;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.util.Iterator;
import java.util.Map;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.client.ClientCookieMiddleware;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * Sessions opened by their client with their own catalog properties ({@link RemoteProtocol#OPEN_SESSION_ACTION}),
 * which only the isolated mode's child server ({@link LanceFlightServer.Builder#clientSessions()}) accepts.
 */
class ClientSessionsTest {

    private static void openSession(FlightClient c, Map<String, String> properties) {
        Iterator<Result> r = c.doAction(new Action(RemoteProtocol.OPEN_SESSION_ACTION,
                RemoteProtocol.encodeProperties(properties)));
        while (r.hasNext()) {
            r.next();
        }
    }

    @Test
    void anOrdinaryServerRefusesToOpenASessionWithTheClientsProperties() throws Exception {
        try (BufferAllocator a = new RootAllocator();
                LanceFlightServer server = LanceFlightServer.builder()
                        .property("warehouse", SharedDemoWarehouse.path().toString()).port(0).start();
                FlightClient c = FlightClient.builder(a, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .intercept(new ClientCookieMiddleware.Factory()).build()) {
            FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
                    () -> openSession(c, Map.of("warehouse", "/")));
            assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), e.toString());
            assertEquals("Unrecognized request: lance.open-session", e.status().description());
        }
    }

    @Test
    void aChildServerRunsEachSessionOnTheCatalogItsClientOpenedItWith() throws Exception {
        try (BufferAllocator a = new RootAllocator();
                LanceFlightServer server = LanceFlightServer.builder().property("lance.catalog.type", "none")
                        .clientSessions().port(0).start();
                FlightClient c = FlightClient.builder(a, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .intercept(new ClientCookieMiddleware.Factory()).build();
                FlightSqlClient sql = new FlightSqlClient(c)) {
            FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> sql.execute("SELECT 1"));
            assertTrue(e.getMessage().contains("no open session"), e.getMessage());
            openSession(c, Map.of("warehouse", SharedDemoWarehouse.path().toString()));
            try (FlightStream s = sql.getStream(sql.execute("SELECT count(*) FROM numbers WHERE id < 3")
                    .getEndpoints().get(0).getTicket())) {
                assertTrue(s.next());
                assertEquals(3L, ((Number) s.getRoot().getVector(0).getObject(0)).longValue());
            }
        }
    }

    @Test
    void columnMetadataNamesTheCatalogOfTheSessionNotTheServers() throws Exception {
        try (BufferAllocator a = new RootAllocator();
                LanceFlightServer server = LanceFlightServer.builder().property("lance.catalog.type", "none")
                        .clientSessions().port(0).start();
                FlightClient c = FlightClient.builder(a, Location.forGrpcInsecure("127.0.0.1", server.port()))
                        .intercept(new ClientCookieMiddleware.Factory()).build();
                FlightSqlClient sql = new FlightSqlClient(c)) {
            openSession(c, Map.of("warehouse", SharedDemoWarehouse.path().toString(), "catalog", "warehouse_b"));
            String key = "ARROW:FLIGHT:SQL:CATALOG_NAME";
            FlightInfo info = sql.execute("SELECT id FROM items WHERE id = 1");
            assertEquals("warehouse_b", info.getSchema().getFields().get(0).getMetadata().get(key));
            try (FlightStream s = sql.getStream(info.getEndpoints().get(0).getTicket())) {
                assertEquals("warehouse_b", s.getSchema().getFields().get(0).getMetadata().get(key));
                assertTrue(s.next());
                assertEquals(1L, ((Number) s.getRoot().getVector(0).getObject(0)).longValue());
            }
            try (FlightSqlClient.PreparedStatement ps = sql.prepare("SELECT price FROM items")) {
                assertEquals("warehouse_b", ps.getResultSetSchema().getFields().get(0).getMetadata().get(key));
            }
        }
    }
}
