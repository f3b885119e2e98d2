package io.lancejdbc.sql.catalog;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A table reference resolved at planning time: its qualified name, the schema of the pinned dataset version and an
 * opaque handle the execution layer uses to read exactly that version.
 *
 * @param catalog JDBC catalog name
 * @param schemaName schema (namespace) name, or the table function name for file TVFs
 * @param name table name (for a TVF: a display name such as {@code s3(...)})
 * @param schema the Arrow schema of the pinned version
 * @param handle execution-layer handle (pinned snapshot and location); opaque here, never printed
 */
public record BoundTable(String catalog, String schemaName, String name, Schema schema, Object handle) {
    public BoundTable {
        Objects.requireNonNull(catalog, "catalog");
        Objects.requireNonNull(schemaName, "schemaName");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(schema, "schema");
    }

    /** {@code schema.table} for messages and EXPLAIN. */
    public String qualifiedName() {
        return schemaName + "." + name;
    }

    @Override
    public String toString() {
        return "BoundTable{" + qualifiedName() + "}";
    }
}
