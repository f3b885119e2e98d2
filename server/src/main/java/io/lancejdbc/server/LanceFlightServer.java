package io.lancejdbc.server;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.ServerSessionMiddleware;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A running lance-jdbc Flight SQL server: the embedded engine behind Arrow Flight SQL on one address.
 *
 * <pre>{@code
 * try (LanceFlightServer server = LanceFlightServer.builder()
 *         .property("warehouse", "/data/wh").port(31337).start()) {
 *     System.out.println(server.uri()); // grpc+tcp://127.0.0.1:31337
 * }
 * }</pre>
 *
 * <p>Security defaults: binds 127.0.0.1; refuses a non-loopback address unless both authentication and TLS are
 * configured or {@link Builder#insecure()} says otherwise; {@code local()} is disabled unless
 * {@code lance.local.allowed_roots} names roots; {@code query.max_memory}, when the operator sets it, cannot be
 * raised by a client's {@code SET}. Closing stops accepting calls, closes every session (cancelling the queries
 * in flight, which frees their memory) and then the engine, if the server made it.
 */
public final class LanceFlightServer implements AutoCloseable {
    private final FlightServer server;
    private final LanceFlightSqlProducer producer;
    private final BufferAllocator allocator;
    private final EmbeddedQueryEngine ownedEngine;
    private final String scheme;
    private final String host;

    private LanceFlightServer(FlightServer server, LanceFlightSqlProducer producer, BufferAllocator allocator,
            EmbeddedQueryEngine ownedEngine, String scheme, String host) {
        this.server = server;
        this.producer = producer;
        this.allocator = allocator;
        this.ownedEngine = ownedEngine;
        this.scheme = scheme;
        this.host = host;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The port the server listens on (the real one when the builder asked for port 0). */
    public int port() {
        return server.getPort();
    }

    /** The address clients connect to, e.g. {@code grpc+tcp://127.0.0.1:31337} or {@code grpc+tls://host:443}. */
    public String uri() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return scheme + "://" + h + ":" + port();
    }

    /** Blocks until the server stops. */
    public void awaitTermination() throws InterruptedException {
        server.awaitTermination();
    }

