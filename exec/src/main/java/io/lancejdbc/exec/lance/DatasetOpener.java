package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.OptionalLong;
import org.apache.arrow.memory.BufferAllocator;
import org.lance.Dataset;
import org.lance.ReadOptions;
import org.lance.Session;

/**
 * Opens {@link Dataset}s at a given or the latest version, sharing one lance {@link Session} (index and metadata
 * caches, object-store registry) and one allocator, and turns open failures into {@link SqlError}s.
 */
final class DatasetOpener {
    private final Session session;
    private final BufferAllocator allocator;

    /**
     * @param session shared lance session, or null to let each dataset own one
     * @param allocator allocator the opened datasets use for schema import and {@code take} results
     */
    DatasetOpener(Session session, BufferAllocator allocator) {
        this.session = session;
        this.allocator = allocator;
    }

    /**
     * @param version the version to check out, or empty for the latest
     * @throws SqlError 42S02 when no dataset exists at the URI, 22023 when the version does not exist, another
     *     state for storage failures
     */
    Dataset open(DatasetSource source, OptionalLong version) {
        if (version.isPresent() && version.getAsLong() <= 0) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Dataset version must be a positive number, got "
                    + version.getAsLong() + " for dataset " + source.uri());
        }
        ReadOptions.Builder options = new ReadOptions.Builder().setStorageOptions(source.storageOptions());
        if (session != null) {
            options.setSession(session);
        }
        version.ifPresent(options::setVersion);
        try {
            return Dataset.open()
                    .uri(DatasetUriNormalizer.toLanceLocation(source.uri()))
                    .readOptions(options.build())
                    .allocator(allocator)
                    .build();
        } catch (Exception e) {
            // The native open throws java.io.IOException without declaring it (e.g. an S3 403 while listing
            // _versions/), so a RuntimeException catch would let it escape unmapped.
            throw openFailure(source, version, e);
        }
    }

    /** Whether {@code uri} is a local path ({@code file:} URI) that does not exist; false for other schemes. */
    private static boolean isMissingLocalDirectory(String uri) {
        if (!uri.startsWith("file:")) {
            return false;
        }
        try {
            return !java.nio.file.Files.exists(java.nio.file.Path.of(java.net.URI.create(uri)));
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return false;
        }
    }

    private SqlError openFailure(DatasetSource source, OptionalLong version, Exception e) {
        String detail = LanceErrorMapper.cleanMessage(e, source.storageOptions());
        boolean notFound = e instanceof IllegalArgumentException && detail.contains("was not found");
        if (notFound && version.isPresent() && detail.contains(".manifest")) {
            return new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Version " + version.getAsLong()
                    + " of Lance dataset " + source.uri() + " does not exist" + latestHint(source), LanceErrorMapper.cause(e, source.storageOptions()));
        }
        if (notFound && detail.contains("_versions")) {
            return new SqlError(SqlState.TABLE_NOT_FOUND, "No Lance dataset at " + source.uri()
                    + (isMissingLocalDirectory(source.uri()) ? " (the path does not exist)"
                            : " (the directory has no _versions/ manifests)"),
                    LanceErrorMapper.cause(e, source.storageOptions()));
        }
        if (detail.contains("_versions") && detail.contains("Not a directory")) {
            // A local path that is a file: Lance fails listing <file>/_versions with ENOTDIR (os error 20).
            return new SqlError(SqlState.TABLE_NOT_FOUND, "No Lance dataset at " + source.uri() + ": it is a file;"
                    + " give the dataset's root directory (the one holding _versions/)",
                    LanceErrorMapper.cause(e, source.storageOptions()));
        }
        return LanceErrorMapper.map(e, "open", source.uri(), source.storageOptions());
    }

    private String latestHint(DatasetSource source) {
        try (Dataset latest = open(source, OptionalLong.empty())) {
            return " (versions 1 to " + latest.version() + " may exist; older ones can have been cleaned up)";
        } catch (SqlError ignoredBecauseTheHintIsOptional) {
            return "";
        }
    }
}
