package io.lancejdbc.exec.storage;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A validated, normalized warehouse or dataset location: a local absolute path or an S3 bucket plus key.
 *
 * <p>The normalized form is the identity used for listing, deduplication, cache keys and the Lance open alike:
 * <ul>
 *   <li>{@link StorageScheme#FILE}: {@code path} is an absolute path ({@code /data/t.lance}), {@code bucket} is
 *       empty. {@code file:///} URIs are percent-decoded into paths, as Lance itself reads them.</li>
 *   <li>{@link StorageScheme#S3}: {@code bucket} is the bucket verbatim (no case folding), {@code path} the key
 *       without leading or trailing {@code /} ({@code ""} for the bucket root), its segments spelled as Lance
 *       stores them (see {@link ObjectKeyEncoding}).</li>
 * </ul>
 * Segments are never folded: {@code .}, {@code ..} and empty segments ({@code //}) are rejected rather than
 * resolved, because folding would change which object is addressed (docs/file-tvf-design-rules.md §5, §11).
 * One trailing {@code /} is accepted and dropped, so {@code s3://b/w/} and {@code s3://b/w} are one warehouse.
 *
 * <p>All parse failures are {@link SqlError}s with SQLState 22023 (invalid parameter value): the statement or
 * URL was well formed, the location value is not. Catalog code that validates a warehouse at connect time may
 * wrap them into 08001.
 *
 * @param scheme the storage system, not null
 * @param bucket the S3 bucket, or {@code ""} for {@link StorageScheme#FILE}
 * @param path the absolute path (FILE) or the object key without surrounding slashes (S3)
 */
public record StorageLocation(StorageScheme scheme, String bucket, String path) implements Comparable<StorageLocation> {

    public StorageLocation {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(bucket, "bucket");
        Objects.requireNonNull(path, "path");
        if (scheme == StorageScheme.FILE && (!bucket.isEmpty() || !path.startsWith("/"))) {
            throw new IllegalArgumentException("a FILE location needs an absolute path and no bucket: " + path);
        }
        if (scheme == StorageScheme.S3 && (bucket.isEmpty() || path.startsWith("/") || path.endsWith("/"))) {
            throw new IllegalArgumentException("an S3 location needs a bucket and a key without outer slashes");
        }
        String below = scheme == StorageScheme.FILE ? path.substring(1) : path;
        if (!below.isEmpty()) {
            for (String segment : below.split("/", -1)) {
                boolean ok = scheme == StorageScheme.S3 ? ObjectKeyEncoding.isAddressableSegment(segment)
                        : isLocalSegment(segment);
                if (!ok) {
                    throw new IllegalArgumentException("not a normalized location; use StorageLocation.parse: " + path);
                }
            }
        }
    }

    /**
     * Parses a user-written location.
     *
     * @param text {@code /abs/path}, {@code file:///abs/path} or {@code s3://bucket[/key]}, not null
     * @return the normalized location
     * @throws SqlError 22023 for an empty or relative path, an unknown scheme, credentials inside the URI, an
     *         invalid bucket name, {@code //}, {@code .} or {@code ..} segments, or characters Lance cannot
     *         address ({@code #}, {@code ?} and control characters in S3 keys)
     */
    public static StorageLocation parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.isBlank()) {
            throw invalid(text, "the location is empty; give an absolute path, file:///path or s3://bucket/prefix");
        }
        if (!text.equals(text.strip())) {
            throw invalid(text, "the location has leading or trailing whitespace; remove it");
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("s3://")) {
            return parseS3(text, text.substring(5));
        }
        if (lower.startsWith("file:")) {
            return parseFileUri(text);
        }
        if (text.startsWith("/")) {
            return fileLocation(text, stripOneTrailingSlash(text));
        }
        int colon = text.indexOf(':');
        if (colon > 0 && text.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
            String scheme = text.substring(0, colon);
            // The scheme alone is safe to echo; the rest might carry credentials.
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Unsupported location scheme '" + scheme
                    + ":'; use s3://bucket/prefix for S3-compatible storage or an absolute local path");
        }
        throw invalid(text, "the path is relative; give an absolute path (starting with /), file:///path or "
                + "s3://bucket/prefix");
    }

    /** A FILE location for an absolute path that is already normalized (no {@code .}, {@code ..} or {@code //}). */
    public static StorageLocation ofPath(Path absolute) {
        return parse(absolute.toString());
    }

    /** The S3 root of a bucket, {@code s3://bucket}. */
    public static StorageLocation bucketRoot(String bucket) {
        validateBucket(bucket, "s3://" + bucket);
        return new StorageLocation(StorageScheme.S3, bucket, "");
    }

    /** The local file system root {@code /}. */
    public static StorageLocation fileRoot() {
        return new StorageLocation(StorageScheme.FILE, "", "/");
    }

    /**
     * The string Lance opens and the identity of this location: {@code /abs/path} or {@code s3://bucket/key}
     * ({@code s3://bucket} for the bucket root).
     */
    public String uri() {
        if (scheme == StorageScheme.FILE) {
            return path;
        }
        return path.isEmpty() ? "s3://" + bucket : "s3://" + bucket + "/" + path;
    }

    /** True at the bucket root (S3) or at {@code /} (FILE). */
    public boolean isRoot() {
        return scheme == StorageScheme.FILE ? path.equals("/") : path.isEmpty();
    }

    /** The path segments below the root, in order; empty at the root. */
    public List<String> segments() {
        String p = scheme == StorageScheme.FILE ? path.substring(1) : path;
        if (p.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Collections.addAll(out, p.split("/", -1));
        return List.copyOf(out);
    }

    /**
     * The location one level below this one.
     *
     * @param name one segment in normalized spelling (a listed name, or a user segment after
     *        {@link ObjectKeyEncoding#encodeSegment} for S3), not empty, without {@code /}, not {@code .} or
     *        {@code ..}
     * @throws IllegalArgumentException for a name that is not a single addressable segment
     */
    public StorageLocation child(String name) {
        boolean ok = scheme == StorageScheme.S3 ? ObjectKeyEncoding.isAddressableSegment(name)
                : isLocalSegment(name);
        if (!ok) {
            throw new IllegalArgumentException("not a single addressable path segment: " + name);
        }
        if (scheme == StorageScheme.FILE) {
            return new StorageLocation(scheme, "", path.equals("/") ? "/" + name : path + "/" + name);
        }
        return new StorageLocation(scheme, bucket, path.isEmpty() ? name : path + "/" + name);
    }

    /**
     * True when {@code other} is this location or lies below it, compared segment by segment (so
     * {@code s3://b/ab} is not within {@code s3://b/a}).
     */
    public boolean contains(StorageLocation other) {
        if (scheme != other.scheme || !bucket.equals(other.bucket)) {
            return false;
        }
        List<String> mine = segments();
        List<String> theirs = other.segments();
        return theirs.size() >= mine.size() && theirs.subList(0, mine.size()).equals(mine);
    }

    /**
     * The S3 listing prefix of this location taken as a directory: the key plus {@code /}, or {@code ""} at
     * the bucket root. Only for S3.
     */
    public String directoryPrefix() {
        if (scheme != StorageScheme.S3) {
            throw new IllegalStateException("directoryPrefix() is for S3 locations");
        }
        return path.isEmpty() ? "" : path + "/";
    }

    /** The local path. Only for FILE. */
    public Path toPath() {
        if (scheme != StorageScheme.FILE) {
            throw new IllegalStateException("toPath() is for FILE locations");
        }
        return Path.of(path);
    }

    /** Orders by scheme, then {@link #uri()} (plain {@link String} order), the deterministic order of listings. */
    @Override
    public int compareTo(StorageLocation o) {
        int c = scheme.compareTo(o.scheme);
        return c != 0 ? c : uri().compareTo(o.uri());
    }

    @Override
    public String toString() {
        return uri();
    }

    /** True for a local path segment this class accepts: not empty, not {@code .} or {@code ..}, no NUL. */
    public static boolean isLocalSegment(String name) {
        return !name.isEmpty() && !name.equals(".") && !name.equals("..") && name.indexOf('/') < 0
                && name.indexOf('\0') < 0;
    }

    /**
     * Checks an S3 bucket name: 1 to 255 characters of {@code A-Z a-z 0-9 . - _} (the strict AWS rules are
     * narrower; S3-compatible servers differ, so only characters that cannot form a URL host are refused).
     */
    public static void validateBucket(String bucket, String textForMessage) {
        if (bucket.isEmpty()) {
            throw invalid(textForMessage, "the bucket name is missing; write s3://bucket/prefix");
        }
        if (bucket.length() > 255 || !bucket.matches("[A-Za-z0-9._-]+")) {
            throw invalid(textForMessage, "'" + bucket + "' is not a valid bucket name (letters, digits, '.', '-' "
                    + "and '_' only)");
        }
    }

    private static StorageLocation parseS3(String text, String rest) {
        int slash = rest.indexOf('/');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        if (authority.indexOf('@') >= 0) {
            // Never echo the text: the part before '@' is a credential.
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "An s3:// location must not carry credentials "
                    + "before '@'; remove them from the location and set s3.access_key and s3.secret_key instead");
        }
        validateBucket(authority, text);
        String key = slash < 0 ? "" : stripOneTrailingSlash(rest.substring(slash + 1));
        if (key.isEmpty()) {
            return new StorageLocation(StorageScheme.S3, authority, "");
        }
        List<String> encoded = new ArrayList<>();
        int offset = 5 + slash + 1;
        for (String segment : key.split("/", -1)) {
            checkSegment(text, segment, offset);
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                if (c == '#' || c == '?') {
                    throw invalid(text, "'" + c + "' at position " + (offset + i + 1) + " cannot be part of a Lance "
                            + "dataset key on S3 (Lance reads it as the start of a URL "
                            + (c == '#' ? "fragment" : "query")
                            + ")");
                }
                if (c < 0x20 || c == 0x7F) {
                    throw invalid(text, "a control character at position " + (offset + i + 1) + " is not allowed");
                }
            }
            encoded.add(ObjectKeyEncoding.encodeSegment(segment));
            offset += segment.length() + 1;
        }
        return new StorageLocation(StorageScheme.S3, authority, String.join("/", encoded));
    }

    private static StorageLocation parseFileUri(String text) {
        String rest = text.substring(5);
        String encodedPath;
        if (rest.startsWith("///")) {
            encodedPath = rest.substring(2);
        } else if (rest.startsWith("//localhost/")) {
            encodedPath = rest.substring("//localhost".length());
        } else if (rest.startsWith("/") && !rest.startsWith("//")) {
            encodedPath = rest;
        } else {
            throw invalid(text, "a file URI needs an absolute path: write file:///absolute/path");
        }
        return fileLocation(text, stripOneTrailingSlash(percentDecode(text, encodedPath)));
    }

    private static StorageLocation fileLocation(String text, String path) {
        if (path.equals("/")) {
            return fileRoot();
        }
        int offset = 1;
        for (String segment : path.substring(1).split("/", -1)) {
            checkSegment(text, segment, offset);
            if (segment.indexOf('\0') >= 0) {
                throw invalid(text, "the path contains a NUL character");
            }
            offset += segment.length() + 1;
        }
        return new StorageLocation(StorageScheme.FILE, "", path);
    }

    private static void checkSegment(String text, String segment, int offset) {
        if (segment.isEmpty()) {
            throw invalid(text, "the path contains '//' (an empty segment); write each '/' once");
        }
        if (segment.equals(".") || segment.equals("..") || ObjectKeyEncoding.isDotSegment(segment)) {
            throw invalid(text, "the path segment '" + segment + "' is not allowed: '.' and '..' are not resolved, "
                    + "because in object storage they name different keys; write the path without them");
        }
    }

    private static String stripOneTrailingSlash(String s) {
        return s.length() > 1 && s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private static String percentDecode(String text, String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            if (c == '%') {
                int hi = i + 1 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
                int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw invalid(text, "'%' must be followed by two hex digits");
                }
                bytes.write(hi * 16 + lo);
                i += 3;
            } else {
                byte[] b = String.valueOf(Character.toChars(s.codePointAt(i))).getBytes(StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
                i += Character.charCount(s.codePointAt(i));
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw invalid(text, "the percent-encoded bytes are not valid UTF-8");
        }
    }

    private static SqlError invalid(String text, String reason) {
        return new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid location '" + echo(text) + "': " + reason);
    }

    /**
     * The location as it may appear in a message: cut before a {@code ?} so that the query string of a signed URL
     * (its signature and key id) is never echoed.
     */
    static String echo(String text) {
        int q = text.indexOf('?');
        return q < 0 ? text : text.substring(0, q) + "?...";
    }
}
