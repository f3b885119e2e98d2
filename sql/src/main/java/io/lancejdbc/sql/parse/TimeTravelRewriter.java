package io.lancejdbc.sql.parse;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Rewrites the time-travel clauses JSqlParser 5.3 does not read into a table function call it does:
 * <pre>
 *   t FOR VERSION AS OF 3                 →  __lance_time_travel("table" = 't', "version" = 3)
 *   s.t FOR VERSION AS OF 'release'       →  __lance_time_travel("table" = 's.t', "tag" = 'release')
 *   t FOR TIMESTAMP AS OF TIMESTAMP '...' →  __lance_time_travel("table" = 't', "timestamp" = '...')
 *   t FOR VERSION AS OF ?                 →  __lance_time_travel("table" = 't', "version" = ?)
 * </pre>
 * {@code SYSTEM_VERSION} and {@code SYSTEM_TIME} (SQL:2011) are read as {@code VERSION} and {@code TIMESTAMP}. An
 * alias after the clause ({@code t FOR VERSION AS OF 3 AS a}) stays where it is. Quotes and comments are respected:
 * the words inside a string literal, a quoted identifier or a comment are never rewritten. The table name is kept
 * as written (backticks included) inside the string, and the binder splits it as it splits any table name.
 */
final class TimeTravelRewriter {
    /** The table function name the binder recognises; the leading underscores keep it out of users' way. */
    static final String FUNCTION = "__lance_time_travel";

    private static final Set<String> VERSION_WORDS = Set.of("VERSION", "SYSTEM_VERSION");
    private static final Set<String> TIME_WORDS = Set.of("TIMESTAMP", "SYSTEM_TIME");
    /** Words that end a FROM item rather than name a table, so {@code ... ) FOR VERSION} is told apart. */
    private static final Set<String> NOT_A_NAME = Set.of("FROM", "JOIN", "ON", "WHERE", "SELECT", "AS", "AND", "OR",
            "USING", "LATERAL", "UNNEST", "WITH");

    private enum Kind { WORD, QUOTED, STRING, SYMBOL }

    private record Token(Kind kind, int start, int end, String text) {
        boolean isWord(String w) {
            return kind == Kind.WORD && text.equalsIgnoreCase(w);
        }

        boolean isSymbol(char c) {
            return kind == Kind.SYMBOL && text.charAt(0) == c;
        }
    }

    private TimeTravelRewriter() {
    }

