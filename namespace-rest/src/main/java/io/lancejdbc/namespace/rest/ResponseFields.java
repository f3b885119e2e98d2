package io.lancejdbc.namespace.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Typed reads of a successful JSON answer. A field of the wrong type is a {@link MalformedResponseException} naming
 * the field; absent and {@code null} are the same (the spec marks most fields nullable). Unknown fields are ignored.
 */
final class ResponseFields {
    private final JsonNode body;
    private final CallContext call;
    private final int status;

    ResponseFields(JsonNode body, CallContext call, int status) {
        this.body = body;
        this.call = call;
        this.status = status;
    }

    private JsonNode get(String field) {
        JsonNode n = body.get(field);
        return n == null || n.isNull() ? null : n;
    }

    /** A required array of strings, e.g. {@code namespaces}. */
    List<String> requiredStrings(String field) {
        JsonNode n = get(field);
        if (n == null) {
            throw call.malformed("no '" + field + "' list", status, null);
        }
        if (!n.isArray()) {
            throw call.malformed("'" + field + "' that is not a list", status, null);
        }
        List<String> out = new ArrayList<>(n.size());
        for (JsonNode item : n) {
            if (!item.isTextual()) {
                throw call.malformed("a '" + field + "' entry that is not a string: " + item, status, null);
            }
            out.add(item.textValue());
        }
        return out;
    }

    Optional<String> string(String field) {
        JsonNode n = get(field);
        if (n == null) {
            return Optional.empty();
        }
        if (!n.isTextual()) {
            throw call.malformed("'" + field + "' that is not a string", status, null);
        }
        return Optional.of(n.textValue());
    }

    String requiredString(String field) {
        return string(field).orElseThrow(() -> call.malformed("no '" + field + "'", status, null));
    }

    /** A whole number given as a JSON number or a decimal string (services differ). */
    OptionalLong wholeNumber(String field) {
        return wholeNumber(get(field), field);
    }

    OptionalLong wholeNumber(JsonNode n, String field) {
        if (n == null || n.isNull()) {
            return OptionalLong.empty();
        }
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            return OptionalLong.of(n.longValue());
        }
        if (n.isTextual()) {
            try {
                return OptionalLong.of(Long.parseLong(n.textValue().trim()));
            } catch (NumberFormatException e) {
                // fall through to the error below
            }
        }
        throw call.malformed("'" + field + "' that is not a whole number: " + n, status, null);
    }

    Optional<Boolean> bool(String field) {
        JsonNode n = get(field);
        if (n == null) {
            return Optional.empty();
        }
        if (!n.isBoolean()) {
            throw call.malformed("'" + field + "' that is not true or false", status, null);
        }
        return Optional.of(n.booleanValue());
    }

    /**
     * A string-to-string map; numbers and booleans become their text (Lance storage options are strings). Values
     * are never quoted in errors: they may be credentials.
     */
    Map<String, String> stringMap(String field) {
        JsonNode n = get(field);
        if (n == null) {
            return Map.of();
        }
        if (!n.isObject()) {
            throw call.malformed("'" + field + "' that is not a JSON object", status, null);
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : n.properties()) {
            JsonNode v = e.getValue();
            if (v.isNull()) {
                continue;
            }
            if (!v.isValueNode()) {
                throw call.malformed("'" + field + "." + e.getKey() + "' that is not a string", status, null);
            }
            out.put(e.getKey(), v.asText());
        }
        return out;
    }
}