    /**
     * Stops accepting calls, lets the calls in flight end (a DoGet whose client went away ends as soon as gRPC
     * reports the cancel; the rest are cancelled after 5 s), and only then closes the sessions, the server's
     * allocator and the engine, so no result is freed under a running stream.
     */
    @Override
    public void close() {
        server.shutdown();
        boolean interrupted = false;
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.close(); // cancels the calls still running and waits for them
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        producer.close();
        try {
            server.close();
        } catch (InterruptedException e) {
            interrupted = true;
        }
        allocator.close();
        if (ownedEngine != null) {
            ownedEngine.close();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Configuration of a server; {@link #start()} makes it. */
    public static final class Builder {
        private final Map<String, String> properties = new LinkedHashMap<>();
        private String bind = "127.0.0.1";
        private int port;
        private final List<String> tokens = new ArrayList<>();
        private final Map<String, String> users = new LinkedHashMap<>();
        private File tlsCert;
        private File tlsKey;
        private File clientCa;
        private boolean insecure;
        private long idleTimeoutMillis = TimeUnit.MINUTES.toMillis(30);
        private int maxConcurrentQueries = Math.max(4, 4 * Runtime.getRuntime().availableProcessors());
        private EmbeddedQueryEngine engine;
        private boolean clientSessions;

        private Builder() {
        }

        /** A catalog property, as in a JDBC URL ({@code warehouse}, {@code s3.endpoint}, {@code lance.rest.uri}...). */
        public Builder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        public Builder properties(Map<String, String> values) {
            properties.putAll(values);
            return this;
        }

        /** The address to listen on (default 127.0.0.1). */
        public Builder bind(String address) {
            this.bind = address;
            return this;
        }

        /** The port (0 picks a free one). */
        public Builder port(int value) {
            this.port = value;
            return this;
        }

        /** Accepts {@code Authorization: Bearer <token>}. */
        public Builder token(String token) {
            if (token.isBlank()) {
                throw new IllegalArgumentException("A bearer token must not be blank");
            }
            tokens.add(token);
            return this;
        }

        /** Accepts this user name and password, exchanged for a bearer token. */
        public Builder user(String name, String password) {
            users.put(name, password);
            return this;
        }

        /** Serves TLS with this PEM certificate chain and PEM private key. */
        public Builder tls(File certificate, File privateKey) {
            this.tlsCert = certificate;
            this.tlsKey = privateKey;
            return this;
        }

        /** Requires client certificates signed by this PEM CA (with {@link #tls}). */
        public Builder clientCertificates(File ca) {
            this.clientCa = ca;
            return this;
        }

        /** Allows a non-loopback address without authentication or TLS. */
        public Builder insecure() {
            this.insecure = true;
            return this;
        }

        /** Closes a client session unused for this long (default 30 minutes). */
        public Builder idleTimeout(long millis) {
            this.idleTimeoutMillis = millis;
            return this;
        }

        /** Queries that may run at once (default 4 per processor); more fail with 54000. */
        public Builder maxConcurrentQueries(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxConcurrentQueries must be at least 1");
            }
            this.maxConcurrentQueries = n;
            return this;
        }

        /**
         * The isolated mode's child server: each client session is opened by the client with its own catalog
         * properties ({@link io.lancejdbc.engine.remote.RemoteProtocol#OPEN_SESSION_ACTION}); the builder's
         * properties then only name the catalog of the start-up check. Use it only behind authentication on
         * loopback: a session's properties may name any catalog and local file.
         */
        public Builder clientSessions() {
            this.clientSessions = true;
            return this;
        }

        /** Runs on this engine instead of a new one (which the caller keeps and closes). */
        public Builder engine(EmbeddedQueryEngine value) {
            this.engine = value;
            return this;
        }

        /**
         * Starts the server.
         *
         * @throws SqlError 28000 for a non-loopback address without authentication and TLS (and no
         *     {@link #insecure()}); 08001 when the address cannot be bound or TLS files cannot be read; what the
         *     engine throws for invalid catalog properties
         */
        public LanceFlightServer start() {
            ServerAuthenticator auth = new ServerAuthenticator(tokens, users);
            boolean tls = tlsCert != null;
            if (!insecure && !isLoopback(bind) && !(auth.required() && tls)) {
                throw new SqlError(SqlState.INVALID_AUTHORIZATION, "Refusing to listen on " + bind + " without "
                        + "authentication and TLS: give --token-file or --users-file and --tls-cert/--tls-key, bind "
                        + "127.0.0.1, or pass --insecure");
            }
            Map<String, String> config = new LinkedHashMap<>(properties);
            // On a server, local() would read the server's disk on a client's behalf: off unless roots are named.
            config.putIfAbsent(EngineProperty.LOCAL_ALLOWED_ROOTS.key(), "");
            EngineConfig engineConfig = EngineConfig.of(config);
            EmbeddedQueryEngine owned = engine == null ? new EmbeddedQueryEngine() : null;
            EmbeddedQueryEngine e = engine == null ? owned : engine;
            BufferAllocator allocator = e.rootAllocator().newChildAllocator("flight-server", 0, Long.MAX_VALUE);
            LanceFlightSqlProducer producer = null;
            try {
                // Fail fast on bad catalog properties: open (and close) one session before listening.
                e.openSession(engineConfig).close();
                SessionRegistry sessions = new SessionRegistry(e, engineConfig, idleTimeoutMillis, clientSessions);
                producer = new LanceFlightSqlProducer(allocator, sessions, maxConcurrentQueries,
                        config.containsKey(EngineProperty.QUERY_MAX_MEMORY.key()));
                Location location = tls ? Location.forGrpcTls(bind, port) : Location.forGrpcInsecure(bind, port);
                FlightServer.Builder b = FlightServer.builder(allocator, location, producer)
                        .middleware(LanceFlightSqlProducer.SESSION_KEY,
                                new ServerSessionMiddleware.Factory(() -> UUID.randomUUID().toString()))
                        .middleware(LanceFlightSqlProducer.HEADERS_KEY, new RequestHeaders.Factory())
                        .headerAuthenticator(auth);
                if (tls) {
                    b.useTls(tlsCert, tlsKey);
                    if (clientCa != null) {
                        b.useMTlsClientVerification(clientCa);
                    }
                }
                FlightServer server = b.build();
                server.start();
                return new LanceFlightServer(server, producer, allocator, owned, tls ? "grpc+tls" : "grpc+tcp", bind);
            } catch (IOException | RuntimeException ex) {
                if (producer != null) {
                    producer.close();
                }
                allocator.close();
                if (owned != null) {
                    owned.close();
                }
                if (ex instanceof SqlError) {
                    throw (SqlError) ex;
                }
                throw new SqlError(SqlState.CONNECTION_FAILURE, "Cannot start the server on " + bind + ":" + port
                        + ": " + ex.getMessage(), ex);
            }
        }

        private static boolean isLoopback(String address) {
            try {
                return InetAddress.getByName(address).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }
    }
}
