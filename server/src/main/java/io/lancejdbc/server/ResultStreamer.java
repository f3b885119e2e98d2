package io.lancejdbc.server;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.engine.ResultFieldMetadata;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.flight.sql.FlightSqlColumnMetadata;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Streams a {@link QueryResult} into a DoGet with Flight back-pressure: the next batch is pulled from the engine
 * only once the client's transport is ready for more, so a slow reader holds the engine at one batch in flight
 * plus the engine's own bounded read-ahead, never a whole result. Batches go uncompressed (the stock Flight SQL JDBC
 * driver 18.3.0 cannot read compressed IPC, arrow-java #926).
 */
final class ResultStreamer {
    private static final long READY_POLL_MILLIS = 50;

    private final BufferAllocator allocator;

    ResultStreamer(BufferAllocator allocator) {
        this.allocator = allocator;
    }

    /**
     * {@code schema} with the Flight SQL column metadata ({@code ARROW:FLIGHT:SQL:*}: catalog, schema, table, type
     * name, precision and scale) that Flight SQL clients read, next to the engine's own keys.
     *
     * @param catalogName the catalog of the session that ran the query (a child server's sessions each name their
     *     own, from the properties their client opened them with)
     */
    Schema flightSchema(Schema schema, String catalogName) {
        List<Field> out = new ArrayList<>();
        for (Field f : schema.getFields()) {
            Map<String, String> md = new HashMap<>(f.getMetadata());
            FlightSqlColumnMetadata.Builder b = new FlightSqlColumnMetadata.Builder().catalogName(catalogName)
                    .isAutoIncrement(false).isCaseSensitive(f.getType() instanceof ArrowType.Utf8)
                    .isReadOnly(true).isSearchable(true);
            String s = md.get(ResultFieldMetadata.SCHEMA_NAME);
            String t = md.get(ResultFieldMetadata.TABLE_NAME);
            if (s != null) {
                b.schemaName(s);
            }
            if (t != null) {
                b.tableName(t);
            }
            if (f.getType() instanceof ArrowType.Decimal) {
                ArrowType.Decimal d = (ArrowType.Decimal) f.getType();
                b.precision(d.getPrecision()).scale(d.getScale());
            }
            md.putAll(b.build().getMetadataMap());
            out.add(new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), f.getDictionary(), md),
                    f.getChildren()));
        }
        return new Schema(out, schema.getCustomMetadata());
    }

    /**
     * Sends every batch of {@code result}, then completes the stream. A client that cancels the stream cancels
     * the query. Does not close {@code result}.
     *
     * @param catalogName the catalog of the session that ran the query, for the column metadata
     * @param touch called after each batch (keeps the session from idling out)
     * @throws SqlError what the engine throws; 57014 when the query was cancelled
     */
    void stream(QueryResult result, String catalogName, ServerStreamListener listener, Cancellation cancellation,
            Runnable touch) {
        Object readyLock = new Object();
        listener.setOnCancelHandler(() -> {
            cancellation.cancel("Query was cancelled by the client");
            synchronized (readyLock) {
                readyLock.notifyAll();
            }
        });
        try {
            listener.setOnReadyHandler(() -> {
                synchronized (readyLock) {
                    readyLock.notifyAll();
                }
            });
        } catch (UnsupportedOperationException e) {
            // Older transports: isReady() is polled below.
        }
        try (VectorSchemaRoot out = VectorSchemaRoot.create(flightSchema(result.schema(), catalogName), allocator)) {
            listener.start(out, null, IpcOption.DEFAULT);
            while (true) {
                cancellation.throwIfCancelled();
                awaitReady(listener, cancellation, readyLock);
                VectorSchemaRoot batch = result.nextBatch();
                if (batch == null) {
                    break;
                }
                if (batch.getRowCount() == 0) {
                    // A filtered scan ends each split without a match in an empty batch (a point query over 16
                    // fragments made 16 messages for one row); the schema went out in start().
                    batch.close();
                    continue;
                }
                try (batch) {
                    // Ownership moves to the server's allocator: gRPC may hold a sent batch's buffers after the
                    // query (and its allocator) is gone, e.g. when the client cancels with messages still queued.
                    for (int i = 0; i < batch.getFieldVectors().size(); i++) {
                        batch.getVector(i).makeTransferPair(out.getVector(i)).transfer();
                    }
                    out.setRowCount(batch.getRowCount());
                }
                listener.putNext();
                touch.run();
            }
            listener.completed();
        }
    }

    private static void awaitReady(ServerStreamListener listener, Cancellation cancellation, Object readyLock) {
        synchronized (readyLock) {
            while (!listener.isReady() && !listener.isCancelled()) {
                cancellation.throwIfCancelled();
                try {
                    readyLock.wait(READY_POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SqlError(SqlState.QUERY_CANCELED, "The server is shutting down", e);
                }
            }
        }
        if (listener.isCancelled()) {
            cancellation.cancel("Query was cancelled by the client");
            cancellation.throwIfCancelled();
        }
    }
}
