package io.lancejdbc.exec.tvf.glob;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the {@code "uris"} argument of the file TVFs: a JSON array of strings, each a literal path or a glob
 * (design "Revised Design — Phase 1" §2), for example {@code ["s3://bucket/a.lance", "s3://bucket/20*"]}.
 *
 * <p>Every failure is a {@link SqlError} with SQLState 22023 (invalid parameter value: the SQL is well formed, the
 * argument's value is not), each case with its own message: missing or blank text, malformed JSON, a value that
 * is not an array, an empty array, an element that is not a string, an empty element, more than the allowed
 * number of elements, an invalid pattern ({@link GlobParser}), and elements on different storage systems.
 */
public final class UrisArgument {
    /** Most elements one {@code uris} array may have; checked while parsing, before any element is kept. */
    public static final int MAX_ELEMENTS = 1000;

    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final String EXAMPLE = "[\"s3://bucket/a.lance\", \"s3://bucket/20*\"]";

    private UrisArgument() {
    }

    /** {@link #parse(String, int)} with {@link #MAX_ELEMENTS}. */
    public static List<GlobPattern> parse(String json) {
        return parse(json, MAX_ELEMENTS);
    }

    /**
     * Parses and compiles every element.
     *
     * @param json the argument text, may be null (reported as missing)
     * @param maxElements most elements accepted, at least 1
     * @return one pattern per element, in the array's order (duplicates kept; expansion deduplicates datasets)
     * @throws SqlError 22023 as described on the class
     */
    public static List<GlobPattern> parse(String json, int maxElements) {
        List<String> elements = parseElements(json, maxElements);
        List<GlobPattern> patterns = new ArrayList<>(elements.size());
        for (String element : elements) {
            GlobPattern p = GlobParser.parse(element);
            if (!patterns.isEmpty() && patterns.get(0).scheme() != p.scheme()) {
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "uris mixes " + describe(patterns.get(0))
                        + " and " + describe(p) + " elements ('" + patterns.get(0).text() + "', '" + p.text()
                        + "'); one call reads from one storage system");
            }
            patterns.add(p);
        }
        return patterns;
    }

    /**
     * Parses the JSON array into its string elements without interpreting them.
     *
     * @throws SqlError 22023 for every JSON-level problem listed on the class
     */
    public static List<String> parseElements(String json, int maxElements) {
        if (maxElements < 1) {
            throw new IllegalArgumentException("maxElements must be at least 1: " + maxElements);
        }
        if (json == null || json.isBlank()) {
            throw invalid("uris is empty; give a JSON array of strings such as " + EXAMPLE);
        }
        List<String> elements = new ArrayList<>();
        try (JsonParser parser = JSON.createParser(json)) {
            JsonToken first = parser.nextToken();
            if (first != JsonToken.START_ARRAY) {
                throw invalid("uris must be a JSON array of strings such as " + EXAMPLE + ", but it is "
                        + describe(first));
            }
            while (true) {
                JsonToken t = parser.nextToken();
                if (t == JsonToken.END_ARRAY) {
                    break;
                }
                if (t == null) {
                    throw invalid("uris is not valid JSON: the array is not closed by ']'");
                }
                int index = elements.size() + 1;
                if (t != JsonToken.VALUE_STRING) {
                    throw invalid("uris element " + index + " is " + describe(t) + ", not a string; every element "
                            + "must be a quoted path");
                }
                if (elements.size() == maxElements) {
                    throw invalid("uris has more than " + maxElements + " elements; list fewer paths or cover them "
                            + "with a glob such as s3://bucket/prefix/*");
                }
                String value = parser.getText();
                if (value.isEmpty()) {
                    throw invalid("uris element " + index + " is an empty string; give a path or remove it");
                }
                elements.add(value);
            }
            if (parser.nextToken() != null) {
                throw invalid("uris is not valid JSON: there is content after the closing ']'");
            }
        } catch (JsonProcessingException e) {
            long offset = e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
            throw invalid("uris is not valid JSON (" + e.getOriginalMessage()
                    + (offset >= 0 ? ", at character " + (offset + 1) : "") + "); give a JSON array of strings such as "
                    + EXAMPLE);
        } catch (IOException e) {
            // Reading from a String does no I/O; Jackson only declares it.
            throw new SqlError(SqlState.GENERAL_ERROR, "Reading uris failed: " + e.getMessage(), e);
        }
        if (elements.isEmpty()) {
            throw invalid("uris is an empty JSON array; give at least one path");
        }
        return elements;
    }

    private static String describe(JsonToken t) {
        if (t == null) {
            return "empty";
        }
        return switch (t) {
            case START_OBJECT -> "a JSON object";
            case START_ARRAY -> "a JSON array";
            case VALUE_STRING -> "a JSON string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a JSON number";
            case VALUE_TRUE, VALUE_FALSE -> "a JSON boolean";
            case VALUE_NULL -> "JSON null";
            default -> "a JSON " + t.asString();
        };
    }

    private static String describe(GlobPattern p) {
        return switch (p.scheme()) {
            case S3 -> "s3://";
            case FILE -> "local";
        };
    }

    private static SqlError invalid(String message) {
        return new SqlError(SqlState.INVALID_PARAMETER_VALUE, message);
    }
}
