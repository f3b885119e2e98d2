package io.lancejdbc.server;

/**
 * Flight SQL filter patterns ({@code %} any run of characters, {@code _} one character, {@code \} makes the next
 * character literal), matched in time proportional to pattern length times name length without recursion, so a
 * hostile pattern cannot exhaust the stack.
 */
final class LikePattern {
    private LikePattern() {
    }

    /** True when {@code name} matches {@code pattern}; a null or empty pattern matches everything. */
    static boolean matches(String pattern, String name) {
        if (pattern == null || pattern.isEmpty()) {
            return true;
        }
        int[] p = pattern.codePoints().toArray();
        int[] kinds = new int[p.length]; // 0 literal, 1 '%', 2 '_'
        int n = 0;
        int[] lit = new int[p.length];
        for (int i = 0; i < p.length; i++) {
            if (p[i] == '\\' && i + 1 < p.length) {
                lit[n] = p[++i];
                kinds[n++] = 0;
            } else {
                lit[n] = p[i];
                kinds[n++] = p[i] == '%' ? 1 : p[i] == '_' ? 2 : 0;
            }
        }
        int[] s = name.codePoints().toArray();
        boolean[] prev = new boolean[s.length + 1];
        boolean[] cur = new boolean[s.length + 1];
        prev[0] = true;
        for (int i = 0; i < n; i++) {
            cur[0] = prev[0] && kinds[i] == 1;
            for (int j = 1; j <= s.length; j++) {
                if (kinds[i] == 1) {
                    cur[j] = prev[j] || cur[j - 1];
                } else if (kinds[i] == 2) {
                    cur[j] = prev[j - 1];
                } else {
                    cur[j] = prev[j - 1] && lit[i] == s[j - 1];
                }
            }
            boolean[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[s.length];
    }
}
