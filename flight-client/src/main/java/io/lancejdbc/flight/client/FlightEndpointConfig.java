package io.lancejdbc.flight.client;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.remote.RemoteProtocol;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where and how a remote session connects, from the session configuration ({@link RemoteProtocol} keys).
 *
 * @param uri {@code grpc+tcp://host:port} or {@code grpc+tls://host:port}
 * @param token a bearer token, or null
 * @param user a user name (with {@code password}), or null
 * @param password the password, or null
 * @param caFile PEM CA certificates to trust, or null for the JDK's trust store
 * @param verify false skips server certificate verification
 * @param sessionProperties catalog properties the session is opened with on the server (keys of
 *     {@link RemoteProtocol#SESSION_PROPERTY_PREFIX}, prefix removed; the isolated mode), or empty: the server's own
 */
record FlightEndpointConfig(URI uri, String token, String user, String password, Path caFile, boolean verify,
        java.util.Map<String, String> sessionProperties) {

    boolean tls() {
        return uri.getScheme().equals("grpc+tls");
    }

    static FlightEndpointConfig of(EngineConfig config) {
        String raw = config.raw(RemoteProtocol.URI);
        if (raw == null) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "No server address: write jdbc:lance:flight://host:port");
        }
        URI uri;
        try {
            uri = new URI(raw);
        } catch (URISyntaxException e) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "Malformed server address '" + raw + "': write "
                    + "jdbc:lance:flight://host:port");
        }
        if (uri.getHost() == null || uri.getPort() < 0
                || !(uri.getScheme().equals("grpc+tcp") || uri.getScheme().equals("grpc+tls"))) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "Malformed server address '" + raw + "': write "
                    + "jdbc:lance:flight://host:port or jdbc:lance:flight+tls://host:port");
        }
        String user = blankToNull(config.raw(RemoteProtocol.USER));
        String password = blankToNull(config.raw(RemoteProtocol.PASSWORD));
        if ((user == null) != (password == null)) {
            throw new SqlError(SqlState.INVALID_AUTHORIZATION, "Give both 'user' and 'password', or neither");
        }
        String token = blankToNull(config.raw(RemoteProtocol.TOKEN));
        if (token != null && user != null) {
            throw new SqlError(SqlState.INVALID_AUTHORIZATION, "Give either 'token' or 'user' and 'password', not "
                    + "both");
        }
        String ca = blankToNull(config.raw(RemoteProtocol.TLS_CA_FILE));
        Path caFile = ca == null ? null : Path.of(ca);
        if (caFile != null && !Files.isReadable(caFile)) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "tls.ca-file '" + ca + "' cannot be read");
        }
        String verify = config.raw(RemoteProtocol.TLS_VERIFY);
        if (verify != null && !verify.equalsIgnoreCase("true") && !verify.equalsIgnoreCase("false")) {
            throw new SqlError(SqlState.CONNECTION_FAILURE, "tls.verify must be true or false, got '" + verify + "'");
        }
        java.util.Map<String, String> session = new java.util.LinkedHashMap<>();
        for (java.util.Map.Entry<String, String> e : config.asMap().entrySet()) {
            if (e.getKey().startsWith(RemoteProtocol.SESSION_PROPERTY_PREFIX)) {
                session.put(e.getKey().substring(RemoteProtocol.SESSION_PROPERTY_PREFIX.length()), e.getValue());
            }
        }
        return new FlightEndpointConfig(uri, token, user, password, caFile,
                verify == null || verify.equalsIgnoreCase("true"), java.util.Collections.unmodifiableMap(session));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    /** Never the credentials. */
    @Override
    public String toString() {
        return "FlightEndpointConfig{" + uri + (token != null ? ", token=****" : "")
                + (user != null ? ", user=" + user + ", password=****" : "") + "}";
    }
}
