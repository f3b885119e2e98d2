package io.lancejdbc.driver.jdbc;

import io.lancejdbc.engine.types.FloatText;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.Map;

/**
 * Renders values inside ARRAY, STRUCT and MAP text the way Doris prints them: {@code [1, 2]},
 * {@code {"name": "x", "n": 1}}, strings in double quotes with JSON escapes, SQL NULL as {@code null}.
 */
public final class NestedText {
    private NestedText() {
    }

    /**
     * Appends a Java value read from a nested column: numbers and booleans bare, arrays, structs and maps by their
     * {@code toString} (which renders the same way), byte arrays as quoted hex, everything else quoted.
     */
    public static void appendValue(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Double) {
            out.append(FloatText.format((double) (Double) value));
        } else if (value instanceof Float) {
            out.append(FloatText.format((float) (Float) value));
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value instanceof BigDecimal ? ((BigDecimal) value).toPlainString() : value);
        } else if (value instanceof LanceArray || value instanceof LanceStruct) {
            out.append(value);
        } else if (value instanceof Map) {
            appendMap(out, (Map<?, ?>) value);
        } else if (value instanceof byte[]) {
            appendQuoted(out, HexFormat.of().formatHex((byte[]) value));
        } else {
            appendQuoted(out, value.toString());
        }
    }

    public static void appendMap(StringBuilder out, Map<?, ?> map) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!first) {
                out.append(", ");
            }
            first = false;
            appendValue(out, e.getKey());
            out.append(": ");
            appendValue(out, e.getValue());
        }
        out.append('}');
    }

    public static void appendQuoted(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
