package io.lancejdbc.server;

import io.lancejdbc.engine.ParameterValue;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.types.ParameterVectors;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

/**
 * A stateless statement handle, also used as the ticket of a query: everything needed to run the statement again
 * on any server over the same warehouse (a restarted one included), so the server keeps no prepared-statement
 * state. Sent to clients as opaque bytes (Flight SQL prepared statement handles and {@code TicketStatementQuery}
 * handles).
 *
 * @param sql the statement text, not null
 * @param params the bound parameter values, in order; empty when none are bound
 * @param queryId identifies one execution for CancelFlightInfo (a random UUID), or "" in a prepared statement
 *     handle that has not been executed
 * @param maxRows the row limit of the execution ({@code Statement.setMaxRows}), 0 for none
 * @param timeoutMillis the query timeout of the execution, 0 for none
 * @param versions the dataset versions an execution pinned, by dataset URI
 *     ({@link io.lancejdbc.engine.QueryResult#datasetVersions()}): a ticket run again reads exactly these versions;
 *     empty in a prepared statement handle, whose every execution reads the latest versions as an embedded
 *     {@code PreparedStatement} does
 */
record StatementHandle(String sql, List<ParameterValue> params, String queryId, long maxRows, long timeoutMillis,
        Map<String, Long> versions) {
    private static final int MAGIC = 0x4C4A4832; // "LJH2": LJH1 had no versions

    StatementHandle {
        params = List.copyOf(params);
        versions = Collections.unmodifiableMap(new LinkedHashMap<>(versions));
    }

    /** A prepared statement handle without parameters. */
    static StatementHandle prepared(String sql) {
        return new StatementHandle(sql, List.of(), "", 0, 0, Map.of());
    }

    StatementHandle withParams(List<ParameterValue> values) {
        return new StatementHandle(sql, values, queryId, maxRows, timeoutMillis, versions);
    }

    /** This execution with the dataset versions it pinned. */
    StatementHandle withVersions(Map<String, Long> pinned) {
        return new StatementHandle(sql, params, queryId, maxRows, timeoutMillis, pinned);
    }

    /**
     * This statement as one new execution.
     *
     * @param id the client's query id, or null for a new random one
     */
    StatementHandle execution(long rowLimit, long timeout, String id) {
        return new StatementHandle(sql, params, id != null ? id : UUID.randomUUID().toString(), rowLimit, timeout,
                versions);
    }

    byte[] encode(BufferAllocator allocator) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(MAGIC);
            writeBytes(out, sql.getBytes(StandardCharsets.UTF_8));
            writeBytes(out, queryId.getBytes(StandardCharsets.UTF_8));
            out.writeLong(maxRows);
            out.writeLong(timeoutMillis);
            out.writeInt(versions.size());
            for (Map.Entry<String, Long> v : versions.entrySet()) {
                writeBytes(out, v.getKey().getBytes(StandardCharsets.UTF_8));
                out.writeLong(v.getValue());
            }
            out.writeInt(params.size());
            if (!params.isEmpty()) {
                ByteArrayOutputStream ipc = new ByteArrayOutputStream();
                try (VectorSchemaRoot root = ParameterVectors.toRoot(params, allocator);
                        ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(ipc))) {
                    writer.start();
                    writer.writeBatch();
                    writer.end();
                }
                writeBytes(out, ipc.toByteArray());
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Cannot encode a statement handle: " + e.getMessage(), e);
        }
    }

    /**
     * @throws SqlError 22023 when the bytes are not a handle of this server
     */
    static StatementHandle decode(byte[] handle, BufferAllocator allocator) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(handle));
            if (in.readInt() != MAGIC) {
                throw notAHandle();
            }
            String sql = new String(readBytes(in), StandardCharsets.UTF_8);
            String queryId = new String(readBytes(in), StandardCharsets.UTF_8);
            long maxRows = in.readLong();
            long timeout = in.readLong();
            int pinnedCount = in.readInt();
            if (pinnedCount < 0 || pinnedCount > 100_000) {
                throw notAHandle();
            }
            Map<String, Long> versions = new LinkedHashMap<>();
            for (int i = 0; i < pinnedCount; i++) {
                String uri = new String(readBytes(in), StandardCharsets.UTF_8);
                versions.put(uri, in.readLong());
            }
            int n = in.readInt();
            List<ParameterValue> params = List.of();
            if (n > 0) {
                try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(readBytes(in)),
                        allocator)) {
                    if (!reader.loadNextBatch()) {
                        throw notAHandle();
                    }
                    params = ParameterVectors.fromRoot(reader.getVectorSchemaRoot(), 0);
                }
            }
            return new StatementHandle(sql, params, queryId, maxRows, timeout, versions);
        } catch (IOException | RuntimeException e) {
            if (e instanceof SqlError) {
                throw (SqlError) e;
            }
            throw notAHandle();
        }
    }

    private static SqlError notAHandle() {
        return new SqlError(SqlState.INVALID_PARAMETER_VALUE, "The statement handle or ticket was not issued by a "
                + "lance-jdbc server; prepare the statement again");
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 256 << 20) {
            throw new IOException("bad length");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    /** Never the parameter values or the full SQL: they may hold data a log must not keep. */
    @Override
    public String toString() {
        return "StatementHandle{queryId=" + queryId + ", params=" + params.size() + ", versions=" + versions.size()
                + "}";
    }
}
