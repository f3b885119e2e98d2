package io.lancejdbc.exec.catalog;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code lance.namespace.parent} (levels joined by {@code lance.namespace.delimiter}, default {@code $}),
 * the namespace subtree a connection is restricted to (manual: {@code "production$analytics"} shows only what is
 * below {@code production.analytics}). A {@code \} escapes the delimiter or itself inside a level.
 */
public final class NamespaceParent {

    private NamespaceParent() {
    }

    /**
     * @param value the property value; null or empty means the warehouse root
     * @param delimiter the level delimiter
     * @throws SqlError 22023 for an empty delimiter or one containing {@code \}, an empty level, or a dangling escape
     */
    public static NamespacePath parse(String value, String delimiter) {
        validateDelimiter(delimiter);
        if (value == null || value.isEmpty()) {
            return NamespacePath.ROOT;
        }
        List<String> levels = new ArrayList<>();
        StringBuilder level = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            char c = value.charAt(i);
            if (c == '\\') {
                if (value.startsWith(delimiter, i + 1)) {
                    level.append(delimiter);
                    i += 1 + delimiter.length();
                    continue;
                }
                if (i + 1 < value.length() && value.charAt(i + 1) == '\\') {
                    level.append('\\');
                    i += 2;
                    continue;
                }
                throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                        "Invalid escape in property 'lance.namespace.parent': '" + value + "'");
            }
            if (value.startsWith(delimiter, i)) {
                levels.add(nonEmpty(level.toString(), value));
                level.setLength(0);
                i += delimiter.length();
                continue;
            }
            level.append(c);
            i++;
        }
        levels.add(nonEmpty(level.toString(), value));
        return new NamespacePath(levels);
    }

    /** @throws SqlError 22023 when the delimiter is empty or contains the escape character */
    public static void validateDelimiter(String delimiter) {
        if (delimiter == null || delimiter.isEmpty() || delimiter.contains("\\")) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "Property 'lance.namespace.delimiter' cannot be empty or contain the escape character '\\'");
        }
    }

    private static String nonEmpty(String level, String value) {
        if (level.isEmpty()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE,
                    "Empty Lance namespace component in property 'lance.namespace.parent': '" + value + "'");
        }
        return level;
    }
}
