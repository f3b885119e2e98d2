package io.lancejdbc.exec.storage;

import java.util.List;
import java.util.Objects;

/**
 * One page of a directory listing: the immediate subdirectories (S3 common prefixes under delimiter {@code /})
 * and files of one location, in the store's order (S3: UTF-8 binary key order; local: {@link String} order).
 *
 * @param directories names of subdirectories, without the parent and without a trailing {@code /}; raw as the
 *        store returned them, so possibly empty, {@code .}, {@code ..} or otherwise not addressable (callers
 *        filter with {@link ObjectKeyEncoding#isAddressableSegment} or {@link StorageLocation#isLocalSegment})
 * @param files names of files (S3 objects directly under the prefix), likewise raw; an S3 "directory marker"
 *        object whose key equals the prefix is left out
 * @param nextPageToken opaque token for the next page, or null when this is the last page
 */
public record ListingPage(List<String> directories, List<String> files, String nextPageToken) {
    public ListingPage {
        directories = List.copyOf(Objects.requireNonNull(directories, "directories"));
        files = List.copyOf(Objects.requireNonNull(files, "files"));
    }

    /** True when neither a directory nor a file was listed. */
    public boolean isEmpty() {
        return directories.isEmpty() && files.isEmpty();
    }

    /** True when more pages follow. */
    public boolean hasNextPage() {
        return nextPageToken != null;
    }
}
