package io.lancejdbc.exec.storage;

import java.time.Duration;

/**
 * Lists the immediate subdirectories and files of a location, one bounded page per call, so that a caller can
 * stop in the middle of a large directory (docs/file-tvf-design-rules.md §4a). Used by the filesystem catalog
 * to find namespaces and tables in a warehouse, and by glob expansion.
 *
 * <p>A location with nothing under it lists as one empty page, on S3 and locally alike (object storage has no
 * empty directories). Implementations are thread-safe; one call issues exactly one storage request (one
 * ListObjectsV2 on S3, one directory scan locally).
 */
public interface DirectoryLister extends AutoCloseable {

    /** The scheme of the locations this lister accepts. */
    StorageScheme scheme();

    /**
     * Lists one page.
     *
     * @param directory the location to list, of this lister's {@link #scheme()}
     * @param pageToken null for the first page, else {@link ListingPage#nextPageToken()} of the previous page
     * @param pageSize most entries (directories plus files) in the page, 1 to 1000
     * @param timeout upper bound of this one request, positive
     * @return the page, never null
     * @throws io.lancejdbc.engine.SqlError 28000 when the credentials are rejected or lack permission, 42S02 when
     *         the bucket does not exist, 08001 when the endpoint cannot be reached, HYT00 when {@code timeout}
     *         passes, HY000 for other storage errors; never with a credential in the message
     */
    ListingPage listPage(StorageLocation directory, String pageToken, int pageSize, Duration timeout);

    /** Releases the client and its connections; idempotent. */
    @Override
    void close();

    /**
     * A lister for {@code scheme}: {@link LocalDirectoryLister} for FILE, an {@link S3DirectoryLister} built
     * from {@code options} for S3. The caller closes it.
     */
    static DirectoryLister open(StorageScheme scheme, StorageOptions options) {
        return switch (scheme) {
            case FILE -> new LocalDirectoryLister();
            case S3 -> S3DirectoryLister.create(options.s3ClientSettings());
        };
    }
}
