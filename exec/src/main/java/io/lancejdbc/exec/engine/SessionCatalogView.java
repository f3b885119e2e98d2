package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.ResultFieldMetadata;
import io.lancejdbc.exec.catalog.LanceCatalogMetadata;
import io.lancejdbc.exec.catalog.TableLocation;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetSource;
import io.lancejdbc.exec.snapshot.Snapshot;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.catalog.CatalogView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The catalog as one statement's binder sees it: resolves names (exactly, then case-insensitively), pins the
 * latest dataset version once per table per statement, and labels columns with their source for
 * {@code ResultSetMetaData}.
 */
final class SessionCatalogView implements CatalogView {
    private final String catalogName;
    private final String currentSchema;
    private final LanceCatalogMetadata metadata;
    private final DatasetHandlePool pool;
    private final String catalogType;
    private final FileFunctionResolver fileFunctions;
    private final QueryOptions options;
    private final Map<String, BoundTable> pinned = new HashMap<>();

    /**
     * @param fileFunctions resolves s3()/local(), or null when the view is only used for names
     * @param options the statement's options: its cancellation and timeout bound file TVF planning
     */
    SessionCatalogView(String catalogName, String currentSchema, LanceCatalogMetadata metadata, DatasetHandlePool pool,
            String catalogType, FileFunctionResolver fileFunctions, QueryOptions options) {
        this.catalogName = catalogName;
        this.currentSchema = currentSchema;
        this.metadata = metadata;
        this.pool = pool;
        this.catalogType = catalogType;
        this.fileFunctions = fileFunctions;
        this.options = options;
    }

    @Override
    public String catalogName() {
        return catalogName;
    }

    @Override
    public String currentSchema() {
        return currentSchema;
    }

    @Override
    public BoundTable resolveTable(List<String> parts) {
        String schema;
        String table;
        switch (parts.size()) {
            case 1:
                schema = currentSchema;
                table = parts.get(0);
                break;
            case 2:
                schema = parts.get(0);
                table = parts.get(1);
                break;
            case 3:
                if (!parts.get(0).equalsIgnoreCase(catalogName)) {
                    throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Unknown catalog '" + parts.get(0)
                            + "'; this connection's catalog is '" + catalogName + "'");
                }
                schema = parts.get(1);
                table = parts.get(2);
                break;
            default:
                throw new SqlError(SqlState.SYNTAX_ERROR, "Table name " + String.join(".", parts) + " has too many"
                        + " parts; quote a multi-level schema with backticks, e.g. " + catalogName
                        + ".`doris.analytics`.items");
        }
        String key = schema + "\u0000" + table;
        BoundTable cached = pinned.get(key);
        if (cached != null) {
            return cached;
        }
        String resolvedSchema = schema;
        String resolvedTable = table;
        TableLocation location;
        try {
            // Exact names need no listing of the catalog: the common case costs one lookup.
            location = metadata.locate(schema, table);
        } catch (SqlError e) {
            if (!e.sqlState().equals(SqlState.SCHEMA_NOT_FOUND) && !e.sqlState().equals(SqlState.TABLE_NOT_FOUND)) {
                throw e;
            }
            resolvedSchema = resolveSchema(schema);
            resolvedTable = resolveTableName(resolvedSchema, table);
            location = metadata.locate(resolvedSchema, resolvedTable);
        }
        DatasetSource source = DatasetSource.of(location);
        Snapshot snapshot = pool.snapshot(source, OptionalLong.empty());
        PinnedTable handle = new PinnedTable(source, snapshot, catalogType);
        BoundTable bound = new BoundTable(catalogName, resolvedSchema, resolvedTable,
                labelled(snapshot.schema(), resolvedSchema, resolvedTable), handle);
        pinned.put(key, bound);
        return bound;
    }

    /** The schema name as the catalog spells it (exact match first, then case-insensitive). */
    String resolveSchema(String schema) {
        List<String> all = metadata.schemaNames();
        if (all.contains(schema)) {
            return schema;
        }
        for (String s : all) {
            if (s.equalsIgnoreCase(schema)) {
                return s;
            }
        }
        throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Schema '" + schema + "' not found in catalog " + catalogName
                + " (schemas: " + String.join(", ", all) + ")");
    }

    private String resolveTableName(String schema, String table) {
        List<String> all = metadata.tableNames(schema);
        if (all.contains(table)) {
            return table;
        }
        String match = null;
        for (String t : all) {
            if (t.toLowerCase(Locale.ROOT).equals(table.toLowerCase(Locale.ROOT))) {
                if (match != null) {
                    throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table name '" + table + "' matches both '" + match
                            + "' and '" + t + "' in schema " + schema + "; quote it with backticks in the exact case");
                }
                match = t;
            }
        }
        if (match != null) {
            return match;
        }
        throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + schema + "." + table + "' not found in catalog "
                + catalogName + " (tables in " + schema + ": " + (all.isEmpty() ? "none" : String.join(", ", all))
                + ")" + elsewhere(schema, table));
    }

    /** A hint naming the other schemas that hold a table of this name (searched in small catalogs only). */
    private String elsewhere(String schema, String table) {
        List<String> schemas = metadata.schemaNames();
        if (schemas.size() > 50) {
            return "";
        }
        List<String> found = new ArrayList<>();
        for (String other : schemas) {
            if (other.equals(schema)) {
                continue;
            }
            try {
                for (String t : metadata.tableNames(other)) {
                    if (t.equalsIgnoreCase(table)) {
                        found.add(io.lancejdbc.sql.parse.QualifiedNames.quoteIfNeeded(other) + "." + t);
                        break;
                    }
                }
            } catch (SqlError e) {
                // A schema that cannot be listed only loses the hint.
                continue;
            }
        }
        return found.isEmpty() ? "" : "; did you mean " + String.join(" or ", found) + "?";
    }

    @Override
    public BoundTable resolveFileFunction(String function, Map<String, String> arguments) {
        return fileFunctions.resolve(function, arguments, catalogName, options.cancellation(),
                options.timeoutMillis());
    }

    /** Arrow fields with the source schema/table/column in their metadata (for ResultSetMetaData). */
    static Schema labelled(Schema schema, String schemaName, String table) {
        List<Field> out = new ArrayList<>();
        for (Field f : schema.getFields()) {
            Map<String, String> md = new HashMap<>(f.getMetadata() == null ? Map.of() : f.getMetadata());
            md.put(ResultFieldMetadata.SCHEMA_NAME, schemaName);
            md.put(ResultFieldMetadata.TABLE_NAME, table);
            md.put(ResultFieldMetadata.COLUMN_NAME, f.getName());
            out.add(new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), f.getDictionary(), md),
                    f.getChildren()));
        }
        return new Schema(out, schema.getCustomMetadata());
    }
}
