package io.lancejdbc.exec.catalog;

import java.util.List;

/**
 * Lists the sub-directories of a warehouse directory; the filesystem catalog's only view of storage besides
 * lance-core. {@link LocalDirectoryLister} serves {@code file:} warehouses; object stores plug in their own
 * implementation (on S3: a delimiter listing whose common prefixes are the sub-directories).
 *
 * <p>Implementations are thread-safe and do no caching (the catalog caches listings for the latest-version TTL).
 * A catalog owns the lister it is given and closes it with itself.
 */
public interface DirectoryLister extends AutoCloseable {

    /**
     * The names (last path segment, no trailing slash) of the direct sub-directories of a directory, sorted.
     *
     * @param directoryUri canonical directory URI ({@code file:///wh/ns}, {@code s3://bucket/wh/ns}), no trailing
     *     slash
     * @return the names; empty when the directory does not exist or has no sub-directories
     * @throws io.lancejdbc.engine.SqlError 08xxx when storage is unreachable, 28000 when access is denied
     */
    List<String> childDirectories(String directoryUri);

    /** Releases the lister's clients and connections; idempotent. Listers that hold nothing keep this no-op. */
    @Override
    default void close() {
    }
}
