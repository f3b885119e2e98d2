package io.lancejdbc.driver.jdbc;

/**
 * A {@code DatabaseMetaData} name pattern: {@code %} matches any run of characters, {@code _} one character,
 * {@code \} (the search string escape) makes the next character literal; null matches every name. Matching is
 * case-sensitive, as names are stored.
 *
 * <p>Matched by the iterative wildcard algorithm (remember the last {@code %}, retry from there): time is at most
 * pattern length × name length and the stack does not grow, whatever a tool sends. A regular expression overflowed
 * the stack compiling a pattern of 100,000 {@code %}.
 */
final class NamePattern {
    private static final NamePattern ANY = new NamePattern(null);
    private static final int ANY_RUN = -1;
    private static final int ANY_ONE = -2;

    /** Code points of the pattern, {@link #ANY_RUN} for {@code %}, {@link #ANY_ONE} for {@code _}; null: any. */
    private final int[] tokens;

    private NamePattern(int[] tokens) {
        this.tokens = tokens;
    }

    static NamePattern of(String pattern) {
        if (pattern == null || pattern.equals("%")) {
            return ANY;
        }
        int[] cps = pattern.codePoints().toArray();
        int[] out = new int[cps.length];
        int n = 0;
        for (int i = 0; i < cps.length; i++) {
            int c = cps[i];
            if (c == '\\' && i + 1 < cps.length) {
                out[n++] = cps[++i];
            } else if (c == '%') {
                if (n == 0 || out[n - 1] != ANY_RUN) {
                    out[n++] = ANY_RUN;
                }
            } else if (c == '_') {
                out[n++] = ANY_ONE;
            } else {
                out[n++] = c;
            }
        }
        return new NamePattern(java.util.Arrays.copyOf(out, n));
    }

    /**
     * An argument the JDBC spec calls a name, not a pattern (the table of {@code getPrimaryKeys}): matched exactly,
     * but a value with {@code %} is read as a pattern because some tools pass {@code "%"} there.
     */
    static NamePattern ofName(String name) {
        if (name == null || name.contains("%")) {
            return of(name);
        }
        return new NamePattern(name.codePoints().toArray());
    }

    boolean matches(String name) {
        if (tokens == null) {
            return true;
        }
        int[] s = name.codePoints().toArray();
        int p = 0;
        int i = 0;
        int starP = -1;
        int starI = 0;
        while (i < s.length) {
            if (p < tokens.length && (tokens[p] == ANY_ONE || tokens[p] == s[i])) {
                p++;
                i++;
            } else if (p < tokens.length && tokens[p] == ANY_RUN) {
                starP = p++;
                starI = i;
            } else if (starP >= 0) {
                p = starP + 1;
                i = ++starI;
            } else {
                return false;
            }
        }
        while (p < tokens.length && tokens[p] == ANY_RUN) {
            p++;
        }
        return p == tokens.length;
    }
}
