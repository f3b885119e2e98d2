package io.lancejdbc.exec.catalog;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.List;

/**
 * The catalog of a connection opened without a warehouse or REST namespace ({@code jdbc:lance:} with nothing after
 * it, or {@code lance.catalog.type=none}): no schemas and no tables, as Doris runs its file table functions without
 * a Lance catalog. {@code s3()}, {@code local()}, {@code vector_search} over them and {@code SELECT} of constants
 * work; {@code lance.local.allowed_roots} still confines {@code local()} (docs/time-travel.md, "Connections without a
 * catalog").
 */
public final class NoCatalog implements Catalog {
    /** The type EXPLAIN and {@code lance.catalog.type} name it by. */
    public static final String TYPE = "none";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public List<NamespacePath> childNamespaces(NamespacePath parent) {
        return List.of();
    }

    @Override
    public List<String> tableNames(NamespacePath namespace) {
        return List.of();
    }

    @Override
    public TableLocation locate(NamespacePath namespace, String table) {
        throw new SqlError(SqlState.TABLE_NOT_FOUND, "Table '" + table + "' not found: this connection has no catalog"
                + " (it was opened without a warehouse); read a dataset with local(\"file_path\" = \"/path/t.lance\","
                + " \"format\" = \"lance\") or s3(\"uri\" = \"s3://bucket/t.lance\", \"format\" = \"lance\"), or"
                + " connect with jdbc:lance:/path/to/warehouse");
    }

    @Override
    public void close() {
        // Nothing is held.
    }
}
