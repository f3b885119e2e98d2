package io.lancejdbc.conformance.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.driver.jdbc.EngineDrivers;
import io.lancejdbc.driver.jdbc.LanceDriver;
import io.lancejdbc.flight.client.FlightQueryEngine;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.sql.example.FlightSqlExample;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Our thin client ({@code jdbc:lance:flight://}) against a Flight SQL server that is not ours: arrow-java's own
 * example server ({@code FlightSqlExample} from {@code flight-sql:18.3.0:tests}, Derby behind it, tables
 * {@code APP.INTTABLE} and {@code APP.FOREIGNTABLE} with three rows each). Queries, a prepared statement with a
 * parameter and {@code DatabaseMetaData} go through standard Flight SQL only.
 */
class ArrowExampleServerTest {
    private static final String DB = "lance-jdbc-example-derby";
    private static BufferAllocator allocator;
    private static FlightSqlExample producer;
    private static FlightServer server;
    private static final FlightQueryEngine CLIENT = new FlightQueryEngine();
    private static final LanceDriver DRIVER = EngineDrivers.over(CLIENT);
    private Connection connection;

    @BeforeAll
    static void start() throws Exception {
        // Derby's log goes to target/, not to the working directory (where a tracked derby.log lives).
        System.setProperty("derby.stream.error.file", java.nio.file.Path.of("target", "derby-example.log").toString());
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        FlightSqlExample.removeDerbyDatabaseIfExists(DB);
        Location location = Location.forGrpcInsecure("127.0.0.1", port);
        allocator = new RootAllocator();
        producer = new FlightSqlExample(location, DB);
        server = FlightServer.builder(allocator, location, producer).build().start();
    }

    @AfterAll
    static void stop() throws Exception {
        EngineDrivers.shutdown(DRIVER); // closes the client's root allocator, which fails on a leak of ours
        server.close();
        // Neither producer.close() nor allocator.close(): FlightSqlExample keeps the Arrow data of executed
        // statements in caches it does not release, so both fail on that memory; it is the example server's (our
        // client's allocator, checked above and closed with the driver, holds nothing).
        FlightSqlExample.removeDerbyDatabaseIfExists(DB);
    }

    @BeforeEach
    void connect() throws SQLException {
        connection = DRIVER.connect("jdbc:lance:flight://127.0.0.1:" + server.getPort(), new Properties());
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
        assertEquals(0, CLIENT.rootAllocator().getAllocatedMemory(), "the thin client holds no Arrow memory");
    }

    @Test
    void runsAQueryWithTypedGetters() throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT keyName, \"VALUE\" FROM intTable ORDER BY \"VALUE\"")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(2, md.getColumnCount());
            assertEquals(Types.VARCHAR, md.getColumnType(1));
            assertEquals(Types.INTEGER, md.getColumnType(2));
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(rs.getString(1) + "|" + rs.getInt(2));
            }
            assertEquals(List.of("negative one|-1", "zero|0", "one|1"), rows);
        }
    }

    @Test
    void bindsAParameterOfAPreparedStatement() throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT keyName FROM intTable WHERE \"VALUE\" = ?")) {
            ps.setInt(1, 0);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("zero", rs.getString(1));
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void listsSchemasTablesColumnsAndPrimaryKeys() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        List<String> schemas = new ArrayList<>();
        try (ResultSet rs = md.getSchemas()) {
            while (rs.next()) {
                schemas.add(rs.getString("TABLE_SCHEM"));
            }
        }
        assertTrue(schemas.contains("APP"), schemas.toString());
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, "APP", "%", null)) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME"));
            }
        }
        assertEquals(List.of("FOREIGNTABLE", "INTTABLE"), tables);
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, "APP", "INTTABLE", "%")) {
            while (rs.next()) {
                columns.add(rs.getString("COLUMN_NAME") + ":" + rs.getInt("DATA_TYPE"));
            }
        }
        assertEquals(List.of("ID:" + Types.INTEGER, "KEYNAME:" + Types.VARCHAR, "VALUE:" + Types.INTEGER,
                "FOREIGNID:" + Types.INTEGER), columns);
        try (ResultSet rs = md.getPrimaryKeys(null, "APP", "INTTABLE")) {
            assertTrue(rs.next());
            assertEquals("ID", rs.getString("COLUMN_NAME"));
            assertFalse(rs.next());
        }
    }
}
