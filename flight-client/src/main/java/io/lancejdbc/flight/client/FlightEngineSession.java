package io.lancejdbc.flight.client;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.metadata.CatalogMetadata;
import io.lancejdbc.engine.remote.BoundQuery;
import io.lancejdbc.engine.remote.RemoteProtocol;
import io.lancejdbc.engine.types.ParameterVectors;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.FlightCallHeaders;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightGrpcUtils;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.GetSessionOptionsRequest;
import org.apache.arrow.flight.HeaderCallOption;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.SessionOptionValue;
import org.apache.arrow.flight.auth2.BearerCredentialWriter;
import org.apache.arrow.flight.client.ClientCookieMiddleware;
import org.apache.arrow.flight.grpc.CredentialCallOption;
import org.apache.arrow.flight.grpc.NettyClientBuilder;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One JDBC connection's session on a Flight SQL server. Statements go through standard Flight SQL
 * (CommandStatementQuery, prepared statements with a parameter DoPut); the row limit and timeout of a query travel
 * in {@link RemoteProtocol} headers so a lance-jdbc server applies them where the rows are made. The current schema
 * is the server session's (GetSessionOptions {@code schema}), cached until the next statement without rows
 * ({@code USE}, {@code SET}).
 */
final class FlightEngineSession implements EngineSession {
    /** Extra time the gRPC deadline gives a query past its own timeout, so the server's HYT00 arrives first. */
    private static final long DEADLINE_SLACK_MILLIS = 5_000;

    private final FlightClient client;
    private final FlightSqlClient sql;
    private final BufferAllocator allocator;
    private final CallOption credentials;
    private final String catalogName;
    private final FlightCatalogMetadata metadata;
    private volatile String currentSchema;
    private volatile boolean closed;
    /** True when the server accepts {@link BoundQuery} (a lance-jdbc server says so in its session options). */
    private final boolean boundQueries;
    /** Results not yet closed; closing the session closes them (and their streams) first. */
    private final java.util.Set<FlightQueryResult> open = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Server prepared statements of this session's PreparedQuery objects, closed with the session. */
    private final List<FlightSqlClient.PreparedStatement> preparedStatements =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    private FlightEngineSession(FlightClient client, BufferAllocator allocator, CallOption credentials) {
        this.client = client;
        this.sql = new FlightSqlClient(client);
        this.allocator = allocator;
        this.credentials = credentials;
        Map<String, String> options = sessionOptions();
        this.boundQueries = "1".equals(options.get(BoundQuery.SESSION_OPTION));
        String catalog = options.get("catalog");
        this.catalogName = catalog != null ? catalog : FlightCatalogMetadata.firstCatalog(sql, allocator, calls());
        this.metadata = new FlightCatalogMetadata(this, sql, allocator);
    }

