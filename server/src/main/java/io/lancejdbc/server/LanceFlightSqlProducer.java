package io.lancejdbc.server;

import static com.google.protobuf.Any.pack;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.PreparedQuery;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.remote.BoundQuery;
import io.lancejdbc.engine.remote.RemoteProtocol;
import io.lancejdbc.engine.types.ParameterVectors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.regex.Pattern;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.CancelFlightInfoRequest;
import org.apache.arrow.flight.CancelStatus;
import org.apache.arrow.flight.CloseSessionRequest;
import org.apache.arrow.flight.CloseSessionResult;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightServerMiddleware;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.GetSessionOptionsRequest;
import org.apache.arrow.flight.GetSessionOptionsResult;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.SchemaResult;
import org.apache.arrow.flight.ServerSessionMiddleware;
import org.apache.arrow.flight.SessionOptionValue;
import org.apache.arrow.flight.SessionOptionValueFactory;
import org.apache.arrow.flight.SetSessionOptionsRequest;
import org.apache.arrow.flight.SetSessionOptionsResult;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.sql.FlightSqlProducer;
import org.apache.arrow.flight.sql.SqlInfoBuilder;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow Flight SQL surface of the server over an embedded engine.
 *
 * <p>Every handle and ticket is a {@link StatementHandle} (SQL, bound parameters, row limit, timeout, query id):
 * the server keeps no prepared-statement state, so a handle survives a restarted server. A query whose result
 * schema the planner knows up front is not run by GetFlightInfo; DoGet runs it. Statements whose schema is only
 * known by running them (SHOW, DESC, EXPLAIN) run in GetFlightInfo and wait, per session, for their DoGet (or run
 * again from the ticket when that session is gone). {@code USE} and {@code SET} answer with an empty schema.
 *
 * <p>Sessions come from {@link ServerSessionMiddleware} (a cookie); client-supplied execution options from the
 * {@value #MAX_ROWS_HEADER} and {@value #TIMEOUT_HEADER} headers. CancelFlightInfo cancels the engine's work for
 * the query ids of the tickets it names, also before their DoGet starts.
 */
final class LanceFlightSqlProducer implements FlightSqlProducer {
    static final String MAX_ROWS_HEADER = RemoteProtocol.MAX_ROWS_HEADER;
    static final String TIMEOUT_HEADER = RemoteProtocol.TIMEOUT_HEADER;

    static final FlightServerMiddleware.Key<ServerSessionMiddleware> SESSION_KEY =
            FlightServerMiddleware.Key.of("lance-session");
    static final FlightServerMiddleware.Key<RequestHeaders> HEADERS_KEY = FlightServerMiddleware.Key.of("lance-headers");

    private static final Pattern UPDATE_STATEMENT = Pattern.compile("(?is)\\s*(USE|SET)\\s.*");
    private static final Pattern SET_MEMORY = Pattern.compile("(?is)\\s*SET\\s+`?(experimental_)?query\\.max_memory.*");

    private final BufferAllocator allocator;
    private final SessionRegistry sessions;
    private final Semaphore queries;
    private final int maxQueries;
    private final boolean memoryCapped;
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    /** Every DoGet stream in flight (with or without a client query id), for close() to cancel and wait for. */
    private final java.util.Set<Running> streaming = ConcurrentHashMap.newKeySet();
    /** The engine cancellation each result was executed with (by identity), for the DoGet that streams it. */
    private final Map<QueryResult, Cancellation> executedWith = java.util.Collections.synchronizedMap(
            new java.util.IdentityHashMap<>());
    private final Map<String, Long> cancelledEarly = new ConcurrentHashMap<>();
    private final SqlInfoBuilder sqlInfo;
    private final ResultStreamer streamer;

    LanceFlightSqlProducer(BufferAllocator allocator, SessionRegistry sessions, int maxConcurrentQueries,
            boolean memoryCapped) {
        this.allocator = allocator;
        this.sessions = sessions;
        this.maxQueries = maxConcurrentQueries;
        this.queries = new Semaphore(maxConcurrentQueries);
        this.memoryCapped = memoryCapped;
        this.sqlInfo = LanceSqlInfo.builder();
        this.streamer = new ResultStreamer(allocator);
    }

    // ---------------------------------------------------------------- sessions

    private SessionRegistry.Entry session(CallContext context) {
        ServerSessionMiddleware m = context.getMiddleware(SESSION_KEY);
        return sessions.get(m.getSession().id);
    }

    private static long header(CallContext context, String name) {
        RequestHeaders h = context.getMiddleware(HEADERS_KEY);
        String v = h == null ? null : h.headers().get(name);
        if (v == null || v.isBlank()) {
            return 0;
        }
        try {
            return Math.max(0, Long.parseLong(v.strip()));
        } catch (NumberFormatException e) {
            throw FlightErrors.of(new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Header " + name
                    + " must be a whole number, got '" + v + "'"));
        }
    }

    // ---------------------------------------------------------------- statements

    /**
     * Standard Flight SQL commands, plus the thin client's {@link BoundQuery} (SQL and parameter values in one
     * command, one call less than the parameter DoPut per execution); both end in {@link #info}.
     */
    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        if (descriptor.isCommand()) {
            com.google.protobuf.Any command;
            try {
                command = com.google.protobuf.Any.parseFrom(descriptor.getCommand());
            } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                command = null;
            }
            if (command != null && BoundQuery.TYPE_URL.equals(command.getTypeUrl())) {
                com.google.protobuf.Any bound = command;
                return guarded(() -> {
                    BoundQuery q = BoundQuery.decode(bound.getValue().toByteArray(), allocator);
                    return info(session(context), StatementHandle.prepared(q.sql()).withParams(q.params()), context,
                            descriptor);
                });
            }
        }
        return FlightSqlProducer.super.getFlightInfo(context, descriptor);
    }

    @Override
    public FlightInfo getFlightInfoStatement(FlightSql.CommandStatementQuery command, CallContext context,
            FlightDescriptor descriptor) {
        return guarded(() -> info(session(context), StatementHandle.prepared(command.getQuery()), context, descriptor));
    }

    @Override
    public FlightInfo getFlightInfoPreparedStatement(FlightSql.CommandPreparedStatementQuery command,
            CallContext context, FlightDescriptor descriptor) {
        return guarded(() -> info(session(context), StatementHandle.decode(
                command.getPreparedStatementHandle().toByteArray(), allocator), context, descriptor));
    }

    /**
     * Runs the statement (planning included, so errors, cancellation and timeouts behave as in the embedded engine)
     * and parks its result for the DoGet of the ticket returned; the ticket also holds everything to run it again.
     */
    private FlightInfo info(SessionRegistry.Entry entry, StatementHandle prepared, CallContext context,
            FlightDescriptor descriptor) {
        StatementHandle handle = prepared.execution(header(context, MAX_ROWS_HEADER), header(context, TIMEOUT_HEADER),
                textHeader(context, RemoteProtocol.QUERY_ID_HEADER));
        checkAllowed(handle.sql());
        QueryResult result = run(context, entry.session, handle);
        if (!result.hasRows()) {
            result.close();
            return new FlightInfo(new Schema(List.of()), descriptor, List.of(), -1, -1);
        }
        Schema schema = result.schema();
        entry.parked.put(handle.queryId(), result);
        // The ticket pins what this execution reads: a DoGet that must run it again (a restarted server, a
        // session gone) answers from the same dataset versions.
        Ticket ticket = new Ticket(pack(FlightSql.TicketStatementQuery.newBuilder()
                .setStatementHandle(ByteString.copyFrom(handle.withVersions(result.datasetVersions())
                        .encode(allocator))).build()).toByteArray());
        return new FlightInfo(streamer.flightSchema(schema, entry.session.catalogName()), descriptor,
                List.of(new FlightEndpoint(ticket)), -1, -1);
    }

    private static String textHeader(CallContext context, String name) {
        RequestHeaders h = context.getMiddleware(HEADERS_KEY);
        String v = h == null ? null : h.headers().get(name);
        return v == null || v.isBlank() || v.length() > 64 ? null : v.strip();
    }

    /** Runs a statement now (SHOW, DESC, EXPLAIN, USE, SET in GetFlightInfo; updates in DoPut). */
    private QueryResult run(CallContext context, EngineSession session, StatementHandle handle) {
        String key = key(context, handle.queryId());
        Cancellation cancellation = register(key);
        try {
            acquire();
        } catch (RuntimeException e) {
            finished(key); // refused (concurrency limit): nothing runs, nothing for close() to wait for
            throw e;
        }
        try {
            QueryResult result = session.execute(handle.sql(), handle.params(), options(handle, cancellation));
            executedWith.put(result, cancellation);
            return result;
        } finally {
            queries.release();
            finished(key);
        }
    }

    private static QueryOptions options(StatementHandle handle, Cancellation cancellation) {
        return new QueryOptions(handle.maxRows(), 0, handle.timeoutMillis(), cancellation, handle.versions());
    }

    /** A query in flight: its signal, and a latch released once its result is closed and its memory freed. */
    private record Running(Cancellation cancellation, java.util.concurrent.CountDownLatch released) {
    }

    /** Query ids are the client's; they are scoped by session so one client cannot reach another's query. */
    private static String key(CallContext context, String queryId) {
        ServerSessionMiddleware m = context.getMiddleware(SESSION_KEY);
        return m.getSession().id + "/" + queryId;
    }

    private void finished(String queryId) {
        Running r = running.remove(queryId);
        if (r != null) {
            r.released().countDown();
        }
    }

    private Cancellation register(String queryId) {
        Cancellation c = new Cancellation();
        if (!queryId.isEmpty()) {
            running.put(queryId, new Running(c, new java.util.concurrent.CountDownLatch(1)));
            if (cancelledEarly.remove(queryId) != null) {
                c.cancel("Query was cancelled");
            }
        }
        return c;
    }

    private void acquire() {
        if (!queries.tryAcquire()) {
            throw new SqlError(SqlState.LIMIT_EXCEEDED, "The server is running its maximum of " + maxQueries
                    + " concurrent queries; retry later, or start the server with a higher --max-concurrent-queries");
        }
    }

    private void checkAllowed(String sql) {
        if (memoryCapped && SET_MEMORY.matcher(sql).matches()) {
            throw new SqlError(SqlState.INSUFFICIENT_PRIVILEGE, "query.max_memory is set by the server operator "
                    + "(--property query.max_memory=...) and cannot be changed by a client session");
        }
    }

    @Override
    public SchemaResult getSchemaStatement(FlightSql.CommandStatementQuery command, CallContext context,
            FlightDescriptor descriptor) {
        return new SchemaResult(getFlightInfoStatement(command, context, descriptor).getSchema());
    }

    @Override
    public void getStreamStatement(FlightSql.TicketStatementQuery ticket, CallContext context,
            ServerStreamListener listener) {
        stream(StatementHandle.decode(ticket.getStatementHandle().toByteArray(), allocator), context, listener);
    }

    @Override
    public void getStreamPreparedStatement(FlightSql.CommandPreparedStatementQuery command, CallContext context,
            ServerStreamListener listener) {
        stream(StatementHandle.decode(command.getPreparedStatementHandle().toByteArray(), allocator), context,
                listener);
    }

    private void stream(StatementHandle handle, CallContext context, ServerStreamListener listener) {
        SessionRegistry.Entry entry;
        try {
            entry = session(context);
        } catch (RuntimeException e) {
            listener.error(FlightErrors.of(e));
            return;
        }
        QueryResult result = entry.parked.remove(handle.queryId());
        String key = key(context, handle.queryId());
        Cancellation cancellation = register(key);
        Running inFlight = new Running(cancellation, new java.util.concurrent.CountDownLatch(1));
        streaming.add(inFlight);
        boolean acquired = false;
        try {
            acquire();
            acquired = true;
            if (result == null) {
                result = entry.session.execute(handle.sql(), handle.params(), options(handle, cancellation));
            } else {
                // A cancel reaches a parked result through the engine cancellation it was executed with, never by
                // closing it from the cancelling thread while this thread reads it (a result is not safe for two
                // threads; that race left batches in the session allocator). This thread closes it below.
                Cancellation engine = executedWith.get(result);
                if (engine != null) {
                    cancellation.onCancel(() -> engine.cancel("Query was cancelled"));
                }
            }
            streamer.stream(result, entry.session.catalogName(), listener, cancellation,
                    () -> entry.lastUsed = System.nanoTime());
        } catch (RuntimeException e) {
            listener.error(FlightErrors.of(cancellation.isCancelled() && !(e instanceof SqlError)
                    ? new SqlError(SqlState.QUERY_CANCELED, "Query was cancelled") : e));
        } finally {
            if (result != null) {
                result.close();
                executedWith.remove(result);
            }
            if (acquired) {
                queries.release();
            }
            finished(key);
            streaming.remove(inFlight);
            inFlight.released().countDown();
        }
    }

    @Override
    public void cancelFlightInfo(CancelFlightInfoRequest request, CallContext context,
            StreamListener<CancelStatus> listener) {
        CancelStatus status = CancelStatus.NOT_CANCELLABLE;
        try {
            for (FlightEndpoint endpoint : request.getInfo().getEndpoints()) {
                StatementHandle h = StatementHandle.decode(FlightSql.TicketStatementQuery.parseFrom(
                        com.google.protobuf.Any.parseFrom(endpoint.getTicket().getBytes()).getValue())
                        .getStatementHandle().toByteArray(), allocator);
                cancel(h.queryId(), context, true);
                status = CancelStatus.CANCELLED;
            }
            listener.onNext(status);
            listener.onCompleted();
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            listener.onError(FlightErrors.of(new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "CancelFlightInfo names a ticket this server did not issue")));
        } catch (RuntimeException e) {
            listener.onError(FlightErrors.of(e));
        }
    }

    /**
     * Cancels the query {@code queryId}: a running one now (with {@code awaitRelease}, answering once its memory is
     * freed, so a client that closes a result early sees the memory gone), a parked result is closed, and one not
     * started yet is failed with 57014 when it starts.
     */
    private void cancel(String queryId, CallContext context, boolean awaitRelease) {
        String key = key(context, queryId);
        Running r = running.get(key);
        if (r != null) {
            r.cancellation().cancel("Query was cancelled");
            if (awaitRelease) {
                awaitRelease(r);
            }
        } else {
            long now = System.nanoTime();
            cancelledEarly.entrySet().removeIf(e -> now - e.getValue() > 600_000_000_000L);
            cancelledEarly.put(key, now);
        }
        QueryResult parked = session(context).parked.remove(queryId);
        if (parked != null) {
            parked.close();
        }
    }

    private static void awaitRelease(Running r) {
        try {
            r.released().await(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---------------------------------------------------------------- prepared statements

    @Override
    public void createPreparedStatement(FlightSql.ActionCreatePreparedStatementRequest request, CallContext context,
            StreamListener<Result> listener) {
        try {
            String sql = request.getQuery();
            SessionRegistry.Entry entry = session(context);
            checkAllowed(sql);
            FlightSql.ActionCreatePreparedStatementResult.Builder result =
                    FlightSql.ActionCreatePreparedStatementResult.newBuilder()
                            .setPreparedStatementHandle(ByteString.copyFrom(StatementHandle.prepared(sql)
                                    .encode(allocator)));
            if (!UPDATE_STATEMENT.matcher(sql).matches()) {
                PreparedQuery prepared = entry.session.prepare(sql);
                Schema schema = prepared.resultSchema();
                if (schema == null) {
                    // SHOW, DESC, EXPLAIN: their columns are known once they run; they read metadata only.
                    try (QueryResult probe = run(context, entry.session, StatementHandle.prepared(sql).execution(0, 0, null))) {
                        schema = probe.hasRows() ? probe.schema() : null;
                    }
                }
                if (schema != null) {
                    result.setDatasetSchema(ByteString.copyFrom(streamer.flightSchema(schema,
                            entry.session.catalogName()).serializeAsMessage()));
                }
                List<Field> params = new ArrayList<>();
                List<org.apache.arrow.vector.types.pojo.ArrowType> types = prepared.parameterTypes();
                for (int i = 0; i < types.size(); i++) {
                    params.add(Field.nullable("p" + (i + 1), types.get(i)));
                }
                result.setParameterSchema(ByteString.copyFrom(new Schema(params).serializeAsMessage()));
            }
            listener.onNext(new Result(pack(result.build()).toByteArray()));
            listener.onCompleted();
        } catch (RuntimeException e) {
            listener.onError(FlightErrors.of(e));
        }
    }

    @Override
    public void closePreparedStatement(FlightSql.ActionClosePreparedStatementRequest request, CallContext context,
            StreamListener<Result> listener) {
        // Handles are stateless: nothing to release.
        listener.onCompleted();
    }

    @Override
    public Runnable acceptPutPreparedStatementQuery(FlightSql.CommandPreparedStatementQuery command,
            CallContext context, FlightStream stream, StreamListener<PutResult> ackStream) {
        return () -> {
            try {
                StatementHandle handle = StatementHandle.decode(command.getPreparedStatementHandle().toByteArray(),
                        allocator).withParams(readParameters(stream));
                byte[] result = FlightSql.DoPutPreparedStatementResult.newBuilder()
                        .setPreparedStatementHandle(ByteString.copyFrom(handle.encode(allocator))).build()
                        .toByteArray();
                try (ArrowBuf buf = allocator.buffer(result.length)) {
                    buf.writeBytes(result);
                    ackStream.onNext(PutResult.metadata(buf));
                }
                ackStream.onCompleted();
            } catch (RuntimeException e) {
                ackStream.onError(FlightErrors.of(e));
            }
        };
    }

    /** The bound values: the last row sent (a client sends one row per execution). */
    private static List<ParameterValue> readParameters(FlightStream stream) {
        List<ParameterValue> values = List.of();
        while (stream.next()) {
            VectorSchemaRoot root = stream.getRoot();
            if (root.getRowCount() > 1) {
                throw new SqlError(SqlState.FEATURE_NOT_SUPPORTED, "Binding " + root.getRowCount() + " parameter rows"
                        + " at once is not supported; execute the statement once per row");
            }
            if (root.getRowCount() == 1) {
                values = ParameterVectors.fromRoot(root, 0);
            }
        }
        return values;
    }

    @Override
    public Runnable acceptPutStatement(FlightSql.CommandStatementUpdate command, CallContext context,
            FlightStream stream, StreamListener<PutResult> ackStream) {
        return () -> update(StatementHandle.prepared(command.getQuery()), context, ackStream);
    }

    @Override
    public Runnable acceptPutPreparedStatementUpdate(FlightSql.CommandPreparedStatementUpdate command,
            CallContext context, FlightStream stream, StreamListener<PutResult> ackStream) {
        return () -> {
            try {
                StatementHandle handle = StatementHandle.decode(command.getPreparedStatementHandle().toByteArray(),
                        allocator);
                List<ParameterValue> params = readParameters(stream);
                update(params.isEmpty() ? handle : handle.withParams(params), context, ackStream);
            } catch (RuntimeException e) {
                ackStream.onError(FlightErrors.of(e));
            }
        };
    }

    private void update(StatementHandle prepared, CallContext context, StreamListener<PutResult> ackStream) {
        try {
            checkAllowed(prepared.sql());
            StatementHandle handle = prepared.execution(0, header(context, TIMEOUT_HEADER),
                    textHeader(context, RemoteProtocol.QUERY_ID_HEADER));
            long count;
            try (QueryResult result = run(context, session(context).session, handle)) {
                count = result.hasRows() ? -1 : result.updateCount();
            }
            byte[] bytes = FlightSql.DoPutUpdateResult.newBuilder().setRecordCount(count).build().toByteArray();
            try (ArrowBuf buf = allocator.buffer(bytes.length)) {
                buf.writeBytes(bytes);
                ackStream.onNext(PutResult.metadata(buf));
            }
            ackStream.onCompleted();
        } catch (RuntimeException e) {
            ackStream.onError(FlightErrors.of(e));
        }
    }

    // ---------------------------------------------------------------- session options

    @Override
    public void getSessionOptions(GetSessionOptionsRequest request, CallContext context,
            StreamListener<GetSessionOptionsResult> listener) {
        try {
            EngineSession s = session(context).session;
            listener.onNext(new GetSessionOptionsResult(Map.of(
                    "catalog", SessionOptionValueFactory.makeSessionOptionValue(s.catalogName()),
                    "schema", SessionOptionValueFactory.makeSessionOptionValue(s.currentSchema()),
                    BoundQuery.SESSION_OPTION, SessionOptionValueFactory.makeSessionOptionValue("1"))));
            listener.onCompleted();
        } catch (RuntimeException e) {
            listener.onError(FlightErrors.of(e));
        }
    }

    @Override
    public void setSessionOptions(SetSessionOptionsRequest request, CallContext context,
            StreamListener<SetSessionOptionsResult> listener) {
        try {
            EngineSession s = session(context).session;
            Map<String, SetSessionOptionsResult.Error> errors = new java.util.HashMap<>();
            for (Map.Entry<String, SessionOptionValue> e : request.getSessionOptions().entrySet()) {
                String value = e.getValue().acceptVisitor(new StringOptionVisitor());
                if (e.getKey().equals("schema") && value != null) {
                    try {
                        s.setCurrentSchema(value);
                    } catch (SqlError error) {
                        errors.put(e.getKey(), new SetSessionOptionsResult.Error(
                                SetSessionOptionsResult.ErrorValue.INVALID_VALUE));
                    }
                } else if (e.getKey().equals("catalog") && value != null) {
                    if (!value.equals(s.catalogName())) {
                        errors.put(e.getKey(), new SetSessionOptionsResult.Error(
                                SetSessionOptionsResult.ErrorValue.INVALID_VALUE));
                    }
                } else {
                    errors.put(e.getKey(), new SetSessionOptionsResult.Error(
                            SetSessionOptionsResult.ErrorValue.INVALID_NAME));
                }
            }
            listener.onNext(new SetSessionOptionsResult(errors));
            listener.onCompleted();
        } catch (RuntimeException e) {
            listener.onError(FlightErrors.of(e));
        }
    }

    @Override
    public void closeSession(CloseSessionRequest request, CallContext context,
            StreamListener<CloseSessionResult> listener) {
        ServerSessionMiddleware m = context.getMiddleware(SESSION_KEY);
        if (m.hasSession()) {
            // Queries still streaming (a result closed early) finish before their session's memory goes.
            String prefix = m.getSession().id + "/";
            for (Map.Entry<String, Running> e : running.entrySet()) {
                if (e.getKey().startsWith(prefix)) {
                    e.getValue().cancellation().cancel("The session was closed");
                    awaitRelease(e.getValue());
                }
            }
            sessions.close(m.getSession().id);
            m.closeSession();
        }
        listener.onNext(new CloseSessionResult(CloseSessionResult.Status.CLOSED));
        listener.onCompleted();
    }

    // ---------------------------------------------------------------- metadata

    private FlightInfo metadataInfo(Message command, FlightDescriptor descriptor, Schema schema) {
        return new FlightInfo(schema, descriptor, List.of(new FlightEndpoint(new Ticket(pack(command).toByteArray()))),
                -1, -1);
    }

    private MetadataStreams metadata(CallContext context) {
        return new MetadataStreams(session(context).session, allocator);
    }

    @Override
    public FlightInfo getFlightInfoSqlInfo(FlightSql.CommandGetSqlInfo request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_SQL_INFO_SCHEMA);
    }

    @Override
    public void getStreamSqlInfo(FlightSql.CommandGetSqlInfo command, CallContext context,
            ServerStreamListener listener) {
        sqlInfo.send(command.getInfoList(), listener);
    }

    @Override
    public FlightInfo getFlightInfoTypeInfo(FlightSql.CommandGetXdbcTypeInfo request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_TYPE_INFO_SCHEMA);
    }

    @Override
    public void getStreamTypeInfo(FlightSql.CommandGetXdbcTypeInfo request, CallContext context,
            ServerStreamListener listener) {
        guardedStream(listener, () -> MetadataStreams.typeInfo(allocator, request.hasDataType()
                ? request.getDataType() : null, listener));
    }

    @Override
    public FlightInfo getFlightInfoCatalogs(FlightSql.CommandGetCatalogs request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_CATALOGS_SCHEMA);
    }

    @Override
    public void getStreamCatalogs(CallContext context, ServerStreamListener listener) {
        guardedStream(listener, () -> metadata(context).catalogs(listener));
    }

    @Override
    public FlightInfo getFlightInfoSchemas(FlightSql.CommandGetDbSchemas request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_SCHEMAS_SCHEMA);
    }

    @Override
    public void getStreamSchemas(FlightSql.CommandGetDbSchemas command, CallContext context,
            ServerStreamListener listener) {
        guardedStream(listener, () -> metadata(context).schemas(command.hasCatalog() ? command.getCatalog() : null,
                command.hasDbSchemaFilterPattern() ? command.getDbSchemaFilterPattern() : null, listener));
    }

    @Override
    public FlightInfo getFlightInfoTables(FlightSql.CommandGetTables request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, request.getIncludeSchema() ? Schemas.GET_TABLES_SCHEMA
                : Schemas.GET_TABLES_SCHEMA_NO_SCHEMA);
    }

    @Override
    public void getStreamTables(FlightSql.CommandGetTables command, CallContext context,
            ServerStreamListener listener) {
        guardedStream(listener, () -> metadata(context).tables(command, streamer, listener));
    }

    @Override
    public FlightInfo getFlightInfoTableTypes(FlightSql.CommandGetTableTypes request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_TABLE_TYPES_SCHEMA);
    }

    @Override
    public void getStreamTableTypes(CallContext context, ServerStreamListener listener) {
        guardedStream(listener, () -> MetadataStreams.tableTypes(allocator, listener));
    }

    @Override
    public FlightInfo getFlightInfoPrimaryKeys(FlightSql.CommandGetPrimaryKeys request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_PRIMARY_KEYS_SCHEMA);
    }

    @Override
    public void getStreamPrimaryKeys(FlightSql.CommandGetPrimaryKeys command, CallContext context,
            ServerStreamListener listener) {
        guardedStream(listener, () -> metadata(context).primaryKeys(command, listener));
    }

    @Override
    public FlightInfo getFlightInfoExportedKeys(FlightSql.CommandGetExportedKeys request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_EXPORTED_KEYS_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoImportedKeys(FlightSql.CommandGetImportedKeys request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_IMPORTED_KEYS_SCHEMA);
    }

    @Override
    public FlightInfo getFlightInfoCrossReference(FlightSql.CommandGetCrossReference request, CallContext context,
            FlightDescriptor descriptor) {
        return metadataInfo(request, descriptor, Schemas.GET_CROSS_REFERENCE_SCHEMA);
    }

    /** Lance has no foreign keys: the key commands answer with no rows. */
    @Override
    public void getStreamExportedKeys(FlightSql.CommandGetExportedKeys command, CallContext context,
            ServerStreamListener listener) {
        guardedStream(listener, () -> MetadataStreams.empty(allocator, Schemas.GET_EXPORTED_KEYS_SCHEMA, listener));
    }

    @Override
    public void getStreamImportedKeys(FlightSql.CommandGetImportedKeys command, CallContext context,
            ServerStreamListener listener) {
        guardedStream(listener, () -> MetadataStreams.empty(allocator, Schemas.GET_IMPORTED_KEYS_SCHEMA, listener));
    }

    @Override
    public void getStreamCrossReference(FlightSql.CommandGetCrossReference command, CallContext context,
            ServerStreamListener listener) {
        guardedStream(listener, () -> MetadataStreams.empty(allocator, Schemas.GET_CROSS_REFERENCE_SCHEMA, listener));
    }

    // ---------------------------------------------------------------- lance actions

    @Override
    public void listFlights(CallContext context, Criteria criteria, StreamListener<FlightInfo> listener) {
        listener.onCompleted();
    }

    @Override
    public void doAction(CallContext context, Action action, StreamListener<Result> listener) {
        if (action.getType().equals(RemoteProtocol.CANCEL_ACTION)) {
            try {
                String id = new String(action.getBody(), java.nio.charset.StandardCharsets.UTF_8);
                if (!id.isEmpty() && id.length() <= 64) {
                    cancel(id, context, false);
                }
                listener.onCompleted();
            } catch (RuntimeException e) {
                listener.onError(FlightErrors.of(e));
            }
            return;
        }
        if (action.getType().equals(RemoteProtocol.OPEN_SESSION_ACTION) && sessions.clientConfigured()) {
            try {
                ServerSessionMiddleware m = context.getMiddleware(SESSION_KEY);
                sessions.open(m.getSession().id, io.lancejdbc.engine.config.EngineConfig.of(
                        RemoteProtocol.decodeProperties(action.getBody())));
                listener.onCompleted();
            } catch (RuntimeException e) {
                listener.onError(FlightErrors.of(e));
            }
            return;
        }
        if (!action.getType().equals(RemoteProtocol.INDEXES_ACTION)) {
            FlightSqlProducer.super.doAction(context, action, listener);
            return;
        }
        try {
            String[] name = RemoteProtocol.decodeName(action.getBody());
            byte[] body = RemoteProtocol.encodeIndexes(session(context).session.metadata().indexes(name[0], name[1]));
            listener.onNext(new Result(body));
            listener.onCompleted();
        } catch (RuntimeException e) {
            listener.onError(FlightErrors.of(e));
        }
    }

    @Override
    public void close() {
        // Streams may still run on Flight's handler threads after gRPC stops: cancel them and wait (10 s at most)
        // until each has closed its result, so that no session frees memory a stream still holds.
        List<Running> inFlight = new java.util.ArrayList<>(running.values());
        inFlight.addAll(streaming);
        for (Running r : inFlight) {
            r.cancellation().cancel("The server is shutting down");
        }
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        for (Running r : inFlight) {
            long left = deadline - System.nanoTime();
            try {
                if (left <= 0 || !r.released().await(left, java.util.concurrent.TimeUnit.NANOSECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        sessions.close();
    }

    private static <T> T guarded(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw FlightErrors.of(e);
        }
    }

    private static void guardedStream(ServerStreamListener listener, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            listener.error(FlightErrors.of(e));
        }
    }

    /** A string session option's value; null for other kinds. */
    private static final class StringOptionVisitor extends org.apache.arrow.flight.NoOpSessionOptionValueVisitor<String> {
        @Override
        public String visit(String value) {
            return value;
        }
    }

    static FlightRuntimeException unauthenticated() {
        return CallStatus.UNAUTHENTICATED.withDescription("Authentication failed").toRuntimeException();
    }
}
