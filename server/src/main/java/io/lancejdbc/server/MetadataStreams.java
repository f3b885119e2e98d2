package io.lancejdbc.server;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.engine.metadata.CatalogMetadata;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.flight.sql.FlightSqlProducer.Schemas;
import org.apache.arrow.flight.sql.impl.FlightSql;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Flight SQL metadata commands over one session's {@link CatalogMetadata}, each as one batch with the schema
 * of {@link Schemas}. Patterns follow Flight SQL: {@code %} any run, {@code _} one character, {@code \} escapes
 * (the SqlInfo search-string escape). A schema or table filter without wildcards names one object exactly; when
 * it does not exist the answer has no rows, as for any pattern.
 */
final class MetadataStreams {
    /** The one table type Lance datasets have. */
    static final String TABLE = "TABLE";

    private final EngineSession session;
    private final BufferAllocator allocator;

    MetadataStreams(EngineSession session, BufferAllocator allocator) {
        this.session = session;
        this.allocator = allocator;
    }

    void catalogs(ServerStreamListener listener) {
        send(allocator, Schemas.GET_CATALOGS_SCHEMA, List.<Object[]>of(new Object[] {session.catalogName()}),
                listener);
    }

    void schemas(String catalog, String schemaPattern, ServerStreamListener listener) {
        List<Object[]> rows = new ArrayList<>();
        if (catalogMatches(catalog)) {
            for (String s : session.metadata().schemaNames()) {
                if (LikePattern.matches(schemaPattern, s)) {
                    rows.add(new Object[] {session.catalogName(), s});
                }
            }
        }
        send(allocator, Schemas.GET_SCHEMAS_SCHEMA, rows, listener);
    }

    void tables(FlightSql.CommandGetTables command, ResultStreamer streamer, ServerStreamListener listener) {
        List<Object[]> rows = new ArrayList<>();
        boolean types = command.getTableTypesCount() == 0 || command.getTableTypesList().stream()
                .anyMatch(t -> t.equalsIgnoreCase(TABLE) || t.equalsIgnoreCase("BASE TABLE"));
        String schemaPattern = command.hasDbSchemaFilterPattern() ? command.getDbSchemaFilterPattern() : null;
        String tablePattern = command.hasTableNameFilterPattern() ? command.getTableNameFilterPattern() : null;
        if (types && catalogMatches(command.hasCatalog() ? command.getCatalog() : null)) {
            CatalogMetadata md = session.metadata();
            for (String s : md.schemaNames()) {
                if (!LikePattern.matches(schemaPattern, s)) {
                    continue;
                }
                for (String t : md.tableNames(s)) {
                    if (!LikePattern.matches(tablePattern, t)) {
                        continue;
                    }
                    if (command.getIncludeSchema()) {
                        Schema schema = new Schema(md.columns(s, t));
                        rows.add(new Object[] {session.catalogName(), s, t, TABLE, schema.serializeAsMessage()});
                    } else {
                        rows.add(new Object[] {session.catalogName(), s, t, TABLE});
                    }
                }
            }
        }
        send(allocator, command.getIncludeSchema() ? Schemas.GET_TABLES_SCHEMA : Schemas.GET_TABLES_SCHEMA_NO_SCHEMA,
                rows, listener);
    }

    void primaryKeys(FlightSql.CommandGetPrimaryKeys command, ServerStreamListener listener) {
        List<Object[]> rows = new ArrayList<>();
        String schema = command.hasDbSchema() ? command.getDbSchema() : session.currentSchema();
        if (catalogMatches(command.hasCatalog() ? command.getCatalog() : null)
                && session.metadata().schemaNames().contains(schema)
                && session.metadata().tableNames(schema).contains(command.getTable())) {
            List<String> key = session.metadata().primaryKey(schema, command.getTable());
            for (int i = 0; i < key.size(); i++) {
                rows.add(new Object[] {session.catalogName(), schema, command.getTable(), key.get(i), i + 1, null});
            }
        }
        send(allocator, Schemas.GET_PRIMARY_KEYS_SCHEMA, rows, listener);
    }

    static void tableTypes(BufferAllocator allocator, ServerStreamListener listener) {
        send(allocator, Schemas.GET_TABLE_TYPES_SCHEMA, List.<Object[]>of(new Object[] {TABLE}), listener);
    }

    /**
     * No XDBC type rows: the stock driver and DBeaver only list them, and the JDBC types of our columns come with
     * each result's schema.
     */
    static void typeInfo(BufferAllocator allocator, Integer dataType, ServerStreamListener listener) {
        empty(allocator, Schemas.GET_TYPE_INFO_SCHEMA, listener);
    }

    static void empty(BufferAllocator allocator, Schema schema, ServerStreamListener listener) {
        send(allocator, schema, List.of(), listener);
    }

    private boolean catalogMatches(String catalog) {
        return catalog == null || catalog.isEmpty() || catalog.equals(session.catalogName());
    }

    /** Writes {@code rows} (String, Integer, byte[] or null cells in field order) as one batch and completes. */
    static void send(BufferAllocator allocator, Schema schema, List<Object[]> rows, ServerStreamListener listener) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            root.allocateNew();
            List<Field> fields = schema.getFields();
            for (int r = 0; r < rows.size(); r++) {
                for (int c = 0; c < fields.size(); c++) {
                    FieldVector v = root.getVector(c);
                    Object value = rows.get(r)[c];
                    if (value == null) {
                        v.setNull(r);
                    } else if (v instanceof VarCharVector) {
                        ((VarCharVector) v).setSafe(r, ((String) value).getBytes(StandardCharsets.UTF_8));
                    } else if (v instanceof VarBinaryVector) {
                        ((VarBinaryVector) v).setSafe(r, (byte[]) value);
                    } else if (v instanceof IntVector) {
                        ((IntVector) v).setSafe(r, (Integer) value);
                    } else {
                        throw new SqlError(SqlState.GENERAL_ERROR, "Unexpected metadata column type " + v.getField());
                    }
                }
            }
            root.setRowCount(rows.size());
            listener.start(root);
            if (!rows.isEmpty()) {
                listener.putNext();
            }
            listener.completed();
        }
    }
}
