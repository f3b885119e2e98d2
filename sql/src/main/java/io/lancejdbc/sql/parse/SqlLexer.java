package io.lancejdbc.sql.parse;

/** Minimal lexical helpers that respect quotes and comments. */
final class SqlLexer {
    private SqlLexer() {
    }

    /** {@code sql} without leading whitespace and comments. */
    static String stripLeadingComments(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        return sql.substring(i);
    }

    /** Number of {@code ?} markers outside string literals, quoted identifiers and comments. */
    static int countParameters(String sql) {
        int count = 0;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i++;
                while (i < n) {
                    char d = sql.charAt(i++);
                    if (d == c) {
                        if (i < n && sql.charAt(i) == c) {
                            i++;
                        } else {
                            break;
                        }
                    } else if (d == '\\' && c == '\'' && i < n) {
                        i++;
                    }
                }
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                if (c == '?') {
                    count++;
                }
                i++;
            }
        }
        return count;
    }
}
