package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.pin.ResultLabels;
import io.lancejdbc.exec.lance.VersionResolver;
import io.lancejdbc.exec.tvf.FileTvfResolver;
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
import io.lancejdbc.sql.catalog.TableHistory;
import io.lancejdbc.sql.catalog.VersionSpec;
import io.lancejdbc.exec.lance.DatasetHistory;
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
 * latest dataset version (or the one a time-travel clause asks for, see {@link VersionResolver}) once per table and
 * version per statement, and labels columns with their source for
 * {@code ResultSetMetaData}.
 */
final class SessionCatalogView implements CatalogView {
    private final String catalogName;
    private final String currentSchema;
    private final LanceCatalogMetadata metadata;
    private final DatasetHandlePool pool;
    private final String catalogType;
    private final FileTvfResolver fileFunctions;
    private final QueryOptions options;
    private final Map<String, BoundTable> pinned = new HashMap<>();
    /** The versions pinned for latest references, by dataset URI (what {@link #pinnedVersions()} reports). */
    private final Map<String, Long> pinnedLatest = new java.util.LinkedHashMap<>();
    private final VersionResolver versions;

    /**
     * @param fileFunctions resolves s3()/local(), or null when the view is only used for names
     * @param options the statement's options: its cancellation and timeout bound file TVF planning
     */
    SessionCatalogView(String catalogName, String currentSchema, LanceCatalogMetadata metadata, DatasetHandlePool pool,
            String catalogType, FileTvfResolver fileFunctions, QueryOptions options) {
        this.catalogName = catalogName;
        this.currentSchema = currentSchema;
        this.metadata = metadata;
        this.pool = pool;
        this.catalogType = catalogType;
        this.fileFunctions = fileFunctions;
        this.options = options;
        this.versions = new VersionResolver(new DatasetHistory(pool));
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
        return resolveTable(parts, VersionSpec.latest());
    }

    @Override
    public BoundTable resolveTable(List<String> parts, VersionSpec version) {
        String[] name = schemaAndTable(parts);
        String key = name[0] + "\u0000" + name[1] + "\u0000" + version;
        BoundTable cached = pinned.get(key);
        if (cached != null) {
            return cached;
        }
        Located located = locate(name[0], name[1]);
        DatasetSource source = located.location().datasetSource();
        PinnedTable handle;
        if (version.isLatest()) {
            handle = new PinnedTable(source, pool.snapshot(source, requestedVersion(source.uri())), catalogType);
            pinnedLatest.put(source.uri(), handle.snapshot().version());
        } else {
            VersionResolver.Chosen chosen = versions.resolve(source, version, located.schema() + "."
                    + located.table());
            handle = new PinnedTable(source, pool.snapshot(source, OptionalLong.of(chosen.version())), catalogType,
                    chosen.choice());
        }
        Snapshot snapshot = handle.snapshot();
        BoundTable bound = new BoundTable(catalogName, located.schema(), located.table(),
                ResultLabels.labelled(snapshot.schema(), located.schema(), located.table()), handle);
        pinned.put(key, bound);
        return bound;
    }

    @Override
    public TableHistory history(List<String> parts) {
        String[] name = schemaAndTable(parts);
        Located located = locate(name[0], name[1]);
        DatasetSource source = located.location().datasetSource();
        DatasetHistory listing = new DatasetHistory(pool);
        List<TableHistory.VersionRow> rows = new ArrayList<>();
        for (DatasetHistory.VersionEntry v : listing.versions(source)) {
            Map<String, Long> summary = new HashMap<>();
            for (String k : SUMMARY_KEYS) {
                long n = v.count(k);
                if (n >= 0) {
                    summary.put(k, n);
                }
            }
            rows.add(new TableHistory.VersionRow(v.version(), v.committedAt(), summary, v.tags()));
        }
        List<TableHistory.TagRow> tags = new ArrayList<>();
        for (DatasetHistory.TagEntry t : listing.tags(source)) {
            tags.add(new TableHistory.TagRow(t.name(), t.version(), t.createdAt().orElse(null),
                    t.updatedAt().orElse(null)));
        }
        return new TableHistory(located.schema() + "." + located.table(), rows, tags);
    }

