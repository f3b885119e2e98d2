package io.lancejdbc.exec.tvf;

import io.lancejdbc.engine.config.EngineProperty;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where {@code local()} may read: {@code lance.local.allowed_roots} (issue 6 §2: in a server, {@code local()} is
 * limited to configured roots).
 *
 * <ul>
 *   <li>Unset: no restriction (an embedded engine runs with the application's own file permissions).</li>
 *   <li>Set to a comma-separated list of absolute directories: every local path {@code local()} touches — the
 *       {@code file_path}, every directory a {@code uris} expansion lists, every dataset it opens — must lie
 *       inside one of them after symbolic links are resolved (of the path and of the root), compared by whole
 *       path segments ({@link StorageLocation#contains}: {@code /data/ab} is not inside {@code /data/a}). Paths
 *       are then opened by their resolved form, so a symbolic link cannot lead a checked path elsewhere between
 *       the check and the open of the dataset root.</li>
 *   <li>Set but empty: {@code local()} is disabled.</li>
 * </ul>
 * A path that does not exist is resolved through its longest existing ancestor, so a missing dataset under a
 * root is reported as missing, not as refused. Commas inside a root path are not supported.
 *
 * <p>For a server deployment the server sets this property from its own configuration and ignores a client's
 * value (a client may not lift its restriction); a query cannot set it ({@link FileTvfArguments}).
 */
public final class LocalPathPolicy {
    private static final LocalPathPolicy UNRESTRICTED = new LocalPathPolicy(null);

    /** The configured roots as written, or null when unrestricted; empty when local() is disabled. */
    private final List<StorageLocation> roots;

    private LocalPathPolicy(List<StorageLocation> roots) {
        this.roots = roots == null ? null : List.copyOf(roots);
    }

    /** No restriction. */
    public static LocalPathPolicy unrestricted() {
        return UNRESTRICTED;
    }

    /**
     * The policy of a {@code lance.local.allowed_roots} value.
     *
     * @param value null (unrestricted), blank (local() disabled) or a comma-separated list of absolute paths
     * @throws SqlError 22023 for an entry that is not an absolute local path
     */
    public static LocalPathPolicy fromProperty(String value) {
        if (value == null) {
            return UNRESTRICTED;
        }
        List<StorageLocation> roots = new ArrayList<>();
        for (String entry : value.split(",")) {
            String e = entry.strip();
            if (e.isEmpty()) {
                continue;
            }
            StorageLocation root;
            try {
                root = StorageLocation.parse(e);
            } catch (SqlError err) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid " + EngineProperty.LOCAL_ALLOWED_ROOTS.key()
                        + " entry '" + e + "': " + err.getMessage(), err);
            }
            if (root.scheme() != StorageScheme.FILE) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid " + EngineProperty.LOCAL_ALLOWED_ROOTS.key()
                        + " entry '" + e + "': list absolute local directories");
            }
            roots.add(root);
        }
        return new LocalPathPolicy(roots);
    }

    /** True when paths are checked (the property is set). */
    public boolean isRestricted() {
        return roots != null;
    }

    /**
     * Checks a local path and returns the form to use from now on.
     *
     * @param path a FILE location
     * @param what what the path is, for the message (e.g. {@code "file_path"}, {@code "uris element '/d/*'"})
     * @return {@code path} unchanged when unrestricted; else its resolved form (symbolic links followed)
     * @throws SqlError 42501 when local() is disabled or the resolved path lies outside every root (the message
     *         names the path and the property, not the resolved target)
     */
    public StorageLocation check(StorageLocation path, String what) {
        Objects.requireNonNull(path, "path");
        if (roots == null) {
            return path;
        }
        if (path.scheme() != StorageScheme.FILE) {
            throw new IllegalArgumentException("not a local path: " + path);
        }
        String property = EngineProperty.LOCAL_ALLOWED_ROOTS.key();
        if (roots.isEmpty()) {
            throw new SqlError(SqlState.INSUFFICIENT_PRIVILEGE, "local() is disabled on this connection (" + property
                    + " is empty); " + what + " " + path + " cannot be read");
        }
        StorageLocation resolved = resolve(path.toPath());
        for (StorageLocation root : roots) {
            Optional<StorageLocation> realRoot = realPath(root.toPath());
            if (realRoot.isPresent() && realRoot.get().contains(resolved)) {
                return resolved;
            }
        }
        throw new SqlError(SqlState.INSUFFICIENT_PRIVILEGE, "local() may only read below " + property + " ("
                + String.join(", ", roots.stream().map(StorageLocation::uri).toList()) + "); " + what + " " + path
                + (resolved.equals(path) ? "" : " (after resolving symbolic links)") + " is outside them");
    }

    /** The real path of an existing directory, or empty when it does not exist or cannot be resolved. */
    private static Optional<StorageLocation> realPath(Path p) {
        try {
            return Optional.of(StorageLocation.ofPath(p.toRealPath()));
        } catch (IOException | SqlError e) {
            return Optional.empty();
        }
    }

    /** The path with its longest existing ancestor replaced by that ancestor's real path. */
    private static StorageLocation resolve(Path p) {
        Path existing = p;
        List<String> rest = new ArrayList<>();
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            rest.add(0, existing.getFileName().toString());
            existing = existing.getParent();
        }
        if (existing == null) {
            return StorageLocation.ofPath(p);
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException e) {
            // A dangling symbolic link or an unreadable ancestor: nothing can be opened below it.
            throw new SqlError(SqlState.INSUFFICIENT_PRIVILEGE, "Cannot resolve local path " + existing + " ("
                    + e.getClass().getSimpleName() + "); " + EngineProperty.LOCAL_ALLOWED_ROOTS.key()
                    + " needs paths whose symbolic links resolve");
        }
        for (String segment : rest) {
            real = real.resolve(segment);
        }
        return StorageLocation.ofPath(real);
    }

    @Override
    public String toString() {
        return roots == null ? "LocalPathPolicy{unrestricted}" : "LocalPathPolicy{" + roots + "}";
    }
}
