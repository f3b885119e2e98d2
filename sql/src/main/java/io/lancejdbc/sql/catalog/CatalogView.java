package io.lancejdbc.sql.catalog;

import java.util.List;
import java.util.Map;

/**
 * What the binder may ask the catalog while planning one statement. Implementations pin one dataset version per
 * resolved table reference.
 */
public interface CatalogView {

    /** The JDBC catalog name of the connection. */
    String catalogName();

    /** The current schema, used for unqualified table names. */
    String currentSchema();

    /**
     * Resolves {@code table}, {@code schema.table} or {@code catalog.schema.table} (parts already unquoted).
     *
     * @throws io.lancejdbc.engine.SqlError 42S02 (table), 3F000 (schema) or 42000 (bad name) with the names that exist
     */
    BoundTable resolveTable(List<String> nameParts);

    /**
     * Resolves a file table function ({@code s3(...)}, {@code local(...)}) to the datasets it reads.
     *
     * @param function lower-case function name
     * @param arguments named arguments with lower-case keys, values unquoted
     * @throws io.lancejdbc.engine.SqlError for bad arguments (42000/22023) or unreadable paths
     */
    BoundTable resolveFileFunction(String function, Map<String, String> arguments);
}
