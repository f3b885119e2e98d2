package io.lancejdbc.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.remote.RemoteProtocol;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import okhttp3.tls.HeldCertificate;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.auth2.BearerCredentialWriter;
import org.apache.arrow.flight.client.ClientCookieMiddleware;
import org.apache.arrow.flight.grpc.CredentialCallOption;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server through arrow-java's own Flight SQL client: security defaults, authentication, TLS, errors with their
 * SQLState, sessions and the concurrency limit, over the demo warehouse.
 */
class LanceFlightServerTest {
    private BufferAllocator allocator;
    private final List<AutoCloseable> open = new ArrayList<>();

    @BeforeEach
    void allocate() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        allocator.close();
    }

    private LanceFlightServer start(LanceFlightServer.Builder b) {
        LanceFlightServer s = b.property("warehouse", SharedDemoWarehouse.path().toString()).port(0).start();
        open.add(s);
        return s;
    }

    private FlightSqlClient client(LanceFlightServer server) {
        FlightClient c = FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
                .intercept(new ClientCookieMiddleware.Factory()).build();
        FlightSqlClient sql = new FlightSqlClient(c);
        open.add(sql);
        return sql;
    }

    private static List<String> firstColumn(FlightSqlClient sql, FlightInfo info, CallOption... options)
            throws Exception {
        List<String> out = new ArrayList<>();
        try (FlightStream stream = sql.getStream(info.getEndpoints().get(0).getTicket(), options)) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                for (int i = 0; i < root.getRowCount(); i++) {
                    out.add(String.valueOf(root.getVector(0).getObject(i)));
                }
            }
        }
        return out;
    }

    @Test
    void refusesANonLoopbackAddressWithoutAuthenticationAndTls() {
        SqlError e = assertThrows(SqlError.class, () -> start(LanceFlightServer.builder().bind("0.0.0.0").token("t")));
        assertEquals("28000", e.sqlState());
        assertTrue(e.getMessage().startsWith("Refusing to listen on 0.0.0.0 without authentication and TLS"),
                e.getMessage());
    }

    @Test
    void runsAQueryAndKeepsUseAcrossCallsOfOneSession() throws Exception {
        LanceFlightServer server = start(LanceFlightServer.builder());
        FlightSqlClient sql = client(server);
        assertEquals(List.of("3"), firstColumn(sql, sql.execute("SELECT count(*) FROM numbers WHERE id < 3")));
        sql.executeUpdate("USE analytics");
        FlightInfo tables = sql.execute("SHOW TABLES");
        assertEquals("Tables_in_analytics", tables.getSchema().getFields().get(0).getName());
    }

    @Test
    void aBearerTokenIsRequiredOnceConfigured() throws Exception {
        LanceFlightServer server = start(LanceFlightServer.builder().token("s3cr3t-token"));
        FlightSqlClient sql = client(server);
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> sql.execute("SELECT 1"));
        assertEquals(FlightStatusCode.UNAUTHENTICATED, e.status().code());
        CallOption token = new CredentialCallOption(new BearerCredentialWriter("s3cr3t-token"));
        assertEquals(List.of("1"), firstColumn(sql, sql.execute("SELECT 1", token), token));
        CallOption wrong = new CredentialCallOption(new BearerCredentialWriter("guess"));
        FlightRuntimeException refused = assertThrows(FlightRuntimeException.class, () -> sql.execute("SELECT 1", wrong));
        assertFalse(refused.getMessage().contains("guess"), refused.getMessage());
    }

    @Test
    void aUserAndPasswordAreExchangedForABearerToken() throws Exception {
        LanceFlightServer server = start(LanceFlightServer.builder().user("ana", "pa55word"));
        FlightClient c = FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port())).build();
        open.add(c);
        CallOption bearer = c.authenticateBasicToken("ana", "pa55word").orElseThrow();
        FlightSqlClient sql = new FlightSqlClient(c);
        assertEquals(List.of("1"), firstColumn(sql, sql.execute("SELECT 1", bearer), bearer));
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
                () -> c.authenticateBasicToken("ana", "wrong-pa55"));
        assertEquals(FlightStatusCode.UNAUTHENTICATED, e.status().code());
        assertFalse(e.getMessage().contains("wrong-pa55"), e.getMessage());
    }

    @Test
    void servesTlsWithACertificateAndKey(@TempDir Path dir) throws Exception {
        HeldCertificate ca = new HeldCertificate.Builder().certificateAuthority(0).commonName("test CA").build();
        HeldCertificate cert = new HeldCertificate.Builder().signedBy(ca).addSubjectAlternativeName("localhost")
                .build();
        Path certFile = Files.writeString(dir.resolve("server.pem"), cert.certificatePem());
        Path keyFile = Files.writeString(dir.resolve("server.key"), cert.privateKeyPkcs8Pem());
        LanceFlightServer server = start(LanceFlightServer.builder().bind("localhost")
                .tls(certFile.toFile(), keyFile.toFile()));
        assertEquals("grpc+tls://localhost:" + server.port(), server.uri());
        FlightClient c = FlightClient.builder(allocator, Location.forGrpcTls("localhost", server.port()))
                .useTls().trustedCertificates(new ByteArrayInputStream(ca.certificatePem()
                        .getBytes(StandardCharsets.US_ASCII))).build();
        FlightSqlClient sql = new FlightSqlClient(c);
        open.add(sql);
        assertEquals(List.of("1"), firstColumn(sql, sql.execute("SELECT 1")));
    }

    @Test
    void errorsCarryTheirSqlStateInTheFlightMetadata() {
        LanceFlightServer server = start(LanceFlightServer.builder());
        FlightSqlClient sql = client(server);
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> sql.execute("SELECT * FROM nope"));
        assertEquals("42S02", e.status().metadata().get(RemoteProtocol.SQLSTATE_KEY));
        assertTrue(e.status().description().startsWith("[SQLState 42S02] Table 'default.nope' not found"),
                e.status().description());
        assertEquals(FlightStatusCode.NOT_FOUND, e.status().code());
    }

    @Test
    void localIsOffOnAServerUnlessRootsAreNamed() {
        LanceFlightServer server = start(LanceFlightServer.builder());
        FlightSqlClient sql = client(server);
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> sql.execute(
                "SELECT * FROM local(\"file_path\" = \"" + SharedDemoWarehouse.path().resolve("numbers.lance")
                        + "\", \"format\" = \"lance\")"));
        assertEquals("42501", e.status().metadata().get(RemoteProtocol.SQLSTATE_KEY));
    }

    @Test
    void aClientCannotRaiseTheOperatorsMemoryLimit() {
        LanceFlightServer server = start(LanceFlightServer.builder().property("query.max_memory", "64m"));
        FlightSqlClient sql = client(server);
        FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
                () -> sql.executeUpdate("SET query.max_memory = '8g'"));
        assertEquals("42501", e.status().metadata().get(RemoteProtocol.SQLSTATE_KEY));
    }

    @Test
    void queriesBeyondTheConcurrencyLimitFailWithAClearError() throws Exception {
        LanceFlightServer server = start(LanceFlightServer.builder().maxConcurrentQueries(1));
        FlightSqlClient sql = client(server);
        // 2,000,000 rows: far more than gRPC's flow-control window, so with the client not reading, back-pressure
        // keeps the first query's DoGet (and its slot) waiting.
        FlightInfo first = sql.execute("SELECT a.id, b.id FROM numbers a CROSS JOIN numbers b WHERE b.id < 200");
        try (FlightStream stream = sql.getStream(first.getEndpoints().get(0).getTicket())) {
            assertTrue(stream.next(), "the first query streams and holds the only slot");
            FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> sql.execute("SELECT 1"));
            assertEquals("54000", e.status().metadata().get(RemoteProtocol.SQLSTATE_KEY));
            assertTrue(e.status().description().contains("maximum of 1 concurrent queries"),
                    e.status().description());
        }
    }

    @Test
    void serveRefusesBadArgumentsWithExitStatusTwo() {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int status = ServeCommand.run(new String[] {"--warehouse", "/tmp"}, new java.io.PrintStream(
                new java.io.ByteArrayOutputStream()), new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("lance-jdbc serve: --port is required"));
    }
}
