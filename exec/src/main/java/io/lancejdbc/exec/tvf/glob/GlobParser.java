package io.lancejdbc.exec.tvf.glob;

import io.lancejdbc.exec.storage.ObjectKeyEncoding;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.exec.storage.StorageScheme;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses one {@code uris} element into a {@link GlobPattern}, rejecting every malformed pattern before any
 * listing is issued (design "Revised Design — Phase 1" §3).
 *
 * <p>Grammar, per path segment (segments are separated by {@code /}):
 * <ul>
 *   <li>{@code *} any run of characters (also none), {@code ?} any one character;</li>
 *   <li>{@code [abc]}, {@code [a-z0-9]}: one character of a set or range; {@code [!...]} or {@code [^...]}
 *       negates it; write {@code \]}, {@code \-} or {@code \[} for those characters inside a set;</li>
 *   <li>{@code {a,b,c}}: one of the alternatives, each made of literal characters, {@code *}, {@code ?} and
 *       escapes; several brace groups in one segment combine (at most {@value #MAX_ALTERNATIVES}
 *       alternatives);</li>
 *   <li>{@code \x}: the character {@code x} taken literally; {@code ,} outside braces is an ordinary
 *       character.</li>
 * </ul>
 * Rejected: {@code **}; a {@code {...}} or {@code [...]} that reaches {@code /}; nesting of {@code {}} or
 * {@code []} inside {@code {}} or {@code []}; an unclosed <code>[</code> or <code>&#123;</code>; an empty
 * {@code []}, {@code {}} or alternative; an unmatched <code>]</code> or <code>&#125;</code>; a trailing
 * {@code /}; {@code //}; a dangling {@code \}; {@code .} and {@code ..} segments; a reversed range; wildcards in
 * the bucket.
 *
 * <p>S3 specifics: wildcards match keys as Lance stores them (see {@link ObjectKeyEncoding}), so a literal
 * {@code ü} in a pattern matches the key text {@code %C3%BC} and {@code ?} matches one character of that text;
 * characters Lance encodes are therefore refused inside {@code [...]}, and {@code #} and a literal {@code ?}
 * are refused because Lance cannot address such keys. In {@code file://} patterns, {@code %XX} escapes outside
 * sets are decoded (literal), as Lance decodes file URIs; plain absolute paths are taken as written.
 *
 * <p>Every failure is a {@link SqlError} with SQLState 22023 whose message quotes the element, the reason and
 * the 1-based position.
 */
public final class GlobParser {
    /** Most alternatives the brace groups of one segment may expand to. */
    public static final int MAX_ALTERNATIVES = 256;

    private final String text;
    private final StorageScheme scheme;
    private final boolean decodePercent;

    private GlobParser(String text, StorageScheme scheme, boolean decodePercent) {
        this.text = text;
        this.scheme = scheme;
        this.decodePercent = decodePercent;
    }

    /**
     * Parses one element.
     *
     * @param element {@code s3://bucket/path-pattern}, {@code /abs/path-pattern} or
     *        {@code file:///abs/path-pattern}, not null
     * @throws SqlError 22023 naming the element, the reason and the position
     */
    public static GlobPattern parse(String element) {
        if (element.isEmpty()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid pattern '' in uris: the element is empty; "
                    + "give a path such as s3://bucket/prefix/*.lance");
        }
        if (!element.equals(element.strip())) {
            throw error(element, "leading or trailing whitespace; remove it", -1);
        }
        String lower = element.toLowerCase(Locale.ROOT);
        if (lower.startsWith("s3://")) {
            int slash = element.indexOf('/', 5);
            String bucket = slash < 0 ? element.substring(5) : element.substring(5, slash);
            if (bucket.indexOf('@') >= 0) {
                // Not echoed: the part before '@' is a credential.
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid pattern in uris: an s3:// element must "
                        + "not carry credentials before '@'; set s3.access_key and s3.secret_key instead");
            }
            for (int i = 0; i < bucket.length(); i++) {
                if ("*?[]{}\\".indexOf(bucket.charAt(i)) >= 0) {
                    throw error(element, "wildcards and escapes are not allowed in the bucket name; a pattern never "
                            + "leaves its bucket", 5 + i);
                }
            }
            StorageLocation root = StorageLocation.bucketRoot(bucket);
            if (slash < 0) {
                return new GlobPattern(element, root, List.of());
            }
            return new GlobParser(element, StorageScheme.S3, false).parsePath(root, slash);
        }
        if (lower.startsWith("file:")) {
            String rest = element.substring(5);
            int pathStart;
            if (rest.startsWith("///")) {
                pathStart = 7;
            } else if (rest.startsWith("//localhost/")) {
                pathStart = 5 + "//localhost".length();
            } else if (rest.startsWith("/") && !rest.startsWith("//")) {
                pathStart = 5;
            } else {
                throw error(element, "a file URI needs an absolute path: write file:///absolute/path", -1);
            }
            return new GlobParser(element, StorageScheme.FILE, true).parsePath(StorageLocation.fileRoot(), pathStart);
        }
        if (element.startsWith("/")) {
            return new GlobParser(element, StorageScheme.FILE, false).parsePath(StorageLocation.fileRoot(), 0);
        }
        int colon = element.indexOf(':');
        if (colon > 0 && element.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid pattern in uris: unsupported scheme '"
                    + element.substring(0, colon) + ":'; use s3://bucket/prefix or an absolute local path");
        }
        throw error(element, "the path is relative; give s3://bucket/prefix, an absolute path or file:///path", -1);
    }

    /** Parses the segments after the root; {@code slash} is the index of the '/' that starts the path. */
    private GlobPattern parsePath(StorageLocation root, int slash) {
        List<SegmentPattern> segments = new ArrayList<>();
        int i = slash + 1;
        while (true) {
            if (i == text.length()) {
                throw error(text, "the element ends with '/'; remove the trailing slash so each directory has one "
                        + "spelling", i - 1);
            }
            if (text.charAt(i) == '/') {
                throw error(text, "'//' (an empty path segment) is not allowed; in object storage 'a//b' and 'a/b' "
                        + "are different keys, so write each '/' once", i - 1);
            }
            List<Object> pieces = new ArrayList<>();
            int end = parsePieces(i, pieces);
            segments.add(compileSegment(i, end, pieces));
            if (end == text.length()) {
                break;
            }
            i = end + 1;
        }
        return new GlobPattern(text, root, segments);
    }

    private SegmentPattern compileSegment(int start, int end, List<Object> pieces) {
        String segmentText = text.substring(start, end);
        boolean literal = pieces.stream().allMatch(p -> p instanceof Lit);
        if (literal) {
            StringBuilder raw = new StringBuilder();
            for (Object p : pieces) {
                raw.appendCodePoint(((Lit) p).codePoint);
            }
            String name = raw.toString();
            if (name.equals(".") || name.equals("..")
                    || (scheme == StorageScheme.S3 && ObjectKeyEncoding.isDotSegment(name))) {
                throw error(text, "the path segment '" + segmentText + "' is not allowed: '.' and '..' are not "
                        + "resolved, because in object storage they name different keys", start);
            }
            return SegmentPattern.literal(segmentText,
                    scheme == StorageScheme.S3 ? ObjectKeyEncoding.encodeSegment(name) : name);
        }
        List<List<Object>> alternatives = new ArrayList<>();
        alternatives.add(new ArrayList<>());
        for (Object p : pieces) {
            if (p instanceof Brace brace) {
                List<List<Object>> next = new ArrayList<>();
                for (List<Object> prefix : alternatives) {
                    for (List<Object> alt : brace.alternatives) {
                        List<Object> combined = new ArrayList<>(prefix);
                        combined.addAll(alt);
                        next.add(combined);
                    }
                }
                if (next.size() > MAX_ALTERNATIVES) {
                    throw error(text, "the braces of segment '" + segmentText + "' expand to more than "
                            + MAX_ALTERNATIVES + " alternatives", brace.position);
                }
                alternatives = next;
            } else {
                for (List<Object> alt : alternatives) {
                    alt.add(p);
                }
            }
        }
        List<GlobToken[]> compiled = new ArrayList<>(alternatives.size());
        for (List<Object> alt : alternatives) {
            compiled.add(tokens(alt));
        }
        return SegmentPattern.wildcard(segmentText, compiled);
    }

    private GlobToken[] tokens(List<Object> pieces) {
        List<GlobToken> out = new ArrayList<>();
        for (Object p : pieces) {
            if (p instanceof Lit lit) {
                if (scheme == StorageScheme.S3) {
                    String encoded = ObjectKeyEncoding.encodeSegment(new String(Character.toChars(lit.codePoint)));
                    encoded.codePoints().forEach(c -> out.add(new GlobToken.Literal(c)));
                } else {
                    out.add(new GlobToken.Literal(lit.codePoint));
                }
            } else if (p instanceof GlobToken.AnyRun run) {
                if (out.isEmpty() || !(out.get(out.size() - 1) instanceof GlobToken.AnyRun)) {
                    out.add(run);
                }
            } else {
                out.add((GlobToken) p);
            }
        }
        return out.toArray(new GlobToken[0]);
    }

    /**
     * Reads the pieces of one segment ({@link Lit}, {@link GlobToken.AnyOne}, {@link GlobToken.AnyRun},
     * {@link GlobToken.CharSet}, {@link Brace}) into {@code out} and returns the index of the closing '/' or the
     * end.
     */
    private int parsePieces(int start, List<Object> out) {
        int i = start;
        while (i < text.length()) {
            int c = text.codePointAt(i);
            switch (c) {
                case '/':
                    return i;
                case '\\':
                    i = escaped(i, out);
                    break;
                case '*':
                    checkNoDoubleStar(i);
                    out.add(new GlobToken.AnyRun());
                    i++;
                    break;
                case '?':
                    out.add(new GlobToken.AnyOne());
                    i++;
                    break;
                case '[':
                    i = parseSet(i, out);
                    break;
                case '{':
                    i = parseBrace(i, out);
                    break;
                case ']':
                case '}':
                    throw error(text, "unmatched '" + (char) c + "'; write '\\" + (char) c + "' for the character "
                            + "itself", i);
                case '%':
                    if (decodePercent) {
                        i = decodePercent(i, out);
                        break;
                    }
                    out.add(literal(c, i));
                    i++;
                    break;
                default:
                    out.add(literal(c, i));
                    i += Character.charCount(c);
                    break;
            }
        }
        return i;
    }

    private int parseBrace(int open, List<Object> out) {
        List<List<Object>> alternatives = new ArrayList<>();
        List<Object> current = new ArrayList<>();
        int i = open + 1;
        while (true) {
            if (i >= text.length()) {
                throw error(text, "'{' is not closed by '}'", open);
            }
            int c = text.codePointAt(i);
            if (c == '}') {
                alternatives.add(current);
                i++;
                break;
            }
            switch (c) {
                case ',':
                    alternatives.add(current);
                    current = new ArrayList<>();
                    i++;
                    break;
                case '/':
                    throw error(text, "'{...}' spans '/'; braces choose between alternatives of one path segment, "
                            + "write one brace group per segment", open);
                case '{':
                    throw error(text, "'{' inside '{...}': nested braces are not supported", i);
                case '[':
                    throw error(text, "'[' inside '{...}': nesting a set in braces is not supported", i);
                case ']':
                    throw error(text, "unmatched ']' inside '{...}'; write '\\]' for the character itself", i);
                case '\\':
                    i = escaped(i, current);
                    break;
                case '*':
                    checkNoDoubleStar(i);
                    current.add(new GlobToken.AnyRun());
                    i++;
                    break;
                case '?':
                    current.add(new GlobToken.AnyOne());
                    i++;
                    break;
                case '%':
                    if (decodePercent) {
                        i = decodePercent(i, current);
                        break;
                    }
                    current.add(literal(c, i));
                    i++;
                    break;
                default:
                    current.add(literal(c, i));
                    i += Character.charCount(c);
                    break;
            }
        }
        if (alternatives.size() == 1 && alternatives.get(0).isEmpty()) {
            throw error(text, "'{}' is empty; list alternatives such as {a,b}", open);
        }
        for (List<Object> alt : alternatives) {
            if (alt.isEmpty()) {
                throw error(text, "'{...}' has an empty alternative; every alternative needs at least one character",
                        open);
            }
        }
        out.add(new Brace(alternatives, open));
        return i;
    }

    private int parseSet(int open, List<Object> out) {
        int i = open + 1;
        boolean negated = false;
        if (i < text.length() && (text.charAt(i) == '!' || text.charAt(i) == '^')) {
            negated = true;
            i++;
        }
        List<int[]> ranges = new ArrayList<>();
        while (true) {
            if (i >= text.length()) {
                throw error(text, "'[' is not closed by ']'", open);
            }
            int c = text.codePointAt(i);
            if (c == ']') {
                i++;
                break;
            }
            int[] low = setChar(i, open);
            i = low[1];
            int high = low[0];
            if (i + 1 < text.length() && text.charAt(i) == '-' && text.charAt(i + 1) != ']') {
                int[] h = setChar(i + 1, open);
                if (h[0] < low[0]) {
                    throw error(text, "the range '" + new String(Character.toChars(low[0])) + "-"
                            + new String(Character.toChars(h[0])) + "' is reversed; write the lower character first",
                            i);
                }
                high = h[0];
                i = h[1];
            }
            ranges.add(new int[] {low[0], high});
        }
        if (ranges.isEmpty()) {
            throw error(text, "'[" + (negated ? text.charAt(open + 1) : "") + "]' is empty and matches nothing; write "
                    + "'\\[' and '\\]' for brackets in a name", open);
        }
        int[] lows = new int[ranges.size()];
        int[] highs = new int[ranges.size()];
        for (int k = 0; k < ranges.size(); k++) {
            lows[k] = ranges.get(k)[0];
            highs[k] = ranges.get(k)[1];
        }
        out.add(new GlobToken.CharSet(lows, highs, negated));
        return i;
    }

    /** Reads one set member at {@code i}; returns {code point, next index}. */
    private int[] setChar(int i, int open) {
        int c = text.codePointAt(i);
        int next = i + Character.charCount(c);
        if (c == '/') {
            throw error(text, "'[' is not closed before '/'; a set matches one character within a path segment",
                    open);
        }
        if (c == '[') {
            throw error(text, "'[' inside '[...]': nested sets are not supported; write '\\[' for the character", i);
        }
        if (c == '\\') {
            if (next >= text.length()) {
                throw error(text, "the element ends with a lone '\\'", i);
            }
            c = text.codePointAt(next);
            if (c == '/') {
                throw error(text, "'\\/' inside '[...]': a path segment cannot contain '/'", i);
            }
            next += Character.charCount(c);
        }
        if (scheme == StorageScheme.S3 && (ObjectKeyEncoding.needsEncoding(c) || c == '#' || c == '?')) {
            throw error(text, "the character '" + printable(c) + "' inside '[...]' can never match: Lance stores it "
                    + "percent-encoded (or not at all) in S3 keys; use '?' or '*' instead", i);
        }
        if (c == 0) {
            throw error(text, "a NUL character is not allowed", i);
        }
        return new int[] {c, next};
    }

    private int escaped(int backslash, List<Object> out) {
        int next = backslash + 1;
        if (next >= text.length()) {
            throw error(text, "the element ends with a lone '\\'; write '\\\\' for a backslash", backslash);
        }
        int c = text.codePointAt(next);
        if (c == '/') {
            throw error(text, "'\\/' cannot escape '/': a path segment cannot contain '/'", backslash);
        }
        out.add(literal(c, next));
        return next + Character.charCount(c);
    }

    private void checkNoDoubleStar(int i) {
        if (i + 1 < text.length() && text.charAt(i + 1) == '*') {
            throw error(text, "'**' (recursive matching across levels) is not supported; use one '*' per path level",
                    i);
        }
    }

    private Lit literal(int c, int i) {
        if (c == 0 || c < 0x20 || c == 0x7F) {
            throw error(text, "a control character is not allowed", i);
        }
        if (scheme == StorageScheme.S3 && (c == '#' || c == '?')) {
            throw error(text, "'" + (char) c + "' cannot be part of an S3 key that Lance opens (Lance reads it as the "
                    + "start of a URL " + (c == '#' ? "fragment" : "query") + ")", i);
        }
        return new Lit(c);
    }

    /** Decodes a run of {@code %XX} escapes (file:// patterns) into literal characters. */
    private int decodePercent(int start, List<Object> out) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int i = start;
        while (i < text.length() && text.charAt(i) == '%') {
            int hi = i + 1 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
            int lo = i + 2 < text.length() ? Character.digit(text.charAt(i + 2), 16) : -1;
            if (hi < 0 || lo < 0) {
                throw error(text, "'%' must be followed by two hex digits in a file:// URI", i);
            }
            bytes.write(hi * 16 + lo);
            i += 3;
        }
        String decoded;
        try {
            decoded = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw error(text, "the percent-encoded bytes are not valid UTF-8", start);
        }
        for (int k = 0; k < decoded.length(); ) {
            int c = decoded.codePointAt(k);
            if (c == '/') {
                throw error(text, "'%2F' encodes '/', which cannot be part of a path segment", start);
            }
            out.add(literal(c, start));
            k += Character.charCount(c);
        }
        return i;
    }

    private static String printable(int c) {
        return c < 0x20 || c == 0x7F ? String.format("\\u%04X", c) : new String(Character.toChars(c));
    }

    private static SqlError error(String element, String reason, int index) {
        return new SqlError(SqlState.INVALID_PARAMETER_VALUE, "Invalid pattern '" + element + "' in uris: " + reason
                + (index >= 0 ? " (at position " + (index + 1) + ")" : ""));
    }

    /** A literal code point (after escape or percent decoding). */
    private record Lit(int codePoint) {
    }

    /** A brace group: alternatives of {@link Lit}, {@link GlobToken.AnyOne} and {@link GlobToken.AnyRun}. */
    private record Brace(List<List<Object>> alternatives, int position) {
    }
}
