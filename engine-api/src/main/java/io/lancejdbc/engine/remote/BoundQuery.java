package io.lancejdbc.engine.remote;

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
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

/**
 * A statement with its bound parameter values in one GetFlightInfo command, so the thin client runs a prepared
 * statement on a lance-jdbc server in two calls (GetFlightInfo, DoGet) instead of three (the standard parameter
 * DoPut first). The command is a protobuf {@code Any} with type URL {@link #TYPE_URL} whose value is
 * {@link #encode}'s bytes; a server advertises it with the session option {@link #SESSION_OPTION}. Other Flight SQL
 * servers never see it: the client sends it only to a server that advertises it.
 *
 * @param sql the statement text, not null
 * @param params the bound values in order; may be empty
 */
public record BoundQuery(String sql, List<ParameterValue> params) {
    /** Type URL of the {@code Any} command. */
    public static final String TYPE_URL = "type.googleapis.com/lance.jdbc.BoundQuery";
    /** GetSessionOptions key (value {@code "1"}) of a server that accepts the command. */
    public static final String SESSION_OPTION = "lance.bound_query";

    private static final int MAGIC = 0x4C4A4251; // "LJBQ"

    public BoundQuery {
        params = List.copyOf(params);
    }

    /** The command value: magic, the UTF-8 SQL, then the values as one Arrow IPC stream of one row. */
    public byte[] encode(BufferAllocator allocator) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(MAGIC);
            byte[] text = sql.getBytes(StandardCharsets.UTF_8);
            out.writeInt(text.length);
            out.write(text);
            out.writeInt(params.size());
            out.flush();
            if (!params.isEmpty()) {
                try (VectorSchemaRoot root = ParameterVectors.toRoot(params, allocator);
                        ArrowStreamWriter writer = new ArrowStreamWriter(root, null, Channels.newChannel(bytes))) {
                    writer.start();
                    writer.writeBatch();
                    writer.end();
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Cannot encode a bound query: " + e.getMessage(), e);
        }
    }

    /**
     * @throws SqlError 22023 when the bytes are not {@link #encode}'s
     */
    public static BoundQuery decode(byte[] value, BufferAllocator allocator) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(value));
            if (in.readInt() != MAGIC) {
                throw malformed();
            }
            int n = in.readInt();
            if (n < 0 || n > value.length) {
                throw malformed();
            }
            byte[] text = new byte[n];
            in.readFully(text);
            int count = in.readInt();
            List<ParameterValue> params = List.of();
            if (count > 0) {
                try (ArrowStreamReader reader = new ArrowStreamReader(in, allocator)) {
                    if (!reader.loadNextBatch() || reader.getVectorSchemaRoot().getRowCount() != 1) {
                        throw malformed();
                    }
                    params = ParameterVectors.fromRoot(reader.getVectorSchemaRoot(), 0);
                }
                if (params.size() != count) {
                    throw malformed();
                }
            }
            return new BoundQuery(new String(text, StandardCharsets.UTF_8), params);
        } catch (IOException | RuntimeException e) {
            if (e instanceof SqlError) {
                throw (SqlError) e;
            }
            throw malformed();
        }
    }

    private static SqlError malformed() {
        return new SqlError(SqlState.INVALID_PARAMETER_VALUE, "The bound query command is malformed");
    }

    /** Never the SQL or the values: they may hold data a log must not keep. */
    @Override
    public String toString() {
        return "BoundQuery{params=" + params.size() + "}";
    }
}
