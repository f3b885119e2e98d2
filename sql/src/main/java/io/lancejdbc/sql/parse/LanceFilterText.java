package io.lancejdbc.sql.parse;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.Locale;

/**
 * Checks a Lance SQL condition that a table function hands to lance-core as written (the {@code "filter"} argument
 * of {@code vector_search} and the full-text functions, docs/vector-search.md). lance-core 7.0.0 reads only as much
 * of the text as forms a condition and ignores the rest; it walks the condition recursively on a native stack that
 * a chain of about 300 {@code x IS NULL OR ...} terms overflows, killing the JVM; 23 nested NOTs fail and 40 never
 * finish (measured by breaking tests, 3 Dec 2026). One pass over the text, read the way lance-core's SQL parser reads
 * it: a {@code '...'} string ends at the next single quote that is not doubled (a backslash escapes nothing),
 * {@code "..."} and {@code `...`} are identifiers, {@code --} and {@code /* *}{@code /} are comments.
 */
public final class LanceFilterText {
    /**
     * The most operators a handed-over condition may hold: each AND, OR, NOT, IS, IN, LIKE, BETWEEN and each
     * comparison or arithmetic symbol counts once.
     */
    public static final int MAX_OPERATORS = 128;
    /** The most NOTs a handed-over condition may hold. */
    public static final int MAX_NOTS = 16;
    /** The deepest nesting of parentheses a handed-over condition may have. */
    public static final int MAX_PARENTHESIS_DEPTH = 16;

    private LanceFilterText() {
    }

    /**
     * @param argument the argument's name, for the message ({@code filter})
     * @param text the condition as the user wrote it
     * @throws SqlError 22023 when the text is blank or holds a NUL character, 42000 when it cannot be one condition
     *     (unbalanced parentheses, a {@code ;}, an unclosed quote), 54001 when it is longer or deeper than lance-core
     *     can evaluate safely
     */
    public static void check(String argument, String text) {
        if (text.isBlank()) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + argument + "' must not be empty");
        }
        if (text.indexOf('\0') >= 0) {
            throw new SqlError(SqlState.INVALID_PARAMETER_VALUE, "'" + argument + "' must not contain an embedded NUL"
                    + " byte");
        }
        int depth = 0;
        int maxDepth = 0;
        int operators = 0;
        int nots = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = endOfQuoted(argument, text, i, c);
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                int eol = text.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) {
                    throw notOneCondition(argument, "a /* comment is not closed");
                }
                i = end + 2;
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                switch (text.substring(start, i).toUpperCase(Locale.ROOT)) {
                    case "NOT":
                        nots++;
                        operators++;
                        break;
                    case "AND":
                    case "OR":
                    case "IS":
                    case "IN":
                    case "LIKE":
                    case "ILIKE":
                    case "BETWEEN":
                        operators++;
                        break;
                    default:
                        break;
                }
            } else {
                if (c == '(') {
                    maxDepth = Math.max(maxDepth, ++depth);
                } else if (c == ')' && --depth < 0) {
                    throw notOneCondition(argument, "a ')' comes before its '('");
                } else if (c == ';') {
                    throw notOneCondition(argument, "it contains ';'");
                } else if ("=<>!+-*/%|&^".indexOf(c) >= 0) {
                    operators++;
                }
                i++;
            }
        }
        if (depth != 0) {
            throw notOneCondition(argument, "a '(' is not closed");
        }
        if (maxDepth > MAX_PARENTHESIS_DEPTH) {
            throw tooComplex(argument, "nests parentheses " + maxDepth + " deep; lance-core evaluates at most "
                    + MAX_PARENTHESIS_DEPTH + " levels safely");
        }
        if (nots > MAX_NOTS) {
            throw tooComplex(argument, "has " + nots + " NOTs; lance-core evaluates at most " + MAX_NOTS + " safely");
        }
        if (operators > MAX_OPERATORS) {
            throw tooComplex(argument, "has " + operators + " operators; lance-core evaluates at most "
                    + MAX_OPERATORS + " safely: write a list of values as col IN (v1, v2, ...)");
        }
    }

    /** The index after the quote that closes the one at {@code start} (a doubled quote is part of the text). */
    private static int endOfQuoted(String argument, String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        throw notOneCondition(argument, "a " + quote + " quote is not closed");
    }

    private static SqlError notOneCondition(String argument, String why) {
        return new SqlError(SqlState.SYNTAX_ERROR, "'" + argument + "' is not one condition: " + why);
    }

    private static SqlError tooComplex(String argument, String what) {
        return new SqlError(SqlState.STATEMENT_TOO_COMPLEX, "'" + argument + "' " + what);
    }
}
