package io.lancejdbc.exec.tvf;

import io.lancejdbc.exec.storage.DirectoryLister;
import io.lancejdbc.exec.storage.ListingPage;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import java.time.Duration;
import java.util.Objects;

/**
 * A local {@link DirectoryLister} that refuses to list a directory outside {@code lance.local.allowed_roots}
 * ({@link LocalPathPolicy}), so that a {@code uris} expansion never reveals names outside the roots, even through
 * a symbolic link below a root. The resolved directory is what gets listed.
 */
final class RootConfinedLister implements DirectoryLister {
    private final DirectoryLister delegate;
    private final LocalPathPolicy policy;

    RootConfinedLister(DirectoryLister delegate, LocalPathPolicy policy) {
        if (delegate.scheme() != StorageScheme.FILE) {
            throw new IllegalArgumentException("only local listings are confined to roots");
        }
        this.delegate = delegate;
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    @Override
    public StorageScheme scheme() {
        return StorageScheme.FILE;
    }

    @Override
    public ListingPage listPage(StorageLocation directory, String pageToken, int pageSize, Duration timeout) {
        StorageLocation allowed = policy.check(directory, "the directory");
        return delegate.listPage(allowed, pageToken, pageSize, timeout);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
