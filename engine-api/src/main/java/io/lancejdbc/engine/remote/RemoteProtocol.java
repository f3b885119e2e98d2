package io.lancejdbc.engine.remote;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the lance-jdbc Flight SQL server and its thin client agree on beyond standard Flight SQL: two request
 * headers, the error metadata key with the SQLState, and one DoAction for index metadata (Flight SQL has no index
 * command). Other Flight SQL clients ignore all of these; other servers do not send them.
 */
public final class RemoteProtocol {
    /** Request header: {@code Statement.setMaxRows} of the query a GetFlightInfo asks for (0 or absent: none). */
    public static final String MAX_ROWS_HEADER = "x-lance-max-rows";
    /** Request header: the query timeout in milliseconds of the query a GetFlightInfo or DoPut asks for. */
    public static final String TIMEOUT_HEADER = "x-lance-timeout-ms";
    /**
     * Request header: the client's id of the query a GetFlightInfo starts, so {@link #CANCEL_ACTION} can cancel it
     * while GetFlightInfo still plans it (before the client has the FlightInfo CancelFlightInfo needs).
     */
    public static final String QUERY_ID_HEADER = "x-lance-query-id";
    /** DoAction type: body the UTF-8 query id of {@link #QUERY_ID_HEADER}; cancels that query, no results. */
    public static final String CANCEL_ACTION = "lance.cancel";
    /** Flight error metadata key holding the five-character SQLState of a failure. */
    public static final String SQLSTATE_KEY = "x-lance-sqlstate";
    /** DoAction type: body {@link #encodeName}, one result {@link #encodeIndexes}. */
    public static final String INDEXES_ACTION = "lance.indexes";

    /**
     * DoAction type: body {@link #encodeProperties}, no results. Opens the caller's server session with these catalog
     * properties instead of the server's own; only a server started for the isolated mode (one client, the parent
     * JVM, authenticated by a one-time token) accepts it. It is the first call of such a session.
     */
    public static final String OPEN_SESSION_ACTION = "lance.open-session";
    /**
     * Session config key prefix: the thin client sends the keys with this prefix (prefix removed) in
     * {@link #OPEN_SESSION_ACTION} when it opens the session (the isolated mode's catalog properties).
     */
    public static final String SESSION_PROPERTY_PREFIX = "flight.session.";

    /** Engine name of the remote engine ({@code QueryEngineProvider#name()} of flight-client/). */
    public static final String ENGINE_NAME = "flight";
    /** Session config key: the server, {@code grpc+tcp://host:port} or {@code grpc+tls://host:port}. */
    public static final String URI = "flight.uri";
    /** Session config key: a bearer token (secret). */
    public static final String TOKEN = "token";
    /** Session config key: a user name, exchanged with {@link #PASSWORD} for a bearer token. */
    public static final String USER = "user";
    /** Session config key: the password of {@link #USER} (secret). */
    public static final String PASSWORD = "password";
    /** Session config key: a PEM file of CA certificates that sign the server's certificate. */
    public static final String TLS_CA_FILE = "tls.ca-file";
    /** Session config key: {@code false} skips verifying the server's certificate (tests only). */
    public static final String TLS_VERIFY = "tls.verify";

    private RemoteProtocol() {
    }

    /** A schema and table name as an action body. */
    public static byte[] encodeName(String schema, String table) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeUTF(schema);
            out.writeUTF(table);
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Cannot encode a table name", e);
        }
    }

    /** Properties (key, value pairs) as an action body. */
    public static byte[] encodeProperties(Map<String, String> properties) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(properties.size());
            for (Map.Entry<String, String> e : properties.entrySet()) {
                out.writeUTF(e.getKey());
                out.writeUTF(e.getValue());
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Cannot encode session properties", e);
        }
    }

    /** The inverse of {@link #encodeProperties}, in order. */
    public static Map<String, String> decodeProperties(byte[] body) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(body));
            int n = in.readInt();
            Map<String, String> out = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                out.put(in.readUTF(), in.readUTF());
            }
            return out;
        } catch (IOException e) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Malformed " + OPEN_SESSION_ACTION + " request", e);
        }
    }

    /** @return {schema, table} */
    public static String[] decodeName(byte[] body) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(body));
            return new String[] {in.readUTF(), in.readUTF()};
        } catch (IOException e) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Malformed " + INDEXES_ACTION + " request", e);
        }
    }

    public static byte[] encodeIndexes(List<IndexDescriptor> indexes) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(indexes.size());
            for (IndexDescriptor d : indexes) {
                out.writeUTF(d.name());
                out.writeInt(d.columns().size());
                for (String c : d.columns()) {
                    out.writeUTF(c);
                }
                out.writeUTF(d.indexType());
                out.writeInt(d.segments());
                out.writeInt(d.properties().size());
                for (Map.Entry<String, String> e : d.properties().entrySet()) {
                    out.writeUTF(e.getKey());
                    out.writeUTF(e.getValue());
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Cannot encode index metadata", e);
        }
    }

    public static List<IndexDescriptor> decodeIndexes(byte[] body) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(body));
            int n = in.readInt();
            List<IndexDescriptor> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String name = in.readUTF();
                int cols = in.readInt();
                List<String> columns = new ArrayList<>();
                for (int c = 0; c < cols; c++) {
                    columns.add(in.readUTF());
                }
                String type = in.readUTF();
                int segments = in.readInt();
                int props = in.readInt();
                Map<String, String> properties = new LinkedHashMap<>();
                for (int p = 0; p < props; p++) {
                    properties.put(in.readUTF(), in.readUTF());
                }
                out.add(new IndexDescriptor(name, columns, type, segments, properties));
            }
            return out;
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "The server sent malformed index metadata", e);
        }
    }
}
