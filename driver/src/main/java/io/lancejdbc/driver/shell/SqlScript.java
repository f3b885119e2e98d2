package io.lancejdbc.driver.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits command-line SQL into statements at semicolons that are outside quotes ({@code '...'}, {@code "..."},
 * {@code `...`}) and comments ({@code -- ...}, {@code /* ... *}{@code /}). Blank statements are dropped.
 */
final class SqlScript {
    private SqlScript() {
    }

    static List<String> statements(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                int end = closing(text, i + 1, c);
                current.append(text, i, end);
                i = end - 1;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                int end = text.indexOf('\n', i);
                end = end < 0 ? n : end;
                current.append(text, i, end);
                i = end - 1;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                current.append(text, i, end);
                i = end - 1;
            } else if (c == ';') {
                add(out, current);
            } else {
                current.append(c);
            }
        }
        add(out, current);
        return out;
    }

    /** Index after the quote that closes one opened before {@code from}; a doubled quote is an escaped one. */
    private static int closing(String text, int from, char quote) {
        int i = from;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\' && quote != '`' && i + 1 < text.length()) {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return text.length();
    }

    private static void add(List<String> out, StringBuilder current) {
        String s = current.toString().strip();
        if (!s.isEmpty()) {
            out.add(s);
        }
        current.setLength(0);
    }
}
