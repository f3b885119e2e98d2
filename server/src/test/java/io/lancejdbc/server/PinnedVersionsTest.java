package io.lancejdbc.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.exec.lance.TestDatasets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.client.ClientCookieMiddleware;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stateless handles and dataset versions (issue 10 §2): a ticket carries the versions its execution pinned, so a
 * DoGet that runs it again on a restarted server answers from those versions; a prepared statement handle carries
 * none, so each execution reads the latest versions, as an embedded {@code PreparedStatement} does.
 */
class PinnedVersionsTest {
    @TempDir
    Path warehouse;

    private BufferAllocator allocator;
    private final List<AutoCloseable> open = new ArrayList<>();

    @BeforeEach
    void setUp() {
        allocator = new RootAllocator();
        TestDatasets.create(warehouse.resolve("t.lance"), 0, 100, 50);
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        allocator.close();
    }

    private LanceFlightServer start() {
        // No latest-version cache: an append is visible to the next statement at once.
        LanceFlightServer s = LanceFlightServer.builder().property("warehouse", warehouse.toString())
                .property("cache.latest_version.ttl_seconds", "0").port(0).start();
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

    private static long count(FlightSqlClient sql, Ticket ticket) throws Exception {
        long n = -1;
        try (FlightStream stream = sql.getStream(ticket)) {
            while (stream.next()) {
                VectorSchemaRoot root = stream.getRoot();
                if (root.getRowCount() > 0) {
                    n = ((BigIntVector) root.getVector(0)).get(0);
                }
            }
        }
        return n;
    }

    private static Ticket ticket(FlightInfo info) {
        return info.getEndpoints().get(0).getTicket();
    }

    @Test
    void ticketRunAgainOnARestartedServerReadsTheVersionsItsExecutionPinned() throws Exception {
        LanceFlightServer first = start();
        Ticket ticket = ticket(client(first).execute("SELECT count(*) FROM t"));
        TestDatasets.append(warehouse.resolve("t.lance"), 100, 50, 50);
        first.close();

        FlightSqlClient restarted = client(start());
        assertEquals(100, count(restarted, ticket), "the ticket's run reads the version pinned before the append");
        assertEquals(150, count(restarted, ticket(restarted.execute("SELECT count(*) FROM t"))),
                "a new execution reads the latest version");
    }

    @Test
    void ticketOfAParameterizedPreparedStatementKeepsItsVersionAcrossARestart() throws Exception {
        LanceFlightServer first = start();
        FlightSqlClient sql = client(first);
        Ticket ticket;
        try (FlightSqlClient.PreparedStatement ps = sql.prepare("SELECT count(*) FROM t WHERE id >= ?")) {
            Schema one = new Schema(List.of(Field.nullable("p1", new ArrowType.Int(64, true))));
            try (VectorSchemaRoot params = VectorSchemaRoot.create(one, allocator)) {
                ((BigIntVector) params.getVector(0)).setSafe(0, 40);
                params.setRowCount(1);
                ps.setParameters(params);
                ticket = ticket(ps.execute());
            }
        }
        TestDatasets.append(warehouse.resolve("t.lance"), 100, 50, 50);
        first.close();

        assertEquals(60, count(client(start()), ticket));
    }

    @Test
    void preparedStatementHandleReadsTheLatestVersionAtEachExecutionAsEmbeddedDoes() throws Exception {
        LanceFlightServer first = start();
        FlightSqlClient sql = client(first);
        try (FlightSqlClient.PreparedStatement ps = sql.prepare("SELECT count(*) FROM t")) {
            assertEquals(100, count(sql, ticket(ps.execute())));
            TestDatasets.append(warehouse.resolve("t.lance"), 100, 50, 50);
            assertEquals(150, count(sql, ticket(ps.execute())), "the next execution sees the appended rows");
        }
    }
}
