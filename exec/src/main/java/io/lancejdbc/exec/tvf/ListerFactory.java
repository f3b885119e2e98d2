package io.lancejdbc.exec.tvf;

import io.lancejdbc.exec.storage.DirectoryLister;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.storage.StorageScheme;

/** Creates the {@link DirectoryLister} a {@code uris} expansion lists with; the caller closes it. */
@FunctionalInterface
public interface ListerFactory {

    /**
     * @param scheme the storage system of the call's patterns
     * @param options the call's storage options (endpoint, region, credentials for S3)
     */
    DirectoryLister open(StorageScheme scheme, StorageOptions options);

    /** {@link DirectoryLister#open}: the local lister, or an S3 lister with its own SDK client. */
    static ListerFactory standard() {
        return DirectoryLister::open;
    }
}
