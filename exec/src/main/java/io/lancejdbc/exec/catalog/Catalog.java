package io.lancejdbc.exec.catalog;

import java.util.List;

/**
 * A source of namespaces and tables: a filesystem warehouse (local or S3) or a Lance REST namespace.
 * Implementations are thread-safe. Paths are relative to the connection's root namespace.
 */
public interface Catalog extends AutoCloseable {

    /** {@code filesystem} or {@code rest}, as EXPLAIN prints it ({@code lanceCatalogType=}). */
    String type();

    /**
     * The direct child namespaces of {@code parent}, sorted by name.
     *
     * @throws io.lancejdbc.engine.SqlError 3F000 when {@code parent} does not exist; 08xxx when storage is unreachable
     */
    List<NamespacePath> childNamespaces(NamespacePath parent);

    /**
     * The table names of one namespace, sorted.
     *
     * @throws io.lancejdbc.engine.SqlError 3F000 when the namespace does not exist
     */
    List<String> tableNames(NamespacePath namespace);

    /**
     * Locates one table.
     *
     * @throws io.lancejdbc.engine.SqlError 42S02 when the table does not exist (message lists the tables that do),
     *     3F000 when the namespace does not exist
     */
    TableLocation locate(NamespacePath namespace, String table);

    /**
     * Why the entry that would hold table {@code table} of {@code namespace} is not a table (a {@code <table>.lance}
     * directory without {@code _versions/}, ...), naming the entry; empty when no such entry exists or the catalog
     * cannot tell. Used to explain a 42S02.
     */
    default java.util.Optional<String> whyNotATable(NamespacePath namespace, String table) {
        return java.util.Optional.empty();
    }

    /**
     * Notes about entries the catalog left out since the last call (a {@code .lance} directory that is not a
     * dataset, ...), each naming the entry and why; then cleared. The session passes them on as SQL warnings.
     */
    default List<String> takeWarnings() {
        return List.of();
    }

    @Override
    void close();
}
