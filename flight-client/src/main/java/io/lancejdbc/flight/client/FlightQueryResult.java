package io.lancejdbc.flight.client;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.ResultFieldMetadata;
import io.lancejdbc.engine.SqlError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CancelFlightInfoRequest;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows of one remote query, read lazily: the endpoints of its FlightInfo one after another, in order, each
 * batch handed over as it arrives (gRPC flow control stops the server when the application reads slowly). A
 * cancellation of the query ({@code Statement.cancel}, a timeout) sends the cancel action and cancels the open
 * stream without waiting; closing early sends CancelFlightInfo, which a lance-jdbc server answers once the query's
 * memory is freed, then cancels the stream.
 */
final class FlightQueryResult implements QueryResult {
    private static final String FLIGHT_SCHEMA = "ARROW:FLIGHT:SQL:DB_SCHEMA_NAME";
    private static final String FLIGHT_TABLE = "ARROW:FLIGHT:SQL:TABLE_NAME";

    private final FlightSqlClient sql;
    private final FlightInfo info;
    private final BufferAllocator allocator;
    private final Cancellation cancellation;
    private final CallOption[] calls;
    private final FlightSqlClient.PreparedStatement prepared;
    private final Consumer<FlightQueryResult> onClose;
    private final Runnable cancelAction;
    private final Schema schema;
    private final long maxRows;
    private int nextEndpoint;
    private FlightStream stream;
    private long rows;
    private boolean finished;
    private volatile boolean closed;

    FlightQueryResult(FlightSqlClient sql, FlightInfo info, BufferAllocator allocator, QueryOptions options,
            CallOption[] calls, FlightSqlClient.PreparedStatement prepared, Consumer<FlightQueryResult> onClose,
            Runnable cancelAction) {
        this.cancelAction = cancelAction;
        this.sql = sql;
        this.info = info;
        this.allocator = allocator;
        this.cancellation = options.cancellation();
        this.calls = calls;
        this.prepared = prepared;
        this.onClose = onClose;
        this.schema = withLanceMetadata(info.getSchema());
        this.maxRows = options.maxRows();
        cancellation.onCancel(this::cancelRemote);
    }

    /** A result without rows. */
    static QueryResult updateCount(long count) {
        return new QueryResult() {
            @Override
            public boolean hasRows() {
                return false;
            }

            @Override
            public Schema schema() {
                return new Schema(List.of());
            }

            @Override
            public VectorSchemaRoot nextBatch() {
                return null;
            }

            @Override
            public long updateCount() {
                return count;
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * {@code schema} with the engine's source-column keys ({@link ResultFieldMetadata}) filled from the Flight SQL
     * column metadata a foreign server sends, so {@code ResultSetMetaData} names tables for any Flight SQL server.
     */
    static Schema withLanceMetadata(Schema schema) {
        List<Field> out = new ArrayList<>();
        boolean changed = false;
        for (Field f : schema.getFields()) {
            Map<String, String> md = f.getMetadata();
            if (!md.containsKey(ResultFieldMetadata.TABLE_NAME) && md.containsKey(FLIGHT_TABLE)
                    && !md.get(FLIGHT_TABLE).isEmpty()) {
                Map<String, String> copy = new HashMap<>(md);
                copy.put(ResultFieldMetadata.TABLE_NAME, md.get(FLIGHT_TABLE));
                if (md.containsKey(FLIGHT_SCHEMA)) {
                    copy.put(ResultFieldMetadata.SCHEMA_NAME, md.get(FLIGHT_SCHEMA));
                }
                copy.putIfAbsent(ResultFieldMetadata.COLUMN_NAME, f.getName());
                out.add(new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), f.getDictionary(), copy),
                        f.getChildren()));
                changed = true;
            } else {
                out.add(f);
            }
        }
        return changed ? new Schema(out, schema.getCustomMetadata()) : schema;
    }

    @Override
    public boolean hasRows() {
        return true;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public VectorSchemaRoot nextBatch() {
        while (!finished) {
            cancellation.throwIfCancelled();
            try {
                if (stream == null) {
                    List<FlightEndpoint> endpoints = info.getEndpoints();
                    if (nextEndpoint >= endpoints.size()) {
                        finished = true;
                        break;
                    }
                    // Endpoints without a location (all of a lance-jdbc server's) are read on this connection.
                    stream = sql.getStream(endpoints.get(nextEndpoint++).getTicket(), calls);
                }
                if (!stream.next()) {
                    closeStream();
                    continue;
                }
                VectorSchemaRoot batch = take(stream.getRoot());
                if (batch.getRowCount() == 0) {
                    batch.close();
                    continue;
                }
                if (maxRows > 0 && rows + batch.getRowCount() >= maxRows) {
                    batch.setRowCount((int) (maxRows - rows));
                    finished = true;
                    closeStream();
                }
                rows += batch.getRowCount();
                return batch;
            } catch (FlightRuntimeException e) {
                throw FlightErrorMapper.map(e, cancellation);
            }
        }
        return null;
    }

    /** Moves the stream's current batch into a root the caller owns. */
    private VectorSchemaRoot take(VectorSchemaRoot from) {
        List<FieldVector> vectors = new ArrayList<>();
        for (FieldVector v : from.getFieldVectors()) {
            TransferPair tp = v.getTransferPair(allocator);
            tp.transfer();
            vectors.add((FieldVector) tp.getTo());
        }
        return new VectorSchemaRoot(schema.getFields(), vectors, from.getRowCount());
    }

    private void closeStream() {
        FlightStream s = stream;
        stream = null;
        if (s != null) {
            try {
                s.close();
            } catch (Exception e) {
                throw e instanceof FlightRuntimeException ? FlightErrorMapper.map((FlightRuntimeException) e,
                        cancellation) : new SqlError(io.lancejdbc.engine.SqlState.GENERAL_ERROR,
                        "Closing a result stream failed: " + e, e);
            }
        }
    }

    /** Statement.cancel, a timeout: stop the server's work and the stream. */
    private void cancelRemote() {
        if (closed) {
            return;
        }
        cancelAction.run();
        FlightStream s = stream;
        if (s != null) {
            s.cancel("Query was cancelled", null);
        }
    }

    @Override
    public long updateCount() {
        return -1;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean early = !finished;
        finished = true;
        if (early && stream != null) {
            // Closed before the end: stop the server's work and wait until it has freed the query's memory.
            try {
                sql.cancelFlightInfo(new CancelFlightInfoRequest(info), calls);
            } catch (FlightRuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(FlightQueryResult.class).debug("CancelFlightInfo failed", e);
            }
        }
        try {
            FlightStream s = stream;
            stream = null;
            if (s != null) {
                s.cancel("Result closed", null);
                s.close();
            }
        } catch (Exception e) {
            // The result is gone either way; the server sees the cancelled stream and stops.
            org.slf4j.LoggerFactory.getLogger(FlightQueryResult.class).debug("closing a result stream", e);
        } finally {
            if (prepared != null && !prepared.isClosed()) {
                try {
                    prepared.close();
                } catch (FlightRuntimeException e) {
                    org.slf4j.LoggerFactory.getLogger(FlightQueryResult.class).debug("closing a statement", e);
                }
            }
            onClose.accept(this);
        }
    }
}
