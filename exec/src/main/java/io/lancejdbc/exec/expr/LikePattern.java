package io.lancejdbc.exec.expr;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A compiled SQL LIKE pattern: {@code %} any run, {@code _} one character, the escape character (default {@code \},
 * as in Doris and MySQL) makes the next character literal. Prefix, suffix, contains and exact patterns avoid regular
 * expressions.
 */
final class LikePattern {
    private enum Kind { EXACT, PREFIX, SUFFIX, CONTAINS, REGEX }

    private final Kind kind;
    private final String literal;
    private final Pattern regex;
    private final boolean caseInsensitive;

    private LikePattern(Kind kind, String literal, Pattern regex, boolean caseInsensitive) {
        this.kind = kind;
        this.literal = literal;
        this.regex = regex;
        this.caseInsensitive = caseInsensitive;
    }

    /**
     * @throws SqlError 22025-class (22000) for a pattern ending in the escape character or an escape longer than one
     *     character
     */
    static LikePattern compile(String pattern, String escape, boolean caseInsensitive) {
        char esc = '\\';
        if (escape != null) {
            if (escape.length() != 1) {
                throw new SqlError("22019", "LIKE ESCAPE must be a single character, got '" + escape + "'");
            }
            esc = escape.charAt(0);
        }
        String p = caseInsensitive ? pattern.toLowerCase(Locale.ROOT) : pattern;
        StringBuilder regex = new StringBuilder();
        StringBuilder lit = new StringBuilder();
        boolean hasWildcardInside = false;
        boolean leadingPercent = false;
        boolean trailingPercent = false;
        int n = p.length();
        for (int i = 0; i < n; i++) {
            char c = p.charAt(i);
            if (c == esc) {
                if (i + 1 >= n) {
                    throw new SqlError("22025", "LIKE pattern '" + pattern + "' ends with the escape character");
                }
                char next = p.charAt(++i);
                regex.append(Pattern.quote(String.valueOf(next)));
                lit.append(next);
                if (trailingPercent) {
                    hasWildcardInside = true;
                }
            } else if (c == '%') {
                regex.append("(?s:.*)");
                if (lit.length() == 0 && !hasWildcardInside && regex.length() == "(?s:.*)".length()) {
                    leadingPercent = true;
                } else {
                    if (trailingPercent) {
                        hasWildcardInside = true;
                    }
                    trailingPercent = true;
                    continue;
                }
            } else if (c == '_') {
                regex.append("(?s:.)");
                hasWildcardInside = true;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
                lit.append(c);
                if (trailingPercent) {
                    hasWildcardInside = true;
                }
            }
        }
        Pattern compiled = Pattern.compile(regex.toString(), Pattern.DOTALL);
        if (!hasWildcardInside) {
            String l = lit.toString();
            if (leadingPercent && trailingPercent) {
                return new LikePattern(Kind.CONTAINS, l, compiled, caseInsensitive);
            }
            if (leadingPercent) {
                return new LikePattern(Kind.SUFFIX, l, compiled, caseInsensitive);
            }
            if (trailingPercent) {
                return new LikePattern(Kind.PREFIX, l, compiled, caseInsensitive);
            }
            return new LikePattern(Kind.EXACT, l, compiled, caseInsensitive);
        }
        return new LikePattern(Kind.REGEX, null, compiled, caseInsensitive);
    }

    boolean matches(String value) {
        String v = caseInsensitive ? value.toLowerCase(Locale.ROOT) : value;
        switch (kind) {
            case EXACT:
                return v.equals(literal);
            case PREFIX:
                return v.startsWith(literal);
            case SUFFIX:
                return v.endsWith(literal);
            case CONTAINS:
                return v.contains(literal);
            default:
                return regex.matcher(v).matches();
        }
    }
}
