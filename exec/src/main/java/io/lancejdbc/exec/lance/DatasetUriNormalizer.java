package io.lancejdbc.exec.lance;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * Turns the ways a user or a catalog names a dataset into one canonical URI, the identity used by every cache
 * ({@code (normalized URI, version)}), and back into the location string lance-core opens.
 *
 * <p>Canonical forms: {@code file:///absolute/path} (no trailing slash, {@code .}/{@code ..} resolved) for local
 * datasets, {@code <scheme>://bucket/key} (scheme lower-cased, no trailing slash) for object stores. The path is kept
 * as written (no percent-encoding), so it maps back to the exact local path.
 */
public final class DatasetUriNormalizer {

    private DatasetUriNormalizer() {
    }

    /**
     * The canonical URI of a dataset location.
     *
     * @param location an absolute local path, a {@code file:} URI or an object-store URI such as
     *     {@code s3://bucket/prefix/table.lance}; not null
     * @return the canonical URI, never null
     * @throws SqlError 22023 for a relative path, an empty location, a URI with embedded credentials
     *     ({@code user:secret@host}), or an object-store URI without a bucket
     */
    public static String normalize(String location) {
        if (location == null || location.isBlank()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "A Lance dataset location must not be empty");
        }
        String loc = location.trim();
        int schemeEnd = schemeEnd(loc);
        if (schemeEnd < 0) {
            return "file://" + absoluteLocalPath(loc, location);
        }
        String scheme = loc.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        String rest = loc.substring(schemeEnd + 1);
        if (scheme.equals("file")) {
            // file:/p, file:///p and file://localhost/p all name the local path /p.
            String path = rest;
            if (path.startsWith("//")) {
                path = path.substring(2);
                int slash = path.indexOf('/');
                String host = slash < 0 ? path : path.substring(0, slash);
                if (!host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                    throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                            "A file: URI must name a local path (file:///path), not host '" + host + "'");
                }
                path = slash < 0 ? "/" : path.substring(slash);
            }
            return "file://" + absoluteLocalPath(path, location);
        }
        if (!rest.startsWith("//")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "Dataset URI '" + redactUserInfo(loc) + "' must look like " + scheme + "://bucket/path");
        }
        String authorityAndPath = rest.substring(2);
        int slash = authorityAndPath.indexOf('/');
        String authority = slash < 0 ? authorityAndPath : authorityAndPath.substring(0, slash);
        if (authority.contains("@")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Dataset URI '" + redactUserInfo(loc)
                    + "' must not carry credentials; pass them as storage options (s3.access_key, s3.secret_key)");
        }
        if (authority.isEmpty()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "Dataset URI '" + loc + "' names no bucket; expected " + scheme + "://bucket/path");
        }
        String path = slash < 0 ? "" : collapseSlashes(authorityAndPath.substring(slash));
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return scheme + "://" + authority + path;
    }

    /**
     * The location string to hand to lance-core for a canonical URI: the plain local path for {@code file:} URIs
     * (so names with spaces or {@code %} are not subject to URI decoding), the URI itself otherwise.
     */
    public static String toLanceLocation(String normalizedUri) {
        if (normalizedUri.startsWith("file://")) {
            return normalizedUri.substring("file://".length());
        }
        return normalizedUri;
    }

    /** True when the canonical URI names a local dataset. */
    public static boolean isLocal(String normalizedUri) {
        return normalizedUri.startsWith("file://");
    }

    /** {@code uri} with any {@code user:password@} part replaced by {@code ****@}, for messages. */
    public static String redactUserInfo(String uri) {
        int start = uri.indexOf("://");
        if (start < 0) {
            return uri;
        }
        int authorityStart = start + 3;
        int slash = uri.indexOf('/', authorityStart);
        int at = uri.indexOf('@', authorityStart);
        if (at < 0 || (slash >= 0 && at > slash)) {
            return uri;
        }
        return uri.substring(0, authorityStart) + "****" + uri.substring(at);
    }

    /** Index of the ':' ending a URI scheme, or -1 when the location is a plain path. */
    private static int schemeEnd(String loc) {
        int colon = loc.indexOf(':');
        if (colon < 2) {
            // No scheme, or a one-letter "scheme" that is a Windows drive letter (C:\...).
            return -1;
        }
        for (int i = 0; i < colon; i++) {
            char c = loc.charAt(i);
            boolean ok = Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.';
            if (!ok || (i == 0 && !Character.isLetter(c))) {
                return -1;
            }
        }
        return colon;
    }

    private static String absoluteLocalPath(String path, String original) {
        Path p = Paths.get(path);
        if (!p.isAbsolute()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Local Lance dataset path must be absolute: "
                    + original + " (use /full/path or file:///full/path)");
        }
        String normalized = p.normalize().toString().replace('\\', '/');
        if (!normalized.startsWith("/")) {
            normalized = "/" + normalized;
        }
        return normalized;
    }

    private static String collapseSlashes(String path) {
        StringBuilder sb = new StringBuilder(path.length());
        char prev = 0;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '/' && prev == '/') {
                continue;
            }
            sb.append(c);
            prev = c;
        }
        return sb.toString();
    }
}