    /**
     * {@code sql} with every time-travel clause rewritten; the same string when there is none.
     *
     * @throws SqlError 42000 for a clause that does not follow a table name or has no valid value
     */
    static String rewrite(String sql) {
        if (!sql.toUpperCase(Locale.ROOT).contains("OF")) {
            return sql;
        }
        List<Token> tokens = tokenize(sql);
        StringBuilder out = null;
        int copied = 0;
        for (int i = 0; i + 4 < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (!t.isWord("FOR")) {
                continue;
            }
            String what = tokens.get(i + 1).kind == Kind.WORD ? tokens.get(i + 1).text.toUpperCase(Locale.ROOT) : "";
            boolean version = VERSION_WORDS.contains(what);
            boolean time = TIME_WORDS.contains(what);
            if (!version && !time || !tokens.get(i + 2).isWord("AS") || !tokens.get(i + 3).isWord("OF")) {
                continue;
            }
            String clause = "FOR " + what + " AS OF";
            int nameStart = nameStart(tokens, i);
            if (nameStart < 0) {
                throw new SqlError(SqlState.SYNTAX_ERROR, clause + " must follow a table name (at position "
                        + (t.start + 1) + "); for vector_search(), s3() and local() give the version as an argument,"
                        + " e.g. \"version\" = \"3\"");
            }
            if (nameStart > 0 && (tokens.get(nameStart - 1).isWord("AS") || isNamePart(tokens.get(nameStart - 1))
                    && !tokens.get(nameStart - 1).isWord("LATERAL"))) {
                // "t a FOR VERSION AS OF 1" or "t AS a FOR ...": the name before FOR is an alias.
                throw new SqlError(SqlState.SYNTAX_ERROR, clause + " goes right after the table name, before its"
                        + " alias: write FROM t " + clause + " ... AS a (at position " + (t.start + 1) + ")");
            }
            int v = i + 4;
            String key;
            String value;
            int end;
            Token first = tokens.get(v);
            if (first.isSymbol('?')) {
                key = version ? "version" : "timestamp";
                value = "?";
                end = first.end;
            } else if (version && first.kind == Kind.WORD && first.text.chars().allMatch(Character::isDigit)) {
                key = "version";
                value = first.text;
                end = first.end;
            } else if (version && first.kind == Kind.STRING) {
                key = "tag";
                value = first.text;
                end = first.end;
            } else if (time && first.kind == Kind.STRING) {
                key = "timestamp";
                value = first.text;
                end = first.end;
            } else if (time && (first.isWord("TIMESTAMP") || first.isWord("TIMESTAMPTZ")) && v + 1 < tokens.size()
                    && tokens.get(v + 1).kind == Kind.STRING) {
                key = "timestamp";
                value = tokens.get(v + 1).text;
                end = tokens.get(v + 1).end;
            } else {
                throw new SqlError(SqlState.SYNTAX_ERROR, clause + " at position " + (t.start + 1) + " takes "
                        + (version ? "a version number, a tag name in single quotes or ?"
                                : "TIMESTAMP '2024-05-01 10:00:00' (optionally with a zone, e.g. +02:00), a"
                                        + " string or ?") + ", got '" + first.text + "'");
            }
            if (out == null) {
                out = new StringBuilder(sql.length() + 64);
            }
            int start = tokens.get(nameStart).start;
            StringBuilder name = new StringBuilder();
            for (int k = nameStart; k < i; k += 2) {
                name.append(k == nameStart ? "" : ".").append(tokens.get(k).text);
            }
            out.append(sql, copied, start).append(FUNCTION).append("(\"table\" = '").append(name.toString().replace("'", "''"))
                    .append("', \"").append(key).append("\" = ").append(value).append(')');
            copied = end;
        }
        if (out == null) {
            return sql;
        }
        return out.append(sql, copied, sql.length()).toString();
    }

    /** The index of the first token of the table name that ends before token {@code forIndex}, or -1. */
    private static int nameStart(List<Token> tokens, int forIndex) {
        int i = forIndex - 1;
        if (i < 0 || !isNamePart(tokens.get(i))) {
            return -1;
        }
        while (i >= 2 && tokens.get(i - 1).isSymbol('.') && isNamePart(tokens.get(i - 2))) {
            i -= 2;
        }
        return i;
    }

    private static boolean isNamePart(Token t) {
        if (t.kind == Kind.QUOTED) {
            return true;
        }
        return t.kind == Kind.WORD && !NOT_A_NAME.contains(t.text.toUpperCase(Locale.ROOT))
                && !Character.isDigit(t.text.charAt(0));
    }

    private static List<Token> tokenize(String sql) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int comment = SqlLexer.skipComment(sql, i);
            if (comment > i) {
                i = comment;
                continue;
            }
            if (c == '\'' || c == '"' || c == '`') {
                int end = SqlLexer.skipQuoted(sql, i, c);
                out.add(new Token(c == '\'' ? Kind.STRING : Kind.QUOTED, i, end, sql.substring(i, end)));
                i = end;
                continue;
            }
            if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
                int end = i + 1;
                while (end < n && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_'
                        || sql.charAt(end) == '$')) {
                    end++;
                }
                out.add(new Token(Kind.WORD, i, end, sql.substring(i, end)));
                i = end;
                continue;
            }
            out.add(new Token(Kind.SYMBOL, i, i + 1, String.valueOf(c)));
            i++;
        }
        return out;
    }
}