    static FlightEngineSession open(FlightEndpointConfig config, BufferAllocator allocator) {
        FlightClient client = null;
        try {
            NettyClientBuilder b = new NettyClientBuilder(allocator, new Location(config.uri()))
                    .intercept(new ClientCookieMiddleware.Factory());
            if (config.tls()) {
                b.useTls();
                if (!config.verify()) {
                    b.verifyServer(false);
                }
                if (config.caFile() != null) {
                    // The builder reads the stream only when the client is built: hand it the bytes, not a file
                    // stream closed before then.
                    b.trustedCertificates(new java.io.ByteArrayInputStream(Files.readAllBytes(config.caFile())));
                }
            }
            // gRPC's callbacks (response messages, stream batches) run on the Netty event loop instead of being
            // handed to a thread pool first: Flight's callbacks only queue what arrived, and a one-row query
            // saves a thread hand-off per message (blocking calls already run on the calling thread).
            client = FlightGrpcUtils.createFlightClient(allocator, b.build().directExecutor().build(),
                    b.middleware());
            CallOption credentials = null;
            if (config.token() != null) {
                credentials = new CredentialCallOption(new BearerCredentialWriter(config.token()));
            } else if (config.user() != null) {
                credentials = client.authenticateBasicToken(config.user(), config.password())
                        .orElseThrow(() -> new SqlError(SqlState.INVALID_AUTHORIZATION, "The server accepted the"
                                + " user and password but sent no bearer token"));
            }
            if (!config.sessionProperties().isEmpty()) {
                // The isolated mode's child opens this session with the connection's own catalog properties.
                java.util.Iterator<org.apache.arrow.flight.Result> r = client.doAction(new org.apache.arrow.flight.Action(
                        RemoteProtocol.OPEN_SESSION_ACTION, RemoteProtocol.encodeProperties(config.sessionProperties())),
                        credentials == null ? new CallOption[0] : new CallOption[] {credentials});
                while (r.hasNext()) {
                    r.next();
                }
            }
            return new FlightEngineSession(client, allocator, credentials);
        } catch (FlightRuntimeException e) {
            closeQuietly(client);
            SqlError mapped = FlightErrorMapper.map(e, null);
            if (e.status().code() == org.apache.arrow.flight.FlightStatusCode.UNAVAILABLE) {
                throw new SqlError(SqlState.CONNECTION_FAILURE, "Cannot reach the lance-jdbc server at "
                        + config.uri() + ": " + mapped.getMessage(), e);
            }
            throw mapped;
        } catch (IOException e) {
            closeQuietly(client);
            throw new SqlError(SqlState.CONNECTION_FAILURE, "Cannot read tls.ca-file: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(client);
            throw e;
        }
    }

    private static void closeQuietly(FlightClient client) {
        if (client != null) {
            try {
                client.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    FlightClient client() {
        return client;
    }

    /** The call options every call carries (credentials), plus {@code extra}. */
    CallOption[] calls(CallOption... extra) {
        List<CallOption> out = new ArrayList<>();
        if (credentials != null) {
            out.add(credentials);
        }
        out.addAll(List.of(extra));
        return out.toArray(new CallOption[0]);
    }

    private Map<String, String> sessionOptions() {
        try {
            Map<String, SessionOptionValue> options = sql.getSessionOptions(new GetSessionOptionsRequest(), calls())
                    .getSessionOptions();
            Map<String, String> out = new java.util.HashMap<>();
            for (Map.Entry<String, SessionOptionValue> e : options.entrySet()) {
                String v = e.getValue().acceptVisitor(new StringValue());
                if (v != null) {
                    out.put(e.getKey(), v);
                }
            }
            return out;
        } catch (FlightRuntimeException e) {
            if (e.status().code() == org.apache.arrow.flight.FlightStatusCode.UNIMPLEMENTED) {
                return Map.of();
            }
            throw e;
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new SqlError(SqlState.CONNECTION_CLOSED, "The connection is closed");
        }
    }

    @Override
    public String catalogName() {
        return catalogName;
    }

    @Override
    public String currentSchema() {
        String s = currentSchema;
        if (s == null) {
            checkOpen();
            try {
                s = sessionOptions().getOrDefault("schema", "");
            } catch (FlightRuntimeException e) {
                throw FlightErrorMapper.map(e, null);
            }
            currentSchema = s;
        }
        return s;
    }

    @Override
    public void setCurrentSchema(String schema) {
        try (QueryResult r = execute("USE `" + schema.replace("`", "``") + "`", List.of(), QueryOptions.defaults())) {
            currentSchema = null;
        }
    }

    /**
     * Prepares on the server once (for the result and parameter schemas); each execution then binds its values on
     * the same server statement (one DoPut and one GetFlightInfo, no new CreatePreparedStatement), or, on a
     * lance-jdbc server, sends the SQL and the values in one GetFlightInfo ({@link BoundQuery}). The server
     * statement is closed with the session.
     */
    @Override
    public PreparedQuery prepare(String text) {
        checkOpen();
        FlightSqlClient.PreparedStatement ps;
        try {
            ps = sql.prepare(text, calls());
        } catch (FlightRuntimeException e) {
            throw FlightErrorMapper.map(e, null);
        }
        preparedStatements.add(ps);
        Schema result = ps.getResultSetSchema();
        List<ArrowType> types = new ArrayList<>();
        for (Field f : ps.getParameterSchema().getFields()) {
            types.add(f.getType());
        }
        Schema resultSchema = result == null || result.getFields().isEmpty() ? null
                : FlightQueryResult.withLanceMetadata(result);
        List<ArrowType> parameterTypes = List.copyOf(types);
        return new PreparedQuery() {
            @Override
            public int parameterCount() {
                return parameterTypes.size();
            }

            @Override
            public List<ArrowType> parameterTypes() {
                return parameterTypes;
            }

            @Override
            public Schema resultSchema() {
                return resultSchema;
            }

            @Override
            public QueryResult execute(List<ParameterValue> params, QueryOptions options) {
                if (params.size() != parameterTypes.size()) {
                    throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "The statement has "
                            + parameterTypes.size() + " parameter marker(s) but " + params.size()
                            + " value(s) were bound");
                }
                return FlightEngineSession.this.run(text, params, options, ps);
            }
        };
    }

    @Override
    public QueryResult execute(String text, List<ParameterValue> params, QueryOptions options) {
        return run(text, params, options, null);
    }

    /**
     * @param reused a server prepared statement of {@code text} to bind and run (kept open), or null: a statement
     *     without parameters runs as CommandStatementQuery, one with parameters on a prepared statement of its own
     */
    private QueryResult run(String text, List<ParameterValue> params, QueryOptions options,
            FlightSqlClient.PreparedStatement reused) {
        checkOpen();
        options.cancellation().throwIfCancelled();
        String queryId = java.util.UUID.randomUUID().toString();
        CallOption[] calls = queryCalls(options, queryId);
        FlightSqlClient.PreparedStatement prepared = null;
        // Until the FlightInfo is here, a cancel reaches the query (still planning on the server) by its id.
        java.util.concurrent.atomic.AtomicBoolean started = new java.util.concurrent.atomic.AtomicBoolean();
        options.cancellation().onCancel(() -> {
            if (!started.get() && !closed) {
                cancelById(queryId);
            }
        });
        Runnable cancel = () -> cancelById(queryId);
        try {
            FlightInfo info;
            if (reused != null && boundQueries) {
                info = executeBound(text, params, calls);
            } else if (reused != null) {
                info = executePrepared(reused, params, calls);
            } else if (params.isEmpty()) {
                info = sql.execute(text, calls);
            } else {
                prepared = sql.prepare(text, calls);
                info = executePrepared(prepared, params, calls);
            }
            if (info.getSchemaOptional().map(s -> s.getFields().isEmpty()).orElse(true)
                    && info.getEndpoints().isEmpty()) {
                currentSchema = null;
                closePrepared(prepared);
                return FlightQueryResult.updateCount(0);
            }
            started.set(true);
            FlightQueryResult result = new FlightQueryResult(sql, info, allocator, options, calls, prepared,
                    open::remove, cancel);
            open.add(result);
            prepared = null;
            return result;
        } catch (FlightRuntimeException e) {
            closePrepared(prepared);
            throw FlightErrorMapper.map(e, options.cancellation());
        } catch (RuntimeException e) {
            closePrepared(prepared);
            throw e;
        }
    }

    /** One GetFlightInfo with the SQL and the values (a lance-jdbc server), instead of a DoPut and a GetFlightInfo. */
    private FlightInfo executeBound(String text, List<ParameterValue> params, CallOption[] calls) {
        byte[] command = com.google.protobuf.Any.newBuilder().setTypeUrl(BoundQuery.TYPE_URL)
                .setValue(com.google.protobuf.ByteString.copyFrom(new BoundQuery(text, params).encode(allocator)))
                .build().toByteArray();
        return client.getInfo(org.apache.arrow.flight.FlightDescriptor.command(command), calls);
    }

    private FlightInfo executePrepared(FlightSqlClient.PreparedStatement ps, List<ParameterValue> params,
            CallOption[] calls) {
        if (params.isEmpty()) {
            return ps.execute(calls);
        }
        try (VectorSchemaRoot root = ParameterVectors.toRoot(params, allocator)) {
            ps.setParameters(root);
            try {
                return ps.execute(calls);
            } finally {
                ps.clearParameters();
            }
        }
    }

    private static void closePrepared(FlightSqlClient.PreparedStatement prepared) {
        if (prepared != null && !prepared.isClosed()) {
            try {
                prepared.close();
            } catch (FlightRuntimeException e) {
                // Closing a handle frees server state at best; the statement's own outcome is what the caller sees.
                org.slf4j.LoggerFactory.getLogger(FlightEngineSession.class).debug("closing a prepared statement", e);
            }
        }
    }

    private void cancelById(String queryId) {
        try {
            java.util.Iterator<org.apache.arrow.flight.Result> r = client.doAction(new org.apache.arrow.flight.Action(
                    RemoteProtocol.CANCEL_ACTION, queryId.getBytes(java.nio.charset.StandardCharsets.UTF_8)), calls());
            while (r.hasNext()) {
                r.next();
            }
        } catch (FlightRuntimeException e) {
            // Not a lance-jdbc server, or the query is over: the gRPC deadline and the stream cancel still apply.
            org.slf4j.LoggerFactory.getLogger(FlightEngineSession.class).debug("cancel action failed", e);
        }
    }

    private CallOption[] queryCalls(QueryOptions options, String queryId) {
        FlightCallHeaders headers = new FlightCallHeaders();
        headers.insert(RemoteProtocol.QUERY_ID_HEADER, queryId);
        if (options.maxRows() > 0) {
            headers.insert(RemoteProtocol.MAX_ROWS_HEADER, Long.toString(options.maxRows()));
        }
        if (options.timeoutMillis() > 0) {
            headers.insert(RemoteProtocol.TIMEOUT_HEADER, Long.toString(options.timeoutMillis()));
            return calls(new HeaderCallOption(headers),
                    CallOptions.timeout(options.timeoutMillis() + DEADLINE_SLACK_MILLIS, TimeUnit.MILLISECONDS));
        }
        return calls(new HeaderCallOption(headers));
    }

    @Override
    public CatalogMetadata metadata() {
        checkOpen();
        return metadata;
    }

    /** Warnings stay on the server; the driver reports its own (unknown properties and the like). */
    @Override
    public List<String> takeWarnings() {
        return List.of();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (FlightQueryResult r : List.copyOf(open)) {
            r.close();
        }
        for (FlightSqlClient.PreparedStatement ps : preparedStatements) {
            closePrepared(ps);
        }
        try {
            sql.closeSession(new org.apache.arrow.flight.CloseSessionRequest(), calls(
                    CallOptions.timeout(2, TimeUnit.SECONDS)));
        } catch (FlightRuntimeException e) {
            // The server closes idle sessions itself; an unreachable server has nothing left to close.
            if (e.status().code() != org.apache.arrow.flight.FlightStatusCode.UNIMPLEMENTED) {
                org.slf4j.LoggerFactory.getLogger(FlightEngineSession.class).debug("CloseSession failed", e);
            }
        }
        closeQuietly(client);
        allocator.close();
    }

    /** A string session option's value; null for other kinds. */
    private static final class StringValue extends org.apache.arrow.flight.NoOpSessionOptionValueVisitor<String> {
        @Override
        public String visit(String value) {
            return value;
        }
    }
}
