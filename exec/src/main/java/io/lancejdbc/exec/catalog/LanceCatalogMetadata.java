package io.lancejdbc.exec.catalog;

import io.lancejdbc.engine.metadata.CatalogMetadata;
import io.lancejdbc.engine.metadata.IndexDescriptor;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.exec.lance.DatasetMetadata;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@link CatalogMetadata} over any {@link Catalog}: schema names from the namespace tree (root first, then a
 * breadth-first walk with each level sorted, as Doris' SHOW DATABASES), table metadata from the latest snapshot
 * through the {@link DatasetHandlePool} (so it follows the metadata and latest-version TTLs).
 *
 * <p>Unknown schemas fail with 3F000 listing the schemas that exist; unknown tables with 42S02 listing the tables of
 * the schema. Thread-safe.
 */
public final class LanceCatalogMetadata implements CatalogMetadata {
    private final String catalogName;
    private final Catalog catalog;
    private final SchemaNameCodec names;
    private final DatasetHandlePool pool;

    public LanceCatalogMetadata(String catalogName, Catalog catalog, SchemaNameCodec names, DatasetHandlePool pool) {
        this.catalogName = Objects.requireNonNull(catalogName, "catalogName");
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.names = Objects.requireNonNull(names, "names");
        this.pool = Objects.requireNonNull(pool, "pool");
    }

    @Override
    public String catalogName() {
        return catalogName;
    }

    /** The schema naming of this catalog. */
    public SchemaNameCodec names() {
        return names;
    }

    @Override
    public List<String> schemaNames() {
        if (catalog instanceof NoCatalog) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Deque<NamespacePath> queue = new ArrayDeque<>();
        queue.add(NamespacePath.ROOT);
        while (!queue.isEmpty()) {
            NamespacePath ns = queue.removeFirst();
            out.add(names.encode(ns));
            queue.addAll(catalog.childNamespaces(ns));
        }
        return out;
    }

    @Override
    public List<String> tableNames(String schema) {
        NamespacePath ns = namespace(schema);
        try {
            return catalog.tableNames(ns);
        } catch (SqlError e) {
            throw withSchemaList(e, schema);
        }
    }

    /**
     * Where a table's dataset lives.
     *
     * @throws SqlError 3F000 / 42S02 when the schema or table does not exist
     */
    public TableLocation locate(String schema, String table) {
        NamespacePath ns = namespace(schema);
        try {
            return catalog.locate(ns, table);
        } catch (SqlError e) {
            throw withSchemaList(e, schema);
        }
    }

    /**
     * Why the entry that would be table {@code table} of {@code schema} is not a table, naming it; empty when there
     * is no such entry.
     *
     * @throws SqlError 3F000 when the schema does not exist
     */
    public java.util.Optional<String> whyNotATable(String schema, String table) {
        NamespacePath ns = namespace(schema);
        try {
            return catalog.whyNotATable(ns, table);
        } catch (SqlError e) {
            throw withSchemaList(e, schema);
        }
    }

    /** Snapshot, indexes and primary key of a table at its latest version. */
    public DatasetMetadata tableMetadata(String schema, String table) {
        return pool.metadata(locate(schema, table).datasetSource(), OptionalLong.empty());
    }

    @Override
    public List<Field> columns(String schema, String table) {
        return tableMetadata(schema, table).snapshot().schema().getFields();
    }

    @Override
    public List<IndexDescriptor> indexes(String schema, String table) {
        return tableMetadata(schema, table).indexes();
    }

    @Override
    public List<String> primaryKey(String schema, String table) {
        return tableMetadata(schema, table).primaryKey();
    }

    private NamespacePath namespace(String schema) {
        try {
            return names.decode(schema);
        } catch (SqlError e) {
            throw withSchemaList(e, schema);
        }
    }

    private SqlError withSchemaList(SqlError e, String schema) {
        if (!SqlState.SCHEMA_NOT_FOUND.equals(e.sqlState())) {
            return e;
        }
        String reason = e.getMessage();
        List<String> existing;
        try {
            existing = schemaNames();
        } catch (SqlError listingFailed) {
            e.addSuppressed(listingFailed);
            return e;
        }
        String message = existing.contains(schema) ? reason
                : "Schema '" + schema + "' does not exist in catalog " + catalogName + " (schemas: "
                        + String.join(", ", existing) + ")";
        if (!message.equals(reason) && !reason.startsWith("Schema '")) {
            message = message + ": " + reason;
        }
        return new SqlError(SqlState.SCHEMA_NOT_FOUND, message, e);
    }
}
