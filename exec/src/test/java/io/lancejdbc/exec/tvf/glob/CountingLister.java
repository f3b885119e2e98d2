package io.lancejdbc.exec.tvf.glob;

import io.lancejdbc.exec.storage.DirectoryLister;
import io.lancejdbc.exec.storage.ListingPage;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/** Passes every call to a real lister and counts them; runs a hook before each call with its 1-based number. */
final class CountingLister implements DirectoryLister {
    private final DirectoryLister delegate;
    private final IntConsumer beforeCall;
    private final AtomicInteger calls = new AtomicInteger();

    CountingLister(DirectoryLister delegate, IntConsumer beforeCall) {
        this.delegate = delegate;
        this.beforeCall = beforeCall;
    }

    CountingLister(DirectoryLister delegate) {
        this(delegate, n -> { });
    }

    int calls() {
        return calls.get();
    }

    @Override
    public StorageScheme scheme() {
        return delegate.scheme();
    }

    @Override
    public ListingPage listPage(StorageLocation directory, String pageToken, int pageSize, Duration timeout) {
        beforeCall.accept(calls.incrementAndGet());
        return delegate.listPage(directory, pageToken, pageSize, timeout);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
