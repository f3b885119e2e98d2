package io.lancejdbc.driver.jdbc;

import java.util.regex.Pattern;

/**
 * A {@code DatabaseMetaData} name pattern: {@code %} matches any run of characters, {@code _} one character,
 * {@code \} (the search string escape) makes the next character literal; null matches every name. Matching is
 * case-sensitive, as names are stored.
 */
final class NamePattern {
    private static final NamePattern ANY = new NamePattern(null);
    private final Pattern regex;

    private NamePattern(Pattern regex) {
        this.regex = regex;
    }

    static NamePattern of(String pattern) {
        if (pattern == null || pattern.equals("%")) {
            return ANY;
        }
        StringBuilder re = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                literal.append(pattern.charAt(++i));
            } else if (c == '%' || c == '_') {
                if (literal.length() > 0) {
                    re.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                re.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (literal.length() > 0) {
            re.append(Pattern.quote(literal.toString()));
        }
        return new NamePattern(Pattern.compile(re.toString(), Pattern.DOTALL));
    }

    /**
     * An argument the JDBC spec calls a name, not a pattern (the table of {@code getPrimaryKeys}): matched exactly,
     * but a value with {@code %} is read as a pattern because some tools pass {@code "%"} there.
     */
    static NamePattern ofName(String name) {
        if (name == null || name.contains("%")) {
            return of(name);
        }
        return new NamePattern(Pattern.compile(Pattern.quote(name)));
    }

    boolean matches(String name) {
        return regex == null || regex.matcher(name).matches();
    }
}
