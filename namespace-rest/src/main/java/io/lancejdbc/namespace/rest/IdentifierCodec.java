package io.lancejdbc.namespace.rest;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Turns namespace and table ids into the spec's string identifiers and URL path segments.
 *
 * <p>Spec rules (lance-namespace 0.7.7, {@code components.parameters.id}): the parts are joined with the delimiter,
 * and the delimiter alone is the root namespace. The joined id is percent-encoded as one path segment, everything
 * except RFC 3986 unreserved characters escaped, so the default {@code $} travels as {@code %24} as lance-core's own
 * client sends it.
 */
final class IdentifierCodec {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final String delimiter;

    IdentifierCodec(String delimiter) {
        this.delimiter = delimiter;
    }

    /** The id as shown in messages: parts joined with the delimiter, or the delimiter for the root. No checks. */
    String display(List<String> id) {
        return id.isEmpty() ? delimiter : String.join(delimiter, id);
    }

    /**
     * The string identifier of a namespace ({@code id} may be empty: the root) or a table ({@code id} non-empty).
     *
     * @throws InvalidInputException when a part is null or empty, contains the delimiter (the joined id would be
     *     read back as different parts), or the joined id is {@code .} or {@code ..} (URL normalization removes such
     *     path segments, so they cannot be addressed)
     */
    String join(RestOperation operation, List<String> id) {
        if (operation.tableOperation() && id.isEmpty()) {
            throw invalid(operation, "", "a table id needs at least the table name");
        }
        for (String part : id) {
            if (part == null || part.isEmpty()) {
                throw invalid(operation, display(id.stream().map(p -> p == null ? "" : p).toList()),
                        "id parts must not be empty");
            }
            if (part.contains(delimiter)) {
                throw invalid(operation, display(id), "the name '" + part + "' contains the delimiter '" + delimiter
                        + "'; set lance.namespace.delimiter to a string the names do not contain");
            }
        }
        String joined = display(id);
        if (!id.isEmpty() && (joined.equals(".") || joined.equals(".."))) {
            throw invalid(operation, joined, "'" + joined + "' cannot be sent as a URL path segment");
        }
        return joined;
    }

    /** Percent-encodes a joined id for use as one path segment (UTF-8, upper-case hex). */
    static String pathSegment(String joined) {
        StringBuilder out = new StringBuilder(joined.length() + 8);
        for (byte b : joined.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~';
            if (unreserved) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }

    private InvalidInputException invalid(RestOperation operation, String target, String why) {
        return new InvalidInputException("Cannot " + operation.describe(target, delimiter) + ": " + why,
                operation, target, 0, null, null);
    }
}
