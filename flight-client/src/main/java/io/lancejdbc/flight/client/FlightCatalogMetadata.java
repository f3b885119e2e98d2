package io.lancejdbc.flight.client;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.metadata.CatalogMetadata;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.engine.remote.RemoteProtocol;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.sql.FlightSqlClient;
import org.apache.arrow.flight.sql.util.TableRef;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Catalog metadata over the standard Flight SQL commands (GetDbSchemas, GetTables with and without the table
 * schema, GetPrimaryKeys), so it works against any Flight SQL server, plus the lance-jdbc server's
 * {@value RemoteProtocol#INDEXES_ACTION} action for indexes. Exact names are sent as filter patterns and the
 * answer is filtered to exact matches (a {@code _} in a name is a wildcard to the server).
 */
final class FlightCatalogMetadata implements CatalogMetadata {
    private final FlightEngineSession session;
    private final FlightSqlClient sql;
    private final BufferAllocator allocator;

    FlightCatalogMetadata(FlightEngineSession session, FlightSqlClient sql, BufferAllocator allocator) {
        this.session = session;
        this.sql = sql;
        this.allocator = allocator;
    }

    /** The first catalog a server lists (for servers without a {@code catalog} session option), or "". */
    static String firstCatalog(FlightSqlClient sql, BufferAllocator allocator, org.apache.arrow.flight.CallOption[] calls) {
        List<Object[]> rows = read(sql, sql.getCatalogs(calls), calls);
        return rows.isEmpty() || rows.get(0)[0] == null ? "" : rows.get(0)[0].toString();
    }

    private String catalogFilter() {
        String c = session.catalogName();
        return c.isEmpty() ? null : c;
    }

    @Override
    public String catalogName() {
        return session.catalogName();
    }

    @Override
    public List<String> schemaNames() {
        try {
            List<String> out = new ArrayList<>();
            for (Object[] row : read(sql, sql.getSchemas(catalogFilter(), null, session.calls()), session.calls())) {
                out.add(row[1].toString());
            }
            return out;
        } catch (FlightRuntimeException e) {
            throw FlightErrorMapper.map(e, null);
        }
    }

    @Override
    public List<String> tableNames(String schema) {
        try {
            List<String> out = new ArrayList<>();
            for (Object[] row : read(sql, sql.getTables(catalogFilter(), schema, null, null, false, session.calls()),
                    session.calls())) {
                if (schema.equals(String.valueOf(row[1]))) {
                    out.add(row[2].toString());
                }
            }
            if (out.isEmpty()) {
                requireSchema(schema);
            }
            out.sort(null);
            return out;
        } catch (FlightRuntimeException e) {
            throw FlightErrorMapper.map(e, null);
        }
    }

    @Override
    public List<Field> columns(String schema, String table) {
        try {
            for (Object[] row : read(sql, sql.getTables(catalogFilter(), schema, table, null, true, session.calls()),
                    session.calls())) {
                if (schema.equals(String.valueOf(row[1])) && table.equals(String.valueOf(row[2]))) {
                    return Schema.deserializeMessage(ByteBuffer.wrap((byte[]) row[4])).getFields();
                }
            }
            throw missingTable(schema, table);
        } catch (FlightRuntimeException e) {
            throw FlightErrorMapper.map(e, null);
        }
    }

    @Override
    public List<IndexDescriptor> indexes(String schema, String table) {
        try {
            Iterator<Result> results = session.client().doAction(new Action(RemoteProtocol.INDEXES_ACTION,
                    RemoteProtocol.encodeName(schema, table)), session.calls());
            List<IndexDescriptor> out = new ArrayList<>();
            while (results.hasNext()) {
                out.addAll(RemoteProtocol.decodeIndexes(results.next().getBody()));
            }
            return out;
        } catch (FlightRuntimeException e) {
            if (e.status().code() == FlightStatusCode.UNIMPLEMENTED
                    || e.status().code() == FlightStatusCode.INVALID_ARGUMENT && !lanceServer(e)) {
                // Not a lance-jdbc server: it has no notion of Lance indexes, so the table has none to report.
                columns(schema, table);
                return List.of();
            }
            throw FlightErrorMapper.map(e, null);
        }
    }

    private static boolean lanceServer(FlightRuntimeException e) {
        return e.status().metadata() != null && e.status().metadata().get(RemoteProtocol.SQLSTATE_KEY) != null;
    }

    @Override
    public List<String> primaryKey(String schema, String table) {
        try {
            TreeMap<Integer, String> key = new TreeMap<>();
            for (Object[] row : read(sql, sql.getPrimaryKeys(TableRef.of(catalogFilter(), schema, table),
                    session.calls()), session.calls())) {
                key.put(((Number) row[4]).intValue(), row[3].toString());
            }
            if (key.isEmpty()) {
                columns(schema, table);
            }
            return List.copyOf(key.values());
        } catch (FlightRuntimeException e) {
            throw FlightErrorMapper.map(e, null);
        }
    }

    private void requireSchema(String schema) {
        List<String> existing = schemaNames();
        if (!existing.contains(schema)) {
            throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Schema '" + schema + "' does not exist in catalog "
                    + catalogName() + " (schemas: " + String.join(", ", existing) + ")");
        }
    }

    private SqlError missingTable(String schema, String table) {
        requireSchema(schema);
        return new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + schema + "." + table + "' not found in catalog "
                + catalogName() + " (tables in " + schema + ": " + String.join(", ", tableNames(schema)) + ")");
    }

    /** Every row of every endpoint, cells as Java values (Text as String). */
    static List<Object[]> read(FlightSqlClient sql, FlightInfo info, org.apache.arrow.flight.CallOption[] calls) {
        List<Object[]> rows = new ArrayList<>();
        for (FlightEndpoint endpoint : info.getEndpoints()) {
            try (FlightStream stream = sql.getStream(endpoint.getTicket(), calls)) {
                while (stream.next()) {
                    VectorSchemaRoot root = stream.getRoot();
                    List<FieldVector> vectors = root.getFieldVectors();
                    for (int r = 0; r < root.getRowCount(); r++) {
                        Object[] row = new Object[vectors.size()];
                        for (int c = 0; c < vectors.size(); c++) {
                            Object v = vectors.get(c).getObject(r);
                            row[c] = v instanceof org.apache.arrow.vector.util.Text ? v.toString() : v;
                        }
                        rows.add(row);
                    }
                }
            } catch (FlightRuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new SqlError(SqlState.GENERAL_ERROR, "Reading metadata from the server failed: " + e, e);
            }
        }
        return rows;
    }
}