    private static final List<String> SUMMARY_KEYS = List.of("total_rows", "total_fragments", "total_data_files",
            "total_deletion_files", "total_data_file_rows", "total_deletion_file_rows", "total_files_size");

    /** A table the catalog located, with the names as the catalog spells them. */
    private record Located(String schema, String table, TableLocation location) {
    }

    /** {schema, table} of a 1-, 2- or 3-part name. */
    private String[] schemaAndTable(List<String> parts) {
        switch (parts.size()) {
            case 1:
                return new String[] {currentSchema, parts.get(0)};
            case 2:
                return new String[] {parts.get(0), parts.get(1)};
            case 3:
                if (!parts.get(0).equalsIgnoreCase(catalogName)) {
                    String schema = parts.get(0) + "." + parts.get(1);
                    boolean multiLevel = metadata.schemaNames().stream().anyMatch(schema::equalsIgnoreCase);
                    throw new SqlError(SqlState.SCHEMA_NOT_FOUND, "Unknown catalog '" + parts.get(0)
                            + "'; this connection's catalog is '" + catalogName + "'" + (multiLevel
                                    ? "; did you mean `" + schema + "`." + parts.get(2) + " (a multi-level schema is"
                                            + " one name, in backticks)?" : ""));
                }
                return new String[] {parts.get(1), parts.get(2)};
            default:
                throw new SqlError(SqlState.SYNTAX_ERROR, "Table name " + String.join(".", parts) + " has too many"
                        + " parts; quote a multi-level schema with backticks, e.g. " + catalogName
                        + ".`doris.analytics`.items");
        }
    }

    private Located locate(String schema, String table) {
        try {
            // Exact names need no listing of the catalog: the common case costs one lookup.
            return new Located(schema, table, metadata.locate(schema, table));
        } catch (SqlError e) {
            if (!e.sqlState().equals(SqlState.SCHEMA_NOT_FOUND) && !e.sqlState().equals(SqlState.TABLE_NOT_FOUND)
                    || catalogType.equals(io.lancejdbc.exec.catalog.NoCatalog.TYPE)) {
                throw e;
            }
            String resolvedSchema = resolveSchema(schema);
            String resolvedTable = resolveTableName(resolvedSchema, table);
            return new Located(resolvedSchema, resolvedTable, metadata.locate(resolvedSchema, resolvedTable));
        }
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
        String why = metadata.whyNotATable(schema, table).map(reason -> "; " + reason).orElse("");
        throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + schema + "." + table + "' not found in catalog "
                + catalogName + " (tables in " + schema + ": " + (all.isEmpty() ? "none" : String.join(", ", all))
                + ")" + why + elsewhere(schema, table));
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
    public BoundTable resolveFileTvf(String function, Map<String, String> arguments) {
        return resolveFileTvf(function, arguments, VersionSpec.latest());
    }

    @Override
    public BoundTable resolveFileTvf(String function, Map<String, String> arguments, VersionSpec version) {
        return fileFunctions.resolve(function, arguments, version, catalogName, options.cancellation(),
                options.timeoutMillis(), options.datasetVersions(), pinnedLatest);
    }

    /**
     * The version {@link QueryOptions#datasetVersions()} asks a latest reference to {@code uri} to read, or empty
     * for the latest version.
     */
    private OptionalLong requestedVersion(String uri) {
        Long v = options.datasetVersions().get(uri);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * The versions pinned so far for references to the latest version (catalog tables and one-dataset file TVF
     * calls), by dataset URI, in resolution order.
     */
    Map<String, Long> pinnedVersions() {
        return java.util.Collections.unmodifiableMap(pinnedLatest);
    }
}
