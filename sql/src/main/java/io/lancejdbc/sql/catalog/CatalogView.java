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
     * Resolves a table reference at the version {@code version} asks for ({@code FOR VERSION AS OF ...}). Each
     * distinct (table, version) pair of a statement is pinned once.
     *
     * @throws io.lancejdbc.engine.SqlError as {@link #resolveTable(List)}; 22023 when the version, tag or timestamp
     *     matches no version of the table (the message names the table, what was asked and the nearest versions)
     */
    default BoundTable resolveTable(List<String> nameParts, VersionSpec version) {
        if (version.isLatest()) {
            return resolveTable(nameParts);
        }
        throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.UNSUPPORTED_SQL,
                "Time travel (" + version.describe() + ") is not supported by this catalog");
    }

    /**
     * Resolves a file table function ({@code s3(...)}, {@code local(...)}) to the datasets it reads.
     *
     * @param function lower-case function name
     * @param arguments named arguments with lower-case keys, values unquoted
     * @throws io.lancejdbc.engine.SqlError for bad arguments (42000/22023) or unreadable paths
     */
    BoundTable resolveFileTvf(String function, Map<String, String> arguments);

    /**
     * Resolves a file table function at a version (its {@code "version"} / {@code "timestamp"} argument, already
     * taken out of {@code arguments}).
     *
     * @throws io.lancejdbc.engine.SqlError as {@link #resolveFileTvf(String, Map)}; 42000 for a version of a
     *     {@code "uris"} call (each dataset has its own versions); 22023 for a version that does not exist
     */
    default BoundTable resolveFileTvf(String function, Map<String, String> arguments, VersionSpec version) {
        if (version.isLatest()) {
            return resolveFileTvf(function, arguments);
        }
        throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.UNSUPPORTED_SQL,
                "Time travel (" + version.describe() + ") is not supported by this catalog");
    }

    /**
     * The versions and tags of a catalog table (latest listing, not cached).
     *
     * @throws io.lancejdbc.engine.SqlError 42S02 / 3F000 as {@link #resolveTable(List)}
     */
    default TableHistory history(List<String> nameParts) {
        throw new io.lancejdbc.engine.SqlError(io.lancejdbc.engine.SqlState.UNSUPPORTED_SQL,
                "versions() and tags() are not supported by this catalog");
    }
}
