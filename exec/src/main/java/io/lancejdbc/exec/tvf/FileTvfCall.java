package io.lancejdbc.exec.tvf;

import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageOptions;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.exec.tvf.glob.GlobPattern;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One validated call of a file table function ({@code s3(...)} or {@code local(...)}), built by
 * {@link FileTvfArguments#parse}: exactly one of a single location ({@code uri} / {@code file_path}) and a
 * list of {@code uris} patterns.
 *
 * @param function {@code s3} or {@code local}
 * @param location the dataset root of a single-dataset call, or empty for a {@code uris} call
 * @param patterns the parsed {@code uris} elements in the order given, or empty for a single-dataset call
 * @param storage the storage options of the call (the connection's with the call's storage properties laid over
 *        them); for {@code local()} the connection's, which Lance ignores for local paths
 * @param properties the connection properties with the call's properties laid over them; source of the
 *        {@code lance.glob.*} budgets
 */
public record FileTvfCall(String function, Optional<StorageLocation> location, List<GlobPattern> patterns,
                               StorageOptions storage, Map<String, String> properties) {
    public FileTvfCall {
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(location, "location");
        patterns = List.copyOf(patterns);
        Objects.requireNonNull(storage, "storage");
        properties = Map.copyOf(properties);
        if (location.isPresent() == !patterns.isEmpty()) {
            throw new IllegalArgumentException("exactly one of a location and patterns");
        }
    }

    /** True for a {@code uris} call (several datasets, globs allowed). */
    public boolean isMultiDataset() {
        return location.isEmpty();
    }

    /** The storage system the call reads: S3 for {@code s3()}, FILE for {@code local()}. */
    public StorageScheme scheme() {
        return function.equals(FileTvfArguments.LOCAL) ? StorageScheme.FILE : StorageScheme.S3;
    }

    /** Never shows storage option values (they may be credentials). */
    @Override
    public String toString() {
        return "FileTvfCall{" + function + ", " + (location.isPresent() ? location.get().uri()
                : patterns.size() + " patterns") + "}";
    }
}
