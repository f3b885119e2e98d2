package io.lancejdbc.exec.storage;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The spelling of S3 object-key segments that Lance addresses, so that listing, deduplication and the Lance open
 * agree on one key.
 *
 * <p>lance-core 7.0.0 parses a dataset URI as a WHATWG URL and uses the serialized URL path, without decoding it,
 * as the object key (observed against S3Proxy: {@code s3://b/a b.lance} is stored under the key
 * {@code a%20b.lance}, {@code s3://b/ü.lance} under {@code %C3%BC.lance}, {@code s3://b/x%41.lance} under
 * {@code x%41.lance}; {@code .} and {@code ..} segments are folded, {@code #} and {@code ?} end the path and
 * {@code //} is rejected). This class reproduces the path percent-encoding of that URL parser (C0 controls, space,
 * {@code " < > ` { }}, DEL and every non-ASCII character, as upper-case UTF-8 hex) and tells which listed key
 * segments Lance can address at all.
 */
public final class ObjectKeyEncoding {
    private ObjectKeyEncoding() {
    }

    /**
     * The key spelling of one path segment as written by a user.
     *
     * @param segment one segment, not null, without {@code /}, {@code #}, {@code ?} or control characters
     *        (callers reject those first)
     * @return the segment with every character the URL parser encodes replaced by its {@code %XX} bytes
     */
    public static String encodeSegment(String segment) {
        StringBuilder out = null;
        for (int i = 0; i < segment.length(); ) {
            int cp = segment.codePointAt(i);
            int width = Character.charCount(cp);
            if (needsEncoding(cp)) {
                if (out == null) {
                    out = new StringBuilder(segment.length() + 16).append(segment, 0, i);
                }
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
                }
            } else if (out != null) {
                out.appendCodePoint(cp);
            }
            i += width;
        }
        return out == null ? segment : out.toString();
    }

    /** True for a code point the URL parser percent-encodes inside a path. */
    public static boolean needsEncoding(int codePoint) {
        return codePoint <= 0x20 || codePoint >= 0x7F || codePoint == '"' || codePoint == '<' || codePoint == '>'
                || codePoint == '`' || codePoint == '{' || codePoint == '}';
    }

    /**
     * True when {@code segment} (as listed from S3) can be part of a key Lance addresses: not empty, not a dot
     * segment in any spelling the URL parser folds ({@code .}, {@code ..}, {@code %2e}, {@code .%2E}, ...), and
     * free of {@code /}, {@code #}, {@code ?} and characters the parser would encode.
     */
    public static boolean isAddressableSegment(String segment) {
        if (segment.isEmpty() || isDotSegment(segment)) {
            return false;
        }
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '/' || c == '#' || c == '?' || needsEncoding(c)) {
                return false;
            }
        }
        return true;
    }

    /** True for {@code .} and {@code ..} and their percent-encoded spellings, which URL parsing folds away. */
    public static boolean isDotSegment(String segment) {
        String s = segment.toLowerCase(Locale.ROOT).replace("%2e", ".");
        return s.equals(".") || s.equals("..");
    }
}
