package io.lancejdbc.sql.parse;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits dotted names such as {@code lance.`doris.analytics`.items} into unquoted parts. Backticks and double quotes
 * quote a part (a doubled quote character inside escapes itself); unquoted parts are taken as written.
 */
public final class QualifiedNames {
    private QualifiedNames() {
    }

    /**
     * @return the unquoted parts, at least one
     * @throws SqlError 42000 for an empty part, an unclosed quote or trailing text
     */
    public static List<String> split(String text) {
        List<String> parts = new ArrayList<>();
        String s = SqlLexer.restoreDots(text).trim();
        int i = 0;
        int n = s.length();
        if (n == 0) {
            throw new SqlError(SqlState.SYNTAX_ERROR, "Empty name");
        }
        while (true) {
            StringBuilder part = new StringBuilder();
            if (i < n && (s.charAt(i) == '`' || s.charAt(i) == '"')) {
                char q = s.charAt(i++);
                boolean closed = false;
                while (i < n) {
                    char c = s.charAt(i++);
                    if (c == q) {
                        if (i < n && s.charAt(i) == q) {
                            part.append(q);
                            i++;
                        } else {
                            closed = true;
                            break;
                        }
                    } else {
                        part.append(c);
                    }
                }
                if (!closed) {
                    throw new SqlError(SqlState.SYNTAX_ERROR, "Unclosed " + q + " in name " + text);
                }
            } else {
                while (i < n && s.charAt(i) != '.') {
                    char c = s.charAt(i);
                    if (c == '`' || c == '"') {
                        throw new SqlError(SqlState.SYNTAX_ERROR, "Unexpected quote inside name " + text);
                    }
                    part.append(c);
                    i++;
                }
                String p = part.toString().trim();
                part.setLength(0);
                part.append(p);
            }
            if (part.length() == 0) {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Empty name part in " + text);
            }
            parts.add(part.toString());
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= n) {
                return parts;
            }
            if (s.charAt(i) != '.') {
                throw new SqlError(SqlState.SYNTAX_ERROR, "Unexpected text after name part in " + text);
            }
            i++;
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }

    /** Removes one level of backticks or double quotes around an identifier, if present. */
    public static String unquote(String identifier) {
        String s = SqlLexer.restoreDots(identifier);
        if (s.length() >= 2) {
            char first = s.charAt(0);
            char last = s.charAt(s.length() - 1);
            if ((first == '`' && last == '`') || (first == '"' && last == '"')) {
                String q = String.valueOf(first);
                return s.substring(1, s.length() - 1).replace(q + q, q);
            }
        }
        return s;
    }

    /**
     * Text of a parsed expression as the user wrote it (for result labels and messages): statement text is parsed
     * with the dots of backtick-quoted identifiers protected ({@link SqlLexer#protectDotsInBacktickIdentifiers}).
     */
    public static String sourceText(Object parsed) {
        return SqlLexer.restoreDots(String.valueOf(parsed));
    }

    /** Quotes {@code part} with backticks when it is not a plain identifier. */
    public static String quoteIfNeeded(String part) {
        if (part.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            return part;
        }
        return "`" + part.replace("`", "``") + "`";
    }
}
